//! One search's timeline: checkpoints every K events, so that any step can be regenerated
//! by re-running the (deterministic) search from the nearest one. Memory stays bounded:
//! when the checkpoints reach [`MAX_CHECKPOINTS`], every other one is dropped and K doubles.

mod grow;

pub use grow::CATCH_UP_SLICE;

use super::cursor::Cursor;
use super::trace::DepthTrace;
use crate::solver::stream::StreamError;
use crate::solver::{Event, Limits, Puzzle, Search, SearchTree, Strategy};

/// The most checkpoints a timeline keeps.
pub const MAX_CHECKPOINTS: usize = 2048;
/// The spacing of checkpoints on a short search.
pub const FIRST_SPACING: u64 = 256;

/// Every step of one search, reachable in bounded time and memory.
#[derive(Clone, Debug)]
pub struct Timeline {
    puzzle: Puzzle,
    /// The engine's strategy; `None` for a stream, whose solver is known only by its own
    /// words ([`Timeline::stream_header`]).
    strategy: Option<Strategy>,
    checkpoints: Vec<Cursor>,
    spacing: u64,
    next_checkpoint: u64,
    frontier: u64,
    end: Option<u64>,
    trace: DepthTrace,
    tree: SearchTree,
    grow_tree: bool,
    /// The tree being built again from step 0 while the view goes on (see `grow`).
    catch_up: Option<Box<grow::CatchUp>>,
    /// Whether the stream has restarted (its tree shows runs).
    stream_restarts: bool,
    /// The error that ended an event stream's timeline, once reached.
    error: Option<StreamError>,
    /// For a stream: its start object (what it says of its search).
    stream: Option<Box<crate::solver::stream::Header>>,
    /// For a local search, its conflicts after the last event observed (`None` for a
    /// backtracking search): its trace is then of conflicts, not depth.
    local: Option<u16>,
    /// Whether an arc revision has come up to the frontier.
    revises: bool,
}

impl Timeline {
    /// The timeline of `strategy` on `puzzle`, stopping at the first solution, and its
    /// cursor at step 0.
    ///
    /// # Errors
    /// The puzzle's givens conflict.
    pub fn new(
        puzzle: &Puzzle,
        strategy: Strategy,
    ) -> Result<(Timeline, Cursor), crate::solver::Conflict> {
        let search = Search::with_limits(
            puzzle,
            strategy,
            Limits {
                solutions: 1,
                nodes: None,
                deadline: None,
            },
        )?;
        let cursor = Cursor::new(puzzle, search);
        let timeline = Timeline::starting_at(puzzle.clone(), Some(strategy), &cursor, None);
        Ok((timeline, cursor))
    }

    /// A timeline whose only checkpoint is `cursor`, at step 0.
    fn starting_at(
        puzzle: Puzzle,
        strategy: Option<Strategy>,
        cursor: &Cursor,
        stream: Option<Box<crate::solver::stream::Header>>,
    ) -> Timeline {
        let local = strategy.is_some_and(|s| s.local().is_some())
            || stream.as_ref().is_some_and(|h| h.local);
        Timeline {
            puzzle,
            strategy,
            checkpoints: vec![cursor.clone()],
            spacing: FIRST_SPACING,
            next_checkpoint: FIRST_SPACING,
            frontier: 0,
            end: None,
            trace: DepthTrace::default(),
            tree: SearchTree::new(),
            grow_tree: false,
            catch_up: None,
            stream_restarts: false,
            error: None,
            stream,
            local: local.then_some(0),
            revises: false,
        }
    }

    /// The timeline of the event stream (a trace, docs/trace-format.md) whose bytes are
    /// `file`, named `name`, and its cursor at step 0, and the solver's name if the stream
    /// gives one. The stream is checked as it is read; the first error ends the timeline
    /// there ([`Cursor::error`]). It has no strategy: a stream's solver is known only by its
    /// events and its own words. With `progress`, a stream still being written (see
    /// [`Cursor::from_stream`]): the timeline then grows as events arrive, and has no end
    /// before the writer finishes.
    pub fn from_stream(
        name: &str,
        file: crate::solver::stream::live::Shared,
        progress: Option<std::sync::Arc<crate::solver::stream::live::Progress>>,
    ) -> Result<(Timeline, Cursor, Option<String>), StreamError> {
        let (header, cursor) = Cursor::from_stream(name, file, progress)?;
        Ok(Timeline::of_stream(header, cursor))
    }

    fn of_stream(
        header: crate::solver::stream::Header,
        cursor: Cursor,
    ) -> (Timeline, Cursor, Option<String>) {
        let solver = header.solver.clone();
        let timeline =
            Timeline::starting_at(header.puzzle.clone(), None, &cursor, Some(Box::new(header)));
        (timeline, cursor, solver)
    }

    /// [`Timeline::new`] with decisions forced by `schedule` (a fork): deterministic like
    /// any search, so its checkpoints re-run identically.
    ///
    /// # Errors
    /// The puzzle's givens conflict.
    pub fn forked(
        puzzle: &Puzzle,
        strategy: Strategy,
        schedule: crate::solver::search::Schedule,
    ) -> Result<(Timeline, Cursor), crate::solver::Conflict> {
        let (mut timeline, cursor) = Timeline::new(puzzle, strategy)?;
        let cursor = cursor.with_schedule(schedule);
        timeline.checkpoints = vec![cursor.clone()];
        Ok((timeline, cursor))
    }

    /// Forces select number `number` in `cursor` and in every checkpoint, so that any
    /// re-run makes the same choice (a manual order's pick).
    pub fn force(
        &mut self,
        cursor: &mut Cursor,
        number: u64,
        cell: crate::solver::Cell,
        digit: crate::solver::Digit,
    ) {
        cursor.force(number, cell, digit);
        for c in &mut self.checkpoints {
            c.force(number, cell, digit);
        }
        self.force_catch_up(number, cell, digit);
    }

    /// Drops the estimator from the checkpoints, so that the cursors run on from them
    /// without it (see [`Lane::without_estimate`](super::Lane::without_estimate)).
    pub fn without_estimate(&mut self) {
        for c in &mut self.checkpoints {
            *c = c.clone().without_estimate();
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The engine's strategy (`None` for a stream).
    pub fn strategy(&self) -> Option<Strategy> {
        self.strategy
    }

    /// A stream's start object (`None` for the engine).
    pub fn stream_header(&self) -> Option<&crate::solver::stream::Header> {
        self.stream.as_deref()
    }

    /// The furthest step generated so far.
    pub fn frontier(&self) -> u64 {
        self.frontier
    }

    /// The number of events, once the search has ended.
    pub fn end(&self) -> Option<u64> {
        self.end
    }

    /// The writer of an event stream still being written (standard input), while it
    /// writes: the timeline may grow past its frontier. `None` once it has finished, and
    /// for a file or the engine.
    pub fn writer(&self) -> Option<&crate::solver::stream::live::Progress> {
        self.progress().filter(|p| !p.is_finished())
    }

    /// The writer of an event stream that was written as the timeline grew (standard
    /// input), finished or not.
    pub fn progress(&self) -> Option<&crate::solver::stream::live::Progress> {
        self.checkpoints[0].progress().map(std::sync::Arc::as_ref)
    }

    /// Whether the search is a local search (min-conflicts, or a stream that says
    /// `"search":"local"`): a complete assignment changed step by step, with no tree.
    pub fn is_local(&self) -> bool {
        self.local.is_some()
    }

    /// Whether the search revises arcs: its strategy maintains arc consistency by an
    /// algorithm, or a revision has come up to the frontier (a stream).
    pub fn revises(&self) -> bool {
        self.revises || self.strategy.is_some_and(|s| s.inference.arcs.is_some())
    }

    /// Whether the events come from a stream (a trace) rather than the engine.
    pub fn is_stream(&self) -> bool {
        self.stream.is_some()
    }

    /// The error that ends an event stream's timeline, once the timeline has reached it.
    pub fn error(&self) -> Option<&StreamError> {
        self.error.as_ref()
    }

    /// The depth trace up to the frontier.
    pub fn trace(&self) -> &DepthTrace {
        &self.trace
    }

    /// The estimate of the search's size at each checkpoint, by step: how the estimate
    /// moved as the search went (the checkpoints carry their estimators).
    pub fn estimates(&self) -> impl Iterator<Item = (u64, crate::solver::estimate::Estimate)> + '_ {
        self.checkpoints.iter().map(|c| (c.step(), c.estimate()))
    }

    /// Current checkpoint spacing and count.
    pub fn checkpoints(&self) -> (u64, usize) {
        (self.spacing, self.checkpoints.len())
    }

    /// Advances `cursor` by one event, recording it if it is new; `None` at the end, or
    /// at what has arrived so far of a stream still being written ([`Cursor::is_waiting`]).
    #[inline]
    pub fn advance(&mut self, cursor: &mut Cursor) -> Option<Event> {
        let event = cursor.advance();
        if cursor.step() > self.frontier {
            if let Some(e) = &event {
                self.observe(cursor, e);
            }
        }
        if cursor.is_finished() {
            self.end = Some(cursor.step());
            if self.error.is_none() {
                self.error = cursor.error().cloned();
            }
        }
        event
    }

    #[inline]
    fn observe(&mut self, cursor: &Cursor, event: &Event) {
        let step = cursor.step();
        self.frontier = step;
        let depth = if let Some(conflicts) = &mut self.local {
            // A local search's trace is of its conflicts over time.
            *conflicts = event.conflicts().unwrap_or(*conflicts);
            *conflicts
        } else {
            event.depth().unwrap_or_else(|| cursor.replay().depth()) as u16
        };
        self.trace.record(step, event, depth, cursor.warned());
        self.revises |= matches!(event, Event::Revise { .. });
        if self.grow_tree && self.catch_up.is_none() {
            self.tree.observe(step, event);
            if let Event::Restart { .. } = event {
                self.restarted();
            }
        }
        if step == self.next_checkpoint {
            self.checkpoints.push(cursor.clone());
            if self.checkpoints.len() > MAX_CHECKPOINTS {
                self.spacing *= 2;
                let spacing = self.spacing;
                self.checkpoints.retain(|c| c.step() % spacing == 0);
            }
            self.next_checkpoint = self.checkpoints.last().map_or(0, Cursor::step) + self.spacing;
        }
    }

    /// The checkpoint at or before `step` (a cursor to clone and run on).
    pub fn checkpoint_at(&self, step: u64) -> &Cursor {
        self.checkpoint(step)
    }

    /// The checkpoint at or before `step`.
    fn checkpoint(&self, step: u64) -> &Cursor {
        let i = ((step / self.spacing) as usize).min(self.checkpoints.len() - 1);
        &self.checkpoints[i]
    }

    /// Moves `cursor` to `step` (or the end, if the search ends before), from the cursor
    /// itself when that is nearer than the checkpoint before `step`.
    pub fn seek(&mut self, cursor: &mut Cursor, step: u64) {
        let from = self.checkpoint(step);
        if cursor.step() > step || cursor.step() < from.step() {
            *cursor = from.clone();
        }
        while cursor.step() < step && self.advance(cursor).is_some() {}
    }

    /// A new cursor at `step`.
    pub fn cursor_at(&mut self, step: u64) -> Cursor {
        let mut cursor = self.checkpoint(step).clone();
        self.seek(&mut cursor, step);
        cursor
    }

    /// Moves `cursor` to the event that makes decision number `nodes` (a local search's
    /// step number `nodes`; see [`Stats::pace`](crate::solver::Stats::pace)), or the end.
    pub fn seek_nodes(&mut self, cursor: &mut Cursor, nodes: u64) {
        let i = self
            .checkpoints
            .partition_point(|c| c.stats().pace() < nodes)
            .saturating_sub(1);
        let from = &self.checkpoints[i];
        if cursor.stats().pace() >= nodes || cursor.step() < from.step() {
            *cursor = from.clone();
        }
        while cursor.stats().pace() < nodes && self.advance(cursor).is_some() {}
    }

    /// The last step before `before` whose event satisfies `wanted`, searching back one
    /// checkpoint span at a time.
    pub fn find_back(&mut self, before: u64, wanted: impl Fn(&Event) -> bool) -> Option<u64> {
        self.find_back_where(before, |e, _| wanted(e))
    }

    /// [`Timeline::find_back`] with a test that also sees the cursor at the event's step
    /// (its counters and depth).
    pub fn find_back_where(
        &mut self,
        before: u64,
        mut wanted: impl FnMut(&Event, &Cursor) -> bool,
    ) -> Option<u64> {
        for (span_start, span_end) in self.spans_back(before) {
            let mut scratch = self.checkpoint(span_start).clone();
            let mut found = None;
            while scratch.step() + 1 < span_end {
                match self.advance(&mut scratch) {
                    Some(e) if wanted(&e, &scratch) => found = Some(scratch.step()),
                    Some(_) => {}
                    None => break,
                }
            }
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The checkpoint spans before step `before`, latest first, for searching back one span
    /// at a time: each as its checkpoint's step and the step its events stop short of
    /// (`before` for the latest, then the next checkpoint's step + 1). Checkpoints sit at
    /// every multiple of the spacing from step 0.
    pub fn spans_back(&self, before: u64) -> impl Iterator<Item = (u64, u64)> + use<> {
        let spacing = self.spacing;
        let last = self.checkpoints.len().saturating_sub(1) as u64;
        let top = before.checked_sub(2).map(|step| (step / spacing).min(last));
        top.into_iter().flat_map(move |top| {
            (0..=top).rev().map(move |i| {
                let end = if i == top {
                    before
                } else {
                    (i + 1) * spacing + 1
                };
                (i * spacing, end)
            })
        })
    }

    /// Approximate bytes held by the checkpoints (for the memory report).
    pub fn approx_bytes(&self) -> usize {
        let cells = self.puzzle.geometry().cell_count();
        self.checkpoints.len() * (std::mem::size_of::<Cursor>() + cells * 24)
            + self.trace.buckets().len() * 8
            + self.tree.approx_bytes()
    }
}

#[cfg(test)]
mod tests {
    #![expect(clippy::expect_used, reason = "tests fail by panicking")]

    use super::{FIRST_SPACING, MAX_CHECKPOINTS};
    use crate::app::Lane;
    use crate::solver::{Puzzle, preset};

    /// The spans back from a step chain down to step 0 without a gap or an overlap, each
    /// from a checkpoint, also once the spacing has doubled.
    #[test]
    fn the_spans_back_chain_from_checkpoint_to_checkpoint_down_to_step_0() {
        let puzzle: Puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("valid puzzle text");
        let strategy = preset::find("bt").expect("a preset").strategy;
        let mut lane = Lane::new("bt", &puzzle, strategy).expect("no clashing givens");
        let events = MAX_CHECKPOINTS as u64 * FIRST_SPACING + 50_000;
        for _ in 0..events {
            lane.advance()
                .expect("bt runs longer than this on this puzzle");
        }
        let timeline = lane.timeline();
        let spacing = timeline.checkpoints().0;
        assert!(spacing > FIRST_SPACING, "the spacing has doubled");
        for before in [2, 3, spacing + 1, spacing + 2, 5 * spacing + 7, lane.step()] {
            let spans: Vec<(u64, u64)> = timeline.spans_back(before).collect();
            assert_eq!(spans.first().map(|s| s.1), Some(before), "from {before}");
            assert_eq!(
                spans.last().map(|s| s.0),
                Some(0),
                "down to 0 from {before}"
            );
            for pair in spans.windows(2) {
                assert_eq!(pair[1].1, pair[0].0 + 1, "from {before}: {pair:?}");
            }
            for &(start, end) in &spans {
                assert!(start < end, "from {before}: {start}..{end}");
                assert_eq!(timeline.checkpoint_at(start).step(), start, "from {before}");
            }
        }
        assert_eq!(timeline.spans_back(1).count(), 0, "nothing before step 1");
    }
}
