//! The observer that aggregates: one [`Tally`] per preset and file, and the bad input.

use super::runner::Observer;
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
    /// An empty collector for these presets and files.
    pub fn new(presets: Vec<String>, files: &[String]) -> Collector {
        let files = files
            .iter()
            .map(|name| FileTally {
                name: name.clone(),
                presets: vec![Tally::default(); presets.len()],
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
        for (tally, sample) in f.presets.iter_mut().zip(samples) {
            tally.add(sample, || location.to_string());
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
