//! The aggregates a person compares: per preset and file, verdict counts, time and counter
//! spreads, the share solved without a guess, throughput, and ratios to the best preset.

use serde::{Deserialize, Serialize};

use super::histogram::Histogram;
use super::quantile::{mean, median, nearest_rank};
use super::sample::Verdict;
use super::survival::Survival;
use super::tally::{Series, Tally};

/// Order statistics of one counter over the searched puzzles. Percentiles by nearest rank
/// (see [`super::quantile`]); `mean` is `sum / count`; all zero when nothing was searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    /// Puzzles measured.
    pub count: u64,
    /// Sum over them.
    pub sum: u64,
    /// Arithmetic mean.
    pub mean: f64,
    /// 50th percentile, nearest rank.
    pub median: u64,
    /// 90th percentile, nearest rank.
    pub p90: u64,
    /// 99th percentile, nearest rank.
    pub p99: u64,
    /// Largest value.
    pub max: u64,
}

impl Spread {
    /// The spread of `series`.
    pub fn of(series: &Series) -> Spread {
        let sorted = series.sorted();
        Spread {
            count: series.count(),
            sum: series.sum(),
            mean: mean(u128::from(series.sum()), series.count()).unwrap_or(0.0),
            median: median(&sorted).unwrap_or(0),
            p90: nearest_rank(&sorted, 900).unwrap_or(0),
            p99: nearest_rank(&sorted, 990).unwrap_or(0),
            max: sorted.last().copied().unwrap_or(0),
        }
    }
}

/// Puzzles by verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdicts {
    /// Exactly one solution.
    pub solved: u64,
    /// No solution.
    pub unsolvable: u64,
    /// Two or more solutions.
    pub multiple: u64,
    /// Stopped by the node or time limit.
    pub limit: u64,
    /// Givens in conflict; not searched.
    pub invalid: u64,
}

/// One preset on one file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The preset's name.
    pub preset: String,
    /// The file, as named on the command line.
    pub file: String,
    /// Puzzles read (searched or invalid).
    pub puzzles: u64,
    /// Runs per puzzle: 1, or with `--seeds` one per seed (for a dynamic cell order). Every
    /// figure below counts runs, each run as a puzzle.
    #[serde(default = "one")]
    pub runs_per_puzzle: u64,
    /// Puzzles by verdict.
    pub verdicts: Verdicts,
    /// Puzzles solved without a decision.
    pub no_guess: u64,
    /// `no_guess` over the searched puzzles, from 0 to 1.
    pub no_guess_share: f64,
    /// Each searched puzzle's own time, in nanoseconds.
    pub nanos: Spread,
    /// Decisions (the engine's `nodes`).
    pub nodes: Spread,
    /// Undone decisions (the engine's `backtracks`).
    pub backtracks: Spread,
    /// Candidates removed from domains (the engine's `prunes`).
    pub prunes: Spread,
    /// Mean contradictions found per searched puzzle (the engine's `wipeouts`).
    pub wipeouts_mean: f64,
    /// Searched puzzles per second of this preset's own solving time (one thread):
    /// `count / (sum of nanos)`.
    pub puzzles_per_second: f64,
    /// Where the limit stopped the search (`file:line`), every one.
    pub limited: Vec<String>,
    /// Decisions per puzzle on a log₂ scale.
    pub histogram: Histogram,
    /// A local search's success and steps (absent for a backtracking search).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local: Option<LocalSummary>,
    /// For a preset that revises arcs: its revisions, checks and queue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arcs: Option<ArcSpread>,
    /// With `--seeds`: the run-time distribution in nodes, its percentiles and survival
    /// function.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub survival: Option<Survival>,
    /// For a preset that learns nogoods: how many, how long, their LBD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learning: Option<LearningSpread>,
}

/// The nogoods a preset learned, over the searched puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LearningSpread {
    /// Nogoods learned per puzzle.
    pub learned: Spread,
    /// Their mean number of literals.
    pub size_mean: f64,
    /// Their mean literal block distance.
    pub lbd_mean: f64,
}

/// How a local search did: its share of puzzles solved within its step limit, and its
/// steps per solved puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LocalSummary {
    /// Puzzles solved within the step limit over the searched puzzles, from 0 to 1.
    pub success_rate: f64,
    /// Steps per solved puzzle.
    pub steps: Spread,
    /// The fewest conflicts reached on the puzzles the step limit stopped, their mean.
    pub best_conflicts_mean: f64,
    /// Of the puzzles it did not solve, those on which it was stuck before its step limit:
    /// no cell in conflict could move (with boxes filled, each the only open cell of its box).
    #[serde(default)]
    pub stuck: u64,
}

/// The arc revisions of a preset that maintains arc consistency by an algorithm, over the
/// searched puzzles that made some.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ArcSpread {
    /// Revisions per puzzle.
    pub revisions: Spread,
    /// Mean revisions that removed a digit, per puzzle.
    pub effective_mean: f64,
    /// Constraint checks per puzzle.
    pub checks: Spread,
    /// The longest queue of any puzzle.
    pub queue_peak: u64,
}

fn one() -> u64 {
    1
}

impl Summary {
    /// Summarises `tally` for `preset` on `file` (the run-time distribution is added by
    /// [`Summary::with_survival`]).
    pub fn of(preset: &str, file: &str, tally: &Tally) -> Summary {
        let nanos = Spread::of(&tally.nanos);
        let searched = nanos.count;
        #[expect(
            clippy::cast_precision_loss,
            reason = "shares and rates are reported as floats"
        )]
        let (no_guess_share, puzzles_per_second) = (
            if searched == 0 {
                0.0
            } else {
                tally.no_guess as f64 / searched as f64
            },
            if nanos.sum == 0 {
                0.0
            } else {
                searched as f64 * 1e9 / nanos.sum as f64
            },
        );
        Summary {
            preset: preset.to_string(),
            file: file.to_string(),
            puzzles: tally.puzzles(),
            runs_per_puzzle: tally.runs_per_puzzle.max(1),
            verdicts: Verdicts {
                solved: tally.count(Verdict::Solved),
                unsolvable: tally.count(Verdict::Unsolvable),
                multiple: tally.count(Verdict::Multiple),
                limit: tally.count(Verdict::Limit),
                invalid: tally.count(Verdict::Invalid),
            },
            no_guess: tally.no_guess,
            no_guess_share,
            nanos,
            nodes: Spread::of(&tally.nodes),
            backtracks: Spread::of(&tally.backtracks),
            prunes: Spread::of(&tally.prunes),
            wipeouts_mean: mean(u128::from(tally.wipeouts), searched).unwrap_or(0.0),
            puzzles_per_second,
            limited: tally.limited.clone(),
            histogram: Histogram::of(tally.nodes.values()),
            local: tally.local.then(|| {
                #[expect(clippy::cast_precision_loss, reason = "a share")]
                let success_rate = if searched == 0 {
                    0.0
                } else {
                    tally.count(Verdict::Solved) as f64 / searched as f64
                };
                LocalSummary {
                    success_rate,
                    steps: Spread::of(&tally.steps),
                    best_conflicts_mean: mean(u128::from(tally.best.sum()), tally.best.count())
                        .unwrap_or(0.0),
                    stuck: tally.stuck,
                }
            }),
            arcs: (tally.revisions.count() > 0).then(|| ArcSpread {
                revisions: Spread::of(&tally.revisions),
                effective_mean: mean(
                    u128::from(tally.effective_revisions),
                    tally.revisions.count(),
                )
                .unwrap_or(0.0),
                checks: Spread::of(&tally.checks),
                queue_peak: tally.queue_peak,
            }),
            survival: None,
            learning: tally.learns.then(|| {
                let learned = Spread::of(&tally.learned);
                LearningSpread {
                    learned,
                    size_mean: mean(u128::from(tally.learned_literals), learned.sum).unwrap_or(0.0),
                    lbd_mean: mean(u128::from(tally.learned_lbd), learned.sum).unwrap_or(0.0),
                }
            }),
        }
    }

    /// With the run-time distribution of `tally`'s runs, as `bench --seeds` reports it.
    #[must_use]
    pub fn with_survival(mut self, tally: &Tally) -> Summary {
        self.survival = Some(Survival::of(tally.nodes.values()));
        self
    }
}

/// The columns compared across presets, each with its direction.
pub const RATIO_COLUMNS: &[(&str, bool)] = &[
    ("µs mean", false),
    ("µs median", false),
    ("µs p90", false),
    ("µs p99", false),
    ("µs max", false),
    ("nodes mean", false),
    ("backtracks mean", false),
    ("prunes mean", false),
    ("puzzles/s", true),
];

/// Whether ratio column `index` applies to `s`: a local search makes no decisions,
/// backtracks or prunes, so its zeros there are no best to compare with (its time is).
fn applies(s: &Summary, index: usize) -> bool {
    s.local.is_none() || !(5..=7).contains(&index)
}

/// The value of ratio column `index` for `s`.
fn column(s: &Summary, index: usize) -> f64 {
    #[expect(clippy::cast_precision_loss, reason = "ratios are floats")]
    match index {
        0 => s.nanos.mean,
        1 => s.nanos.median as f64,
        2 => s.nanos.p90 as f64,
        3 => s.nanos.p99 as f64,
        4 => s.nanos.max as f64,
        5 => s.nodes.mean,
        6 => s.backtracks.mean,
        7 => s.prunes.mean,
        _ => s.puzzles_per_second,
    }
}

/// For each summary (presets on one file), each [`RATIO_COLUMNS`] value relative to the best
/// preset in that column, as "times worse": 1 for the best, 2 for twice the time (or half
/// the throughput). `None` where the best is 0 and this one is not (an infinite ratio), or
/// where nothing was searched.
pub fn ratios(summaries: &[Summary]) -> Vec<Vec<Option<f64>>> {
    let searched: Vec<&Summary> = summaries.iter().filter(|s| s.nanos.count > 0).collect();
    let best: Vec<Option<f64>> = RATIO_COLUMNS
        .iter()
        .enumerate()
        .map(|(i, &(_, higher_is_better))| {
            let values = searched
                .iter()
                .filter(|s| applies(s, i))
                .map(|s| column(s, i));
            if higher_is_better {
                values.reduce(f64::max)
            } else {
                values.reduce(f64::min)
            }
        })
        .collect();
    summaries
        .iter()
        .map(|s| {
            RATIO_COLUMNS
                .iter()
                .enumerate()
                .map(|(i, &(_, higher_is_better))| {
                    let (value, best) = (column(s, i), best[i]?);
                    if s.nanos.count == 0 || !applies(s, i) {
                        return None;
                    }
                    let (num, den) = if higher_is_better {
                        (best, value)
                    } else {
                        (value, best)
                    };
                    if den == 0.0 {
                        (num == 0.0).then_some(1.0)
                    } else {
                        Some(num / den)
                    }
                })
                .collect()
        })
        .collect()
}
