//! Hidden singles: a digit with one place left in a unit is assigned there.

use crate::solver::domain::Digit;
use crate::solver::event::{AssignCause, PruneCause, WipeoutSite};
use crate::solver::geometry::Unit;
use crate::solver::search::{Contradiction, Engine, Sink};

impl Engine {
    /// Works through the (unit, digit) pairs whose places dropped to one or none (the grid
    /// notes them as they happen, so no unit is scanned in vain). A digit with no place
    /// left in a unit is a wipeout. Each hidden single's other candidates are pruned, the
    /// digit is assigned and propagated before the next pair. Returns whether anything changed.
    pub(crate) fn hidden_singles<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        let n = self.state.grid().geometry().side();
        let mut changed = false;
        while let Some(i) = self.state.grid_mut().next_watched() {
            let (unit, digit) = (
                Unit::new(i / n),
                Digit::new((i % n) as u8 + 1).expect("BUG: i % n < n <= 25"),
            );
            let grid = self.state.grid();
            if grid.placed(unit).contains(digit) {
                continue;
            }
            match grid.places(unit, digit) {
                0 => return Err(self.wipeout(sink, WipeoutSite::Unit { unit, digit })),
                1 => {}
                _ => continue,
            }
            let cells = grid.geometry().unit_cells(unit);
            let cell = *cells
                .iter()
                .find(|&&c| grid.open_domain(c).contains(digit))
                .expect("BUG: the places count says one open cell has the digit");
            for other in grid.domain(cell).without(digit) {
                self.prune(sink, cell, other, PruneCause::HiddenSingle { unit, digit });
            }
            self.infer(sink, cell, digit, AssignCause::HiddenSingle { unit });
            changed = true;
            self.drain(sink)?;
        }
        Ok(changed)
    }
}
