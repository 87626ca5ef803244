//! Replaying a search's events on the initial state, forwards and back, without the solver.

use dokuscope_engine::event::Event;
use dokuscope_engine::grid::Grid;
use dokuscope_engine::puzzle::{Givens, Puzzle};
use dokuscope_engine::state::{Change, State};

/// The state a view shows: the initial state with events applied. Views never look into
/// the solver; they keep one of these.
#[derive(Clone, Debug)]
pub struct Replay {
    state: State,
    undo: Option<UndoLog>,
}

/// What forward application threw away that stepping back needs: the changes each
/// backtrack undid, and the decision marks it dropped.
#[derive(Clone, Debug, Default)]
struct UndoLog {
    changes: Vec<Change>,
    marks: Vec<u32>,
    spans: Vec<(u32, u32)>,
}

impl Replay {
    /// The initial state of `puzzle`: givens placed, every empty cell with its full domain.
    pub fn new(puzzle: &Puzzle) -> Replay {
        Replay {
            state: State::lean(puzzle, Givens::Placed),
            undo: None,
        }
    }

    /// The initial state of `puzzle` with its givens as [`Givens`] says: placed, or each an
    /// open cell whose domain is its one digit.
    pub fn start(puzzle: &Puzzle, givens: Givens) -> Replay {
        Replay {
            state: State::lean(puzzle, givens),
            undo: None,
        }
    }

    /// A replay that can also [`undo`](Replay::undo) events, keeping what each backtrack
    /// undid (memory grows with the backtracked work; views use checkpoints instead).
    pub fn with_undo(puzzle: &Puzzle) -> Replay {
        Replay {
            state: State::lean(puzzle, Givens::Placed),
            undo: Some(UndoLog::default()),
        }
    }

    /// The grid after the events applied so far.
    pub fn grid(&self) -> &Grid {
        self.state.grid()
    }

    /// Decisions in effect.
    pub fn depth(&self) -> usize {
        self.state.depth()
    }

    /// Applies `event`. Inlined: watch's cursor applies every event of a fast-forward, and
    /// the call's own prologue and epilogue were 14 of the instructions an event.
    #[inline]
    pub fn apply(&mut self, event: &Event) {
        match *event {
            Event::Assign {
                cell, digit, cause, ..
            } if cause.is_decision() => self.state.decide(cell, digit),
            Event::Assign { cell, digit, .. } => self.state.assign(cell, digit),
            Event::Prune { cell, digit, .. } => {
                self.state.prune(cell, digit);
            }
            Event::Backtrack { depth, .. } => self.backtrack_to(usize::from(depth)),
            Event::Restart { .. } => self.backtrack_to(0),
            Event::Set { cell, digit, .. } => self.state.set_value(cell, Some(digit)),
            Event::Swap { cells: [a, b], .. } => self.state.swap_values(a, b),
            Event::Select { .. }
            | Event::Wipeout { .. }
            | Event::Culprit { .. }
            | Event::Weight { .. }
            | Event::Revise { .. }
            | Event::Learnt { .. }
            | Event::Learn { .. }
            | Event::Solution { .. }
            | Event::Exhausted
            | Event::Limit => {}
        }
    }

    /// Undoes every decision after the first `depth`, keeping what stepping back needs.
    fn backtrack_to(&mut self, depth: usize) {
        match &mut self.undo {
            Some(log) => {
                let (start, marks_start) = (log.changes.len() as u32, log.marks.len() as u32);
                log.marks
                    .extend_from_slice(&self.state.marks()[depth.min(self.state.depth())..]);
                self.state.backtrack_to(depth, |c| log.changes.push(c));
                log.spans.push((start, marks_start));
            }
            None => self.state.backtrack_to(depth, |_| {}),
        }
    }

    /// Undoes `event`, which must be the last event applied and not yet undone. Returns
    /// `false` (and changes nothing) when the state does not end with that event's change,
    /// or when a backtrack is undone by a replay made without [`Replay::with_undo`].
    pub fn undo(&mut self, event: &Event) -> bool {
        match *event {
            Event::Assign {
                cell, digit, cause, ..
            } => {
                let ok = self.state.pop(Change::Assigned(cell, digit));
                if ok && cause.is_decision() {
                    self.state.pop_mark();
                }
                ok
            }
            Event::Prune { cell, digit, .. } => self.state.pop(Change::Pruned(cell, digit)),
            Event::Backtrack { .. } | Event::Restart { .. } => {
                let Some(log) = &mut self.undo else {
                    return false;
                };
                let Some((start, marks_start)) = log.spans.pop() else {
                    return false;
                };
                for change in log.changes.drain(start as usize..).rev() {
                    self.state.redo(change);
                }
                for mark in log.marks.drain(marks_start as usize..) {
                    self.state.push_mark_at(mark as usize);
                }
                true
            }
            // A local search's moves carry what undoes them: the digit before, or the swap.
            Event::Set {
                cell, digit, from, ..
            } => {
                let ok = self.state.grid().value(cell) == Some(digit);
                if ok {
                    self.state.set_value(cell, from);
                }
                ok
            }
            Event::Swap { cells: [a, b], .. } => {
                self.state.swap_values(a, b);
                true
            }
            Event::Select { .. }
            | Event::Wipeout { .. }
            | Event::Culprit { .. }
            | Event::Weight { .. }
            | Event::Revise { .. }
            | Event::Learnt { .. }
            | Event::Learn { .. }
            | Event::Solution { .. }
            | Event::Exhausted
            | Event::Limit => true,
        }
    }
}
