//! The runner's books: what was sent to workers, what came back, and the order results are
//! reported in (input order, whatever order workers finish in).

use std::collections::{BTreeMap, VecDeque};

use super::observer::Observer;
use super::sample::Sample;
use crate::solver::parse::{Entry, Location};

/// Consecutive puzzles for one worker, the first being number `first` of the run.
pub(super) struct Job {
    pub(super) first: u64,
    pub(super) puzzles: Vec<(usize, Entry)>,
}

/// One puzzle's results.
pub(super) struct Solved {
    pub(super) file: usize,
    pub(super) location: Location,
    pub(super) samples: Result<Vec<Sample>, String>,
}

/// A batch's results, in batch order.
pub(super) struct Done {
    pub(super) first: u64,
    pub(super) results: Vec<Solved>,
}

impl Solved {
    /// Hands this puzzle's results to `observer` (an engine failure as bad input).
    pub(super) fn report(&self, observer: &mut impl Observer) {
        match &self.samples {
            Ok(samples) => observer.puzzle(self.file, &self.location, samples),
            Err(message) => observer.bad(
                self.file,
                &format!("{}: the engine failed: {message}", self.location),
            ),
        }
    }
}

/// What was sent and what came back, so that results are reported in input order.
#[derive(Default)]
pub(super) struct Ledger {
    sent: u64,
    /// Puzzles reported so far.
    pub(super) reported: u64,
    /// Locations of puzzles sent and not reported; the front is puzzle number `reported`.
    pub(super) unfinished: VecDeque<Option<Location>>,
    /// Batches back before an earlier one, by their first puzzle's number.
    finished: BTreeMap<u64, Done>,
}

impl Ledger {
    pub(super) fn in_flight(&self) -> u64 {
        self.sent - self.reported
    }

    pub(super) fn send(&mut self, puzzles: Vec<(usize, Entry)>) -> Job {
        self.unfinished
            .extend(puzzles.iter().map(|(_, e)| Some(e.location.clone())));
        let first = self.sent;
        self.sent += puzzles.len() as u64;
        Job { first, puzzles }
    }

    pub(super) fn receive(&mut self, done: Done) {
        self.finished.insert(done.first, done);
    }

    pub(super) fn report_in_order(&mut self, observer: &mut impl Observer) {
        while let Some(done) = self.finished.remove(&self.reported) {
            for solved in &done.results {
                solved.report(observer);
                self.unfinished.pop_front();
                self.reported += 1;
            }
        }
    }

    /// Reports every batch back, gaps and all (after a stop).
    pub(super) fn report_the_rest(&mut self, observer: &mut impl Observer) {
        self.report_in_order(observer);
        let base = self.reported;
        for done in std::mem::take(&mut self.finished).into_values() {
            for (i, solved) in done.results.iter().enumerate() {
                solved.report(observer);
                let at = usize::try_from(done.first - base)
                    .unwrap_or(usize::MAX)
                    .saturating_add(i);
                if let Some(slot) = self.unfinished.get_mut(at) {
                    *slot = None;
                }
                self.reported += 1;
            }
        }
    }
}
