//! The options of a local search (preset `min-conflicts`): how its assignment is filled,
//! its random walk, its tabu tenure and its step limit.

use clap::Args;

use super::StrategyArgs;
use crate::solver::strategy::repair::{parse_max_steps, parse_tenure};
use crate::solver::strategy::{Fill, Probability, Strategy};

/// A local search's options; each overrides its preset's (`min-conflicts/tabu:10` sets one
/// in the name instead).
#[derive(Debug, Clone, Default, Args)]
pub struct LocalArgs {
    /// Min-conflicts: how the complete assignment is filled: boxes (each box holds each
    /// digit once; a step swaps two cells of a box) or cells (each cell its fewest
    /// conflicts; a step changes one cell).
    #[arg(long, value_name = "HOW")]
    pub fill: Option<Fill>,
    /// Min-conflicts: the probability (0 to 1) that a step is a random walk.
    #[arg(long, value_name = "P", value_parser = parse_walk, allow_hyphen_values = true)]
    pub walk: Option<Probability>,
    /// Min-conflicts: the tabu tenure in steps (0: none).
    #[arg(long, value_name = "N", value_parser = tenure, allow_hyphen_values = true)]
    pub tabu: Option<u32>,
    /// Min-conflicts: stop with status `limit` after N steps (default 100000).
    #[arg(long, value_name = "N", value_parser = max_steps, allow_hyphen_values = true)]
    pub max_steps: Option<u64>,
}

fn parse_walk(text: &str) -> Result<Probability, String> {
    text.parse::<Probability>()
        .map_err(|e| e.reason.to_string())
}

fn tenure(text: &str) -> Result<u32, String> {
    parse_tenure(text).map_err(|e| e.reason.to_string())
}

fn max_steps(text: &str) -> Result<u64, String> {
    parse_max_steps(text).map_err(|e| e.reason.to_string())
}

/// The first of `flags` given, by name.
fn first_given(flags: &[(&'static str, bool)]) -> Option<&'static str> {
    flags.iter().find(|(_, on)| *on).map(|(name, _)| *name)
}

/// [`StrategyArgs::resolve`] for a local search `base` (named `spec` on the command line, shown as `name`): a backtracking
/// search's parts are refused by name, its own options applied.
pub(super) fn resolve_locally(
    args: &StrategyArgs,
    spec: &str,
    name: String,
    base: Strategy,
) -> anyhow::Result<(String, Strategy)> {
    let given = first_given(&[
        ("--order", args.order.is_some()),
        ("--values", args.values.is_some()),
        ("--infer", args.infer.is_some()),
        ("--sequence", args.sequence.is_some()),
    ]);
    if let Some(flag) = given {
        anyhow::bail!(
            "{flag} does not apply to {name}, a local search (its options are --fill, --walk, --tabu, --max-steps and --seed)"
        );
    }
    let flagged = super::variants::flag_one(spec, base, &args.look, &args.local)?;
    Ok((name, flagged.strategy))
}
