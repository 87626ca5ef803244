//! A group of n cells beyond the rows, columns and regions that holds every digit once: a
//! main diagonal, a window of windoku, a disjoint group, an extra region or a cage of n
//! cells. Their cells are peers on the board, so forward checking and arc consistency see
//! the ≠ constraints; this adds the hidden singles the unit rules find in a unit: a digit
//! with one place left in the group goes there (the cell's other digits are pruned), and a
//! digit with no place left is a wipeout of the group.

use super::{Filter, fail, narrow};
use crate::domain::Domain;
use crate::geometry::{BoxSize, Cell};
use crate::propagate::context::{Context, Contradiction};
use crate::sink::Sink;

/// One group of n cells.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    constraint: u16,
    cells: Vec<Cell>,
    size: BoxSize,
}

impl Group {
    /// Constraint number `constraint`: `cells`, as many as a row of `size`'s board.
    pub(crate) fn new(constraint: u16, cells: Vec<Cell>, size: BoxSize) -> Group {
        Group {
            constraint,
            cells,
            size,
        }
    }
}

impl Filter for Group {
    fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn filter<S: Sink>(&self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let mut pruned = false;
        for digit in Domain::full(self.size) {
            let grid = cx.grid();
            if self.cells.iter().any(|&c| grid.value(c) == Some(digit)) {
                continue;
            }
            let mut places = self
                .cells
                .iter()
                .copied()
                .filter(|&c| grid.is_open(c) && grid.domain(c).contains(digit));
            match (places.next(), places.next()) {
                (None, _) => return Err(fail(cx, self.constraint)),
                (Some(only), None) => {
                    pruned |= narrow(cx, only, Domain::single(digit), self.constraint, only)?;
                }
                _ => {}
            }
        }
        Ok(pruned)
    }
}
