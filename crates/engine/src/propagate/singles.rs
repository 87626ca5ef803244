//! The cells left with one candidate, waiting for arc consistency to assign them.

use crate::geometry::Cell;

/// A stack of cells, pushed to without a branch on whether the cell is pushed: whether a
/// prune leaves one candidate cannot be predicted. A cell is pushed at most once between two
/// clears (only a prune to one candidate pushes it, and the next prune empties it), so the
/// stack never holds more than the board's cells, at most 625: its slots are a fixed table
/// of more than that, indexed by a masked length, so a push tests nothing.
///
/// Measured (callgrind, `fast`): a growable stack, with a test for room on each push and
/// a bounds check, took 3.5-4.2 % more instructions a puzzle (hardest, top95, sudoku17,
/// kaggle10k).
#[derive(Clone, Debug)]
pub(crate) struct Singles {
    slots: Box<[Cell; SLOTS]>,
    len: usize,
}

/// The stack's slots: a power of two above the most cells a board has.
const SLOTS: usize = 1024;

impl Default for Singles {
    fn default() -> Singles {
        Singles {
            slots: Box::new([Cell::new(0); SLOTS]),
            len: 0,
        }
    }
}

impl Singles {
    /// Pushes `cell` if `yes`, writing it to the next slot either way.
    #[inline]
    pub(crate) fn push_if(&mut self, cell: Cell, yes: bool) {
        debug_assert!(
            self.len < SLOTS - 1,
            "a cell pushed twice between two clears"
        );
        self.slots[self.len & (SLOTS - 1)] = cell;
        self.len += usize::from(yes);
    }

    /// The last cell pushed, taken off.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Cell> {
        self.len = self.len.checked_sub(1)?;
        Some(self.slots[self.len & (SLOTS - 1)])
    }

    /// Forgets every cell.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The cells pushed and not taken off, oldest first.
    #[cfg(test)]
    pub(crate) fn as_slice(&self) -> &[Cell] {
        &self.slots[..self.len]
    }
}

impl Extend<Cell> for Singles {
    fn extend<I: IntoIterator<Item = Cell>>(&mut self, cells: I) {
        for cell in cells {
            self.push_if(cell, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Singles;
    use crate::geometry::Cell;

    /// Cells come off last in, first out; a cell not pushed is not seen, and a 25×25
    /// board's every cell fits.
    #[test]
    fn pushes_only_what_it_is_told_and_holds_a_whole_board() {
        let mut singles = Singles::default();
        singles.push_if(Cell::new(5), true);
        singles.push_if(Cell::new(6), false);
        singles.push_if(Cell::new(7), true);
        assert_eq!(singles.as_slice(), [Cell::new(5), Cell::new(7)]);
        singles.extend([8, 9, 10].map(Cell::new));
        assert_eq!(singles.as_slice().len(), 5);
        let popped: Vec<_> = std::iter::from_fn(|| singles.pop()).collect();
        assert_eq!(popped, [10, 9, 8, 7, 5].map(Cell::new));
        singles.push_if(Cell::new(1), true);
        singles.clear();
        assert_eq!(singles.pop(), None);
        singles.extend((0..625).map(Cell::new));
        let popped: Vec<_> = std::iter::from_fn(|| singles.pop()).collect();
        assert_eq!(popped, (0..625).rev().map(Cell::new).collect::<Vec<_>>());
    }
}
