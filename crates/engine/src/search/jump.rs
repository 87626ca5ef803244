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
        let answer =
            out.family
                .look_back_at(self.state.grid(), &self.propagation, depth, &mut *out.sink);
        match answer {
            Answer::Chronological => false,
            Answer::Restart { run, cutoff } => {
                self.state.backtrack_to(0, |_| {});
                self.state.grid_mut().settle();
                self.frames.clear();
                out.push(Event::Restart { run, cutoff });
                self.phase = Phase::Select;
                true
            }
            Answer::Learn { level, restart } => {
                self.learn(out, level, restart);
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

impl Engine {
    /// Goes back to `level` decisions (or restarts), keeps the nogood the family learned
    /// and propagates it: there it forces the negation of its asserting literal. A
    /// contradiction on the way is a failure at that level, which the family answers next.
    fn learn<S: Sink, F: Family>(
        &mut self,
        out: &mut Heard<'_, S, F>,
        level: usize,
        restart: Option<(u32, u32)>,
    ) {
        if let Some((run, cutoff)) = restart {
            self.state.backtrack_to(0, |_| {});
            self.state.grid_mut().settle();
            self.frames.clear();
            out.push(Event::Restart { run, cutoff });
        } else {
            let cell = self.frames[level];
            let digit = self
                .state
                .grid()
                .value(cell)
                .expect("BUG: a decided frame's cell holds its digit");
            self.state.backtrack_to(level, |_| {});
            self.state.grid_mut().settle();
            self.frames.truncate(level);
            out.push(Event::Backtrack {
                cell,
                digit,
                depth: level as u16,
            });
        }
        self.propagation.backtracked(self.state.grid());
        let mut gone = Vec::new();
        out.family.forgotten(&mut gone);
        self.propagation.forget(&gone);
        if let Some((id, literals)) = out.family.learned() {
            self.propagation.learn(id, literals);
        }
        self.phase = if self.propagate(out, None).is_ok() {
            Phase::Select
        } else {
            Phase::Backtrack
        };
    }
}
