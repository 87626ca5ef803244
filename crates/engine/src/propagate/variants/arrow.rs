//! An arrow: the digits along the line add up to the number in the circle (a pill of
//! several cells reads as a number, its first cell the most significant digit); digits on
//! the line may repeat.
//!
//! Consistency: bounds. The circle's number lies between the numbers its cells' least and
//! greatest digits make; the line's total between the sums of its cells' least and
//! greatest digits. Each line cell keeps the digits d with
//! `d + Σ least of the other line cells ≤ greatest number` and
//! `d + Σ greatest of the others ≥ least number`; each circle cell, weighed by its place
//! (1, 10, ...), likewise against the line's totals; to a fixpoint. Number and total
//! ranges that do not meet are a wipeout of the arrow.

use super::{Filter, between, bounds, fail, holds, narrow, witness};
use crate::geometry::Cell;
use crate::propagate::context::{Context, Contradiction};
use crate::sink::Sink;

/// One arrow.
#[derive(Clone, Debug)]
pub(crate) struct Arrow {
    constraint: u16,
    /// The circle's cells, then the line's.
    cells: Vec<Cell>,
    /// How many of `cells` are the circle's.
    circle: usize,
}

impl Arrow {
    /// Constraint number `constraint`: the circle's cells (most significant first) and
    /// the line's.
    pub(crate) fn new(constraint: u16, circle: &[Cell], line: &[Cell]) -> Arrow {
        Arrow {
            constraint,
            cells: circle.iter().chain(line).copied().collect(),
            circle: circle.len(),
        }
    }

    /// The place value of circle cell `i` (1 for the last).
    fn place(&self, i: usize) -> u64 {
        10u64.pow((self.circle - 1 - i) as u32)
    }
}

impl Filter for Arrow {
    fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn filter<S: Sink>(&self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let mut pruned = false;
        loop {
            let grid = cx.grid();
            let b: Vec<(u64, u64)> = self
                .cells
                .iter()
                .map(|&c| {
                    let (l, h) = bounds(holds(grid, c));
                    (u64::from(l), u64::from(h))
                })
                .collect();
            let (mut n_low, mut n_high) = (0, 0);
            for (i, &(l, h)) in b[..self.circle].iter().enumerate() {
                n_low += l * self.place(i);
                n_high += h * self.place(i);
            }
            let l_low: u64 = b[self.circle..].iter().map(|x| x.0).sum();
            let l_high: u64 = b[self.circle..].iter().map(|x| x.1).sum();
            if n_low > l_high || n_high < l_low {
                return Err(fail(cx, self.constraint));
            }
            let mut changed = false;
            for (i, &cell) in self.cells.iter().enumerate() {
                let (l, h) = b[i];
                let keep = if i < self.circle {
                    // p·d + (n_low − p·l) ≤ l_high and p·d + (n_high − p·h) ≥ l_low.
                    let p = self.place(i);
                    let top = (l_high - (n_low - p * l)) / p;
                    let bottom = (l_low + p * h).saturating_sub(n_high).div_ceil(p);
                    between(cx.grid().domain(cell), clamp(bottom), clamp(top))
                } else {
                    // d + (l_low − l) ≤ n_high and d + (l_high − h) ≥ n_low.
                    let top = n_high.saturating_sub(l_low - l);
                    let bottom = (n_low + h).saturating_sub(l_high);
                    between(cx.grid().domain(cell), clamp(bottom), clamp(top))
                };
                let with = witness(cx.grid(), &self.cells, cell);
                changed |= narrow(cx, cell, keep, self.constraint, with)?;
            }
            pruned |= changed;
            if !changed {
                return Ok(pruned);
            }
        }
    }
}

/// A bound as a digit bound (digits are below 32).
fn clamp(v: u64) -> u32 {
    u32::try_from(v.min(32)).unwrap_or(32)
}
