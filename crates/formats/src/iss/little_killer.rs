//! The little killer diagonals the solver names by their first cell
//! (`LittleKiller.cellMap` in its `js/sudoku_constraint.js`): down-right from the left
//! edge, up-left from the right edge, down-left from the top edge and up-right from the
//! bottom edge, each diagonal of two cells or more under one name only.

use dokuscope_engine::geometry::Cell;

use crate::board::Board;

/// The diagonal the solver keys by `first`, from `first` onwards.
pub(super) fn diagonal(board: Board, first: Cell) -> Option<Vec<Cell>> {
    let n = board.side();
    let mut seen: Vec<Vec<Cell>> = Vec::new();
    let mut found = None;
    let mut add = |r: usize, c: usize, dr: isize, dc: isize| {
        let cells = board.ray(r, c, dr, dc);
        if cells.len() <= 1 {
            return;
        }
        let mut sorted = cells.clone();
        sorted.sort();
        if seen.contains(&sorted) {
            return;
        }
        seen.push(sorted);
        if cells[0] == first && found.is_none() {
            found = Some(cells);
        }
    };
    for r in 0..n.saturating_sub(1) {
        add(r, 0, 1, 1);
    }
    for r in 1..n.saturating_sub(1) {
        add(r, n - 1, -1, -1);
    }
    for c in 1..n {
        add(0, c, 1, -1);
    }
    for c in 1..n.saturating_sub(1) {
        add(n - 1, c, -1, 1);
    }
    found
}
