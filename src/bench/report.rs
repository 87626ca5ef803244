//! The finished report: every summary, ratio and histogram, as one serialisable value (the
//! `--format json` document) that the table is drawn from.

use serde::{Deserialize, Serialize};

use super::collect::{Collector, FileTally, KEPT_MESSAGES};
use super::runner::RunEnd;
use super::summary::{RATIO_COLUMNS, Summary, ratios};
use super::tally::Tally;

/// One input file's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileReport {
    /// The file as named on the command line.
    pub file: String,
    /// Bad input counted (a missing file, bad lines).
    pub bad_input: u64,
    /// The first located bad-input messages.
    pub bad_messages: Vec<String>,
    /// One summary per preset, in preset order.
    pub summaries: Vec<Summary>,
    /// Per summary, the [`RATIO_COLUMNS`] values relative to the best preset on this file
    /// (1 = best; `null` for an infinite or undefined ratio).
    pub ratios: Vec<Vec<Option<f64>>>,
}

/// The whole report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Preset names, in run order.
    pub presets: Vec<String>,
    /// Worker threads.
    pub jobs: usize,
    /// Solutions counted per puzzle.
    pub count: u64,
    /// Decision limit per puzzle, if any.
    pub node_limit: Option<u64>,
    /// Time limit per puzzle in seconds, if any.
    pub time_limit: Option<f64>,
    /// Seeds per (puzzle, preset) with `--seeds`, for the presets whose cell order has
    /// ties to break (see each summary's `runs_per_puzzle`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds: Option<u64>,
    /// Wall-clock seconds of the whole run (all presets, all files, all threads).
    pub wall_seconds: f64,
    /// Whether Ctrl-C ended the run early (the figures are then partial).
    pub interrupted: bool,
    /// Puzzles read but not finished when the run stopped (`file:line`).
    pub unfinished: Vec<String>,
    /// The names of the ratio columns, in order.
    pub ratio_columns: Vec<String>,
    /// One entry per file.
    pub files: Vec<FileReport>,
    /// Every file together, when there are two or more (named `all files`).
    pub all_files: Option<FileReport>,
}

/// Settings echoed in the report.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Settings {
    /// Worker threads.
    pub jobs: usize,
    /// Solutions counted per puzzle.
    pub count: u64,
    /// Decision limit per puzzle.
    pub node_limit: Option<u64>,
    /// Time limit per puzzle, in seconds.
    pub time_limit: Option<f64>,
    /// Seeds per puzzle, with `--seeds`.
    pub seeds: Option<u64>,
}

impl Report {
    /// Builds the report from a finished (or interrupted) run.
    pub fn new(collector: &Collector, end: &RunEnd, settings: Settings) -> Report {
        let files = collector
            .files
            .iter()
            .map(|f| FileReport::new(&collector.presets, f, settings.seeds.is_some()))
            .collect();
        let all_files = (collector.files.len() > 1).then(|| {
            let mut all = FileTally {
                name: "all files".to_string(),
                ..FileTally::default()
            };
            all.presets = vec![Tally::default(); collector.presets.len()];
            for f in &collector.files {
                for (sum, tally) in all.presets.iter_mut().zip(&f.presets) {
                    sum.merge(tally);
                }
                all.bad += f.bad;
                all.messages.extend(
                    f.messages
                        .iter()
                        .take(KEPT_MESSAGES.saturating_sub(all.messages.len()))
                        .cloned(),
                );
            }
            FileReport::new(&collector.presets, &all, settings.seeds.is_some())
        });
        Report {
            presets: collector.presets.clone(),
            jobs: settings.jobs,
            count: settings.count,
            node_limit: settings.node_limit,
            time_limit: settings.time_limit,
            seeds: settings.seeds,
            wall_seconds: end.wall.as_secs_f64(),
            interrupted: end.interrupted,
            unfinished: end.unfinished.iter().map(ToString::to_string).collect(),
            ratio_columns: RATIO_COLUMNS
                .iter()
                .map(|(name, _)| (*name).to_string())
                .collect(),
            files,
            all_files,
        }
    }
}

impl FileReport {
    /// The summaries and ratios of one file's tallies, with their run-time distributions
    /// when `seeded`.
    fn new(presets: &[String], f: &FileTally, seeded: bool) -> FileReport {
        let summaries: Vec<Summary> = presets
            .iter()
            .zip(&f.presets)
            .map(|(p, t)| {
                let summary = Summary::of(p, &f.name, t);
                // A local search makes no nodes: its runs' distribution is its success
                // and steps, in its own table.
                if seeded && !t.local {
                    summary.with_survival(t)
                } else {
                    summary
                }
            })
            .collect();
        FileReport {
            file: f.name.clone(),
            bad_input: f.bad,
            bad_messages: f.messages.clone(),
            ratios: ratios(&summaries),
            summaries,
        }
    }
}
