//! The backtrack step of a search that looks back: a restart, or a jump to the latest
//! decision of the failure's conflict set (Prosser 1993; see `solver::learn`).

use super::{Engine, Phase, Sink};
use crate::event::Event;
use crate::learn::Answer;

impl Engine {
    /// Answers the backtrack step from the learner; `false` when it is an ordinary
    /// chronological backtrack, left to the caller.
    pub(super) fn look_back<S: Sink>(&mut self, sink: &mut S) -> bool {
        let depth = self.state.depth();
        let Some(learner) = sink.learner() else {
            return false;
        };
        match learner.answer(depth) {
            Answer::Chronological => false,
            Answer::Restart { run, cutoff } => {
                self.state.backtrack_to(0, |_| {});
                self.state.grid_mut().settle();
                self.frames.clear();
                sink.push(Event::Restart { run, cutoff });
                self.phase = Phase::Select;
                true
            }
            Answer::Jump(None) => {
                // An empty conflict set: the givens alone rule the failure, so no
                // decision can be changed to avoid it.
                sink.push(Event::Exhausted);
                self.phase = Phase::Done;
                true
            }
            Answer::Jump(Some(target)) => {
                debug_assert_eq!(
                    self.frames.get(target - 1).copied(),
                    Some(learner.decision_at(target)),
                    "the target's frame"
                );
                self.frames.truncate(target);
                let cell = *self
                    .frames
                    .last()
                    .expect("BUG: the target decision has its frame");
                self.refute(sink, cell);
                true
            }
        }
    }
}
