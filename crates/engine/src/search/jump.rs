//! Where a failure (or a solution) sends the search, as its family answers: back to the
//! latest decision (chronological backtracking, left to the backtrack step), a restart, or
//! a jump to an earlier decision (conflict-directed backjumping, Prosser 1993).

use super::engine::{Engine, Phase};
use crate::event::Event;
use crate::family::{Answer, Family, Heard};
use crate::sink::Sink;

impl Engine {
    /// Answers the backtrack step as the family says; `false` when it is an ordinary
    /// chronological backtrack, left to the caller.
    pub(super) fn look_back<S: Sink, F: Family>(&mut self, out: &mut Heard<'_, S, F>) -> bool {
        let depth = self.state.depth();
        match out.family.answer(depth) {
            Answer::Chronological => false,
            Answer::Restart { run, cutoff } => {
                self.state.backtrack_to(0, |_| {});
                self.state.grid_mut().settle();
                self.frames.clear();
                out.push(Event::Restart { run, cutoff });
                self.phase = Phase::Select;
                true
            }
            Answer::Jump(None) => {
                // An empty conflict set: the givens alone rule the failure, so no
                // decision can be changed to avoid it.
                out.push(Event::Exhausted);
                self.phase = Phase::Done;
                true
            }
            Answer::Jump(Some(target)) => {
                debug_assert_eq!(
                    self.frames.get(target - 1).copied(),
                    out.family.decision_at(target),
                    "the target's frame"
                );
                self.frames.truncate(target);
                let cell = *self
                    .frames
                    .last()
                    .expect("BUG: the target decision has its frame");
                self.refute(out, cell);
                true
            }
        }
    }
}
