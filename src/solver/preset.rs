//! The registry of named presets: every system the seeds describe, and dokuscope's default.
//!
//! One table feeds `--preset`, `dokuscope presets`, `bench` and `compare`.

use super::strategy::{CellOrder, Inference, LookBack, Strategy, UnknownName, ValueOrder};

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
        "003",
        "plain chronological backtracking with a consistency check (seed 003 figure 1, seed 004's allowed())",
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

/// A preset that looks back at failures: `preset`'s parts, with `lookback`.
const fn looking_back(mut preset: Preset, lookback: LookBack) -> Preset {
    preset.strategy.lookback = lookback;
    preset
}

/// Named lists of presets: `seed003` (seed 003's tables), `seeds` (one preset per seed
/// system), `lookback` (the look-back searches beside the chronological ones they extend)
/// and `all`.
pub const GROUPS: &[(&str, &str)] = &[
    (
        "seed003",
        "bt s003-rv s003-rv-hs-hp-np s003-rv-hs s003-rv-hs-np s003-rv-hs-hp s003-rv-hp s003-rv-hp-np s003-rv-np s003-rv-h1 s003-rv-h3 s003-rv-h1-h3 s003-rv-hs-h1 s003-rv-hs-h3 s003-rv-hs-h1-h3 full",
    ),
    ("seed000", "cbt mcv"),
    ("seed001", "cbt fc-mrv-lcv fc-mrv"),
    ("seed002", "first mrv mrv-degree"),
    ("seed004", "cbt cbt-rl cbt-domain"),
    (
        "seeds",
        "bt cbt cbt-rl cbt-domain mcv fc-mrv-lcv fc-mrv first mrv mrv-degree full",
    ),
    ("lookback", "bt cbj cbt fc-cbj mrv dom-wdeg dom-wdeg-lc"),
];

/// The preset called `name`.
pub fn find(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}

/// The preset called `name`, or an error listing the valid names.
pub fn lookup(name: &str) -> Result<&'static Preset, UnknownName> {
    find(name).ok_or_else(|| unknown(name))
}

/// The presets a name stands for: one preset, a group from [`GROUPS`], or `all`.
pub fn expand(name: &str) -> Result<Vec<&'static Preset>, UnknownName> {
    if name == "all" {
        return Ok(PRESETS.iter().collect());
    }
    if let Some((_, list)) = GROUPS.iter().find(|(g, _)| *g == name) {
        return Ok(list.split_whitespace().filter_map(find).collect());
    }
    find(name).map(|p| vec![p]).ok_or_else(|| {
        let names: Vec<&str> = PRESETS
            .iter()
            .map(|p| p.name)
            .chain(GROUPS.iter().map(|(g, _)| *g))
            .chain(["all"])
            .collect();
        UnknownName::among("preset or group", name, &names)
    })
}

/// A preset named with variants after slashes, each changing how it looks back:
/// `mrv/luby:100/seed:3` (restarts, random ties), `fc-mrv/cbj` (backjumping),
/// `dom-wdeg/geometric:10,1.5`, `cbj/chronological`, `mrv/restart:none`. Returns the name as
/// given and the strategy, or a sentence saying what does not parse or go together.
pub fn resolve(spec: &str) -> Result<(String, Strategy), String> {
    let mut parts = spec.split('/');
    let base = lookup(parts.next().unwrap_or_default()).map_err(|e| e.to_string())?;
    let mut strategy = base.strategy;
    for part in parts {
        let bad = || {
            format!(
                "bad variant '{part}' of preset {}: expected cbj, chronological, luby:N, geometric:N,F, restart:none or seed:N",
                base.name
            )
        };
        if let Ok(lookback) = part.parse::<LookBack>() {
            strategy.lookback = lookback;
        } else if let Some(seed) = part.strip_prefix("seed:") {
            strategy.seed = Some(seed.parse().map_err(|_| bad())?);
        } else if let Some(policy) = part.strip_prefix("restart:") {
            strategy.restart = policy
                .parse()
                .map_err(|e: super::strategy::BadRestart| e.to_string())?;
        } else if part.starts_with("luby:") || part.starts_with("geometric:") {
            strategy.restart = part
                .parse()
                .map_err(|e: super::strategy::BadRestart| e.to_string())?;
        } else {
            return Err(bad());
        }
    }
    if let Some(why) = strategy.conflict() {
        return Err(format!("{spec}: {why}"));
    }
    Ok((spec.to_string(), strategy))
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

/// The default preset.
pub fn default_preset() -> &'static Preset {
    find(DEFAULT).unwrap_or(&PRESETS[0])
}

fn unknown(name: &str) -> UnknownName {
    let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    UnknownName::among("preset", name, &names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_names_are_unique_and_groups_name_real_presets() {
        for (i, p) in PRESETS.iter().enumerate() {
            assert!(
                PRESETS[i + 1..].iter().all(|q| q.name != p.name),
                "{} twice",
                p.name
            );
        }
        for (group, list) in GROUPS {
            for name in list.split_whitespace() {
                assert!(
                    find(name).is_some(),
                    "group {group} names unknown preset {name}"
                );
            }
        }
        assert_eq!(default_preset().name, DEFAULT);
    }

    #[test]
    fn a_preset_takes_variants_after_slashes() {
        let (name, s) = resolve("mrv/luby:100/seed:3").expect("valid");
        assert_eq!(name, "mrv/luby:100/seed:3");
        assert_eq!(s.restart.to_string(), "luby:100");
        assert_eq!(s.seed, Some(3));
        assert_eq!(s.order, find("mrv").expect("mrv").strategy.order);
        let (_, s) = resolve("fc-mrv/cbj").expect("valid");
        assert_eq!(s.lookback, LookBack::Cbj);
        assert_eq!(
            resolve("cbj/chronological").expect("valid").1,
            find("bt").expect("bt").strategy
        );
        for (spec, says) in [
            ("mrv/fibonacci", "bad variant 'fibonacci' of preset mrv"),
            ("mrv/luby:0", "at least 1"),
            ("cbt/luby:9", "static cell order"),
            ("mrv/cbj", "forward checking"),
            ("nope/cbj", "unknown preset 'nope'"),
        ] {
            let err = resolve(spec).expect_err(spec);
            assert!(err.contains(says), "{spec}: {err}");
        }
    }

    #[test]
    fn an_unknown_preset_lists_the_valid_ones() {
        let err = lookup("fastest").expect_err("unknown");
        assert!(err.to_string().contains("mrv-degree"), "{err}");
    }
}
