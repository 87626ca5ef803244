//! Hidden singles: a digit with one place left in a unit is assigned there.

use crate::domain::Digit;
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::geometry::{Cell, Unit};
use crate::search::{Contradiction, Engine, Sink};

impl Engine {
    /// Works through the (unit, digit) pairs whose places dropped to one or none (the grid
    /// notes them as they happen, so no unit is scanned in vain). A digit with no place
    /// left in a unit is a wipeout. Each hidden single's other candidates are pruned, the
    /// digit is assigned and propagated before the next pair. Returns whether anything changed.
    pub(crate) fn hidden_singles<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        if self.state.grid().scans() {
            return self.scanned_hidden_singles(sink);
        }
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
            changed = true;
            if self.hidden_single(sink, unit, digit, cell)? {
                break;
            }
        }
        Ok(changed)
    }

    /// [`Engine::hidden_singles`] when the grid scans the digits' bitboards for them
    /// (`grid/scan.rs`): the units where a digit lost a place, digits ascending.
    fn scanned_hidden_singles<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        let mut changed = false;
        while let Some((unit, digit, places)) = self.state.grid_mut().next_hidden_single() {
            if places == 0 {
                return Err(self.wipeout(sink, WipeoutSite::Unit { unit, digit }));
            }
            changed = true;
            let cell = Cell::new(places.trailing_zeros() as usize);
            if self.hidden_single(sink, unit, digit, cell)? {
                break;
            }
        }
        Ok(changed)
    }

    /// Prunes the other candidates of `cell`, the only place of `digit` in `unit`, assigns
    /// it and propagates; returns whether the grid is full.
    #[inline]
    fn hidden_single<S: Sink>(
        &mut self,
        sink: &mut S,
        unit: Unit,
        digit: Digit,
        cell: Cell,
    ) -> Result<bool, Contradiction> {
        let cause = PruneCause::HiddenSingle { unit, digit };
        let others = self.state.prune_others(cell, digit);
        // A counting sink takes them in one count, without a loop whose length (one to
        // eight) cannot be predicted.
        let depth = self.depth();
        sink.push_prunes(cause.index(), others.len() as u64, |sink| {
            for other in others {
                sink.push(Event::Prune {
                    cell,
                    digit: other,
                    depth,
                    cause,
                });
            }
        });
        self.infer(sink, cell, digit, AssignCause::HiddenSingle { unit });
        self.forward_check(sink, cell, digit, false)?;
        self.drain(sink)?;
        // A full grid: the notes left hold nothing (see `Engine::propagate`).
        Ok(self.state.grid().open_count() == 0)
    }
}
