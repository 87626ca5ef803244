//! Breakpoints in the views: the numbered list, continue to the next hit (`c`) and reverse
//! continue to the previous one (`C`), and the hits found so far per pane.

use super::cursor::Cursor;
use super::{App, Goal, Lane, Lock};
use crate::solver::condition::{
    Bound, Condition, ConditionError, Decisions, KINDS, Measure, Probe, kind_bit, kind_index,
};
use crate::solver::{Event, Geometry};

/// One breakpoint: its number (as `delete N` names it), its condition and its hit count.
#[derive(Clone, Debug)]
pub struct Breakpoint {
    /// Its number, from 1, never reused in a session.
    pub id: usize,
    /// The condition as parsed (kept to bind again on another board).
    pub condition: Condition,
    /// The condition bound to the board on screen.
    pub bound: Bound,
    /// How many times a run stopped at it.
    pub hits: u64,
}

/// The breakpoints of a session.
#[derive(Clone, Debug, Default)]
pub struct Breakpoints {
    list: Vec<Breakpoint>,
    next_id: usize,
    kinds: u16,
    /// For each event kind (by [`kind_index`]), the guards of the breakpoints that can
    /// hold at it, flat: one slice walk per event, the trees only past a guard.
    checks: [Vec<Check>; KINDS],
    /// The same split in two: guards on a measure that can change any way (depth, or no
    /// guard at all), tested at every event ...
    always: [Vec<Check>; KINDS],
    /// ... and guards on a measure that grows by at most one per event (the step and the
    /// counters), which a run skips while no floor can be reached.
    monotone: [Vec<Check>; KINDS],
    /// Every monotone guard, of any kind: how far the nearest floor is.
    floors: Vec<(Measure, u64, u64)>,
    /// For each kind whose `always` guards are all on the depth, the least depth floor:
    /// below it the event is passed over without building a probe.
    depth_gate: [Option<u64>; KINDS],
    /// Whether a breakpoint reads the decisions a backtrack jumps over (`backjump`,
    /// `skip`): a run without the view's look-back must keep them then.
    reads_jumps: bool,
}

/// One guard alternative of one breakpoint: `floor <= measure <= ceiling`, then its tree.
#[derive(Clone, Copy, Debug)]
struct Check {
    measure: Measure,
    floor: u64,
    ceiling: u64,
    index: u16,
}

/// A stop at a breakpoint: where, and which one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Each pane's step at the stop (the view shows BREAK while the panes stay there).
    pub steps: Vec<u64>,
    /// The breakpoint's number.
    pub id: usize,
    /// Its condition, as written back.
    pub text: String,
}

/// The app's steering state: breakpoints, the stop at one, the known hits, the `:` prompt.
#[derive(Clone, Debug, Default)]
pub(super) struct Steer {
    pub(super) breakpoints: Breakpoints,
    pub(super) hit: Option<Hit>,
    pub(super) hit_steps: Vec<Vec<u64>>,
    pub(super) command: Option<super::command::CommandLine>,
    pub(super) breaks_shown: bool,
    pub(super) fork: Option<super::fork::ForkPicker>,
    /// A manual pane's picker the viewer closed: the pane and its step.
    pub(super) dismissed: Option<(usize, u64)>,
}

/// What a condition sees at the cursor's step, for the event that led to it.
#[inline]
pub fn probe<'a>(event: &'a Event, cursor: &'a Cursor) -> Probe<'a> {
    Probe {
        event,
        step: cursor.step(),
        depth: event.depth().unwrap_or_else(|| cursor.replay().depth()),
        stats: cursor.stats(),
        jumped: cursor.look().jumped(),
    }
}

impl Breakpoints {
    /// Adds `text` bound to `geometry`; returns the new breakpoint's number.
    pub fn add(&mut self, text: &str, geometry: &Geometry) -> Result<usize, ConditionError> {
        let condition = Condition::parse(text)?;
        let bound = condition.bind(geometry)?;
        self.next_id += 1;
        self.list.push(Breakpoint {
            id: self.next_id,
            condition,
            bound,
            hits: 0,
        });
        self.index();
        Ok(self.next_id)
    }

    /// Removes breakpoint `id`; whether it existed.
    pub fn delete(&mut self, id: usize) -> bool {
        let before = self.list.len();
        self.list.retain(|b| b.id != id);
        self.index();
        self.list.len() != before
    }

    /// Removes every breakpoint.
    pub fn clear(&mut self) {
        self.list.clear();
        self.index();
    }

    /// Recomputes the kind mask and the lists by kind.
    fn index(&mut self) {
        self.kinds = self.list.iter().fold(0, |k, b| k | b.bound.kinds());
        self.reads_jumps = self.list.iter().any(|b| b.bound.reads_jumps());
        let list = &self.list;
        self.checks = std::array::from_fn(|kind| {
            let mut checks = Vec::new();
            for (i, b) in list.iter().enumerate() {
                if b.bound.kinds() & (1 << kind) == 0 {
                    continue;
                }
                let index = i as u16;
                match b.bound.guard() {
                    Some(alternatives) => {
                        checks.extend(alternatives.iter().map(|&(measure, floor, ceiling)| {
                            Check {
                                measure,
                                floor,
                                ceiling,
                                index,
                            }
                        }));
                    }
                    None => checks.push(Check {
                        measure: Measure::Step,
                        floor: 0,
                        ceiling: u64::MAX,
                        index,
                    }),
                }
            }
            checks
        });
        let grows = |c: &Check| c.measure.grows_by_one() && (c.floor > 0 || c.ceiling < u64::MAX);
        self.always = std::array::from_fn(|k| {
            self.checks[k]
                .iter()
                .copied()
                .filter(|c| !grows(c))
                .collect()
        });
        self.monotone =
            std::array::from_fn(|k| self.checks[k].iter().copied().filter(grows).collect());
        self.depth_gate = std::array::from_fn(|k| {
            let always = &self.always[k];
            always
                .iter()
                .all(|c| c.measure == Measure::Depth && c.floor > 0 && c.ceiling == u64::MAX)
                .then(|| always.iter().map(|c| c.floor).min().unwrap_or(u64::MAX))
        });
        self.floors = self
            .monotone
            .iter()
            .flatten()
            .map(|c| (c.measure, c.floor, c.ceiling))
            .collect();
    }

    /// The breakpoints, in the order they were added.
    pub fn list(&self) -> &[Breakpoint] {
        &self.list
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Binds every condition again on another board, dropping those that do not fit it.
    pub fn rebind(&mut self, geometry: &Geometry) {
        self.list.retain_mut(|b| match b.condition.bind(geometry) {
            Ok(bound) => {
                b.bound = bound;
                true
            }
            Err(_) => false,
        });
        self.index();
    }

    /// The first breakpoint that holds at the cursor, whose last event is `event`.
    #[inline]
    pub fn first_hit(&self, event: &Event, cursor: &Cursor) -> Option<usize> {
        if self.kinds & kind_bit(event) == 0 {
            return None;
        }
        self.first_hit_probe(&probe(event, cursor))
    }

    /// Whether a breakpoint holds at the cursor, whose last event is `event`, for a run
    /// that tests every event in order: `quiet` (0 at the start of a run) counts the events
    /// ahead at which no step or counter range can be entered yet, since each grows by at
    /// most one per event and a range left behind stays behind; those events test only the
    /// other guards.
    #[inline]
    pub fn hit_in_run(&self, event: &Event, cursor: &Cursor, quiet: &mut u64) -> bool {
        self.hit_in_run_with(event, quiet, || probe(event, cursor))
    }

    /// [`Breakpoints::hit_in_run`] with the probe made by `make`, only when needed.
    #[inline]
    fn hit_in_run_with<'a>(
        &self,
        event: &Event,
        quiet: &mut u64,
        make: impl FnOnce() -> Probe<'a>,
    ) -> bool {
        let kind = kind_index(event);
        let monotone = if *quiet > 0 {
            *quiet -= 1;
            false
        } else {
            true
        };
        let always = &self.always[kind];
        let gated = self.depth_gate[kind]
            .is_some_and(|floor| event.depth().is_some_and(|d| (d as u64) < floor));
        if gated && !monotone {
            return false;
        }
        let p = make();
        let passes = |c: &Check| {
            (c.floor..=c.ceiling).contains(&p.measure(c.measure))
                && self
                    .list
                    .get(usize::from(c.index))
                    .is_some_and(|b| b.bound.holds_guarded(&p))
        };
        if !gated && always.iter().any(passes) {
            return true;
        }
        if monotone {
            if self.monotone[kind].iter().any(passes) {
                return true;
            }
            // A range already left behind is closed for the rest of the run.
            let nearest = self
                .floors
                .iter()
                .filter(|&&(m, _, ceiling)| p.measure(m) <= ceiling)
                .map(|&(m, floor, _)| floor.saturating_sub(p.measure(m)))
                .min()
                .unwrap_or(u64::MAX);
            *quiet = nearest.saturating_sub(1);
        }
        false
    }

    /// The last step before the lane's where a breakpoint holds: reverse continue. Each
    /// checkpoint span, latest first, is re-run on a clone of its search alone (no replay:
    /// the event, the engine's depth and counters are all a condition reads), in order, so
    /// the quiet count of [`Breakpoints::hit_in_run`] applies, from 0 in each span (a
    /// range closed later may be open earlier).
    pub fn find_back(&self, lane: &Lane) -> Option<u64> {
        let timeline = lane.timeline();
        timeline
            .spans_back(lane.step())
            .find_map(|(span_start, span_end)| {
                let checkpoint = timeline.checkpoint_at(span_start);
                match checkpoint.search() {
                    Some(search) => self.span_hit(
                        search.clone(),
                        checkpoint.look().stack(),
                        span_start,
                        span_end,
                    ),
                    // A stream has no search to re-run: its cursor reads the file again.
                    None => self.span_hit_stream(checkpoint.clone(), span_end),
                }
            })
    }

    /// The last step in `span_start + 1 .. span_end` where a breakpoint holds, re-running
    /// `search` from `span_start`, where `stack` is the decisions in effect (kept on only
    /// when a breakpoint reads what a backtrack jumps over).
    fn span_hit(
        &self,
        mut search: crate::solver::Search,
        stack: &[(crate::solver::Cell, crate::solver::Digit)],
        span_start: u64,
        span_end: u64,
    ) -> Option<u64> {
        let mut quiet = 0;
        let mut step = span_start;
        let mut found = None;
        let mut decisions = self.reads_jumps.then(|| Decisions::starting_with(stack));
        while step + 1 < span_end {
            let Some(event) = search.next() else { break };
            step += 1;
            if let Some(d) = &mut decisions {
                d.hear(&event);
            }
            let hit = self.hit_in_run_with(&event, &mut quiet, || Probe {
                event: &event,
                step,
                depth: event.depth().unwrap_or_else(|| search.state().depth()),
                stats: search.stats(),
                jumped: decisions.as_ref().map_or(&[], Decisions::jumped),
            });
            if hit {
                found = Some(step);
            }
        }
        found
    }

    /// [`Breakpoints::span_hit`] for a stream's lane: its cursor advanced from a checkpoint.
    fn span_hit_stream(
        &self,
        mut cursor: crate::app::cursor::Cursor,
        span_end: u64,
    ) -> Option<u64> {
        let mut quiet = 0;
        let mut found = None;
        while cursor.step() + 1 < span_end {
            let Some(event) = cursor.advance() else { break };
            let step = cursor.step();
            let hit = self.hit_in_run_with(&event, &mut quiet, || Probe {
                event: &event,
                step,
                depth: event.depth().unwrap_or_else(|| cursor.replay().depth()),
                stats: cursor.stats(),
                jumped: cursor.look().jumped(),
            });
            if hit {
                found = Some(step);
            }
        }
        found
    }

    /// The first breakpoint that holds at this step.
    #[inline]
    pub fn first_hit_probe(&self, p: &Probe<'_>) -> Option<usize> {
        self.checks[kind_index(p.event)]
            .iter()
            .filter(|c| p.measure(c.measure) >= c.floor)
            .map(|c| usize::from(c.index))
            .find(|&i| self.list.get(i).is_some_and(|b| b.bound.holds_guarded(p)))
    }

    /// Whether any breakpoint holds at the cursor's step.
    #[inline]
    pub fn hits_at(&self, cursor: &Cursor) -> Option<usize> {
        let last = cursor.last()?;
        self.first_hit(&last.event, cursor)
    }
}

impl App {
    /// The breakpoints.
    pub fn breakpoints(&self) -> &Breakpoints {
        &self.steer.breakpoints
    }

    /// The stop at a breakpoint the view is at, if it has not moved since.
    pub fn hit(&self) -> Option<&Hit> {
        self.steer.hit.as_ref().filter(|h| {
            h.steps.len() == self.lanes.len()
                && h.steps.iter().zip(&self.lanes).all(|(s, l)| *s == l.step())
        })
    }

    /// The steps of pane `lane` known to hit a breakpoint (stops of forward and reverse
    /// continue, and of runs), sorted: what the depth trace and the tree mark.
    pub fn hit_steps(&self, lane: usize) -> &[u64] {
        self.steer.hit_steps.get(lane).map_or(&[], Vec::as_slice)
    }

    /// Adds a breakpoint on the puzzle's board; returns its number.
    pub fn add_breakpoint(&mut self, text: &str) -> Result<usize, ConditionError> {
        let geometry = self.source.puzzle.geometry();
        self.steer.breakpoints.add(text, geometry)
    }

    /// Notes a stop at a breakpoint if one holds at the panes' current steps; returns
    /// whether one did.
    pub(super) fn note_hit(&mut self) -> bool {
        let mut first = None;
        for (i, lane) in self.lanes.iter().enumerate() {
            if let Some(b) = self.steer.breakpoints.hits_at(lane.cursor()) {
                first = first.or(Some(b));
                let steps = &mut self.steer.hit_steps[i];
                if let Err(at) = steps.binary_search(&lane.step()) {
                    steps.insert(at, lane.step());
                }
            }
        }
        let Some(b) = first else { return false };
        let bp = &mut self.steer.breakpoints.list[b];
        bp.hits += 1;
        self.steer.hit = Some(Hit {
            steps: self.lanes.iter().map(Lane::step).collect(),
            id: bp.id,
            text: bp.bound.text().to_string(),
        });
        true
    }

    /// `c`: runs forward to the next step where a breakpoint holds.
    pub(super) fn continue_forward(&mut self) {
        if self.steer.breakpoints.is_empty() {
            self.message =
                Some("no breakpoints: add one with :break COND (e.g. :break depth > 3)".into());
            return;
        }
        if self.all_finished() {
            self.message = Some("at the end of the search: no later hit".into());
            return;
        }
        self.run_to(Goal::Break);
    }

    /// `C`: goes back to the previous step where a breakpoint holds.
    pub(super) fn continue_back(&mut self) {
        self.stop();
        if self.steer.breakpoints.is_empty() {
            self.message =
                Some("no breakpoints: add one with :break COND (e.g. :break depth > 3)".into());
            return;
        }
        let breakpoints = &self.steer.breakpoints;
        let found: Vec<Option<u64>> = self
            .lanes
            .iter()
            .map(|l| breakpoints.find_back(l))
            .collect();
        if found.iter().all(Option::is_none) {
            self.message = Some("no earlier hit".into());
            return;
        }
        match self.lock {
            Lock::Events => {
                self.position = found.iter().flatten().copied().max().unwrap_or(0);
                self.place_all();
            }
            Lock::Nodes => {
                let nodes = found
                    .iter()
                    .zip(&mut self.lanes)
                    .filter_map(|(s, l)| s.map(|s| l.timeline_mut().cursor_at(s).stats().nodes))
                    .max()
                    .unwrap_or(0);
                self.position = nodes;
                self.place_all();
            }
            Lock::Time => {
                for (lane, step) in self.lanes.iter_mut().zip(&found) {
                    if let Some(s) = step {
                        lane.seek(*s);
                    }
                }
                self.position = self.step();
            }
        }
        self.note_hit();
    }
}
