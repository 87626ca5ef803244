//! Minimum remaining values (Haralick and Elliott 1980's "fail first"): the open cell with
//! the smallest domain, the first scanned on ties.

use crate::geometry::Cell;
use crate::grid::Grid;

/// Minimum remaining values, first in reading order on ties; stops at a domain of `floor`.
#[inline]
pub(in crate::heuristic) fn mrv(grid: &Grid, floor: usize) -> Cell {
    let mut best = Cell::new(0);
    let mut best_len = usize::MAX;
    for cell in grid.geometry().cells() {
        let domain = grid.open_domain(cell);
        if !domain.is_empty() || grid.is_open(cell) {
            let len = domain.len();
            if len < best_len {
                best = cell;
                best_len = len;
                if len <= floor {
                    break;
                }
            }
        }
    }
    best
}

/// Minimum remaining values over `sequence`, the first in it on ties (seed 003 keeps "the
/// variable with the lowest score" as it scans); stops at a domain of `floor`.
pub(in crate::heuristic) fn mrv_in(grid: &Grid, sequence: &[Cell], floor: usize) -> Option<Cell> {
    let mut best = None;
    let mut best_len = usize::MAX;
    for &cell in sequence {
        if grid.is_open(cell) {
            let len = grid.domain(cell).len();
            if len < best_len {
                best = Some(cell);
                best_len = len;
                if len <= floor {
                    break;
                }
            }
        }
    }
    best
}
