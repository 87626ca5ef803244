//! A local search as a search of its own: min-conflicts' fills and steps, reported through
//! the same sinks as a tree search's, with its end recorded as a search's end is.

use std::time::Instant;

use super::min_conflicts::{MinConflicts, Progress};
use crate::geometry::Geometry;
use crate::puzzle::Puzzle;
use crate::search::{Limits, Status};
use crate::sink::Sink;
use crate::state::State;
use crate::strategy::Strategy;

/// One local search: min-conflicts on its own complete assignment, beside the state of the
/// givens (what the views start from).
#[derive(Clone, Debug)]
pub(crate) struct LocalSearch {
    state: State,
    strategy: Strategy,
    walk: MinConflicts,
    limits: Limits,
    solution: Option<Puzzle>,
    solved: bool,
    limited: bool,
    done: bool,
}

impl LocalSearch {
    /// A local search for `strategy` on boards of `geometry`, to reset before use.
    pub(crate) fn empty(geometry: &'static Geometry, strategy: Strategy) -> LocalSearch {
        let strategy = Strategy {
            inference: strategy.inference.normalised(),
            ..strategy
        };
        LocalSearch {
            state: State::empty(geometry),
            strategy,
            walk: MinConflicts::new(
                geometry,
                strategy.local().unwrap_or_default(),
                strategy.local_seed(),
            ),
            limits: Limits::default(),
            solution: None,
            solved: false,
            limited: false,
            done: false,
        }
    }

    /// Starts over on `puzzle`. Returns whether two givens share a unit and a digit, in
    /// which case the search is not to be stepped.
    pub(crate) fn reset(&mut self, puzzle: &Puzzle, limits: Limits) -> bool {
        if !std::ptr::eq(self.walk.geometry(), puzzle.geometry()) {
            self.walk = MinConflicts::new(
                puzzle.geometry(),
                self.strategy.local().unwrap_or_default(),
                self.strategy.local_seed(),
            );
        }
        self.walk.reset(puzzle);
        self.limits = limits;
        self.solution = None;
        self.solved = false;
        self.limited = false;
        self.done = false;
        self.state.reset_values(puzzle)
    }

    /// Draws every random choice from `seed` (0 for `None`) from the next reset on.
    pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
        self.strategy.seed = seed;
        self.walk.set_seed(self.strategy.local_seed());
    }

    /// One fill or step; `false` once the search has ended.
    #[inline]
    pub(crate) fn step<S: Sink>(&mut self, sink: &mut S) -> bool {
        if self.done {
            return false;
        }
        match self.walk.step(sink) {
            Progress::Going => return true,
            Progress::Solved(solution) => {
                self.solved = true;
                self.solution = Some(solution);
            }
            Progress::Limit | Progress::Stuck => self.limited = true,
        }
        self.done = true;
        true
    }

    /// Steps to the end, or to the deadline (looked at every 256 steps).
    pub(crate) fn run<S: Sink>(&mut self, sink: &mut S) {
        match self.limits.deadline {
            None => while self.step(sink) {},
            Some(deadline) => {
                let mut steps = 0u32;
                while self.step(sink) {
                    steps = steps.wrapping_add(1);
                    if steps % 256 == 0 && Instant::now() >= deadline {
                        self.limited = true;
                        break;
                    }
                }
            }
        }
    }

    /// Ends the search before it starts (the givens clash).
    pub(crate) fn end(&mut self) {
        self.done = true;
    }

    /// Whether the search ended stuck (no cell in conflict could move).
    pub(crate) fn stuck(&self) -> bool {
        self.walk.is_stuck()
    }

    /// Whether the search has ended.
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.done
    }

    /// The strategy.
    pub(crate) fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The givens' state.
    pub(crate) fn state(&self) -> &State {
        &self.state
    }

    /// How the search ended, or stands.
    pub(crate) fn status(&self) -> Status {
        if self.limited {
            Status::Limit
        } else if self.solved {
            Status::Solved
        } else {
            Status::Unsolvable
        }
    }

    /// The solution, once found.
    pub(crate) fn solution(&self) -> Option<&Puzzle> {
        self.solution.as_ref()
    }

    /// The solution, taken.
    pub(crate) fn take_solution(&mut self) -> Option<Puzzle> {
        self.solution.take()
    }
}
