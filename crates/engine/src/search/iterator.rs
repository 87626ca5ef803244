//! The search as its users see it: an iterator of events over a tree search's machine or
//! a local search's, with its counters, run headless when nobody keeps the events.

use std::collections::VecDeque;

use super::engine::Engine;
use super::outcome::{Limits, Outcome, Status};
use crate::event::Event;
use crate::geometry::{Cell, Geometry};
use crate::local::LocalSearch;
use crate::puzzle::{Conflict, Puzzle};
use crate::sink::{Counting, Hearing, Sink};
use crate::state::State;
use crate::stats::Stats;
use crate::strategy::Strategy;

/// A search of one puzzle, yielding its events one by one: a tree search (backtracking,
/// with its propagators and family) or a local search (min-conflicts), as the strategy says.
///
/// ```
/// use dokuscope_engine::{Puzzle, Search, preset};
/// let puzzle: Puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let search = Search::new(&puzzle, preset::find("mrv").unwrap().strategy).unwrap();
/// let outcome = search.run();
/// assert_eq!(outcome.status.name(), "solved");
/// ```
#[derive(Clone, Debug)]
pub struct Search {
    pub(super) machine: Machine,
    pub(super) pending: VecDeque<Event>,
    stats: Stats,
}

/// The machine a search runs: a tree search's, or a local search's.
#[derive(Clone, Debug)]
pub(super) enum Machine {
    /// Backtracking.
    Tree(Engine),
    /// Min-conflicts.
    Local(LocalSearch),
}

impl Machine {
    fn new(geometry: &'static Geometry, strategy: Strategy) -> Machine {
        if strategy.local().is_some() {
            Machine::Local(LocalSearch::empty(geometry, strategy))
        } else {
            Machine::Tree(Engine::empty(geometry, strategy))
        }
    }

    #[inline]
    fn step<S: Sink>(&mut self, sink: &mut S) -> bool {
        match self {
            Machine::Tree(engine) => engine.step(sink),
            Machine::Local(local) => local.step(sink),
        }
    }

    fn run<S: Sink>(&mut self, sink: &mut S) {
        match self {
            Machine::Tree(engine) => engine.run(sink),
            Machine::Local(local) => local.run(sink),
        }
    }

    fn reset(&mut self, puzzle: &Puzzle, limits: Limits) -> bool {
        match self {
            Machine::Tree(engine) => engine.reset(puzzle, limits),
            Machine::Local(local) => local.reset(puzzle, limits),
        }
    }

    fn end(&mut self) {
        match self {
            Machine::Tree(engine) => engine.end(),
            Machine::Local(local) => local.end(),
        }
    }

    #[inline]
    fn is_done(&self) -> bool {
        match self {
            Machine::Tree(engine) => engine.is_done(),
            Machine::Local(local) => local.is_done(),
        }
    }

    fn strategy(&self) -> Strategy {
        match self {
            Machine::Tree(engine) => engine.strategy,
            Machine::Local(local) => local.strategy(),
        }
    }

    fn state(&self) -> &State {
        match self {
            Machine::Tree(engine) => &engine.state,
            Machine::Local(local) => local.state(),
        }
    }

    fn status(&self) -> Status {
        match self {
            Machine::Tree(engine) => engine.status(),
            Machine::Local(local) => local.status(),
        }
    }

    fn solution(&self) -> Option<&Puzzle> {
        match self {
            Machine::Tree(engine) => engine.solution.as_ref(),
            Machine::Local(local) => local.solution(),
        }
    }

    fn take_solution(&mut self) -> Option<Puzzle> {
        match self {
            Machine::Tree(engine) => engine.solution.take(),
            Machine::Local(local) => local.take_solution(),
        }
    }
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
            machine: Machine::new(puzzle.geometry(), strategy),
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
        if self.machine.reset(puzzle, limits) {
            self.machine.end();
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
        match &mut self.machine {
            Machine::Tree(engine) => engine.set_seed(seed),
            Machine::Local(local) => local.set_seed(seed),
        }
    }

    /// The strategy (with forward checking switched on where another rule needs it).
    pub fn strategy(&self) -> Strategy {
        self.machine.strategy()
    }

    /// Counters of the events yielded so far.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Whether the search has yielded its last event.
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.pending.is_empty() && self.machine.is_done()
    }

    /// Whether every event the engine made has been yielded, so that the engine's own
    /// state is what a replay of the yielded events gives.
    pub fn is_synced(&self) -> bool {
        self.pending.is_empty()
    }

    /// The engine's current state (for tests that compare it with a replay).
    pub fn state(&self) -> &State {
        self.machine.state()
    }

    /// How the search ended, or would stand if it ended now.
    pub fn status(&self) -> Status {
        self.machine.status()
    }

    /// dom/wdeg's weighted degree of `cell` now (the weights of its constraints with open
    /// peers), for a search whose cell order learns weights.
    pub fn wdeg(&self, cell: Cell) -> Option<u32> {
        match &self.machine {
            Machine::Tree(engine) => engine.wdeg(cell),
            Machine::Local(_) => None,
        }
    }

    /// The literals of learned nogood `id` (as its `learn` event gave them, the asserting
    /// literal first until the nogood forces another), while the search keeps it.
    pub fn nogood(&self, id: u32) -> Option<&[crate::reason::Literal]> {
        match &self.machine {
            Machine::Tree(engine) => engine.nogood(id),
            Machine::Local(_) => None,
        }
    }

    /// The learned nogoods the search keeps now, for a search that learns them.
    pub fn nogoods_kept(&self) -> Option<usize> {
        match &self.machine {
            Machine::Tree(engine) => engine.nogoods_kept(),
            Machine::Local(_) => None,
        }
    }

    /// The run under way (from 1), for a search with restarts.
    pub fn run_number(&self) -> u32 {
        match &self.machine {
            Machine::Tree(engine) => engine.run_number(),
            Machine::Local(_) => 1,
        }
    }

    /// The first solution found so far.
    pub fn solution(&self) -> Option<&Puzzle> {
        self.machine.solution()
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
        let mut sink = Counting::new(&self.stats);
        self.run_into(&mut sink);
        self.stats = sink.finish();
        self.note_stuck();
        self.outcome()
    }

    /// [`Search::finish`], handing `hear` every event the engine makes one by one as it
    /// makes it, with the counters so far. Headless, a rule's bulk prunes (a hidden single's
    /// cell losing its other candidates, the givens' forward checks) are counted and never
    /// made one by one, so `hear` misses those; and the counters it is handed count the
    /// prunes (and so the events) only at the end. An estimate of the search's size
    /// ([`crate::estimate`]) or a progress line listens this way without the cost of
    /// the iterator.
    pub fn finish_with(&mut self, mut hear: impl FnMut(&Event, &Stats)) -> Outcome {
        while let Some(e) = self.pending.pop_front() {
            self.stats.record(&e);
            hear(&e, &self.stats);
        }
        let mut sink = Hearing {
            counting: Counting::new(&self.stats),
            hear: &mut hear,
        };
        self.run_into(&mut sink);
        self.stats = sink.counting.finish();
        self.note_stuck();
        self.outcome()
    }

    /// Marks the counters of a local search that ended stuck (no event says it: its end
    /// is a `limit` as the step limit's is).
    fn note_stuck(&mut self) {
        if let Machine::Local(local) = &self.machine {
            if local.stuck() {
                if let Some(local) = &mut self.stats.local {
                    local.stuck = true;
                }
            }
        }
    }

    /// Runs the machine to its end into `sink`.
    fn run_into<S: Sink>(&mut self, sink: &mut S) {
        self.machine.run(sink);
    }

    fn outcome(&mut self) -> Outcome {
        Outcome {
            status: self.machine.status(),
            solution: self.machine.take_solution(),
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
            if !self.machine.step(&mut self.pending) {
                return None;
            }
        }
    }
}
