//! Presets found by name: one preset (with its cell sequence, `s003-rv@hashmap`), or a
//! group of them (`fc`, `lookback`, `all`), and the error that names the nearest ones.

use std::sync::OnceLock;

use super::{PRESETS, Preset, every, min_conflicts};
use crate::strategy::{Sequence, Strategy, UnknownName};

/// Named lists of presets: `seed003` (seed 003's tables), `seed003-hashmap` (the same in
/// seed 003's own cell sequence), `seeds` (one preset per seed system), `lookback` (the
/// look-back searches beside the chronological ones they extend), `arc` (mrv's search with
/// its rules, AC-3 and AC-2001), `learning` (the nogood learners beside the searches they
/// are measured against) and `all`.
pub const GROUPS: &[(&str, &str)] = &[
    (
        "seed003",
        "bt s003-rv s003-rv-hs-hp-np s003-rv-hs s003-rv-hs-np s003-rv-hs-hp s003-rv-hp s003-rv-hp-np s003-rv-np s003-rv-h1 s003-rv-h3 s003-rv-h1-h3 s003-rv-hs-h1 s003-rv-hs-h3 s003-rv-hs-h1-h3 full",
    ),
    ("seed003-hashmap", "seed003@hashmap"),
    ("seed000", "cbt mcv"),
    ("seed001", "bt fc-mrv-lcv fc-mrv"),
    ("seed002", "first mrv mrv-degree"),
    ("seed004", "cbt cbt-rl cbt-domain"),
    (
        "seeds",
        "bt cbt cbt-rl cbt-domain mcv fc-mrv-lcv fc-mrv first mrv mrv-degree full",
    ),
    ("lookback", "bt cbj cbt fc-cbj mrv dom-wdeg dom-wdeg-lc"),
    ("arc", "mrv mac mac-2001"),
    (
        "learning",
        "mrv fc-cbj dom-wdeg s003-rv-hs-h1 nogood nogood-vsids",
    ),
];

/// The preset called `name`.
pub fn find(name: &str) -> Option<&'static Preset> {
    every().find(|p| p.name == name)
}

/// The preset called `name`, or an error listing the valid names. `NAME@SEQUENCE`
/// (`s003-rv@hashmap`) is preset NAME with the cell sequence SEQUENCE.
pub fn lookup(name: &str) -> Result<&'static Preset, UnknownName> {
    match name.split_once('@') {
        Some((name, sequence)) => {
            let preset = lookup(name)?;
            let sequence: Sequence = sequence.parse()?;
            min_conflicts::check_sequence(preset, sequence)?;
            Ok(with_sequence(preset, sequence))
        }
        None => find(name).ok_or_else(|| unknown(name)),
    }
}

/// The presets a name stands for: one preset, a group from [`GROUPS`], or `all`; with
/// `@SEQUENCE`, each in that cell sequence (`seed003@hashmap`).
pub fn expand(name: &str) -> Result<Vec<&'static Preset>, UnknownName> {
    if let Some((name, sequence)) = name.split_once('@') {
        let sequence = sequence.parse()?;
        // One preset named with a sequence is refused where it has none to scan, as
        // `lookup` refuses it; a group's local searches keep theirs.
        if let Some(preset) = find(name) {
            min_conflicts::check_sequence(preset, sequence)?;
        }
        return Ok(expand(name)?
            .into_iter()
            .map(|p| with_sequence(p, sequence))
            .collect());
    }
    if name == "all" {
        return Ok(every().collect());
    }
    if let Some((_, list)) = GROUPS.iter().find(|(g, _)| *g == name) {
        let mut presets = Vec::new();
        for token in list.split_whitespace() {
            presets.extend(expand(token)?);
        }
        return Ok(presets);
    }
    find(name).map(|p| vec![p]).ok_or_else(|| {
        let names: Vec<&str> = every()
            .map(|p| p.name)
            .chain(GROUPS.iter().map(|(g, _)| *g))
            .chain(["all"])
            .collect();
        UnknownName::among("preset or group", name, &names)
    })
}

/// `preset` with the cell sequence `sequence`: itself when that is its own, else the same
/// preset from a table of every preset in every sequence, built once.
pub fn with_sequence(preset: &'static Preset, sequence: Sequence) -> &'static Preset {
    static VARIANTS: OnceLock<Vec<Preset>> = OnceLock::new();
    if preset.strategy.sequence == sequence || preset.strategy.local().is_some() {
        return preset;
    }
    let variants = VARIANTS.get_or_init(|| {
        Sequence::ALL
            .into_iter()
            .flat_map(|sequence| {
                PRESETS.iter().map(move |p| Preset {
                    strategy: Strategy {
                        sequence,
                        ..p.strategy
                    },
                    ..*p
                })
            })
            .collect()
    });
    let at = PRESETS
        .iter()
        .position(|p| p.name == preset.name)
        .expect("BUG: every preset is one of PRESETS in some sequence");
    let row = Sequence::ALL
        .iter()
        .position(|&s| s == sequence)
        .expect("BUG: ALL lists every sequence");
    &variants[row * PRESETS.len() + at]
}

fn unknown(name: &str) -> UnknownName {
    let names: Vec<&str> = every().map(|p| p.name).collect();
    UnknownName::among("preset", name, &names)
}
