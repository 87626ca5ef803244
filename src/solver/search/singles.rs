//! The cells left with one candidate, waiting for arc consistency to assign them.

use crate::solver::geometry::Cell;

/// A stack of cells, pushed to without a branch on whether the cell is pushed: whether a
/// prune leaves one candidate cannot be predicted. Its slots outnumber the board's cells,
/// and a cell is pushed at most once between two clears (only a prune to one candidate
/// pushes it, and the next prune empties it), so a push almost never grows it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Singles {
    slots: Vec<Cell>,
    len: usize,
}

impl Singles {
    /// A stack with a slot for each of `cells` cells, and one over.
    pub(crate) fn with_room(cells: usize) -> Singles {
        Singles {
            slots: vec![Cell::new(0); cells + 1],
            len: 0,
        }
    }

    /// Pushes `cell` if `yes`, writing it to the next slot either way.
    #[inline]
    pub(crate) fn push_if(&mut self, cell: Cell, yes: bool) {
        if self.len + 1 >= self.slots.len() {
            self.slots.push(cell);
        }
        if let Some(slot) = self.slots.get_mut(self.len) {
            *slot = cell;
            self.len += usize::from(yes);
        }
    }

    /// The last cell pushed, taken off.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Cell> {
        self.len = self.len.checked_sub(1)?;
        self.slots.get(self.len).copied()
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
    use crate::solver::geometry::Cell;

    /// Cells come off last in, first out; a cell not pushed is not seen, and pushing past
    /// the room grows the stack instead of losing a cell.
    #[test]
    fn pushes_only_what_it_is_told_and_grows_past_its_room() {
        let mut singles = Singles::with_room(2);
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
    }
}
