//! A position in one search: the search itself, the replayed grid, the counters and the last few events.

use crate::solver::{AssignCause, Event, PruneCause, Puzzle, Replay, Search, Stats};

/// How many recent events a cursor keeps for the log.
pub const RECENT: usize = 32;

/// One event as the log shows it, with what the words need that the event does not carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Logged {
    /// Its step, from 1.
    pub step: u64,
    /// The event.
    pub event: Event,
    /// For a decision: the candidates its cell had; for a naked pair: the pair's digits as bits.
    pub aux: u32,
}

/// How a cell got its digit, as the board styles it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Origin {
    /// Given by the puzzle.
    #[default]
    Given,
    /// A decision of the search.
    Decision,
    /// Forced by inference (naked or hidden single).
    Forced,
    /// A decision of the viewer's (`--decide`, a fork).
    UserDecision,
}

/// The state of a search after `step` events, and the generator of the events after it.
///
/// Cloning one is a checkpoint: the search is deterministic, so running the clone on
/// regenerates exactly the same events.
#[derive(Clone, Debug)]
pub struct Cursor {
    search: Search,
    replay: Replay,
    step: u64,
    recent: [Logged; RECENT],
    last_select: Option<Logged>,
    origins: Vec<Origin>,
    pruned_at: Vec<u64>,
    assigned_at: Vec<u64>,
    finished: bool,
}

const FILLER: Logged = Logged {
    step: 0,
    event: Event::Exhausted,
    aux: 0,
};

impl Cursor {
    /// Step 0 of `search` on `puzzle`.
    pub fn new(puzzle: &Puzzle, search: Search) -> Cursor {
        Cursor {
            finished: search.is_finished(),
            search,
            replay: Replay::new(puzzle),
            step: 0,
            recent: [FILLER; RECENT],
            last_select: None,
            origins: vec![Origin::Given; puzzle.geometry().cell_count()],
            pruned_at: vec![0; puzzle.geometry().cell_count() * puzzle.size().side()],
            assigned_at: vec![0; puzzle.geometry().cell_count()],
        }
    }

    /// Applies the next event; `None` once the search has ended.
    #[inline]
    pub fn advance(&mut self) -> Option<Event> {
        let Some(event) = self.search.next() else {
            self.finished = true;
            return None;
        };
        self.replay.apply(&event);
        self.step += 1;
        let aux = match event {
            Event::Assign { cell, cause, .. } => {
                let origin = match cause {
                    AssignCause::UserDecision => Origin::UserDecision,
                    c if c.is_decision() => Origin::Decision,
                    _ => Origin::Forced,
                };
                self.origins[cell.index()] = origin;
                self.assigned_at[cell.index()] = self.step;
                if cause.is_decision() {
                    self.replay.grid().domain(cell).len() as u32
                } else {
                    0
                }
            }
            Event::Prune {
                cell, digit, cause, ..
            } => {
                let side = self.replay.grid().geometry().side();
                self.pruned_at[cell.index() * side + usize::from(digit.get() - 1)] = self.step;
                match cause {
                    PruneCause::NakedPair { cells, .. } => {
                        self.replay.grid().domain(cells[0]).bits()
                    }
                    _ => 0,
                }
            }
            _ => 0,
        };
        let logged = Logged {
            step: self.step,
            event,
            aux,
        };
        self.recent[(self.step % RECENT as u64) as usize] = logged;
        if matches!(event, Event::Select { .. }) {
            self.last_select = Some(logged);
        }
        self.finished = self.search.is_finished();
        Some(event)
    }

    /// Events applied so far.
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The replayed state.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Step 0 with decisions forced by `schedule` (a fork).
    #[must_use]
    pub fn with_schedule(mut self, schedule: crate::solver::search::Schedule) -> Cursor {
        self.search = self.search.with_schedule(schedule);
        self
    }

    /// Forces select number `number` of this cursor's search (see [`Search::force`]).
    pub fn force(&mut self, number: u64, cell: crate::solver::Cell, digit: crate::solver::Digit) {
        self.search.force(number, cell, digit);
    }

    /// The search, as far as this cursor has run it.
    pub fn search(&self) -> &Search {
        &self.search
    }

    /// The counters, as the engine counts them.
    pub fn stats(&self) -> &Stats {
        self.search.stats()
    }

    /// Whether the search has yielded its last event.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The event that led to this step.
    pub fn last(&self) -> Option<Logged> {
        (self.step > 0).then(|| self.recent[(self.step % RECENT as u64) as usize])
    }

    /// The last `n` events (at most [`RECENT`]), newest first.
    pub fn recent(&self, n: usize) -> impl Iterator<Item = Logged> + '_ {
        let n = n.min(RECENT).min(self.step as usize);
        (0..n as u64).map(move |back| self.recent[((self.step - back) % RECENT as u64) as usize])
    }

    /// The latest select event, if the search has made one.
    pub fn last_select(&self) -> Option<Logged> {
        self.last_select
    }

    /// How `cell`'s digit was set (meaningful only while it holds one).
    pub fn origin(&self, cell: crate::solver::Cell) -> Origin {
        self.origins[cell.index()]
    }

    /// The step of the latest prune of `digit` from `cell` (0 if none). When the digit is
    /// gone from the domain, that prune is the one in effect: a later backtrack that
    /// restored the digit would have needed another prune to remove it again.
    pub fn pruned_at(&self, cell: crate::solver::Cell, digit: crate::solver::Digit) -> u64 {
        let side = self.replay.grid().geometry().side();
        self.pruned_at[cell.index() * side + usize::from(digit.get() - 1)]
    }

    /// The step of the latest assignment to `cell` (0 if none); the one in effect while the
    /// cell holds a digit.
    pub fn assigned_at(&self, cell: crate::solver::Cell) -> u64 {
        self.assigned_at[cell.index()]
    }

    /// Whether the search found a solution.
    pub fn solved(&self) -> bool {
        self.search.stats().solutions > 0
    }
}
