//! The registry of named presets: every system the seeds describe, and dokuscope's default.
//!
//! One table feeds `--preset`, `dokuscope presets`, `bench` and `compare`.

use std::sync::OnceLock;

use super::strategy::{
    ArcConsistency, CellOrder, Inference, Learning, LookBack, Restart, Sequence, Strategy,
    UnknownName, ValueOrder,
};

mod aspects;
mod min_conflicts;
mod spec;

pub use min_conflicts::LOCAL;
pub use spec::{resolve, resolve_in, resolve_or_default, sequenced};

/// A named strategy and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The `--preset` name.
    pub name: &'static str,
    /// The search.
    pub strategy: Strategy,
    /// The seed document it reproduces (`000`..`004`), or `dokuscope`.
    pub seed: &'static str,
    /// What it reproduces, in a line.
    pub reproduces: &'static str,
}

/// The preset used when none is named: the fastest (see `benches/solve.rs`).
pub const DEFAULT: &str = "fast";

#[expect(
    clippy::fn_params_excessive_bools,
    reason = "one switch per rule, in the --infer order, keeps the table readable"
)]
const fn inf(fc: bool, ac: bool, hs: bool, np: bool, hp: bool) -> Inference {
    Inference {
        forward_check: fc,
        arc_consistency: ac,
        hidden_singles: hs,
        naked_pairs: np,
        hidden_pairs: hp,
        locked_candidates: false,
        arcs: None,
    }
}

/// Every rule, locked candidates included.
const ALL: Inference = Inference {
    locked_candidates: true,
    ..inf(true, true, true, true, true)
};

const NONE: Inference = inf(false, false, false, false, false);
const FC: Inference = inf(true, false, false, false, false);
const AC: Inference = inf(true, true, false, false, false);

const fn preset(
    name: &'static str,
    order: CellOrder,
    values: ValueOrder,
    inference: Inference,
    seed: &'static str,
    reproduces: &'static str,
) -> Preset {
    Preset {
        name,
        strategy: Strategy::new(order, values, inference),
        seed,
        reproduces,
    }
}

use CellOrder::{
    DomWdeg, DomWdegLc, MostConstraints, Mrv, MrvConstraints, MrvDegree, Reverse, RowMajor,
    StaticDomain,
};
use ValueOrder::{Ascending, Lcv};

/// Every preset, the seeds' systems first.
pub const PRESETS: &[Preset] = &[
    preset(
        "fast",
        Mrv,
        Ascending,
        ALL,
        "dokuscope",
        "the fastest combination measured here: MRV with arc consistency, hidden singles, naked and hidden pairs, and locked candidates",
    ),
    preset(
        "bt",
        RowMajor,
        Ascending,
        NONE,
        "001, 003",
        "plain chronological backtracking with a consistency check (seed 001's version 1, seed 003 figure 1, seed 004's allowed())",
    ),
    preset(
        "cbt",
        RowMajor,
        Ascending,
        FC,
        "000, 004",
        "chronological backtracking: node consistency + forward checking, cells left to right",
    ),
    preset(
        "cbt-rl",
        Reverse,
        Ascending,
        FC,
        "004",
        "CBT with the cells ordered right to left",
    ),
    preset(
        "cbt-domain",
        StaticDomain,
        Ascending,
        FC,
        "004",
        "CBT with the cells ordered by initial domain size",
    ),
    preset(
        "mcv",
        Mrv,
        Ascending,
        FC,
        "000",
        "CBT + most constrained variable (the smallest domain, chosen anew at every decision)",
    ),
    preset(
        "fc-mrv-lcv",
        Mrv,
        Lcv,
        FC,
        "001",
        "version 2: most constrained cell, least constraining value, forward checking",
    ),
    preset(
        "fc-mrv",
        Mrv,
        Ascending,
        FC,
        "001",
        "versions 3 and 4: LCV dropped; most constrained cell with forward checking",
    ),
    preset(
        "first",
        RowMajor,
        Ascending,
        AC,
        "002",
        "first unassigned cell, with assign/eliminate propagation",
    ),
    preset(
        "mrv",
        Mrv,
        Ascending,
        AC,
        "002",
        "minimum remaining values, with assign/eliminate propagation",
    ),
    preset(
        "mrv-degree",
        MrvDegree,
        Ascending,
        AC,
        "002",
        "MRV with the maximum degree (unassigned peers) as tie-break (MRV+MD)",
    ),
    preset(
        "mac",
        Mrv,
        Ascending,
        Inference::mac(ArcConsistency::Ac3),
        "dokuscope",
        "mrv's cell and value order, maintaining arc consistency by AC-3 (Mackworth 1977) instead of its rules: the same search, every arc revision an event",
    ),
    preset(
        "mac-2001",
        Mrv,
        Ascending,
        Inference::mac(ArcConsistency::Ac2001),
        "dokuscope",
        "mac with AC-2001 (Bessière and Régin 2001): the same queue and revisions, fewer constraint checks, each support remembered",
    ),
    looking_back(
        preset(
            "cbj",
            RowMajor,
            Ascending,
            NONE,
            "dokuscope",
            "bt's search with conflict-directed backjumping (Prosser 1993): a failure jumps back to the latest decision to blame",
        ),
        LookBack::Cbj,
    ),
    looking_back(
        preset(
            "fc-cbj",
            RowMajor,
            Ascending,
            FC,
            "dokuscope",
            "cbt's search with conflict-directed backjumping, conflict sets from forward checking (Prosser's FC-CBJ)",
        ),
        LookBack::Cbj,
    ),
    preset(
        "dom-wdeg",
        DomWdeg,
        Ascending,
        AC,
        "dokuscope",
        "mrv's propagation, cells by domain over weighted degree: constraints that caused wipeouts weigh more (Boussemart et al. 2004)",
    ),
    preset(
        "dom-wdeg-lc",
        DomWdegLc,
        Ascending,
        AC,
        "dokuscope",
        "dom-wdeg with last-conflict reasoning: the cell of the last failure is chosen again first (Lecoutre et al. 2009)",
    ),
    learning(
        preset(
            "nogood",
            Mrv,
            Ascending,
            inf(true, true, true, false, false),
            "dokuscope",
            "mrv's cell order with forward checking, naked and hidden singles, learning a 1-UIP nogood from each failure (Marques-Silva and Sakallah 1999; MiniSat, Een and Sorensson 2003), propagated by two watched literals, with a backjump to its asserting level",
        ),
        Learning::KEEP_ALL,
        Restart::Never,
    ),
    learning(
        preset(
            "nogood-vsids",
            Mrv,
            Ascending,
            inf(true, true, true, false, false),
            "dokuscope",
            "nogood with VSIDS cell activity (Chaff, Moskewicz et al. 2001), Luby restarts and the nogood database reduced by LBD (Glucose, Audemard and Simon 2009)",
        ),
        Learning::VSIDS,
        Restart::Luby { scale: 32 },
    ),
    preset(
        "full",
        MrvConstraints,
        Ascending,
        inf(true, true, true, true, true),
        "003",
        "revise + hidden singles + naked pairs + hidden pairs, smallest domain + most constraints (H1+H3)",
    ),
    preset(
        "s003-rv",
        RowMajor,
        Ascending,
        AC,
        "003",
        "table 1 and 2: revise only",
    ),
    preset(
        "s003-rv-hs",
        RowMajor,
        Ascending,
        inf(true, true, true, false, false),
        "003",
        "table 1: revise + hidden singles",
    ),
    preset(
        "s003-rv-np",
        RowMajor,
        Ascending,
        inf(true, true, false, true, false),
        "003",
        "table 1: revise + naked pairs",
    ),
    preset(
        "s003-rv-hp",
        RowMajor,
        Ascending,
        inf(true, true, false, false, true),
        "003",
        "table 1: revise + hidden pairs",
    ),
    preset(
        "s003-rv-hs-np",
        RowMajor,
        Ascending,
        inf(true, true, true, true, false),
        "003",
        "table 1: revise + hidden singles + naked pairs",
    ),
    preset(
        "s003-rv-hs-hp",
        RowMajor,
        Ascending,
        inf(true, true, true, false, true),
        "003",
        "table 1: revise + hidden singles + hidden pairs",
    ),
    preset(
        "s003-rv-hp-np",
        RowMajor,
        Ascending,
        inf(true, true, false, true, true),
        "003",
        "table 1: revise + hidden pairs + naked pairs",
    ),
    preset(
        "s003-rv-hs-hp-np",
        RowMajor,
        Ascending,
        inf(true, true, true, true, true),
        "003",
        "table 1: all techniques, no heuristic",
    ),
    preset(
        "s003-rv-h1",
        Mrv,
        Ascending,
        AC,
        "003",
        "table 2: revise + H1 (smallest domain)",
    ),
    preset(
        "s003-rv-h3",
        MostConstraints,
        Ascending,
        AC,
        "003",
        "table 2: revise + H3 (most constraints)",
    ),
    preset(
        "s003-rv-h1-h3",
        MrvConstraints,
        Ascending,
        AC,
        "003",
        "table 2: revise + H1 + H3",
    ),
    preset(
        "s003-rv-hs-h1",
        Mrv,
        Ascending,
        inf(true, true, true, false, false),
        "003",
        "table 3: revise + hidden singles + H1",
    ),
    preset(
        "s003-rv-hs-h3",
        MostConstraints,
        Ascending,
        inf(true, true, true, false, false),
        "003",
        "table 3: revise + hidden singles + H3",
    ),
    preset(
        "s003-rv-hs-h1-h3",
        MrvConstraints,
        Ascending,
        inf(true, true, true, false, false),
        "003",
        "table 3: revise + hidden singles + H1 + H3",
    ),
];

/// Every preset: the backtracking ones ([`PRESETS`]), then the local searches ([`LOCAL`]).
pub fn every() -> impl Iterator<Item = &'static Preset> + Clone {
    PRESETS.iter().chain(LOCAL)
}

/// A preset that learns nogoods: `preset`'s parts, with `learning` and `restart`.
const fn learning(mut preset: Preset, learning: Learning, restart: Restart) -> Preset {
    preset.strategy.lookback = LookBack::Nogood;
    preset.strategy.learning = learning;
    preset.strategy.restart = restart;
    preset
}

/// A preset that looks back at failures: `preset`'s parts, with `lookback`.
const fn looking_back(mut preset: Preset, lookback: LookBack) -> Preset {
    preset.strategy.lookback = lookback;
    preset
}

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

impl Preset {
    /// The name to show: the preset's, with `@SEQUENCE` when its cell sequence is not
    /// reading order (`s003-rv@hashmap`, as [`lookup`] reads it).
    pub fn label(&self) -> String {
        if self.strategy.sequence == Sequence::Reading {
            self.name.to_string()
        } else {
            format!("{}@{}", self.name, self.strategy.sequence)
        }
    }
}

/// The default preset.
pub fn default_preset() -> &'static Preset {
    find(DEFAULT).unwrap_or(&PRESETS[0])
}

fn unknown(name: &str) -> UnknownName {
    let names: Vec<&str> = every().map(|p| p.name).collect();
    UnknownName::among("preset", name, &names)
}

#[cfg(test)]
mod tests;
