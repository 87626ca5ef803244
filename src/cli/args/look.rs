//! How a search looks back at failures, from the command line: backjumping, restarts,
//! random ties (and a local search's seed).

use clap::Args;

use crate::solver::strategy::{LookBack, Restart};

/// How a search looks back at failures: backjumping, restarts, random ties.
#[derive(Debug, Clone, Default, Args)]
pub struct LookArgs {
    /// Where a failure sends the search: chronological (back to the latest decision) or
    /// cbj (conflict-directed backjumping; with --infer fc or none).
    #[arg(long, value_name = "HOW")]
    pub lookback: Option<LookBack>,
    /// Restart policy for a dynamic cell order: none, luby:N (N failures times the Luby
    /// sequence) or geometric:N,F (N failures, times F each run).
    #[arg(long, value_name = "POLICY", value_parser = parse_restart)]
    pub restart: Option<Restart>,
    /// Break ties in a dynamic cell order at random from this seed (reproducibly); for
    /// min-conflicts, the seed of all its random choices (default 0). A preset's own
    /// `/seed:K` wins over it (as its `/luby:N` over --restart and `/cbj` over --lookback).
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    pub seed: Option<u64>,
}

/// A `--seed` value, or the reason it is not one (clap names the value).
fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| "a seed is a whole number from 0 to 18446744073709551615".to_string())
}

/// A `--restart` value, or the reason it is not one (clap names the value).
fn parse_restart(text: &str) -> Result<Restart, String> {
    text.parse::<Restart>().map_err(|e| e.reason.to_string())
}
