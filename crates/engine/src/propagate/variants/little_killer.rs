//! A little killer: the digits along a diagonal, clued from outside the grid, add up to
//! the sum; digits may repeat (cells of the diagonal that share a box still differ, by
//! the box's own rule).
//!
//! Consistency: bounds. Each cell keeps the digits d with
//! `d + Σ least of the others ≤ sum ≤ d + Σ greatest of the others`, to a fixpoint. A
//! sum out of reach of the least and greatest totals is a wipeout of the little killer.

use super::{Filter, between, bounds, fail, holds, narrow, witness};
use crate::geometry::Cell;
use crate::propagate::context::{Context, Contradiction};
use crate::sink::Sink;

/// One little killer sum.
#[derive(Clone, Debug)]
pub(crate) struct LittleKiller {
    constraint: u16,
    cells: Vec<Cell>,
    sum: u32,
}

impl LittleKiller {
    /// Constraint number `constraint`: `cells` add up to `sum`.
    pub(crate) fn new(constraint: u16, cells: Vec<Cell>, sum: u32) -> LittleKiller {
        LittleKiller {
            constraint,
            cells,
            sum,
        }
    }
}

impl Filter for LittleKiller {
    fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn filter<S: Sink>(&self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        sum_bounds(cx, self.constraint, &self.cells, self.sum)
    }
}

/// Bounds consistency of `cells` adding up to `sum`, for constraint `constraint`.
pub(super) fn sum_bounds<S: Sink>(
    cx: &mut Context<'_, S>,
    constraint: u16,
    cells: &[Cell],
    sum: u32,
) -> Result<bool, Contradiction> {
    let mut pruned = false;
    loop {
        let grid = cx.grid();
        let (low, high) = cells
            .iter()
            .map(|&c| bounds(holds(grid, c)))
            .fold((0, 0), |(l, h), (a, b)| (l + a, h + b));
        if low > sum || high < sum {
            return Err(fail(cx, constraint));
        }
        let mut changed = false;
        for &cell in cells {
            let grid = cx.grid();
            let (a, b) = bounds(holds(grid, cell));
            // d + (low - a) ≤ sum and d + (high - b) ≥ sum.
            let keep = between(
                grid.domain(cell),
                (sum + b).saturating_sub(high),
                sum + a - low,
            );
            let with = witness(grid, cells, cell);
            changed |= narrow(cx, cell, keep, constraint, with)?;
        }
        pruned |= changed;
        if !changed {
            return Ok(pruned);
        }
    }
}
