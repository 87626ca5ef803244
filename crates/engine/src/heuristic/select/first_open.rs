//! The static orders' selector (reading order, reverse, initial domain size): the first open
//! cell of the order's fixed sequence.

use crate::geometry::Cell;
use crate::grid::Grid;

/// The first open cell of `sequence`.
#[inline]
pub(in crate::heuristic) fn first_open(grid: &Grid, sequence: &[Cell]) -> Option<Cell> {
    sequence.iter().copied().find(|&c| grid.is_open(c))
}
