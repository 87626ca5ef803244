//! Value orders: ascending, and least constraining value counted in the peers' current domains.

use crate::domain::{Digit, Domain};
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::strategy::ValueOrder;

impl ValueOrder {
    /// The next digit to try from `candidates` (the untried digits of `cell`'s domain).
    #[inline]
    pub fn next(self, grid: &Grid, cell: Cell, candidates: Domain) -> Option<Digit> {
        match self {
            ValueOrder::Ascending => candidates.first(),
            ValueOrder::Lcv => candidates
                .iter()
                .min_by_key(|&d| (ruled_out(grid, cell, d), d)),
        }
    }

    /// For least constraining value: each candidate of `cell` with the number of candidates
    /// of open peers it would rule out, in the order they would be tried.
    pub fn lcv_scores(grid: &Grid, cell: Cell) -> Vec<(Digit, usize)> {
        let mut scores: Vec<(Digit, usize)> = grid
            .domain(cell)
            .iter()
            .map(|d| (d, ruled_out(grid, cell, d)))
            .collect();
        scores.sort_by_key(|&(d, n)| (n, d));
        scores
    }
}

/// Open peers of `cell` that still have `digit` as a candidate: what assigning it rules out.
fn ruled_out(grid: &Grid, cell: Cell, digit: Digit) -> usize {
    grid.geometry()
        .peers(cell)
        .iter()
        .filter(|&&p| grid.is_open(p) && grid.domain(p).contains(digit))
        .count()
}
