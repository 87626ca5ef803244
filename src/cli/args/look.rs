//! How a search looks back at failures, from the command line: backjumping, restarts,
//! random ties (and a local search's seed).

use clap::Args;

use super::local;
use crate::solver::strategy::{LookBack, Restart, Strategy};

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
    /// min-conflicts, the seed of all its random choices (default 0).
    #[arg(long, value_name = "N", value_parser = parse_seed)]
    pub seed: Option<u64>,
}

impl LookArgs {
    /// `strategy` with the look-back options given, or an error in one sentence when they
    /// do not go with its parts.
    pub fn apply(&self, strategy: Strategy) -> anyhow::Result<Strategy> {
        if strategy.local().is_some() {
            return local::look_back_locally(self, strategy);
        }
        let strategy = Strategy {
            lookback: self.lookback.unwrap_or(strategy.lookback),
            restart: self.restart.unwrap_or(strategy.restart),
            seed: self.seed.or(strategy.seed),
            ..strategy
        };
        match strategy.conflict() {
            Some(why) => anyhow::bail!("{why}"),
            None => Ok(strategy),
        }
    }
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
