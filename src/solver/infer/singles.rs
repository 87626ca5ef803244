//! Hidden singles: a digit with one place left in a unit is assigned there.

use crate::solver::event::{AssignCause, PruneCause, WipeoutSite};
use crate::solver::geometry::Cell;
use crate::solver::search::{Contradiction, Engine, Sink};

impl Engine {
    /// Works through the (unit, digit) pairs whose places dropped to one or none (the grid
    /// notes them as they happen, so no unit is scanned in vain). A digit with no place
    /// left in a unit is a wipeout. Each hidden single's other candidates are pruned, the
    /// digit is assigned and propagated before the next pair. Returns whether anything changed.
    pub(crate) fn hidden_singles<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        let mut changed = false;
        while let Some(note) = self.state.grid_mut().hand_notes(false) {
            let (unit, digit) = (note.unit(), note.digit());
            let grid = self.state.grid();
            let Some(places) = grid.open_places(unit, digit) else {
                continue;
            };
            match places {
                0 => return Err(self.wipeout(sink, WipeoutSite::Unit { unit, digit })),
                1 => {}
                _ => continue,
            }
            let geometry = grid.geometry();
            let cell = match (grid.digit_cells(digit), geometry.unit_cell_bits(unit)) {
                (Some(cands), Some(here)) => Cell::new((cands & here).trailing_zeros() as usize),
                _ => *geometry
                    .unit_cells(unit)
                    .iter()
                    .find(|&&c| grid.open_domain(c).contains(digit))
                    .expect("BUG: the places count says one open cell has the digit"),
            };
            let cause = PruneCause::HiddenSingle { unit, digit };
            for other in self.state.prune_others(cell, digit) {
                self.report_prune(sink, cell, other, cause);
            }
            self.infer(sink, cell, digit, AssignCause::HiddenSingle { unit });
            changed = true;
            self.drain(sink)?;
            if self.state.grid().open_count() == 0 {
                // The grid is full: the notes left hold nothing (see `Engine::propagate`).
                break;
            }
        }
        Ok(changed)
    }
}
