//! A position in one search: the search itself, the replayed grid, the counters and the last few events.

use std::io::BufReader;
use std::sync::Arc;

pub use super::logged::Logged;
use crate::solver::estimate::{Estimate, Estimator};
use crate::solver::queue::QueueView;
use crate::solver::stream::live::{Progress, Shared, Tail};
use crate::solver::stream::{Header, Stream, StreamError, Warning};
use crate::solver::{AssignCause, Event, Givens, PruneCause, Puzzle, Replay, Search, Stats};

/// How many recent events a cursor keeps for the log.
pub const RECENT: usize = 32;

/// What a view needs of a stream's event beyond the event: where its line is (to read
/// a select's own words again) and what the checker warned about it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StreamMark {
    /// The line, from 1.
    pub line: u64,
    /// Where the line starts in the stream.
    pub offset: u64,
    /// The checker's warning about the event, if one (the first, when several).
    pub warning: Option<Warning>,
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
    events: Events,
    replay: Replay,
    step: u64,
    recent: [Logged; RECENT],
    /// For a stream: each recent event's mark, at the same index as in `recent`.
    marks: Option<Box<[StreamMark; RECENT]>>,
    last_select: Option<Logged>,
    /// For a stream: the last select's mark.
    last_select_mark: Option<StreamMark>,
    /// For a stream whose givens start as domains: its puzzle, whose givens an assignment
    /// places (the board shows them as givens).
    open_givens: Option<Arc<Puzzle>>,
    origins: Vec<Origin>,
    pruned_at: Vec<u64>,
    assigned_at: Vec<u64>,
    finished: bool,
    /// What looks back: the decisions in effect, the culprits of the failure under way,
    /// the constraint weights learned (see [`LookBack`]).
    look: LookBack,
    /// How far along the search is (`None` only where a benchmark measures its cost).
    estimator: Option<Estimator>,
    /// A local search's course: its conflicts, its best, whether the last event improved it.
    course: super::local_moves::Course,
    /// The arc queue of maintaining arc consistency, derived from the events: for the
    /// engine's searches that keep one, and for every stream (whose solver may).
    queue: Option<Box<QueueView>>,
}

const FILLER: Logged = Logged {
    step: 0,
    event: Event::Exhausted,
    aux: 0,
    cause_given: true,
};

impl Cursor {
    /// Step 0 of `search` on `puzzle`.
    pub fn new(puzzle: &Puzzle, search: Search) -> Cursor {
        let arcs = search.strategy().inference.arcs.is_some();
        let mut cursor = Cursor::with_events(puzzle, Givens::Placed, Events::Engine(search));
        if arcs {
            cursor.queue = Some(Box::new(QueueView::new(cursor.replay.grid())));
        }
        cursor
    }

    /// Step 0 of the event stream (a trace, docs/trace-format.md) whose bytes are `file`,
    /// named `name` in errors, and its puzzle. Checkpoints (clones) keep the offset and the
    /// checker's state, not the stream's contents, so memory stays bounded however long the
    /// stream. With `progress`, the stream is still being written (a spool of standard
    /// input): this waits for its start object, and reaching what has arrived so far is not
    /// the end while the writer runs ([`Cursor::is_waiting`]). Every checkpoint reads the
    /// same bytes at its own offset.
    pub fn from_stream(
        name: &str,
        file: Shared,
        progress: Option<Arc<Progress>>,
    ) -> Result<(Header, Cursor), StreamError> {
        let reader =
            BufReader::with_capacity(READ_BUFFER, Tail::new(file.clone(), 0, progress.clone()));
        let stream = match progress {
            Some(p) => Stream::open_live(name, reader, p)?,
            None => Stream::open(name, reader)?,
        };
        let header = stream.header().clone();
        let events = Events::File(Box::new(FileEvents {
            file,
            stream: Attached::Live(stream),
            error: None,
            last: StreamMark::default(),
        }));
        let mut cursor = Cursor::with_events(&header.puzzle, header.givens, events);
        cursor.marks = Some(Box::new([StreamMark::default(); RECENT]));
        cursor.queue = Some(Box::new(QueueView::new(cursor.replay.grid())));
        Ok((header, cursor))
    }

    fn with_events(puzzle: &Puzzle, givens: Givens, events: Events) -> Cursor {
        let restarts = events.restarts();
        Cursor {
            finished: events.is_finished(),
            events,
            replay: Replay::start(puzzle, givens),
            step: 0,
            recent: [FILLER; RECENT],
            marks: None,
            last_select: None,
            last_select_mark: None,
            open_givens: (givens == Givens::Domains).then(|| Arc::new(puzzle.clone())),
            origins: vec![Origin::Given; puzzle.geometry().cell_count()],
            pruned_at: vec![0; puzzle.geometry().cell_count() * puzzle.size().side()],
            assigned_at: vec![0; puzzle.geometry().cell_count()],
            look: LookBack::new(puzzle.geometry().cell_count()),
            estimator: Some(Estimator::restarting(restarts)),
            course: super::local_moves::Course::default(),
            queue: None,
        }
    }

    /// Applies the next event; `None` once the search has ended.
    #[inline]
    pub fn advance(&mut self) -> Option<Event> {
        let Some((event, cause_given)) = self.events.next() else {
            // A stream still being written has not ended where nothing has arrived yet.
            self.finished = !self.is_waiting();
            return None;
        };
        let depth_before = self.replay.depth();
        self.course.forget();
        self.replay.apply(&event);
        self.step += 1;
        if let Some(queue) = &mut self.queue {
            queue.hear(&event, self.replay.grid());
        }
        let aux = match event {
            Event::Assign {
                cell,
                digit,
                cause,
                depth,
            } => {
                let origin = match cause {
                    _ if self
                        .open_givens
                        .as_ref()
                        .is_some_and(|p| p.given(cell) == Some(digit)) =>
                    {
                        Origin::Given
                    }
                    AssignCause::UserDecision => Origin::UserDecision,
                    c if c.is_decision() => Origin::Decision,
                    _ => Origin::Forced,
                };
                self.origins[cell.index()] = origin;
                self.assigned_at[cell.index()] = self.step;
                if cause.is_decision() {
                    // The board keeps an assigned cell's domain: the candidates the decision
                    // chose among, so the estimator need not hear prunes.
                    let domain = self.replay.grid().domain(cell);
                    if let Some(estimator) = &mut self.estimator {
                        estimator.decide_on(cell, digit, domain);
                    }
                    self.look.decide(usize::from(depth), cell, digit);
                    domain.len() as u32
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
            Event::Set { .. } | Event::Swap { .. } => {
                for cell in super::local_moves::moved(&event) {
                    self.origins[cell.index()] = Origin::Decision;
                    self.assigned_at[cell.index()] = self.step;
                }
                self.course.hear(&event, self.replay.grid())
            }
            Event::Limit => {
                self.look.hear(&event, depth_before);
                super::local_moves::limit_aux(self.events.stats().local)
            }
            _ => {
                // The estimator hears decisions above and selects below; here backtracks,
                // restarts and the end (arms of their own cost the match more: callgrind).
                if let Some(estimator) = &mut self.estimator {
                    estimator.observe_rest(&event);
                }
                self.look.hear(&event, depth_before)
            }
        };
        let logged = Logged {
            step: self.step,
            event,
            aux,
            cause_given,
        };
        let at = (self.step % RECENT as u64) as usize;
        self.recent[at] = logged;
        let mark = match (&mut self.marks, &self.events) {
            (Some(marks), Events::File(file)) => {
                marks[at] = file.last;
                Some(file.last)
            }
            _ => None,
        };
        if let Event::Select { cell, domain, .. } = event {
            self.last_select = Some(logged);
            self.last_select_mark = mark;
            if let Some(estimator) = &mut self.estimator {
                estimator.select(cell, domain);
            }
        }
        self.finished = self.events.is_finished();
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
        if let Events::Engine(search) = self.events {
            self.events = Events::Engine(search.with_schedule(schedule));
        }
        self
    }

    /// Forces select number `number` of this cursor's search (see [`Search::force`]).
    pub fn force(&mut self, number: u64, cell: crate::solver::Cell, digit: crate::solver::Digit) {
        if let Events::Engine(search) = &mut self.events {
            search.force(number, cell, digit);
        }
    }

    /// The search, as far as this cursor has run it (`None` for a stream: its solver is
    /// not here).
    pub fn search(&self) -> Option<&Search> {
        match &self.events {
            Events::Engine(search) => Some(search),
            Events::File(_) => None,
        }
    }

    /// The counters, as the engine counts them.
    pub fn stats(&self) -> &Stats {
        self.events.stats()
    }

    /// The error that stopped an event stream, if one did: the events before it are the
    /// whole timeline.
    pub fn error(&self) -> Option<&StreamError> {
        match &self.events {
            Events::File(f) => f.error.as_ref(),
            Events::Engine(_) => None,
        }
    }

    /// Whether the search has yielded its last event.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Whether the next advance would find the end, without reading an event: a stream
    /// that ends with its own `solution` (or `exhausted`) line hands that event out before
    /// it reads its end, so the cursor is not finished yet at its last event. Read from a
    /// copy parked at the same offset; false where an event follows, where the writer of a
    /// stream still being written has not finished, and for the engine's own searches
    /// (which know their end at their last event).
    pub fn ends_next(&self) -> bool {
        match &self.events {
            Events::File(file) if !self.finished => {
                let mut probe = file.clone();
                probe.next().is_none() && (probe.error.is_some() || probe.is_done())
            }
            Events::File(_) | Events::Engine(_) => false,
        }
    }

    /// Whether the last advance found no event only because the stream's writer has not
    /// written it yet (a stream still being written): more may come.
    pub fn is_waiting(&self) -> bool {
        match &self.events {
            Events::File(f) => f.error.is_none() && f.with(Stream::is_waiting, Stream::is_waiting),
            Events::Engine(_) => false,
        }
    }

    /// The writer of a stream still being written, if the events come from one.
    pub fn progress(&self) -> Option<&Arc<Progress>> {
        match &self.events {
            Events::File(f) => f.with(Stream::progress, Stream::progress),
            Events::Engine(_) => None,
        }
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

    /// For a stream: the mark of the event at `step`, if it is one of the last [`RECENT`].
    #[inline]
    pub fn mark(&self, step: u64) -> Option<StreamMark> {
        let marks = self.marks.as_ref()?;
        (step > 0 && step <= self.step && self.step - step < RECENT as u64)
            .then(|| marks[(step % RECENT as u64) as usize])
    }

    /// For a stream: the last select's mark.
    pub fn last_select_mark(&self) -> Option<StreamMark> {
        self.last_select_mark
    }

    /// Whether the checker warned about the event that led to this step (on every event
    /// of a fast-forward: inlined, it is one test for the engine's searches).
    #[inline]
    pub fn warned(&self) -> bool {
        self.mark(self.step).is_some_and(|m| m.warning.is_some())
    }

    /// The stream's file, for reading a line again (`None` for the engine).
    pub fn stream_file(&self) -> Option<&Shared> {
        match &self.events {
            Events::File(f) => Some(&f.file),
            Events::Engine(_) => None,
        }
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
        self.stats().solutions > 0
    }

    /// Whether the last event was a local search's step to fewer conflicts than ever.
    pub fn improved(&self) -> bool {
        self.course.improved()
    }

    /// What looks back: the culprits of the failure under way, the weights learned.
    pub fn look(&self) -> &LookBack {
        &self.look
    }

    /// How far along the search is at this step (see [`crate::solver::estimate`]).
    pub fn estimate(&self) -> Estimate {
        self.estimator
            .as_ref()
            .map_or(Estimate::Unknown, Estimator::estimate)
    }

    /// The estimator, as it has heard the events up to this step.
    pub fn estimator(&self) -> Option<&Estimator> {
        self.estimator.as_ref()
    }

    /// This cursor without its estimator, to measure what the estimator costs.
    #[must_use]
    pub fn without_estimate(mut self) -> Cursor {
        self.estimator = None;
        self
    }

    /// The arc queue derived from the events, for a search that maintains arc consistency
    /// by an algorithm, or a stream.
    pub fn queue(&self) -> Option<&QueueView> {
        self.queue.as_deref()
    }
}

pub use super::lookback_view::{Jump, LookBack};

mod events;
mod file;
use events::Events;
use file::{Attached, FileEvents, READ_BUFFER};
