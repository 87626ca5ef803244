//! The engine's `Local` phase: a local search's steps, reported through the same sink as
//! backtracking's, with its end recorded as the engine records a search's end.

use super::{Engine, Phase, Sink};
use crate::solver::local::Progress;

impl Engine {
    /// Whether a local search ended stuck (no cell in conflict could move).
    pub(super) fn stuck(&self) -> bool {
        self.local.as_ref().is_some_and(|l| l.is_stuck())
    }

    /// One fill or step of the local search; `true` while it reports an event.
    pub(super) fn step_local<S: Sink>(&mut self, sink: &mut S) -> bool {
        let local = self
            .local
            .as_mut()
            .expect("BUG: only a local search's engine enters the local phase");
        match local.step(sink) {
            Progress::Going => return true,
            Progress::Solved(solution) => {
                self.solutions = 1;
                self.solution = Some(solution);
            }
            Progress::Limit | Progress::Stuck => self.limited = true,
        }
        self.phase = Phase::Done;
        true
    }
}
