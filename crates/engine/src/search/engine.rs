//! The tree search's machine: the state, the strategy's propagators and family, the frames
//! of the decisions, and the counts and limits of one search.

use std::time::Instant;

use super::outcome::Limits;
use super::steer::Steer;
use crate::family::{Chronological, Family, Heard, Looking};
use crate::geometry::{Cell, Geometry};
use crate::heuristic::Ranked;
use crate::propagate::{Contradiction, Propagation};
use crate::puzzle::Puzzle;
use crate::sink::Sink;
use crate::state::State;
#[cfg(doc)]
use crate::strategy::CellOrder;
use crate::strategy::Strategy;

/// Where the machine is: the step it takes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// The propagation before the first decision.
    Start,
    /// Choosing the cell of the next decision.
    Select,
    /// Trying the top frame's next digit.
    Try,
    /// Going back after a failure or a solution.
    Backtrack,
    /// The search has ended.
    Done,
}

/// The tree search's machine: its state, its propagators, its family, its frames. Every
/// change to the state is made by a step or a propagator, which records it on the trail
/// and reports it as an event.
#[derive(Clone, Debug)]
pub(crate) struct Engine {
    pub(super) state: State,
    pub(super) strategy: Strategy,
    /// The cells in the order the cell order scans them (see [`CellOrder::sequence`]).
    pub(super) sequence: Vec<Cell>,
    /// The decision cells, outermost first: a frame a decision level, and its cell's digits
    /// still to try.
    pub(super) frames: Vec<Cell>,
    /// The strategy's propagators, with their work lists.
    pub(super) propagation: Propagation,
    pub(super) phase: Phase,
    pub(super) limits: Limits,
    pub(super) nodes: u64,
    pub(super) solutions: u64,
    pub(super) limited: bool,
    pub(super) solution: Option<Puzzle>,
    /// Forced decisions, if any (boxed: most searches have none).
    pub(super) steer: Option<Box<Steer>>,
    /// What looks back at failures, for a strategy that does (boxed: most do not).
    pub(super) family: Option<Box<Looking>>,
    /// Keeps place counts and notes even where the unit rules could scan the bitboards,
    /// for the test that both find the same searches.
    #[cfg(test)]
    pub(super) counts_always: bool,
}

/// The propagators of `strategy` on boards of `geometry`: its inference's, and the learned
/// nogoods' when it learns them.
fn propagation(geometry: &'static Geometry, strategy: &Strategy) -> Propagation {
    let mut propagation = Propagation::new(geometry, strategy.inference.normalised());
    if strategy.learns_nogoods() {
        propagation.learning();
    }
    propagation
}

impl Engine {
    /// An engine for `strategy` on boards of `geometry`, to [`Engine::reset`] before use.
    pub(crate) fn empty(geometry: &'static Geometry, strategy: Strategy) -> Engine {
        let cells = geometry.cell_count();
        let inference = strategy.inference.normalised();
        Engine {
            state: State::empty(geometry),
            strategy: Strategy {
                inference,
                ..strategy
            },
            sequence: Vec::new(),
            frames: Vec::with_capacity(cells),
            propagation: propagation(geometry, &strategy),
            phase: Phase::Start,
            limits: Limits::default(),
            nodes: 0,
            solutions: 0,
            limited: false,
            solution: None,
            steer: None,
            family: Looking::new(geometry, &strategy).map(Box::new),
            #[cfg(test)]
            counts_always: false,
        }
    }

    /// Starts over on `puzzle`, in the memory the engine already has. Returns whether two
    /// givens share a unit and a digit, in which case the engine is not to be stepped.
    pub(crate) fn reset(&mut self, puzzle: &Puzzle, limits: Limits) -> bool {
        self.sequence.clear();
        self.frames.clear();
        if std::ptr::eq(self.propagation.geometry(), puzzle.geometry()) {
            self.propagation.reset();
        } else {
            self.propagation = propagation(puzzle.geometry(), &self.strategy);
        }
        self.phase = Phase::Start;
        self.limits = Limits {
            solutions: limits.solutions.max(1),
            ..limits
        };
        self.nodes = 0;
        self.solutions = 0;
        self.limited = false;
        self.solution = None;
        self.restart_steer();
        if self.strategy.looks_back() {
            match self.family.as_mut() {
                Some(family) if std::ptr::eq(family.geometry(), puzzle.geometry()) => {
                    family.reset();
                }
                _ => self.family = Looking::new(puzzle.geometry(), &self.strategy).map(Box::new),
            }
        }
        // The place counts and holders wait for `start`, which knows the rules.
        self.state.reset_values(puzzle)
    }

    pub(crate) fn depth(&self) -> u16 {
        self.state.depth() as u16
    }

    /// Steps to the end, or to the deadline (looked at every 256 steps). The family is
    /// chosen once here rather than at every step.
    pub(crate) fn run<S: Sink>(&mut self, sink: &mut S) {
        match self.family.take() {
            None => self.run_with(&mut Heard {
                sink,
                family: &mut Chronological,
            }),
            Some(mut family) => {
                match &mut *family {
                    Looking::Back(f) => self.run_with(&mut Heard { sink, family: f }),
                    Looking::Learn(f) => self.run_with(&mut Heard { sink, family: f }),
                }
                self.family = Some(family);
            }
        }
    }

    fn run_with<S: Sink, F: Family>(&mut self, out: &mut Heard<'_, S, F>) {
        match self.limits.deadline {
            None => while self.step_with(out) {},
            Some(deadline) => {
                let mut steps = 0u32;
                while self.step_with(out) {
                    steps = steps.wrapping_add(1);
                    if steps % 256 == 0 && Instant::now() >= deadline {
                        self.limited = true;
                        break;
                    }
                }
            }
        }
    }

    /// Advances one step; `false` once the search has ended. Its events go to `sink`,
    /// heard on the way by the family (see `family.rs`).
    #[inline]
    pub(crate) fn step<S: Sink>(&mut self, sink: &mut S) -> bool {
        let Some(mut family) = self.family.take() else {
            return self.step_with(&mut Heard {
                sink,
                family: &mut Chronological,
            });
        };
        let more = match &mut *family {
            Looking::Back(f) => self.step_with(&mut Heard { sink, family: f }),
            Looking::Learn(f) => self.step_with(&mut Heard { sink, family: f }),
        };
        self.family = Some(family);
        more
    }

    /// Runs the propagators to their fixpoint, after the assignment just queued or, with
    /// `refuted`, after that cell's decision was refuted.
    #[inline]
    pub(super) fn propagate<S: Sink>(
        &mut self,
        sink: &mut S,
        refuted: Option<Cell>,
    ) -> Result<(), Contradiction> {
        self.propagation.run(&mut self.state, sink, refuted)
    }

    /// Breaks the cell order's ties at random from `seed` (or in the sequence, with
    /// `None`) from the next reset on.
    pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
        self.strategy.seed = seed;
        if !self.strategy.looks_back() {
            self.family = None;
        } else if let Some(family) = self.family.as_mut() {
            family.set_seed(seed);
        }
    }

    /// dom/wdeg's weighted degree of `cell` now, for a search whose cell order learns
    /// weights.
    pub(crate) fn wdeg(&self, cell: Cell) -> Option<u32> {
        let weights = self.family.as_ref()?.weights()?;
        Some(weights.wdeg(self.state.grid(), cell))
    }

    /// The learned nogoods kept now, for a search that learns them.
    pub(crate) fn nogoods_kept(&self) -> Option<usize> {
        self.family.as_ref()?.kept()
    }

    /// The literals of learned nogood `id`, while it is kept.
    pub(crate) fn nogood(&self, id: u32) -> Option<&[crate::reason::Literal]> {
        self.propagation.nogoods()?.get(id)
    }

    /// The run under way (from 1).
    pub(crate) fn run_number(&self) -> u32 {
        self.family.as_ref().map_or(1, |f| f.run())
    }

    /// Whether the search has ended.
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// Ends the search before it starts (the givens clash).
    pub(crate) fn end(&mut self) {
        self.phase = Phase::Done;
    }

    /// Whether the next step chooses a cell.
    pub(crate) fn awaiting_select(&self) -> bool {
        self.phase == Phase::Select
    }

    /// The ranked cell to select: the order's, unless the next decision is forced. `None`
    /// when the forced decision is illegal (the search then ends, with the refusal).
    pub(super) fn forced_select(&mut self, ranked: Ranked) -> Option<Ranked> {
        match self.steer.as_mut() {
            None => Some(ranked),
            Some(steer) => steer.select(self.state.grid(), self.strategy.order, ranked),
        }
    }

    /// Back to the start of the schedule.
    pub(super) fn restart_steer(&mut self) {
        if let Some(steer) = self.steer.as_mut() {
            steer.restart();
        }
    }
}
