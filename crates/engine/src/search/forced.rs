//! Forced decisions as a search's user asks for them (see `steer.rs` for the engine's
//! side): a schedule set before the first event, one decision forced next, the refusal of
//! an illegal one. A local search makes no decision: it ignores them.

use super::engine::Engine;
use super::iterator::{Machine, Search};
use super::steer::{Refusal, Schedule, Steer};
use crate::domain::Digit;
use crate::geometry::Cell;

impl Search {
    /// The search with decisions forced by `schedule` (to set before the first event):
    /// decision number k is the schedule's k-th, when it has one; the strategy makes the
    /// others and takes over once the schedule is used up.
    #[must_use]
    pub fn with_schedule(mut self, schedule: Schedule) -> Search {
        if let Machine::Tree(engine) = &mut self.machine {
            engine.steer = Some(Box::new(Steer {
                schedule,
                ..Steer::default()
            }));
        }
        self
    }

    /// The forced decisions.
    pub fn schedule(&self) -> Option<&Schedule> {
        self.engine()?.steer.as_ref().map(|s| &s.schedule)
    }

    /// Forces the next select to choose `cell` and try `digit` first (call it while
    /// [`Search::awaiting_select`], before the step that chooses a cell). A one-off: a
    /// clone made before the call re-runs without it.
    pub fn decide_next(&mut self, cell: Cell, digit: Digit) {
        if let Machine::Tree(engine) = &mut self.machine {
            engine.steer.get_or_insert_with(Box::default).next = Some((cell, digit));
        }
    }

    /// Forces select number `number` (from 1) to choose `cell` and try `digit` first: an
    /// entry added to the schedule (a manual order adds one per select, to the search and
    /// to every checkpoint of it, so that re-runs make the same choices).
    pub fn force(&mut self, number: u64, cell: Cell, digit: Digit) {
        if let Machine::Tree(engine) = &mut self.machine {
            engine
                .steer
                .get_or_insert_with(Box::default)
                .schedule
                .insert(number, cell, digit);
        }
    }

    /// Whether every event so far has been yielded and the engine's next step chooses a
    /// cell for the next decision: the moment to [`Search::decide_next`].
    pub fn awaiting_select(&self) -> bool {
        self.pending.is_empty() && self.engine().is_some_and(Engine::awaiting_select)
    }

    /// The cells selected so far, with forced decisions (0 without).
    pub fn selects(&self) -> u64 {
        self.engine()
            .and_then(|e| e.steer.as_ref())
            .map_or(0, |s| s.selects)
    }

    /// The forced decision that was illegal when its turn came (the search ended there).
    pub fn refusal(&self) -> Option<&Refusal> {
        self.engine()?.steer.as_ref()?.refusal.as_ref()
    }

    /// The tree search's machine, if this is a tree search.
    fn engine(&self) -> Option<&Engine> {
        match &self.machine {
            Machine::Tree(engine) => Some(engine),
            Machine::Local(_) => None,
        }
    }
}
