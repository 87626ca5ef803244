//! The cell selectors, one a file: each finds the open cell its order prefers, scanning a
//! base sequence of the cells (reading order when the sequence is empty). `CellOrder::select`
//! (`order.rs`) dispatches to them.

pub(super) mod dom_deg;
pub(super) mod first_open;
pub(super) mod mrv;
pub(super) mod tie_break;

use crate::geometry::Cell;
use crate::grid::Grid;

/// The cells in `sequence` order, or in reading order when it is empty.
pub(crate) fn in_sequence<'a>(
    grid: &'a Grid,
    sequence: &'a [Cell],
) -> Box<dyn Iterator<Item = Cell> + 'a> {
    if sequence.is_empty() {
        Box::new(grid.geometry().cells())
    } else {
        Box::new(sequence.iter().copied())
    }
}
