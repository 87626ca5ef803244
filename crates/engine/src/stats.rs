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
    /// Digits a learned nogood forced out (left out of the JSON when 0: only a search that
    /// learns makes them).
    #[serde(skip_serializing_if = "is_zero")]
    pub nogood: u64,
    /// A variant's constraints (cages, thermometers, dots, ...): written only when some
    /// were made, so a classic search's counters read as they always did.
    #[serde(skip_serializing_if = "is_zero")]
    pub variant: u64,
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
            self.nogood,
            self.variant,
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
            7 => &mut self.conflict,
            8 => &mut self.nogood,
            _ => &mut self.variant,
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
    /// Nogoods learned (`learn` events; a solution's nogood included). Left out of the
    /// JSON when 0, as the two sums below: only a search that learns has them.
    #[serde(skip_serializing_if = "is_zero")]
    pub learned: u64,
    /// The learned nogoods' literals, summed (their mean size is this over `learned`).
    #[serde(skip_serializing_if = "is_zero")]
    pub learned_literals: u64,
    /// The learned nogoods' literal block distances, summed.
    #[serde(skip_serializing_if = "is_zero")]
    pub learned_lbd: u64,
    /// Decisions in effect after the last event, to tell a backjump from a backtrack.
    #[serde(skip)]
    depth: u16,
    /// Assignments of a given to its own cell: only in a trace whose givens start as
    /// domains (left out of the JSON when 0, as in every search of dokuscope's own).
    #[serde(skip_serializing_if = "is_zero")]
    pub givens: u64,
    /// A local search's counters (left out of the JSON for a backtracking search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local: Option<LocalStats>,
}

/// The counters of a local search, from its `set` and `swap` events: the first `set` of
/// each open cell fills the complete assignment, every later `set` or `swap` is a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LocalStats {
    /// Steps: moves on the complete assignment (a step that kept its cell's digit counts).
    pub steps: u64,
    /// Conflicts now: pairs of peers holding the same digit.
    pub conflicts: u64,
    /// The fewest conflicts of a complete assignment so far (`None` until the first step
    /// or the solution: while the assignment is being filled).
    pub best: Option<u64>,
    /// Steps that left the conflict count as it was (sideways moves, kept digits).
    pub plateau: u64,
    /// Steps that were random walks rather than the min-conflicts move.
    pub walks: u64,
    /// The most conflicts so far (a gauge's scale; left out of the JSON).
    #[serde(skip)]
    pub most: u64,
    /// Whether it ended stuck before its step limit: no cell in conflict could move (with
    /// boxes filled, each was the only open cell of its box, its digit fixed).
    pub stuck: bool,
}

impl LocalStats {
    /// Counts a `set` or `swap` leaving `conflicts`: a step if `step`, else a fill.
    #[inline]
    fn hear(&mut self, step: bool, conflicts: u16, walk: bool) {
        let after = u64::from(conflicts);
        if step {
            let before = self.conflicts;
            self.steps += 1;
            self.walks += u64::from(walk);
            self.plateau += u64::from(after == before);
            // The assignment before the first step is the complete one it starts from.
            self.best = Some(self.best.unwrap_or(before).min(before).min(after));
        }
        self.conflicts = after;
        self.most = self.most.max(after);
    }
}

impl Stats {
    /// What `--lock nodes` paces a search by: its decisions, or a local search's steps
    /// (the one makes none of the other).
    pub fn pace(&self) -> u64 {
        self.nodes + self.local.map_or(0, |l| l.steps)
    }

    /// Counts a restart, a solution, or a local search's `set` or `swap`.
    #[cold]
    #[inline(never)]
    fn record_rare(&mut self, event: Event) {
        match event {
            Event::Restart { .. } => {
                self.restarts += 1;
                self.depth = 0;
            }
            Event::Solution { .. } => {
                self.solutions += 1;
                if let Some(local) = &mut self.local {
                    // No conflict is left: the fewest of all.
                    local.best = Some(local.best.unwrap_or(local.conflicts).min(local.conflicts));
                }
            }
            Event::Learn { size, lbd, .. } => {
                self.learned += 1;
                self.learned_literals += u64::from(size);
                self.learned_lbd += u64::from(lbd);
            }
            Event::Limit => {
                if let Some(local) = &mut self.local {
                    // Stopped before any step (stuck from the start): the complete
                    // assignment it was left with is the best it had.
                    local.best = Some(local.best.unwrap_or(local.conflicts));
                }
            }
            Event::Set {
                from,
                conflicts,
                walk,
                ..
            } => self
                .local
                .get_or_insert_default()
                .hear(from.is_some(), conflicts, walk),
            Event::Swap {
                conflicts, walk, ..
            } => self
                .local
                .get_or_insert_default()
                .hear(true, conflicts, walk),
            _ => {}
        }
    }
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
    /// loops (callgrind, `fast` on top95: 3.8 % more instructions). The rare events
    /// (restarts, solutions, a local search's moves, revisions) are counted out of line.
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
            Event::Restart { .. }
            | Event::Solution { .. }
            | Event::Set { .. }
            | Event::Swap { .. }
            | Event::Limit
            | Event::Learn { .. } => self.record_rare(*event),
            Event::Revise { .. } => self.revised(event),
            Event::Select { .. }
            | Event::Culprit { .. }
            | Event::Weight { .. }
            | Event::Learnt { .. }
            | Event::Exhausted => {}
        }
    }
}
