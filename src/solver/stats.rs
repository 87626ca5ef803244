//! The counters of a search, computed from its events alone so that every view agrees.

use serde::Serialize;

use super::event::{Event, PRUNE_RULES};

/// Prunes counted by the rule that made them, named as in [`PRUNE_RULES`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PrunesByCause {
    /// Forward checking from an assigned peer.
    pub forward_check: u64,
    /// Arc consistency against a peer with a single candidate.
    pub revise: u64,
    /// Other candidates of a hidden single's cell.
    pub hidden_single: u64,
    /// Naked pairs.
    pub naked_pair: u64,
    /// Hidden pairs.
    pub hidden_pair: u64,
    /// Locked candidates (pointing and claiming).
    pub locked_candidates: u64,
    /// Decisions refuted by search.
    pub refuted: u64,
    /// Candidates rejected by plain backtracking's consistency check.
    pub conflict: u64,
}

impl PrunesByCause {
    /// The count for rule `index` of [`PRUNE_RULES`].
    pub fn get(&self, index: usize) -> u64 {
        [
            self.forward_check,
            self.revise,
            self.hidden_single,
            self.naked_pair,
            self.hidden_pair,
            self.locked_candidates,
            self.refuted,
            self.conflict,
        ][index]
    }

    fn bump(&mut self, index: usize) {
        self.add(index, 1);
    }

    /// Adds `count` prunes to the counter of cause `index` (in [`PRUNE_RULES`] order).
    pub(crate) fn add(&mut self, index: usize, count: u64) {
        let slot = match index {
            0 => &mut self.forward_check,
            1 => &mut self.revise,
            2 => &mut self.hidden_single,
            3 => &mut self.naked_pair,
            4 => &mut self.hidden_pair,
            5 => &mut self.locked_candidates,
            6 => &mut self.refuted,
            _ => &mut self.conflict,
        };
        *slot += count;
    }

    /// (rule name, count) pairs in counter order.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        PRUNE_RULES
            .iter()
            .enumerate()
            .map(|(i, name)| (*name, self.get(i)))
    }
}

/// The counters, defined in docs/counters-and-trace.md. Every output uses these names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Decisions: assignments the search chose (nodes of the search tree).
    pub nodes: u64,
    /// All assignments: decisions and inferred (naked and hidden singles).
    pub assignments: u64,
    /// Undone decisions: one per decision taken back and refuted, never one per rejected
    /// candidate. A backjump is one backtrack, however many decisions it skips.
    pub backtracks: u64,
    /// Backtracks that skipped at least one decision (conflict-directed backjumping, or a
    /// foreign solver's backtrack to an earlier decision than the latest).
    pub backjumps: u64,
    /// Decisions undone by backjumps without being refuted (the ones jumped over).
    pub skipped: u64,
    /// Restarts: runs begun again from the root.
    pub restarts: u64,
    /// Digits removed from domains, all causes.
    pub prunes: u64,
    /// Digits removed from domains, by cause.
    pub prunes_by_cause: PrunesByCause,
    /// Contradictions found: a cell with no candidate or a digit with no place in a unit.
    pub wipeouts: u64,
    /// The most decisions in effect at once.
    pub max_depth: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Events yielded.
    pub events: u64,
    /// Arc revisions (`revise` of AC-3 or AC-2001): only a search that maintains arc
    /// consistency by an algorithm of the literature makes them (left out of the JSON when
    /// 0, as every counter of revisions).
    #[serde(skip_serializing_if = "is_zero")]
    pub revisions: u64,
    /// Revisions that removed a digit.
    #[serde(skip_serializing_if = "is_zero")]
    pub effective_revisions: u64,
    /// Constraint checks: the digit pairs revisions compared.
    #[serde(skip_serializing_if = "is_zero")]
    pub checks: u64,
    /// The most arcs waiting in the queue at once.
    #[serde(skip_serializing_if = "is_zero")]
    pub queue_peak: u64,
    /// Decisions in effect after the last event, to tell a backjump from a backtrack.
    #[serde(skip)]
    depth: u16,
    /// Assignments of a given to its own cell: only in a trace whose givens start as
    /// domains (left out of the JSON when 0, as in every search of dokuscope's own).
    #[serde(skip_serializing_if = "is_zero")]
    pub givens: u64,
}

impl Stats {
    /// Counts a revision, out of line: only searches that maintain arc consistency by an
    /// algorithm make them.
    #[cold]
    #[inline(never)]
    fn revised(&mut self, event: &Event) {
        if let Event::Revise {
            removed,
            checks,
            queue,
            ..
        } = *event
        {
            self.revisions += 1;
            self.effective_revisions += u64::from(removed.is_some());
            self.checks += u64::from(checks);
            self.queue_peak = self.queue_peak.max(u64::from(queue));
        }
    }
}

#[expect(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Stats {
    /// Counts `event`. Always inlined, as the headless sink's push that calls it: once
    /// the events had a kind more, the compiler stopped inlining them into the engine's
    /// loops (callgrind, `fast` on top95: 3.8 % more instructions).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn record(&mut self, event: &Event) {
        self.events += 1;
        match event {
            Event::Assign { cause, depth, .. } => {
                self.assignments += 1;
                if cause.is_decision() {
                    self.nodes += 1;
                    self.max_depth = self.max_depth.max(u64::from(*depth));
                    self.depth = *depth;
                }
            }
            Event::Prune { cause, .. } => {
                self.prunes += 1;
                self.prunes_by_cause.bump(cause.index());
            }
            Event::Wipeout { .. } => self.wipeouts += 1,
            Event::Backtrack { depth, .. } => {
                self.backtracks += 1;
                // The decision undone was number depth + 1; those after it were skipped.
                let skipped = u64::from(self.depth.saturating_sub(*depth + 1));
                self.backjumps += u64::from(skipped > 0);
                self.skipped += skipped;
                self.depth = *depth;
            }
            Event::Restart { .. } => {
                self.restarts += 1;
                self.depth = 0;
            }
            Event::Solution { .. } => self.solutions += 1,
            Event::Revise { .. } => self.revised(event),
            Event::Select { .. }
            | Event::Culprit { .. }
            | Event::Weight { .. }
            | Event::Exhausted
            | Event::Limit => {}
        }
    }
}
