//! The engine's `Local` phase: a local search's steps, reported through the same sink as
//! backtracking's, with its end recorded as the engine records a search's end.

use super::{Engine, Phase, Sink};
use crate::local::Progress;

impl Engine {
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
            Progress::Limit => self.limited = true,
        }
        self.phase = Phase::Done;
        true
    }
}
