//! A lane: one search's timeline, the cursor the view is at, and what the view derives
//! from the events around it (why the last cell was chosen, what the last backtrack undid).

use std::time::Duration;

use super::cursor::{Cursor, Logged, RECENT};
use super::progress::{Pace, Progress};
use super::timeline::Timeline;
use super::vocabulary::{self, SelectNote, Voice};
use crate::solver::{Cell, Conflict, Digit, Event, Puzzle, Strategy};

mod why;

pub use why::{WHY_CELLS, Why};

/// What removed one candidate of an inspected cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DomainHistory {
    /// The cell.
    pub cell: Cell,
    /// The step the history is as of.
    pub step: u64,
    /// The assignment in effect, if the cell holds a digit.
    pub assigned: Option<Logged>,
    /// Each removed digit with the prune in effect that removed it.
    pub removed: Vec<(Digit, Logged)>,
}

/// One search shown on screen.
#[derive(Clone, Debug)]
pub struct Lane {
    name: String,
    timeline: Timeline,
    cursor: Cursor,
    sequence: Option<Vec<Cell>>,
    why: Option<Why>,
    undone: Vec<Cell>,
    detail_step: Option<u64>,
    anim_step: Option<u64>,
    changed_at: Duration,
    manual: bool,
    /// For a stream: the own words of the selects in the log and of the last select, by
    /// step, read again from the stream's file when the details are refreshed.
    notes: Vec<(u64, SelectNote)>,
    /// The decisions made against the clock, for the time left.
    pace: Pace,
    /// A local search's last step: why it made its move.
    move_why: Option<super::local_moves::MoveWhy>,
}

impl Lane {
    /// A lane at step 0 of `strategy` on `puzzle`, named `name` (the preset).
    ///
    /// # Errors
    /// The puzzle's givens conflict.
    pub fn new(name: &str, puzzle: &Puzzle, strategy: Strategy) -> Result<Lane, Conflict> {
        let (timeline, cursor) = Timeline::new(puzzle, strategy)?;
        Ok(Lane::of(name.to_string(), timeline, cursor))
    }

    /// A lane over `timeline` at `cursor`, its details derived.
    fn of(name: String, timeline: Timeline, cursor: Cursor) -> Lane {
        let mut lane = Lane {
            name,
            timeline,
            cursor,
            sequence: None,
            why: None,
            undone: Vec::new(),
            detail_step: None,
            anim_step: None,
            changed_at: Duration::ZERO,
            manual: false,
            notes: Vec::new(),
            pace: Pace::default(),
            move_why: None,
        };
        lane.refresh(Duration::ZERO, true);
        lane
    }

    /// A lane that plays the event stream (a trace) whose bytes are `file`, named `name` in
    /// errors; the pane is called after the stream's solver, or else `pane`. It is checked
    /// as it plays; the first bad event ends it ([`Cursor::error`]). With `progress`, a
    /// stream still being written (standard input spooled as it arrives): the lane opens
    /// once the start object has arrived and plays the events as they come
    /// ([`Lane::is_waiting`]).
    pub fn from_stream(
        name: &str,
        pane: &str,
        file: crate::solver::stream::live::Shared,
        progress: Option<std::sync::Arc<crate::solver::stream::live::Progress>>,
    ) -> Result<Lane, crate::solver::stream::StreamError> {
        let (timeline, cursor, solver) = Timeline::from_stream(name, file, progress)?;
        Ok(Lane::of(
            solver.unwrap_or_else(|| pane.to_string()),
            timeline,
            cursor,
        ))
    }

    /// A lane whose search has decisions forced by `schedule` (a fork), named `name`.
    ///
    /// # Errors
    /// The puzzle's givens conflict.
    pub fn forked(
        name: &str,
        puzzle: &Puzzle,
        strategy: Strategy,
        schedule: crate::solver::search::Schedule,
    ) -> Result<Lane, Conflict> {
        let mut lane = Lane::new(name, puzzle, strategy)?;
        let (timeline, cursor) = Timeline::forked(puzzle, strategy, schedule)?;
        lane.timeline = timeline;
        lane.cursor = cursor;
        lane.refresh(Duration::ZERO, true);
        Ok(lane)
    }

    /// A lane whose cell order is the viewer (preset `you`): at every new select it waits
    /// for a pick ([`Lane::pick`]); `strategy` gives the inference and the value order after
    /// a refutation.
    ///
    /// # Errors
    /// The puzzle's givens conflict.
    pub fn manual(name: &str, puzzle: &Puzzle, strategy: Strategy) -> Result<Lane, Conflict> {
        let mut lane = Lane::forked(
            name,
            puzzle,
            strategy,
            crate::solver::search::Schedule::default(),
        )?;
        lane.manual = true;
        Ok(lane)
    }

    /// Whether a restart keeps this lane (back at step 0) rather than making it afresh from
    /// its preset: an event stream's (its solver is its own) or a fork's (its forced
    /// decisions are what it is).
    pub fn kept_on_restart(&self) -> bool {
        self.timeline.is_stream()
            || (!self.manual && self.cursor.search().is_some_and(|s| s.schedule().is_some()))
    }

    /// Whether the viewer chooses this lane's cells.
    pub fn is_manual(&self) -> bool {
        self.manual
    }

    /// Whether the lane waits for the viewer to choose the next cell: manual, at the
    /// frontier, the search's next step is a select, and it has no pick yet.
    pub fn awaits_pick(&self) -> bool {
        let Some(search) = self.cursor.search() else {
            return false;
        };
        self.manual
            && self.cursor.step() == self.timeline.frontier()
            && !self.cursor.is_finished()
            && search.awaiting_select()
            // A full board has nothing to choose: its next step is the solution.
            && search.state().grid().open_count() > 0
            && search
                .schedule()
                .is_none_or(|s| s.at(search.selects() + 1).is_none())
    }

    /// The viewer's pick for the select the lane waits at.
    pub fn pick(&mut self, cell: Cell, digit: Digit) {
        let Some(search) = self.cursor.search() else {
            return;
        };
        let number = search.selects() + 1;
        self.timeline.force(&mut self.cursor, number, cell, digit);
    }

    /// The preset name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The cursor the view is at.
    pub fn cursor(&self) -> &Cursor {
        &self.cursor
    }

    /// The timeline.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// This lane, at step 0, without the estimate of its search's size: what the estimate
    /// costs is measured against it (`cargo bench --bench tui`).
    #[must_use]
    pub fn without_estimate(mut self) -> Lane {
        self.timeline.without_estimate();
        self.cursor = self.timeline.checkpoint_at(0).clone();
        self
    }

    /// The timeline, to track decisions.
    pub fn timeline_mut(&mut self) -> &mut Timeline {
        &mut self.timeline
    }

    /// The current step.
    pub fn step(&self) -> u64 {
        self.cursor.step()
    }

    /// Where the tree panel reads the tree: once the search has ended and its tree is
    /// whole, the whole tree (the view's step marked in it, what came after dimmed), so
    /// that stepping back or jumping to a node does not shrink it; else the tree as it
    /// stood at the view's step.
    pub fn tree_at(&self) -> crate::app::tree::At {
        let step = self.step();
        let whole = self.timeline.end().is_some()
            && self.timeline.grows_tree()
            && self.timeline.tree_progress().is_none();
        crate::app::tree::At {
            view: if whole {
                self.timeline.tree().frontier().max(step)
            } else {
                step
            },
            step,
        }
    }

    /// Whether the cursor is on the search's last event.
    pub fn at_end(&self) -> bool {
        self.cursor.is_finished()
    }

    /// Whether the lane is at all the events that have arrived of a stream still being
    /// written, its last advance having found no further one yet: not the end, more may
    /// come.
    pub fn is_waiting(&self) -> bool {
        self.cursor.is_waiting() && self.cursor.step() == self.timeline.frontier()
    }

    /// How far along the search is at this step; with the time left at the pace the lane
    /// has gone lately if it is `running`. The estimate is of the whole tree, and a view's
    /// search stops at its first solution (a stream wherever its solver stops): it is a
    /// bound on the search shown.
    pub fn progress(&self, running: bool) -> Progress {
        Progress::new(
            self.cursor.estimate(),
            self.cursor.stats().nodes,
            self.pace.rate().filter(|_| running),
            self.at_end(),
            true,
        )
    }

    /// Why the last selected cell was chosen.
    pub fn why(&self) -> Option<&Why> {
        self.why.as_ref()
    }

    /// A local search's last step, and why it made its move (as of the last refresh with
    /// details).
    pub fn move_why(&self) -> Option<&super::local_moves::MoveWhy> {
        self.move_why.as_ref()
    }

    /// The cells the last event (a backtrack) emptied.
    pub fn undone(&self) -> &[Cell] {
        &self.undone
    }

    /// When the view last moved, for the animation.
    pub fn changed_at(&self) -> Duration {
        self.changed_at
    }

    /// Applies one event; `None` at the end.
    #[inline]
    pub fn advance(&mut self) -> Option<Event> {
        if self.manual && self.awaits_pick() {
            return None;
        }
        self.timeline.advance(&mut self.cursor)
    }

    /// Moves to `step` (or the end).
    pub fn seek(&mut self, step: u64) {
        self.timeline.seek(&mut self.cursor, step);
    }

    /// Moves to the event of decision number `nodes` (or the end).
    pub fn seek_nodes(&mut self, nodes: u64) {
        self.timeline.seek_nodes(&mut self.cursor, nodes);
    }

    /// Whether the lane's search is a local search (see [`Timeline::is_local`]).
    pub fn is_local(&self) -> bool {
        self.timeline.is_local()
    }

    /// The last step before the current one whose event satisfies `wanted`.
    pub fn find_back(&mut self, wanted: impl Fn(&Event) -> bool) -> Option<u64> {
        let step = self.cursor.step();
        self.timeline.find_back(step, wanted)
    }

    /// The last step before the current one where `wanted` holds of the event and the
    /// cursor at it.
    pub fn find_back_where(&mut self, wanted: impl FnMut(&Event, &Cursor) -> bool) -> Option<u64> {
        let step = self.cursor.step();
        self.timeline.find_back_where(step, wanted)
    }

    /// Recomputes what the view derives from the events, if the step changed since; `now`
    /// starts the animation of the new step.
    /// Without `details` (while running fast) only the animation clock moves; why this cell
    /// and the undone cells wait for the next refresh with details.
    pub fn refresh(&mut self, now: Duration, details: bool) {
        self.pace.record(now, self.cursor.stats().nodes);
        let step = self.cursor.step();
        if self.anim_step != Some(step) {
            self.anim_step = Some(step);
            self.changed_at = now;
            self.undone.clear();
        }
        if !details || self.detail_step == Some(step) {
            return;
        }
        self.detail_step = Some(step);
        if let Some(Logged {
            event: Event::Backtrack { .. },
            ..
        }) = self.cursor.last()
        {
            let before = self.timeline.cursor_at(step - 1);
            let (was, is) = (before.replay().grid(), self.cursor.replay().grid());
            self.undone = was
                .geometry()
                .cells()
                .filter(|&c| !was.is_open(c) && is.is_open(c))
                .collect();
        }
        if self.is_local() {
            // A local search's why: its last step's move, weighed on the board before it.
            self.move_why = self.cursor.last().and_then(|logged| {
                let before = self.timeline.cursor_at(step - 1);
                super::local_moves::explain(self.timeline.puzzle(), before.replay().grid(), &logged)
            });
            return;
        }
        let select = self.cursor.last_select();
        if select.map(|s| s.step) != self.why.as_ref().map(|w| w.select.step) {
            self.why = select.map(|s| self.explain_select(s));
        }
        self.read_notes();
    }

    /// Reads again the lines of the selects a view may show (the log's and the last), for
    /// a stream's own words; the notes of others are dropped.
    fn read_notes(&mut self) {
        let Some(file) = self.cursor.stream_file().cloned() else {
            return;
        };
        let mut wanted: Vec<(u64, u64)> = self
            .cursor
            .recent(RECENT)
            .filter(|l| matches!(l.event, Event::Select { .. }))
            .filter_map(|l| self.cursor.mark(l.step).map(|m| (l.step, m.offset)))
            .collect();
        if let (Some(select), Some(mark)) =
            (self.cursor.last_select(), self.cursor.last_select_mark())
        {
            wanted.push((select.step, mark.offset));
        }
        self.notes
            .retain(|(step, _)| wanted.iter().any(|w| w.0 == *step));
        for (step, offset) in wanted {
            if !self.notes.iter().any(|n| n.0 == step) {
                let note = vocabulary::read_note(&file, offset).unwrap_or_default();
                self.notes.push((step, note));
            }
        }
    }

    /// What the select at `step` says of itself, for a stream, once read.
    pub fn select_note(&self, step: u64) -> Option<&SelectNote> {
        self.notes.iter().find(|n| n.0 == step).map(|n| &n.1)
    }

    /// The words to tell `logged` in: the engine's cell order, or the stream's own words
    /// (with its select's note and its warning, when `logged` is among the recent events).
    pub fn voice(&self, logged: &Logged) -> Voice<'_> {
        match (self.timeline.strategy(), self.timeline.stream_header()) {
            (_, Some(header)) => Voice::Stream {
                header,
                note: self.select_note(logged.step),
                warning: self.cursor.mark(logged.step).and_then(|m| m.warning),
            },
            (Some(strategy), None) => Voice::Engine(strategy.order),
            (None, None) => Voice::Engine(crate::solver::CellOrder::Mrv),
        }
    }

    /// Which event removed each candidate of `cell` that is gone at the current step, and
    /// the assignment in effect: the cursor keeps the step of each cell's latest prune of
    /// each digit, and each event is regenerated from the checkpoint before it.
    pub fn domain_history(&mut self, cell: Cell) -> DomainHistory {
        let grid = self.cursor.replay().grid();
        let full = crate::solver::Domain::full(grid.geometry().size());
        let gone = full.minus(grid.domain(cell));
        let assigned_step = (grid.value(cell).is_some()
            && self.timeline.puzzle().given(cell).is_none())
        .then(|| self.cursor.assigned_at(cell))
        .filter(|&s| s > 0);
        let pruned: Vec<(Digit, u64)> = gone
            .iter()
            .map(|d| (d, self.cursor.pruned_at(cell, d)))
            .filter(|&(_, s)| s > 0)
            .collect();
        let mut event_at = |step: u64| self.timeline.cursor_at(step).last();
        let assigned = assigned_step.and_then(&mut event_at);
        let removed = pruned
            .into_iter()
            .filter_map(|(d, s)| event_at(s).map(|l| (d, l)))
            .collect();
        DomainHistory {
            cell,
            step: self.cursor.step(),
            assigned,
            removed,
        }
    }
}
