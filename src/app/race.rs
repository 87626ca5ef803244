//! The race between panes: where their searches first diverge.

use super::cursor::Cursor;
use super::lane::Lane;
use crate::solver::{Cell, Digit, Event};

/// Events a divergence scout may replay per update, so a frame stays short.
const SCOUT_BUDGET: u64 = 1 << 16;

/// One pane's decision number `node`, or the end of its search before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The decision: its step, cell and digit.
    Decision {
        /// Its step.
        step: u64,
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// The search ended at this step without that decision.
    Ended {
        /// The last step.
        step: u64,
    },
}

impl Choice {
    /// The step of the decision or of the end.
    pub fn step(self) -> u64 {
        match self {
            Choice::Decision { step, .. } | Choice::Ended { step } => step,
        }
    }
}

/// The first decision at which the panes chose a different cell or digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diverged {
    /// The decision number, from 1.
    pub node: u64,
    /// Each pane's choice there.
    pub choices: Vec<Choice>,
}

/// Finds the first divergence by walking scout cursors through the panes' searches one
/// decision at a time, never past a pane's frontier (so it costs no more than the panes'
/// own progress).
#[derive(Clone, Debug)]
pub struct Divergence {
    scouts: Vec<Cursor>,
    pending: Vec<Option<Choice>>,
    node: u64,
    found: Option<Diverged>,
    same: bool,
}

impl Divergence {
    /// A finder for `lanes`, starting at step 0.
    pub fn new(lanes: &mut [Lane]) -> Divergence {
        Divergence {
            scouts: lanes
                .iter_mut()
                .map(|l| l.timeline_mut().cursor_at(0))
                .collect(),
            pending: vec![None; lanes.len()],
            node: 0,
            found: None,
            same: false,
        }
    }

    /// The divergence, once found.
    pub fn found(&self) -> Option<&Diverged> {
        self.found.as_ref()
    }

    /// Whether every pane made the same decisions to its end.
    pub fn never(&self) -> bool {
        self.same
    }

    /// Decisions found equal so far.
    pub fn agreed(&self) -> u64 {
        self.node
    }

    /// Walks on as far as the panes' frontiers allow.
    pub fn update(&mut self, lanes: &mut [Lane]) {
        self.walk(lanes, SCOUT_BUDGET, true);
    }

    /// Whether the walk has more to do within the panes' frontiers: neither the divergence
    /// nor the end found, and a scout behind its pane's frontier. After a run the panes
    /// may be far ahead of the scouts (they walk [`SCOUT_BUDGET`] events per update), and
    /// the race would say "no divergence yet" of searches that have ended.
    pub fn behind(&self, lanes: &[Lane]) -> bool {
        self.found.is_none()
            && !self.same
            && self.scouts.len() == lanes.len()
            && self.scouts.iter().zip(lanes).any(|(scout, lane)| {
                !scout.is_finished() && scout.step() < lane.timeline().frontier()
            })
    }

    /// Walks on past the panes' frontiers (running their searches ahead) for up to
    /// `budget` events, to find a divergence the panes have not reached yet.
    pub fn search_ahead(&mut self, lanes: &mut [Lane], budget: u64) {
        self.walk(lanes, budget, false);
    }

    fn walk(&mut self, lanes: &mut [Lane], budget: u64, within_frontier: bool) {
        if self.found.is_some() || self.same || self.scouts.len() != lanes.len() {
            return;
        }
        let mut budget = budget;
        loop {
            for (i, lane) in lanes.iter_mut().enumerate() {
                let scout = &mut self.scouts[i];
                while self.pending[i].is_none()
                    && budget > 0
                    && (!within_frontier || scout.step() < lane.timeline().frontier())
                {
                    budget -= 1;
                    match lane.timeline_mut().advance(scout) {
                        Some(e @ Event::Assign { cell, digit, .. }) if e.is_decision() => {
                            self.pending[i] = Some(Choice::Decision {
                                step: scout.step(),
                                cell,
                                digit,
                            });
                        }
                        Some(_) if scout.is_finished() => {
                            self.pending[i] = Some(Choice::Ended { step: scout.step() });
                        }
                        // What has arrived of a stream still being written: not its end.
                        None if scout.is_waiting() => break,
                        None => self.pending[i] = Some(Choice::Ended { step: scout.step() }),
                        Some(_) => {}
                    }
                }
                if self.pending[i].is_none() && scout.is_finished() {
                    self.pending[i] = Some(Choice::Ended { step: scout.step() });
                }
            }
            let Some(choices) = self
                .pending
                .iter()
                .copied()
                .collect::<Option<Vec<Choice>>>()
            else {
                return;
            };
            self.pending.iter_mut().for_each(|p| *p = None);
            let key = |c: &Choice| match *c {
                Choice::Decision { cell, digit, .. } => Some((cell, digit)),
                Choice::Ended { .. } => None,
            };
            let first = key(&choices[0]);
            if choices.iter().all(|c| key(c) == first) {
                if first.is_none() {
                    self.same = true;
                    return;
                }
                self.node += 1;
            } else {
                self.found = Some(Diverged {
                    node: self.node + 1,
                    choices,
                });
                return;
            }
        }
    }
}
