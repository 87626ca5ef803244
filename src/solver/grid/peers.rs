//! Questions about a cell's peers: the peers holding a digit (plain backtracking's
//! consistency check, and the culprits of conflict-directed backjumping), and the degree and constraint counts of the cell orders.

use super::Grid;
use super::table::at_cell;
use crate::solver::domain::Digit;
use crate::solver::geometry::{Cell, Unit};

impl Grid {
    /// The peer of `cell` holding `digit`, if one does.
    #[inline]
    pub fn peer_holding(&self, cell: Cell, digit: Digit) -> Option<Cell> {
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

    /// Every peer of `cell` holding `digit`: at most one a unit of the cell (a peer sharing
    /// two units with it comes twice).
    #[inline]
    pub fn peers_holding(&self, cell: Cell, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        self.cell_units[at_cell(cell)]
            .into_iter()
            .filter_map(move |unit| self.holder_in(unit, cell, digit))
    }

    /// The cell of `unit` other than `cell` that holds `digit`, if one does.
    #[inline]
    fn holder_in(&self, unit: Unit, cell: Cell, digit: Digit) -> Option<Cell> {
        if !self.placed(unit).contains(digit) {
            return None;
        }
        if !self.keeps_holders() {
            // The search rules keep no holders after the givens (plain backtracking, the only
            // search that asks, counts no places): look in the unit.
            return self
                .geometry
                .unit_cells(unit)
                .iter()
                .copied()
                .find(|&c| c != cell && self.value(c) == Some(digit));
        }
        let n = self.geometry.side();
        let holder = *self
            .holders
            .get(unit.index() * n + usize::from(digit.get() - 1))?;
        (holder != cell).then_some(holder)
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
