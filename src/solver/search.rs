//! The search: an explicit-stack, event-yielding backtracking iterator (no recursion).
//!
//! Each call to `next()` yields one [`Event`]. Internally the engine advances one *step*
//! at a time (initial propagation, select a cell, try its next digit and propagate, or
//! backtrack one decision) and buffers that step's events; a step never calls itself.
//! The same engine runs headless through a sink that only counts, so `solve` and
//! `bench` measure exactly the search that `watch` shows.

use std::collections::VecDeque;
use std::time::Instant;

use super::domain::{Digit, Domain};
use super::event::{AssignCause, Event, PruneCause, WipeoutSite};
use super::geometry::{Cell, Geometry};
use super::infer::Mac;
use super::learn::{Learner, Observe};
use super::local::MinConflicts;
use super::puzzle::{Conflict, Puzzle};
use super::state::State;
use super::stats::Stats;
use super::strategy::Strategy;

mod batch;
mod local;
mod lookback;
mod outcome;
mod singles;
mod sink;
mod steer;
mod step;

pub use batch::Batch;
pub use outcome::{Limits, Outcome, Status};
pub(crate) use singles::Singles;
pub(crate) use sink::Sink;
use sink::{Counting, Hearing};
pub use steer::{Refusal, Schedule, ScheduleError, illegal};

/// A contradiction was found (and reported as a wipeout event).
#[derive(Debug)]
pub(crate) struct Contradiction;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Select,
    Try,
    Backtrack,
    /// A local search's steps (see `solver::local`): the phases above are backtracking's.
    Local,
    Done,
}

/// The search machine. Every change to the state goes through [`Engine::emit`]'s callers,
/// which record it on the trail and report it as an event.
#[derive(Clone, Debug)]
pub(crate) struct Engine {
    pub(crate) state: State,
    pub(crate) strategy: Strategy,
    sequence: Vec<Cell>,
    pub(crate) frames: Vec<Cell>,
    pub(crate) queue: Vec<Cell>,
    pub(crate) queue_head: usize,
    pub(crate) singles: Singles,
    phase: Phase,
    limits: Limits,
    nodes: u64,
    solutions: u64,
    limited: bool,
    solution: Option<Puzzle>,
    /// Forced decisions, if any (boxed: most searches have none).
    steer: Option<Box<steer::Steer>>,
    /// What looks back at failures, for a strategy that does (boxed: most do not).
    learner: Option<Box<Learner>>,
    /// The local search, for a strategy of that family: chosen once, when the engine is
    /// made; its steps are the engine's `Local` phase.
    local: Option<Box<MinConflicts>>,
    /// Maintaining arc consistency's queue and supports, for a strategy that runs an
    /// arc-consistency algorithm (boxed: most do not).
    pub(crate) mac: Option<Box<Mac>>,
    /// Keeps place counts and notes even where the unit rules could scan the bitboards,
    /// for the test that both find the same searches.
    #[cfg(test)]
    counts_always: bool,
}

impl Engine {
    /// An engine for `strategy` on boards of `geometry`, to [`Engine::reset`] before use.
    pub(crate) fn empty(geometry: &'static Geometry, strategy: Strategy) -> Engine {
        let cells = geometry.cell_count();
        Engine {
            state: State::empty(geometry),
            strategy: Strategy {
                inference: strategy.inference.normalised(),
                ..strategy
            },
            sequence: Vec::new(),
            frames: Vec::with_capacity(cells),
            queue: Vec::with_capacity(cells),
            queue_head: 0,
            singles: Singles::default(),
            phase: Phase::Start,
            limits: Limits::default(),
            nodes: 0,
            solutions: 0,
            limited: false,
            solution: None,
            steer: None,
            learner: Learner::new(geometry, &strategy).map(Box::new),
            local: strategy
                .local()
                .map(|repair| Box::new(MinConflicts::new(geometry, repair, strategy.local_seed()))),
            mac: strategy
                .inference
                .arcs
                .map(|algorithm| Box::new(Mac::new(geometry, algorithm))),
            #[cfg(test)]
            counts_always: false,
        }
    }

    /// Starts over on `puzzle`, in the memory the engine already has. Returns whether two
    /// givens share a unit and a digit, in which case the engine is not to be stepped.
    pub(crate) fn reset(&mut self, puzzle: &Puzzle, limits: Limits) -> bool {
        self.sequence.clear();
        self.frames.clear();
        self.queue.clear();
        self.queue_head = 0;
        self.singles.clear();
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
            match self.learner.as_mut() {
                Some(learner) if std::ptr::eq(learner.geometry(), puzzle.geometry()) => {
                    learner.reset();
                }
                _ => self.learner = Learner::new(puzzle.geometry(), &self.strategy).map(Box::new),
            }
        }
        if let Some(local) = self.local.as_mut() {
            if !std::ptr::eq(local.geometry(), puzzle.geometry()) {
                **local = MinConflicts::new(
                    puzzle.geometry(),
                    self.strategy.local().unwrap_or_default(),
                    self.strategy.local_seed(),
                );
            }
            local.reset(puzzle);
            self.phase = Phase::Local;
        }
        if let Some(algorithm) = self.strategy.inference.arcs {
            match self.mac.as_mut() {
                Some(mac) if std::ptr::eq(mac.geometry(), puzzle.geometry()) => mac.reset(),
                _ => self.mac = Some(Box::new(Mac::new(puzzle.geometry(), algorithm))),
            }
        }
        // The place counts and holders wait for `start`, which knows the rules.
        self.state.reset_values(puzzle)
    }

    pub(crate) fn depth(&self) -> u16 {
        self.state.depth() as u16
    }

    /// Steps to the end, or to the deadline (looked at every 256 steps).
    fn run<S: Sink>(&mut self, sink: &mut S) {
        match self.limits.deadline {
            None => while self.step_plain(sink) {},
            Some(deadline) => {
                let mut steps = 0u32;
                while self.step_plain(sink) {
                    steps = steps.wrapping_add(1);
                    if steps % 256 == 0 && Instant::now() >= deadline {
                        self.limited = true;
                        break;
                    }
                }
            }
        }
    }

    /// Advances one step; `false` once the search has ended. A search that looks back
    /// hears its own events on the way out (see `solver::learn`).
    #[inline]
    pub(crate) fn step<S: Sink>(&mut self, sink: &mut S) -> bool {
        let Some(mut learner) = self.learner.take() else {
            return self.step_plain(sink);
        };
        let more = self.step_plain(&mut Observe {
            sink,
            learner: &mut learner,
        });
        self.learner = Some(learner);
        more
    }

    /// Removes `digit` from `cell`'s domain, reports it, and returns what is left.
    #[inline]
    pub(crate) fn prune<S: Sink>(
        &mut self,
        sink: &mut S,
        cell: Cell,
        digit: Digit,
        cause: PruneCause,
    ) -> Domain {
        let left = self.state.prune(cell, digit);
        self.report_prune(sink, cell, digit, cause);
        left
    }

    /// Reports a prune made on the state.
    #[inline]
    pub(crate) fn report_prune<S: Sink>(
        &self,
        sink: &mut S,
        cell: Cell,
        digit: Digit,
        cause: PruneCause,
    ) {
        sink.push(Event::Prune {
            cell,
            digit,
            depth: self.depth(),
            cause,
        });
    }

    /// Assigns a single (a cell whose domain is `digit` alone) by inference; the caller
    /// propagates it to the peers at once. Inlined: it is a call on every single, the most
    /// of the assignments (measured below the call it was, 3.6k instructions of 207.4k a
    /// puzzle on hardest with `fast`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn infer<S: Sink>(
        &mut self,
        sink: &mut S,
        cell: Cell,
        digit: Digit,
        cause: AssignCause,
    ) {
        self.state.assign_single(cell, digit);
        sink.push(Event::Assign {
            cell,
            digit,
            depth: self.depth(),
            cause,
        });
    }

    #[inline]
    pub(crate) fn wipeout<S: Sink>(&mut self, sink: &mut S, site: WipeoutSite) -> Contradiction {
        sink.push(Event::Wipeout {
            site,
            depth: self.depth(),
        });
        Contradiction
    }
}

/// A backtracking search over one puzzle, yielding its events one by one.
///
/// ```
/// use dokuscope::solver::{Puzzle, Search, preset};
/// let puzzle: Puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let search = Search::new(&puzzle, preset::find("mrv").unwrap().strategy).unwrap();
/// let outcome = search.run();
/// assert_eq!(outcome.status.name(), "solved");
/// ```
#[derive(Clone, Debug)]
pub struct Search {
    engine: Engine,
    pending: VecDeque<Event>,
    stats: Stats,
}

impl Search {
    /// A search of `puzzle` with `strategy`, counting up to two solutions; the puzzle's
    /// givens must not conflict.
    pub fn new(puzzle: &Puzzle, strategy: Strategy) -> Result<Search, Conflict> {
        Search::with_limits(puzzle, strategy, Limits::default())
    }

    /// A search with explicit limits.
    pub fn with_limits(
        puzzle: &Puzzle,
        strategy: Strategy,
        limits: Limits,
    ) -> Result<Search, Conflict> {
        let mut search = Search {
            engine: Engine::empty(puzzle.geometry(), strategy),
            pending: VecDeque::new(),
            stats: Stats::default(),
        };
        search.restart(puzzle, limits)?;
        Ok(search)
    }

    /// Starts over on `puzzle` with the same strategy, in the memory this search already
    /// has: the grid, its counts and snapshots, the trail and the queues are allocated
    /// once for a whole set. On conflicting givens the search is left ended, with nothing
    /// found.
    pub fn restart(&mut self, puzzle: &Puzzle, limits: Limits) -> Result<(), Conflict> {
        self.pending.clear();
        self.stats = Stats::default();
        if self.engine.reset(puzzle, limits) {
            self.engine.phase = Phase::Done;
            return Err(puzzle
                .conflict()
                .expect("BUG: the grid and the puzzle agree on clashing givens"));
        }
        Ok(())
    }

    /// Breaks the cell order's ties at random from `seed` (or in the sequence, with `None`;
    /// a local search: draws its choices from it, 0 for `None`) from the next
    /// [`Search::restart`] on: a bench's seeds in one search's memory.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        let engine = &mut self.engine;
        engine.strategy.seed = seed;
        if let Some(local) = engine.local.as_mut() {
            // A local search draws all its random choices from the seed.
            local.set_seed(engine.strategy.local_seed());
        }
        if !engine.strategy.looks_back() {
            engine.learner = None;
        } else if let Some(learner) = engine.learner.as_mut() {
            learner.set_seed(seed);
        }
    }

    /// The strategy (with forward checking switched on where another rule needs it).
    pub fn strategy(&self) -> Strategy {
        self.engine.strategy
    }

    /// Counters of the events yielded so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Whether the search has yielded its last event.
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.pending.is_empty() && self.engine.phase == Phase::Done
    }

    /// Whether every event the engine made has been yielded, so that the engine's own
    /// state is what a replay of the yielded events gives.
    pub fn is_synced(&self) -> bool {
        self.pending.is_empty()
    }

    /// The engine's current state (for tests that compare it with a replay).
    pub fn state(&self) -> &State {
        &self.engine.state
    }

    /// How the search ended, or would stand if it ended now.
    pub fn status(&self) -> Status {
        self.engine.status()
    }

    /// dom/wdeg's weighted degree of `cell` now (the weights of its constraints with open
    /// peers), for a search whose cell order learns weights.
    pub fn wdeg(&self, cell: Cell) -> Option<u32> {
        let weights = self.engine.learner.as_ref()?.weights()?;
        Some(weights.wdeg(self.engine.state.grid(), cell))
    }

    /// The run under way (from 1), for a search with restarts.
    pub fn run_number(&self) -> u32 {
        self.engine.learner.as_ref().map_or(1, |l| l.run())
    }

    /// The first solution found so far.
    pub fn solution(&self) -> Option<&Puzzle> {
        self.engine.solution.as_ref()
    }

    /// Runs the search to its end without keeping events, and reports the outcome.
    pub fn run(mut self) -> Outcome {
        self.finish()
    }

    /// [`Search::run`] in place, for a search to [`Search::restart`] on the next puzzle:
    /// the outcome takes the solution, and the search keeps its counters.
    pub fn finish(&mut self) -> Outcome {
        while let Some(e) = self.pending.pop_front() {
            self.stats.record(&e);
        }
        let mut sink = Counting::new(self.stats);
        self.run_into(&mut sink);
        self.stats = sink.finish();
        self.note_stuck();
        self.outcome()
    }

    /// Marks the counters of a local search that ended stuck (no event says it: its end
    /// is a `limit` as the step limit's is).
    fn note_stuck(&mut self) {
        if self.engine.stuck() {
            if let Some(local) = &mut self.stats.local {
                local.stuck = true;
            }
        }
    }

    /// [`Search::finish`], handing `hear` every event the engine makes one by one as it
    /// makes it, with the counters so far. Headless, a rule's bulk prunes (a hidden single's
    /// cell losing its other candidates, the givens' forward checks) are counted and never
    /// made one by one, so `hear` misses those; and the counters it is handed count the
    /// prunes (and so the events) only at the end. An estimate of the search's size
    /// ([`crate::solver::estimate`]) or a progress line listens this way without the cost of
    /// the iterator.
    pub fn finish_with(&mut self, mut hear: impl FnMut(&Event, &Stats)) -> Outcome {
        while let Some(e) = self.pending.pop_front() {
            self.stats.record(&e);
            hear(&e, &self.stats);
        }
        let mut sink = Hearing {
            counting: Counting::new(self.stats),
            hear: &mut hear,
        };
        self.run_into(&mut sink);
        self.stats = sink.counting.finish();
        self.note_stuck();
        self.outcome()
    }

    /// Runs the engine to its end into `sink`. A search that looks back hears its events
    /// through the learner's sink, chosen once here rather than at every step.
    fn run_into<S: Sink>(&mut self, sink: &mut S) {
        match self.engine.learner.take() {
            None => self.engine.run(sink),
            Some(mut learner) => {
                self.engine.run(&mut Observe {
                    sink,
                    learner: &mut learner,
                });
                self.engine.learner = Some(learner);
            }
        }
    }

    fn outcome(&mut self) -> Outcome {
        Outcome {
            status: self.engine.status(),
            solution: self.engine.solution.take(),
            stats: self.stats,
        }
    }
}

impl Iterator for Search {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                self.stats.record(&event);
                if event == Event::Limit {
                    self.note_stuck();
                }
                return Some(event);
            }
            if !self.engine.step(&mut self.pending) {
                return None;
            }
        }
    }
}
