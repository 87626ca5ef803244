//! The clock and the lockstep: how many events (or decisions, or time slices) each pane
//! advances per tick, all panes together, stopping at a goal.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use super::breakpoints::Breakpoints;
use super::{App, CHUNK, Goal, Lane, UNTIMED_BATCH};

/// How `compare` keeps the panes in step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Lock {
    /// The same number of events per tick.
    #[default]
    Events,
    /// The same number of decisions per tick.
    Nodes,
    /// Equal slices of solver time per tick.
    Time,
}

impl Lock {
    /// Every lock, in `--lock` order.
    pub const ALL: [Lock; 3] = [Lock::Events, Lock::Nodes, Lock::Time];

    /// Its `--lock` name and status-line word.
    pub fn name(self) -> &'static str {
        match self {
            Lock::Events => "events",
            Lock::Nodes => "nodes",
            Lock::Time => "time",
        }
    }
}

impl fmt::Display for Lock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Lock {
    type Err = String;
    fn from_str(s: &str) -> Result<Lock, String> {
        Lock::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown lock '{s}' (expected one of: events, nodes, time)"))
    }
}

impl App {
    #[expect(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "event counts due per tick are small and non-negative"
    )]
    /// Advances the clock to `now` and runs what is due; `deadline` bounds the work at full
    /// speed (without one, full speed does [`UNTIMED_BATCH`] events per pane).
    pub fn on_tick(&mut self, now: Duration, deadline: Option<Instant>) {
        let dt = now
            .saturating_sub(self.last_tick)
            .min(Duration::from_millis(250));
        self.now = now;
        self.last_tick = now;
        if let Some(goal) = self.goal {
            let units = match goal {
                Goal::At(target) => target.saturating_sub(self.position),
                _ => u64::MAX,
            };
            // With several panes, "to the end" means every pane to its own end.
            let stop = Some(goal).filter(|g| *g != Goal::End || self.lanes.len() == 1);
            let hit = self.advance(units, stop, Some(deadline_or_batch(deadline)));
            if hit && goal == Goal::End {
                // A stream stopped at its own solution line may have nothing after it: its
                // end is read now rather than on the next `→`.
                for lane in &mut self.lanes {
                    if lane.cursor().ends_next() {
                        lane.advance();
                    }
                }
            }
            let arrived = matches!(goal, Goal::At(t) if self.position >= t);
            // To the end is to the last event that has arrived of a stream still being
            // written; other goals wait for the events that reach them.
            let caught_up = goal == Goal::End && self.waiting_for_input();
            if hit || arrived || caught_up || self.all_finished() {
                self.goal = None;
            }
            let at_breakpoint = hit && self.note_hit();
            let at_question = hit && self.note_question();
            // A breakpoint, a question or the end stops what a burst of keys queued too;
            // else the next queued run starts once this one has ended.
            if at_breakpoint || at_question || self.all_finished() {
                self.burst.clear();
            } else {
                self.start_queued();
            }
        } else if self.playing {
            let hit = match self.speed() {
                None => self.advance(u64::MAX, None, Some(deadline_or_batch(deadline))),
                Some(rate) => {
                    let due = self.carry + rate as f64 * dt.as_secs_f64();
                    let units = due.floor();
                    self.carry = due - units;
                    units >= 1.0 && self.advance(units as u64, None, deadline.map(Budget::Until))
                }
            };
            // Playing, only a breakpoint or a question stops the run.
            if hit {
                let at_breakpoint = self.note_hit();
                let at_question = self.note_question();
                if at_breakpoint || at_question {
                    self.playing = false;
                }
            }
            if self.all_finished() {
                self.playing = false;
            }
        }
        self.refresh();
    }

    /// Advances the panes by `units` in lockstep (events, decisions or time slices), stopping
    /// after an event that ends `goal` in any pane. Returns whether a goal event was hit.
    pub(super) fn advance(
        &mut self,
        units: u64,
        goal: Option<Goal>,
        budget: Option<Budget>,
    ) -> bool {
        match self.lock {
            Lock::Events => self.advance_events(units, goal, budget),
            Lock::Nodes => self.advance_nodes(units, goal, budget),
            Lock::Time => self.advance_time(units, goal, budget),
        }
    }

    fn advance_events(&mut self, units: u64, goal: Option<Goal>, budget: Option<Budget>) -> bool {
        let mut remaining = units;
        let mut spent = 0;
        self.position = self.step();
        let parallel = self.lanes.len() > 1 && units >= PARALLEL_CHUNK;
        let breaks = active(goal, &self.steer.breakpoints);
        let quiz = self
            .quiz_triggers()
            .filter(|_| !matches!(goal, Some(Goal::At(_))));
        while remaining > 0 && !self.all_finished() {
            let n = remaining.min(if parallel { PARALLEL_CHUNK } else { CHUNK });
            let base = self.position;
            let before = self.lanes.iter().map(Lane::step).sum::<u64>();
            // Each pane runs n events or to its first goal event; all then meet at the earliest.
            let run = |lane: &mut Lane, n: u64| {
                let mut quiet = 0;
                for k in 1..=n {
                    let event = lane.advance()?;
                    if goal.is_some_and(|g| g.stops_at(&event, lane.cursor()))
                        || breaks.is_some_and(|b| b.hit_in_run(&event, lane.cursor(), &mut quiet))
                        || quiz.is_some_and(|q| q.hit(&event, lane.cursor()))
                    {
                        return Some(k);
                    }
                }
                None
            };
            let hits = if paced_by_stream(&self.lanes) {
                stream_first(&mut self.lanes, n, &run, |lane, from| lane.step() - from)
            } else {
                each_lane(&mut self.lanes, parallel, |lane| run(lane, n))
            };
            if let Some(k) = hits.into_iter().flatten().min() {
                self.position = base + k;
                for lane in &mut self.lanes {
                    if lane.step() > base + k {
                        lane.seek(base + k);
                    }
                }
                return true;
            }
            if self.lanes.iter().any(Lane::is_waiting) {
                // At what has arrived of a stream still being written: the rest comes later.
                break;
            }
            self.position = base + n;
            remaining -= n;
            spent += n;
            if budget.is_some_and(|b| b.exhausted(spent))
                || self.lanes.iter().map(Lane::step).sum::<u64>() == before
            {
                break;
            }
        }
        self.position = self.step();
        false
    }

    fn advance_nodes(&mut self, units: u64, goal: Option<Goal>, budget: Option<Budget>) -> bool {
        let mut remaining = units;
        let mut spent = 0;
        let parallel = self.lanes.len() > 1 && units >= PARALLEL_NODES;
        let breaks = active(goal, &self.steer.breakpoints);
        let quiz = self
            .quiz_triggers()
            .filter(|_| !matches!(goal, Some(Goal::At(_))));
        while remaining > 0 && !self.all_finished() {
            let n = remaining.min(if parallel { PARALLEL_NODES } else { 64 });
            let target = self.position + n;
            let before: u64 = self.lanes.iter().map(Lane::step).sum();
            // Each pane runs to decision `target` or to its first goal event (reporting its
            // decision count there); all then meet at the earliest.
            let run = |lane: &mut Lane, target: u64| {
                let mut quiet = 0;
                while lane.cursor().stats().pace() < target {
                    let event = lane.advance()?;
                    if goal.is_some_and(|g| g.stops_at(&event, lane.cursor()))
                        || breaks.is_some_and(|b| b.hit_in_run(&event, lane.cursor(), &mut quiet))
                        || quiz.is_some_and(|q| q.hit(&event, lane.cursor()))
                    {
                        return Some(lane.cursor().stats().pace());
                    }
                }
                None
            };
            let hits = if paced_by_stream(&self.lanes) {
                stream_first(&mut self.lanes, target, &run, |lane, _| {
                    lane.cursor().stats().pace()
                })
            } else {
                each_lane(&mut self.lanes, parallel, |lane| run(lane, target))
            };
            let after: u64 = self.lanes.iter().map(Lane::step).sum();
            spent += after.saturating_sub(before);
            if let Some(m) = hits.into_iter().flatten().min() {
                self.position = m;
                for lane in &mut self.lanes {
                    if lane.cursor().stats().pace() > m {
                        lane.seek_nodes(m);
                    }
                }
                return true;
            }
            if let Some(m) = self
                .lanes
                .iter()
                .filter(|l| l.is_waiting())
                .map(|l| l.cursor().stats().pace())
                .min()
            {
                // At what has arrived of a stream still being written: the rest comes later.
                self.position = m;
                break;
            }
            self.position = target;
            remaining -= n;
            if budget.is_some_and(|b| b.exhausted(spent)) || after == before {
                break;
            }
        }
        false
    }

    fn advance_time(&mut self, units: u64, goal: Option<Goal>, budget: Option<Budget>) -> bool {
        // Equal wall-clock slices: at full speed each pane gets an equal share of the time
        // left in the frame; at N per second, N × 50 ns each (about the time the engine takes
        // for N events); stepping (no deadline) gives each pane `units` events.
        let lanes = self.lanes.len().max(1) as u32;
        let slice = match budget {
            Some(Budget::Until(deadline)) if units > 1 => {
                let share = deadline.saturating_duration_since(Instant::now()) / lanes;
                Some(if units == u64::MAX {
                    share
                } else {
                    TIME_PER_UNIT
                        .saturating_mul(units.min(u64::from(u32::MAX)) as u32)
                        .min(share)
                })
            }
            _ => None,
        };
        let mut hit = false;
        let breaks = active(goal, &self.steer.breakpoints);
        let quiz = self
            .quiz_triggers()
            .filter(|_| !matches!(goal, Some(Goal::At(_))));
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            if hit {
                break;
            }
            let start = Instant::now();
            let mut done = 0u64;
            let mut quiet = 0;
            loop {
                let within = match slice {
                    Some(s) => done % 256 != 0 || start.elapsed() + self.credits[i] < s,
                    None => done < units.min(UNTIMED_BATCH),
                };
                if !within {
                    break;
                }
                // The end, or what has arrived so far of a stream still being written.
                let Some(event) = lane.advance() else { break };
                done += 1;
                if goal.is_some_and(|g| g.stops_at(&event, lane.cursor()))
                    || breaks.is_some_and(|b| b.hit_in_run(&event, lane.cursor(), &mut quiet))
                    || quiz.is_some_and(|q| q.hit(&event, lane.cursor()))
                {
                    hit = true;
                    break;
                }
            }
            if let Some(s) = slice {
                // Carry over what a pane overran its slice by, so slices stay equal on average.
                self.credits[i] = (start.elapsed() + self.credits[i]).saturating_sub(s);
            }
        }
        self.position = self.step();
        hit
    }
}

/// How much work a tick may do.
#[derive(Clone, Copy, Debug)]
pub(super) enum Budget {
    /// Until this instant.
    Until(Instant),
    /// This many events.
    Events(u64),
}

impl Budget {
    pub(super) fn exhausted(self, spent: u64) -> bool {
        match self {
            Budget::Until(deadline) => Instant::now() >= deadline,
            Budget::Events(n) => spent >= n,
        }
    }
}

/// The breakpoints a run stops at: every run but a go-to (a seek, not a run), when any are set.
fn active(goal: Option<Goal>, breakpoints: &Breakpoints) -> Option<&Breakpoints> {
    (!breakpoints.is_empty() && !matches!(goal, Some(Goal::At(_)))).then_some(breakpoints)
}

fn deadline_or_batch(deadline: Option<Instant>) -> Budget {
    deadline.map_or(Budget::Events(UNTIMED_BATCH), Budget::Until)
}

/// Solver time per speed unit with `--lock time`.
pub(super) const TIME_PER_UNIT: Duration = Duration::from_nanos(50);

/// Events each pane runs per parallel round at full speed (a few ms of work).
const PARALLEL_CHUNK: u64 = 8_192;
/// Decisions each pane runs per parallel round, locked by nodes.
const PARALLEL_NODES: u64 = 512;

/// Whether a pane plays a stream still being written beside other panes: it then sets the
/// pace ([`stream_first`]).
fn paced_by_stream(lanes: &[Lane]) -> bool {
    lanes.len() > 1 && lanes.iter().any(|l| l.timeline().writer().is_some())
}

/// Runs `run(lane, limit)` on every lane, the lanes of streams still being written first:
/// when one of them runs out of events that have arrived, having got to `reached(lane,
/// step before)` (measured as `limit` is), the other lanes run only that far, so that the
/// panes stay in step with the stream. Returns each lane's result in pane order.
fn stream_first<F, G>(lanes: &mut [Lane], limit: u64, run: &F, reached: G) -> Vec<Option<u64>>
where
    F: Fn(&mut Lane, u64) -> Option<u64>,
    G: Fn(&Lane, u64) -> u64,
{
    let mut hits = vec![None; lanes.len()];
    let mut cap = limit;
    // Decided once: a writer may finish between the two rounds.
    let open: Vec<bool> = lanes
        .iter()
        .map(|l| l.timeline().writer().is_some())
        .collect();
    for (i, lane) in lanes.iter_mut().enumerate() {
        if open[i] {
            let from = lane.step();
            hits[i] = run(lane, limit);
            if hits[i].is_none() && lane.is_waiting() {
                cap = cap.min(reached(lane, from));
            }
        }
    }
    for (i, lane) in lanes.iter_mut().enumerate() {
        if !open[i] {
            hits[i] = run(lane, cap);
        }
    }
    hits
}

/// Runs `run` on every lane, each unfinished lane on a thread of its own when `parallel`
/// (panes are independent searches; the OS shares the cores among them), and returns each
/// lane's result in pane order.
fn each_lane<F>(lanes: &mut [Lane], parallel: bool, run: F) -> Vec<Option<u64>>
where
    F: Fn(&mut Lane) -> Option<u64> + Sync,
{
    let running = lanes.iter().filter(|l| !l.at_end()).count();
    if !parallel || running < 2 {
        return lanes.iter_mut().map(&run).collect();
    }
    let run = &run;
    std::thread::scope(|scope| {
        let handles: Vec<_> = lanes
            .iter_mut()
            .map(|lane| (!lane.at_end()).then(|| scope.spawn(move || run(lane))))
            .collect();
        // A lane thread that panicked (a bug) reports no goal rather than taking the
        // terminal down with it; its lane simply stops advancing.
        handles
            .into_iter()
            .map(|h| h.and_then(|h| h.join().ok().flatten()))
            .collect()
    })
}
