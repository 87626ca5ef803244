//! A thermometer: the digits strictly increase from the bulb along the line.
//!
//! Consistency: bounds along the chain, which on a chain of `<` is full domain
//! consistency. A pass from the bulb gives each cell the least digit an increasing run
//! can reach it with (the smallest digit of its domain above the previous cell's least);
//! a pass from the tip the greatest; each cell keeps its digits between the two. A cell
//! left with none is a wipeout of the thermometer.

use super::{Filter, between, fail, holds, narrow};
use crate::domain::Domain;
use crate::geometry::Cell;
use crate::propagate::context::{Context, Contradiction};
use crate::sink::Sink;

/// One thermometer.
#[derive(Clone, Debug)]
pub(crate) struct Thermo {
    constraint: u16,
    cells: Vec<Cell>,
}

impl Thermo {
    /// Constraint number `constraint`: `cells` from the bulb.
    pub(crate) fn new(constraint: u16, cells: Vec<Cell>) -> Thermo {
        Thermo { constraint, cells }
    }
}

impl Filter for Thermo {
    fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn filter<S: Sink>(&self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let grid = cx.grid();
        let domains: Vec<Domain> = self.cells.iter().map(|&c| holds(grid, c)).collect();
        let k = domains.len();
        let mut low = vec![0u32; k];
        let mut floor = 0;
        for (i, d) in domains.iter().enumerate() {
            let Some(least) = between(*d, floor + 1, 32).first() else {
                return Err(fail(cx, self.constraint));
            };
            floor = u32::from(least.get());
            low[i] = floor;
        }
        let mut high = vec![0u32; k];
        let mut ceiling = 33;
        for (i, d) in domains.iter().enumerate().rev() {
            let (_, top) = super::bounds(between(*d, 1, ceiling - 1));
            if top == 0 {
                return Err(fail(cx, self.constraint));
            }
            ceiling = top;
            high[i] = top;
        }
        let mut pruned = false;
        for (i, &cell) in self.cells.iter().enumerate() {
            let keep = between(domains[i], low[i], high[i]);
            if keep.is_empty() {
                return Err(fail(cx, self.constraint));
            }
            // The neighbour that bounds it: below its least, the cell before; else after.
            let below = grid_bound(domains[i], low[i]);
            let with = if below {
                self.cells[i.saturating_sub(1)]
            } else {
                self.cells[(i + 1).min(k - 1)]
            };
            pruned |= narrow(cx, cell, keep, self.constraint, with)?;
        }
        Ok(pruned)
    }
}

/// Whether `domain` has digits below `low` (pruned for the cell before).
fn grid_bound(domain: Domain, low: u32) -> bool {
    super::bounds(domain).0 < low
}
