//! A preset as a command line names it: with variants after slashes (`dom-wdeg/luby:100`,
//! `mrv/seed:3`, `fc-mrv/cbj`) and a cell sequence (`mrv@hashmap`), resolved to a name and
//! a strategy.

use super::aspects::once;
use super::{default_preset, lookup, min_conflicts};
use crate::strategy::{LookBack, Sequence, Strategy};

/// A preset named with variants after slashes, each changing how it looks back:
/// `mrv/luby:100/seed:3` (restarts, random ties), `fc-mrv/cbj` (backjumping),
/// `dom-wdeg/geometric:10,1.5`, `cbj/chronological`, `mrv/restart:none`; the preset may name
/// its cell sequence first (`mrv@hashmap/luby:100`, see [`lookup`]). Returns the name as
/// given and the strategy, or a sentence saying what does not parse or go together.
pub fn resolve(spec: &str) -> Result<(String, Strategy), String> {
    let mut parts = spec.split('/');
    let base = lookup(parts.next().unwrap_or_default()).map_err(|e| e.to_string())?;
    let mut strategy = base.strategy;
    if strategy.local().is_some() {
        let strategy = min_conflicts::with_variants(base, parts)?;
        return Ok((spec.to_string(), strategy));
    }
    // Which part of the strategy each variant given sets: one variant a part.
    let mut set: Vec<(&str, &str)> = Vec::new();
    for part in parts {
        let aspect = if part.parse::<LookBack>().is_ok() {
            "look-back"
        } else if part == "vsids" {
            "cell order"
        } else if part.starts_with("keep:") {
            "nogood limit"
        } else if part.starts_with("glue:") {
            "nogood glue"
        } else if part.starts_with("seed:") {
            "seed"
        } else {
            "restart policy"
        };
        once(&mut set, aspect, part, base.name)?;
        let bad = || {
            let hint = if min_conflicts::is_variant(part) {
                " (that is a variant of the local search min-conflicts)"
            } else {
                ""
            };
            format!(
                "bad variant '{part}' of preset {}: expected cbj, chronological, nogood, luby:N, geometric:N,F, restart:none, seed:N, vsids, keep:N or glue:N{hint}",
                base.name
            )
        };
        if let Ok(lookback) = part.parse::<LookBack>() {
            strategy.lookback = lookback;
        } else if strategy.learning.apply(part)? {
            if strategy.lookback != LookBack::Nogood {
                return Err(format!(
                    "variant '{part}' of preset {} is an option of nogood learning: name /nogood first, or a preset that learns (nogood, nogood-vsids)",
                    base.name
                ));
            }
        } else if let Some(seed) = part.strip_prefix("seed:") {
            strategy.seed = Some(seed.parse().map_err(|_| bad())?);
        } else if let Some(policy) = part.strip_prefix("restart:") {
            strategy.restart = policy
                .parse()
                .map_err(|e: crate::strategy::BadRestart| e.to_string())?;
        } else if part.starts_with("luby:") || part.starts_with("geometric:") {
            strategy.restart = part
                .parse()
                .map_err(|e: crate::strategy::BadRestart| e.to_string())?;
        } else {
            return Err(bad());
        }
    }
    if let Some(why) = strategy.conflict() {
        return Err(format!("{spec}: {why}"));
    }
    Ok((spec.to_string(), strategy))
}

/// `strategy`, named `name`, in the cell sequence `sequence` when one is given: the name
/// then says it (`mrv@hashmap/luby:100`), as [`Preset::label`] does.
pub fn sequenced(
    name: String,
    mut strategy: Strategy,
    sequence: Option<Sequence>,
) -> (String, Strategy) {
    // A local search scans no cell sequence: one given for every pane leaves it as it is.
    let sequence = sequence.filter(|_| strategy.local().is_none());
    let Some(sequence) = sequence.filter(|&s| s != strategy.sequence) else {
        return (name, strategy);
    };
    strategy.sequence = sequence;
    let (head, variants) = name.split_once('/').unwrap_or((name.as_str(), ""));
    let base = head.split_once('@').map_or(head, |(b, _)| b);
    let mut label = if sequence == Sequence::Reading {
        base.to_string()
    } else {
        format!("{base}@{sequence}")
    };
    if !variants.is_empty() {
        label = format!("{label}/{variants}");
    }
    (label, strategy)
}

/// [`resolve_or_default`] of `spec`, in the cell sequence `sequence` when one is given
/// (see [`sequenced`]).
pub fn resolve_in(
    spec: Option<&str>,
    sequence: Option<Sequence>,
) -> Result<(String, Strategy), String> {
    let (name, strategy) = resolve_or_default(spec)?;
    Ok(sequenced(name, strategy, sequence))
}

/// [`resolve`] of `spec`, or the default preset's name and strategy without one.
pub fn resolve_or_default(spec: Option<&str>) -> Result<(String, Strategy), String> {
    spec.map_or_else(
        || {
            let p = default_preset();
            Ok((p.name.to_string(), p.strategy))
        },
        resolve,
    )
}
