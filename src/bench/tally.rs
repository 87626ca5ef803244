//! What is kept of one preset on one file while a bench runs: verdict counts, sums, and
//! the few numbers per puzzle (per run, with `--seeds`) that exact percentiles need (never
//! the puzzles).

use super::sample::{Sample, Verdict};

/// One counter over puzzles: every value (for exact order statistics), their sum and count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Series {
    values: Vec<u64>,
    sum: u64,
}

impl Series {
    /// Adds one puzzle's value.
    pub fn push(&mut self, value: u64) {
        self.values.push(value);
        self.sum = self.sum.saturating_add(value);
    }

    /// The values in arrival order.
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// Their sum (saturating).
    pub fn sum(&self) -> u64 {
        self.sum
    }

    /// How many values.
    pub fn count(&self) -> u64 {
        self.values.len() as u64
    }

    /// Appends every value of `other`.
    pub fn extend(&mut self, other: &Series) {
        self.values.extend_from_slice(&other.values);
        self.sum = self.sum.saturating_add(other.sum);
    }

    /// The values sorted ascending.
    pub fn sorted(&self) -> Vec<u64> {
        let mut v = self.values.clone();
        v.sort_unstable();
        v
    }
}

/// One preset on one file. Invalid puzzles are counted but add nothing to the series,
/// since no search ran; every searched puzzle (solved, unsolvable, multiple or limit) does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Puzzles by verdict, indexed by [`Verdict::index`].
    pub verdicts: [u64; Verdict::ALL.len()],
    /// Puzzles solved without a decision.
    pub no_guess: u64,
    /// Each searched puzzle's own time, in nanoseconds.
    pub nanos: Series,
    /// Decisions per searched puzzle.
    pub nodes: Series,
    /// Undone decisions per searched puzzle.
    pub backtracks: Series,
    /// Prunes per searched puzzle.
    pub prunes: Series,
    /// Wipeouts over all searched puzzles (a sum only: the report gives their mean).
    pub wipeouts: u64,
    /// Where the limit stopped the search, as `file:line`.
    pub limited: Vec<String>,
    /// Whether the preset is a local search (its samples carry steps).
    pub local: bool,
    /// A local search's steps per solved puzzle.
    pub steps: Series,
    /// A local search's fewest conflicts per puzzle its step limit stopped.
    pub best: Series,
    /// Of those, the puzzles on which it was stuck: no cell in conflict could move.
    pub stuck: u64,
    /// Arc revisions per searched puzzle (empty unless the preset revises arcs).
    pub revisions: Series,
    /// Constraint checks per searched puzzle (as `revisions`).
    pub checks: Series,
    /// Revisions that removed a digit, over all searched puzzles.
    pub effective_revisions: u64,
    /// The longest queue of any puzzle.
    pub queue_peak: u64,
    /// Runs per puzzle (`bench --seeds`), each counted as a puzzle is above; 0 or 1 for one.
    pub runs_per_puzzle: u64,
    /// Whether a searched puzzle learned nogoods: the preset learns them.
    pub learns: bool,
    /// Nogoods learned per searched puzzle (empty unless the preset learns them).
    pub learned: Series,
    /// Their literals, summed over all searched puzzles.
    pub learned_literals: u64,
    /// Their LBDs, summed over all searched puzzles.
    pub learned_lbd: u64,
}

impl Tally {
    /// Counts one puzzle's sample; `location` is kept only when the limit was hit.
    pub fn add(&mut self, sample: &Sample, location: impl FnOnce() -> String) {
        let Some(verdict) = sample.verdict else {
            return;
        };
        self.verdicts[verdict.index()] += 1;
        if verdict == Verdict::Invalid {
            return;
        }
        if verdict == Verdict::Limit {
            // A puzzle's seeded runs are listed once.
            let location = location();
            if self.limited.last() != Some(&location) {
                self.limited.push(location);
            }
        }
        if let Some(steps) = sample.steps {
            self.local = true;
            match verdict {
                Verdict::Solved => self.steps.push(steps),
                Verdict::Limit => {
                    self.best.push(sample.conflicts.unwrap_or(0));
                    self.stuck += u64::from(sample.stuck);
                }
                _ => {}
            }
        }
        self.no_guess += u64::from(sample.no_guess());
        self.nanos.push(sample.nanos);
        self.nodes.push(sample.nodes);
        self.backtracks.push(sample.backtracks);
        self.prunes.push(sample.prunes);
        self.wipeouts = self.wipeouts.saturating_add(sample.wipeouts);
        if sample.learned > 0 || self.learns {
            self.learns = true;
            self.learned.push(sample.learned);
            self.learned_literals += sample.learned_literals;
            self.learned_lbd += sample.learned_lbd;
        }
        if sample.revisions > 0 {
            self.revisions.push(sample.revisions);
            self.checks.push(sample.checks);
            self.effective_revisions += sample.effective_revisions;
            self.queue_peak = self.queue_peak.max(sample.queue_peak);
        }
    }

    /// Adds `other`'s puzzles to this tally (to sum several files up).
    pub fn merge(&mut self, other: &Tally) {
        for (mine, theirs) in self.verdicts.iter_mut().zip(other.verdicts) {
            *mine += theirs;
        }
        self.no_guess += other.no_guess;
        self.nanos.extend(&other.nanos);
        self.nodes.extend(&other.nodes);
        self.backtracks.extend(&other.backtracks);
        self.prunes.extend(&other.prunes);
        self.wipeouts = self.wipeouts.saturating_add(other.wipeouts);
        self.limited.extend(other.limited.iter().cloned());
        self.local |= other.local;
        self.steps.extend(&other.steps);
        self.best.extend(&other.best);
        self.stuck += other.stuck;
        self.revisions.extend(&other.revisions);
        self.checks.extend(&other.checks);
        self.effective_revisions += other.effective_revisions;
        self.queue_peak = self.queue_peak.max(other.queue_peak);
        self.learns |= other.learns;
        self.learned.extend(&other.learned);
        self.learned_literals += other.learned_literals;
        self.learned_lbd += other.learned_lbd;
        self.runs_per_puzzle = self.runs_per_puzzle.max(other.runs_per_puzzle);
    }

    /// Runs counted, searched or not: a puzzle's runs each count once.
    pub fn runs(&self) -> u64 {
        self.verdicts.iter().sum()
    }

    /// Puzzles seen, searched or not.
    pub fn puzzles(&self) -> u64 {
        self.runs() / self.runs_per_puzzle.max(1)
    }

    /// Puzzles with `verdict`.
    pub fn count(&self, verdict: Verdict) -> u64 {
        self.verdicts[verdict.index()]
    }
}
