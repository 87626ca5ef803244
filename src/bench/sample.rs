//! One measurement: a preset run on one puzzle, with its verdict, time and counters.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::solver::preset::Preset;
use crate::solver::puzzle::Puzzle;
use crate::solver::search::{Batch, Limits, Status};

/// How a puzzle ended under one preset: the engine's [`Status`], or `invalid` when the
/// givens break a rule (no search runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Exactly one solution found.
    Solved,
    /// No solution.
    Unsolvable,
    /// Two or more solutions.
    Multiple,
    /// The node or time limit stopped the search (a local search: its step limit).
    Limit,
    /// The givens conflict; not searched.
    Invalid,
}

impl Verdict {
    /// Every verdict, in report order.
    pub const ALL: [Verdict; 5] = [
        Verdict::Solved,
        Verdict::Unsolvable,
        Verdict::Multiple,
        Verdict::Limit,
        Verdict::Invalid,
    ];

    /// The word used in every output.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Multiple => "multiple",
            Verdict::Limit => "limit",
            Verdict::Invalid => "invalid",
        }
    }

    /// The verdict called `name`.
    pub fn from_name(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.name() == name)
    }

    /// Its position in [`Verdict::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl From<Status> for Verdict {
    fn from(status: Status) -> Verdict {
        match status {
            Status::Solved => Verdict::Solved,
            Status::Unsolvable => Verdict::Unsolvable,
            Status::Multiple => Verdict::Multiple,
            Status::Limit => Verdict::Limit,
        }
    }
}

/// One preset on one puzzle. The counters keep the engine's [`Stats`](crate::solver::Stats)
/// field names; all are zero for an `invalid` puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    /// How it ended (`None` only in a default value).
    pub verdict: Option<Verdict>,
    /// This puzzle's own solving time in nanoseconds (set-up and search, one thread).
    pub nanos: u64,
    /// Decisions.
    pub nodes: u64,
    /// All assignments, decided and inferred.
    pub assignments: u64,
    /// Undone decisions.
    pub backtracks: u64,
    /// Candidates removed from domains.
    pub prunes: u64,
    /// Contradictions found.
    pub wipeouts: u64,
    /// The most decisions in effect at once.
    pub max_depth: u64,
    /// Solutions found (up to the count asked for).
    pub solutions: u64,
    /// A local search's steps (`None` for a backtracking search).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<u64>,
    /// A local search's fewest conflicts (0 when solved; `None` for a backtracking search).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conflicts: Option<u64>,
    /// A local search that stopped stuck, before its step limit: no cell in conflict could
    /// move.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stuck: bool,
    /// Arc revisions (a search that maintains arc consistency by an algorithm).
    #[serde(default)]
    pub revisions: u64,
    /// Revisions that removed a digit.
    #[serde(default)]
    pub effective_revisions: u64,
    /// Constraint checks of the revisions.
    #[serde(default)]
    pub checks: u64,
    /// The most arcs waiting in the queue at once.
    #[serde(default)]
    pub queue_peak: u64,
    /// Nogoods learned (a search that learns them).
    #[serde(default)]
    pub learned: u64,
    /// Their literals, summed.
    #[serde(default)]
    pub learned_literals: u64,
    /// Their LBDs, summed.
    #[serde(default)]
    pub learned_lbd: u64,
}

impl Sample {
    /// Whether the puzzle was solved by inference alone, without a decision (no guess); a
    /// local search, which makes no decisions but infers nothing, never does.
    pub fn no_guess(&self) -> bool {
        self.verdict == Some(Verdict::Solved) && self.nodes == 0 && self.steps.is_none()
    }
}

/// What every run of a bench shares: counting and stopping.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunLimits {
    /// Count solutions up to this many (2 proves uniqueness).
    pub solutions: u64,
    /// Stop a search after this many decisions.
    pub nodes: Option<u64>,
    /// Stop a search after this long (checked by the engine every 256 steps).
    pub time: Option<Duration>,
}

impl Default for RunLimits {
    fn default() -> RunLimits {
        RunLimits {
            solutions: 2,
            nodes: None,
            time: None,
        }
    }
}

/// Runs `preset` on `puzzle` and times it: the clock covers building the search and
/// running it, on the calling thread, and nothing else.
pub fn measure(puzzle: &Puzzle, preset: &Preset, limits: RunLimits) -> Sample {
    measure_in(&mut Batch::new(preset.strategy), puzzle, limits)
}

/// Runs `batch`'s strategy on `puzzle` in the batch's memory and times it, as `solve` runs
/// puzzle after puzzle: the clock covers restarting the search and running it.
pub fn measure_in(batch: &mut Batch, puzzle: &Puzzle, limits: RunLimits) -> Sample {
    if batch.strategy().refuses(puzzle.geometry()).is_some() {
        // A search that cannot run this variant (min-conflicts on a cage): no verdict of
        // its own, counted with the invalid puzzles.
        return Sample {
            verdict: Some(Verdict::Invalid),
            ..Sample::default()
        };
    }
    let start = Instant::now();
    let engine_limits = Limits {
        solutions: limits.solutions,
        nodes: limits.nodes,
        deadline: limits.time.map(|t| start + t),
    };
    let outcome = batch.solve(puzzle, engine_limits);
    let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
    match outcome {
        Ok(outcome) => {
            let s = outcome.stats;
            Sample {
                verdict: Some(outcome.status.into()),
                nanos,
                nodes: s.nodes,
                assignments: s.assignments,
                backtracks: s.backtracks,
                prunes: s.prunes,
                wipeouts: s.wipeouts,
                max_depth: s.max_depth,
                solutions: s.solutions,
                steps: s.local.map(|l| l.steps),
                conflicts: s.local.map(|l| l.best.unwrap_or(l.conflicts)),
                stuck: s.local.is_some_and(|l| l.stuck),
                revisions: s.revisions,
                effective_revisions: s.effective_revisions,
                checks: s.checks,
                queue_peak: s.queue_peak,
                learned: s.learned,
                learned_literals: s.learned_literals,
                learned_lbd: s.learned_lbd,
            }
        }
        Err(_) => Sample {
            verdict: Some(Verdict::Invalid),
            nanos,
            ..Sample::default()
        },
    }
}
