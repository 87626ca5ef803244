//! Questions about a cell's peers: the peer holding a digit (plain backtracking's
//! consistency check), and the degree and constraint counts of the cell orders.

use super::Grid;
use super::table::at_cell;
use crate::domain::Digit;
use crate::geometry::Cell;

impl Grid {
    /// The peer of `cell` holding `digit`, if one does.
    #[inline]
    pub fn peer_holding(&self, cell: Cell, digit: Digit) -> Option<Cell> {
        if self.geometry.has_extra_peers() {
            // A variant's peers beyond the units (a diagonal, a cage, a knight's move): the
            // units' placed digits and holders do not see them.
            return self
                .geometry
                .peers(cell)
                .iter()
                .copied()
                .find(|&p| self.value(p) == Some(digit));
        }
        if !self.keeps_holders() {
            // The search rules keep no holders after the givens (plain backtracking, the only
            // search that asks, counts no places): look in the units that hold the digit.
            return self.cell_units[at_cell(cell)].into_iter().find_map(|unit| {
                if !self.placed(unit).contains(digit) {
                    return None;
                }
                let cells = self.geometry.unit_cells(unit);
                cells
                    .iter()
                    .copied()
                    .find(|&c| c != cell && self.value(c) == Some(digit))
            });
        }
        let n = self.geometry.side();
        self.geometry.units_of(cell).into_iter().find_map(|unit| {
            let holder = *self
                .holders
                .get(unit.index() * n + usize::from(digit.get() - 1))?;
            (self.placed(unit).contains(digit) && holder != cell).then_some(holder)
        })
    }

    /// Unassigned peers of `cell`: the degree heuristic's score.
    pub fn degree(&self, cell: Cell) -> usize {
        self.geometry
            .peers(cell)
            .iter()
            .filter(|&&p| self.is_open(p))
            .count()
    }

    /// Assigned peers of `cell`: seed 003's "number of constraints" (H3).
    pub fn constraints(&self, cell: Cell) -> usize {
        self.geometry.peers(cell).len() - self.degree(cell)
    }
}
