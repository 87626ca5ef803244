//! The registry of named presets: every system the seeds describe, and dokuscope's default.
//!
//! One table feeds `--preset`, `dokuscope presets`, `bench` and `compare`.

use super::strategy::{
    ArcConsistency, CellOrder, Inference, Learning, LookBack, Restart, Sequence, Strategy,
    ValueOrder,
};

mod aspects;
mod lookup;
mod min_conflicts;
mod spec;

pub use lookup::{GROUPS, expand, find, lookup, with_sequence};
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

#[cfg(test)]
mod tests;
