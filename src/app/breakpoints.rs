//! Breakpoints in the views: the numbered list, continue to the next hit (`c`) and reverse
//! continue to the previous one (`C`), and the hits found so far per pane.

use super::cursor::Cursor;
use super::{App, Goal, Lane, Lock};
use crate::solver::condition::{Bound, Condition, ConditionError, Probe};
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
    kinds: u8,
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
}

/// What a condition sees at the cursor's step, for the event that led to it.
#[inline]
pub fn probe<'a>(event: &'a Event, cursor: &'a Cursor) -> Probe<'a> {
    Probe {
        event,
        step: cursor.step(),
        depth: event.depth().unwrap_or_else(|| cursor.replay().depth()),
        stats: cursor.stats(),
    }
}

impl Breakpoints {
    /// Adds `text` bound to `geometry`; returns the new breakpoint's number.
    pub fn add(&mut self, text: &str, geometry: &Geometry) -> Result<usize, ConditionError> {
        let condition = Condition::parse(text)?;
        let bound = condition.bind(geometry)?;
        self.next_id += 1;
        self.kinds |= bound.kinds();
        self.list.push(Breakpoint {
            id: self.next_id,
            condition,
            bound,
            hits: 0,
        });
        Ok(self.next_id)
    }

    /// Removes breakpoint `id`; whether it existed.
    pub fn delete(&mut self, id: usize) -> bool {
        let before = self.list.len();
        self.list.retain(|b| b.id != id);
        self.kinds = self.list.iter().fold(0, |k, b| k | b.bound.kinds());
        self.list.len() != before
    }

    /// Removes every breakpoint.
    pub fn clear(&mut self) {
        self.list.clear();
        self.kinds = 0;
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
        self.kinds = self.list.iter().fold(0, |k, b| k | b.bound.kinds());
    }

    /// The first breakpoint that holds at the cursor, whose last event is `event`.
    #[inline]
    pub fn first_hit(&self, event: &Event, cursor: &Cursor) -> Option<usize> {
        if self.kinds & crate::solver::condition::kind_bit(event) == 0 {
            return None;
        }
        let p = probe(event, cursor);
        self.list.iter().position(|b| b.bound.holds(&p))
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
            .iter_mut()
            .map(|l| l.find_back_where(|e, c| breakpoints.first_hit(e, c).is_some()))
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
