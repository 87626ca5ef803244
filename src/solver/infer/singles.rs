//! Hidden singles: a digit with one place left in a unit is assigned there.

use crate::solver::domain::Domain;
use crate::solver::event::{AssignCause, PruneCause, WipeoutSite};
use crate::solver::search::{Contradiction, Engine, Sink};

impl Engine {
    /// One pass over every unit. A digit with no place left in a unit is a wipeout. Each
    /// hidden single's other candidates are pruned, the digit is assigned and propagated
    /// before the pass goes on. Returns whether anything changed.
    pub(crate) fn hidden_singles<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        let geometry = self.state.grid().geometry();
        let full = Domain::full(geometry.size()).bits();
        let mut changed = false;
        for unit in geometry.units() {
            let cells = geometry.unit_cells(unit);
            let grid = self.state.grid();
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in cells {
                if grid.is_open(c) {
                    let d = grid.domain(c).bits();
                    twice |= once & d;
                    once |= d;
                }
            }
            let placed = grid.placed(unit).bits();
            if let Some(digit) = Domain::from_bits(full & !placed & !once).first() {
                return Err(self.wipeout(sink, WipeoutSite::Unit { unit, digit }));
            }
            for digit in Domain::from_bits(once & !twice & !placed) {
                let grid = self.state.grid();
                let Some(&cell) = cells.iter().find(|&&c| grid.is_open(c) && grid.domain(c).contains(digit)) else {
                    continue; // an earlier single's propagation took its last place: the next pass reports it
                };
                let others = grid.domain(cell).without(digit);
                for other in others {
                    self.prune(sink, cell, other, PruneCause::HiddenSingle { unit, digit });
                }
                self.infer(sink, cell, digit, AssignCause::HiddenSingle { unit });
                changed = true;
                self.drain(sink)?;
            }
        }
        Ok(changed)
    }
}

