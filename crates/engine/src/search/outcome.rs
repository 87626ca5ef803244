//! How a search is bounded, and how it ended.

use std::time::Instant;

use crate::puzzle::Puzzle;
use crate::stats::Stats;

/// When a search stops early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop once this many solutions are found (1: first solution; 2: prove uniqueness).
    pub solutions: u64,
    /// Stop with status `limit` before decision number `nodes + 1`.
    pub nodes: Option<u64>,
    /// [`Search::run`](super::Search::run) stops with status `limit` once this instant has
    /// passed (checked every 256 steps; the iterator ignores it: its consumer controls
    /// time).
    pub deadline: Option<Instant>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            solutions: 2,
            nodes: None,
            deadline: None,
        }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Exactly one solution found (proven unique when the search counted to 2 or more).
    Solved,
    /// No solution.
    Unsolvable,
    /// At least two solutions.
    Multiple,
    /// The node limit was reached first.
    Limit,
}

impl Status {
    /// The status word used in every output.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Multiple => "multiple",
            Status::Limit => "limit",
        }
    }
}

/// The result of a whole search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// The first solution found, if any.
    pub solution: Option<Puzzle>,
    /// The counters.
    pub stats: Stats,
}
