//! The observer that aggregates: one [`Tally`] per preset and file, and the bad input.

use super::observer::Observer;
use super::sample::Sample;
use super::tally::Tally;
use crate::solver::parse::Location;

/// Bad-input messages kept per file for the report (all are counted).
pub const KEPT_MESSAGES: usize = 100;

/// Everything gathered about one input file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileTally {
    /// The file as named on the command line.
    pub name: String,
    /// One tally per preset, in preset order.
    pub presets: Vec<Tally>,
    /// Bad input counted (a missing file, bad lines).
    pub bad: u64,
    /// The first [`KEPT_MESSAGES`] located messages.
    pub messages: Vec<String>,
}

/// Aggregates a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collector {
    /// Preset names, in run order.
    pub presets: Vec<String>,
    /// One entry per file named.
    pub files: Vec<FileTally>,
}

impl Collector {
    /// An empty collector for these presets and files, one run per puzzle each.
    pub fn new(presets: Vec<String>, files: &[String]) -> Collector {
        let runs = vec![1; presets.len()];
        Collector::with_runs(presets, &runs, files)
    }

    /// An empty collector for these presets, each with its runs per puzzle, and files: a
    /// puzzle's samples come preset by preset, each preset's runs together.
    pub fn with_runs(presets: Vec<String>, runs: &[usize], files: &[String]) -> Collector {
        let tallies: Vec<Tally> = runs
            .iter()
            .map(|&r| Tally {
                runs_per_puzzle: r.max(1) as u64,
                ..Tally::default()
            })
            .collect();
        let files = files
            .iter()
            .map(|name| FileTally {
                name: name.clone(),
                presets: tallies.clone(),
                ..FileTally::default()
            })
            .collect();
        Collector { presets, files }
    }

    /// Bad input counted over every file.
    pub fn bad_count(&self) -> u64 {
        self.files.iter().map(|f| f.bad).sum()
    }
}

impl Observer for Collector {
    fn puzzle(&mut self, file: usize, location: &Location, samples: &[Sample]) {
        let Some(f) = self.files.get_mut(file) else {
            return;
        };
        let mut samples = samples.iter();
        for tally in &mut f.presets {
            for sample in samples.by_ref().take(tally.runs_per_puzzle.max(1) as usize) {
                tally.add(sample, || location.to_string());
            }
        }
    }

    fn bad(&mut self, file: usize, message: &str) {
        let Some(f) = self.files.get_mut(file) else {
            return;
        };
        f.bad += 1;
        if f.messages.len() < KEPT_MESSAGES {
            f.messages.push(message.to_string());
        }
    }
}
