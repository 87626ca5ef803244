//! The registry's local searches: preset `min-conflicts`, and its variants after slashes.

use super::Preset;
use crate::strategy::{Family, Repair, Sequence, Strategy, UnknownName};

/// The presets of the other search family, local search (see `solver::local`): kept apart
/// from [`PRESETS`](super::PRESETS), whose searches the pinned counts hold, and listed
/// after them.
pub const LOCAL: &[Preset] = &[Preset {
    name: "min-conflicts",
    strategy: Strategy::min_conflicts(Repair::DEFAULT),
    seed: "dokuscope",
    reproduces: "local search (Minton, Johnston, Philips and Laird 1992): a complete assignment, boxes filled, repaired by swapping a conflicted cell to its fewest conflicts",
}];

/// Whether `part` names a local search's variant (`fill:`, `walk:`, `tabu:`, `steps:`).
pub(super) fn is_variant(part: &str) -> bool {
    matches!(
        part.split_once(':').map(|(key, _)| key),
        Some("fill" | "walk" | "tabu" | "steps")
    )
}

/// `base`'s strategy with the variants `parts` (`fill:cells`, `walk:0.05`, `tabu:10`,
/// `steps:5000`, `seed:3`), or a sentence naming the one that does not parse or apply.
pub(super) fn with_variants<'a>(
    base: &Preset,
    parts: impl Iterator<Item = &'a str>,
) -> Result<Strategy, String> {
    let mut strategy = base.strategy;
    let mut repair = strategy.local().unwrap_or_default();
    let mut set = Vec::new();
    for part in parts {
        let bad = |why: &str| format!("bad variant '{part}' of preset {}: {why}", base.name);
        let aspect = match part.split_once(':').map(|(key, _)| key) {
            Some("fill") => "fill",
            Some("walk") => "random walk",
            Some("tabu") => "tabu tenure",
            Some("steps") => "step limit",
            Some("seed") => "seed",
            _ => "",
        };
        if !aspect.is_empty() {
            super::aspects::once(&mut set, aspect, part, base.name)?;
        }
        if let Some(seed) = part.strip_prefix("seed:") {
            strategy.seed = Some(seed.parse().map_err(|_| bad("a seed is a whole number"))?);
        } else if !repair.apply_variant(part).map_err(|e| bad(e.reason))? {
            return Err(bad(
                "a local search takes fill:boxes, fill:cells, walk:P, tabu:N, steps:N or seed:N",
            ));
        }
    }
    strategy.family = Family::MinConflicts(repair);
    Ok(strategy)
}

/// Whether `preset` can scan `sequence`: a local search has no cell order, so reading order
/// (a no-op) is the only one.
pub(super) fn check_sequence(preset: &Preset, sequence: Sequence) -> Result<(), UnknownName> {
    if preset.strategy.local().is_some() && sequence != Sequence::Reading {
        return Err(UnknownName::among(
            "cell sequence for a local search, which has no cell order,",
            &sequence.to_string(),
            &["reading"],
        ));
    }
    Ok(())
}
