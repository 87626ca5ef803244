//! A preset's own variants against the command line's flags: what the name says wins, the
//! flags set what it leaves unsaid, and the label names every flag a search took.
//!
//! `-p dom-wdeg/luby:4/seed:7 --seed 3` runs seed 7: the name is the more particular of the
//! two (in `compare`, `--seed 3` is every pane's default and `/seed:7` one pane's own). A
//! flag that changes a search is added to its label (`-p dom-wdeg --seed 3` is labelled
//! `dom-wdeg/seed:3`), so that a pane's label is always the search it ran. A flag that no
//! search takes is refused: one that the only preset's name overrules, or that applies to
//! no pane.

use super::{LocalArgs, LookArgs};
use crate::solver::strategy::{Family, Strategy};

/// A flag that a preset's variant may also set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Lookback,
    Restart,
    Seed,
    Fill,
    Walk,
    Tabu,
    Steps,
}

impl Part {
    /// The part a variant (`seed:7`, `luby:4`, `cbj`, `walk:0.1`) sets.
    fn of_variant(variant: &str) -> Option<Part> {
        let key = variant.split_once(':').map_or(variant, |(key, _)| key);
        Some(match key {
            "cbj" | "chronological" => Part::Lookback,
            "luby" | "geometric" | "restart" => Part::Restart,
            "seed" => Part::Seed,
            "fill" => Part::Fill,
            "walk" => Part::Walk,
            "tabu" => Part::Tabu,
            "steps" => Part::Steps,
            _ => return None,
        })
    }

    /// Whether the part belongs to a local search (it does not to a backtracking one).
    fn is_local(self) -> bool {
        matches!(self, Part::Fill | Part::Walk | Part::Tabu | Part::Steps)
    }
}

/// One flag given: its part, its name on the command line and its value as a variant.
#[derive(Clone, Debug)]
struct Given {
    part: Part,
    flag: &'static str,
    /// As a preset's variant: `seed:3`, `luby:4`, `cbj`, `restart:none`.
    variant: String,
}

/// The flags given that a preset's variant may also set, in a fixed order.
fn given(look: &LookArgs, local: &LocalArgs) -> Vec<Given> {
    let mut all = Vec::new();
    let mut add = |part, flag, variant: Option<String>| {
        if let Some(variant) = variant {
            all.push(Given {
                part,
                flag,
                variant,
            });
        }
    };
    add(
        Part::Lookback,
        "--lookback",
        look.lookback.map(|l| l.to_string()),
    );
    add(
        Part::Restart,
        "--restart",
        look.restart.map(|r| {
            let text = r.to_string();
            if text == "none" {
                "restart:none".to_string()
            } else {
                text
            }
        }),
    );
    add(Part::Seed, "--seed", look.seed.map(|s| format!("seed:{s}")));
    add(
        Part::Fill,
        "--fill",
        local.fill.map(|f| format!("fill:{f}")),
    );
    add(
        Part::Walk,
        "--walk",
        local.walk.map(|w| format!("walk:{w}")),
    );
    add(
        Part::Tabu,
        "--tabu",
        local.tabu.map(|t| format!("tabu:{t}")),
    );
    add(
        Part::Steps,
        "--max-steps",
        local.max_steps.map(|s| format!("steps:{s}")),
    );
    all
}

/// What became of one flag in one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The search took it (or already searched so).
    Taken,
    /// The preset's name sets the same part otherwise, and wins: the variant it names.
    Overruled(String),
    /// It does not go with the search: why, in a sentence.
    NotFor(String),
}

/// One search after the flags: its label, its strategy, and each flag's outcome.
#[derive(Clone, Debug)]
pub struct Flagged {
    /// The preset's name as given, with `/variant` added for each flag that changed it.
    pub label: String,
    /// The search to run.
    pub strategy: Strategy,
    /// Each flag given, by name with its value (`--seed 3`), and what became of it.
    pub outcomes: Vec<(String, Outcome)>,
}

/// `strategy`, resolved from the preset name `label` (with its variants after slashes), with
/// the flags of `look` and `local` that its name leaves unsaid and that go with it.
pub fn flag(label: &str, strategy: Strategy, look: &LookArgs, local: &LocalArgs) -> Flagged {
    let named: Vec<(Part, &str)> = label
        .split('/')
        .skip(1)
        .filter_map(|v| Part::of_variant(v).map(|p| (p, v)))
        .collect();
    let mut strategy = strategy;
    let mut added = String::new();
    let mut outcomes = Vec::new();
    for g in given(look, local) {
        let shown = format!(
            "{} {}",
            g.flag,
            g.variant
                .split_once(':')
                .map_or(g.variant.as_str(), |(_, v)| v)
        );
        let outcome = take(&mut strategy, &g, &named, label, &mut added);
        outcomes.push((shown, outcome));
    }
    Flagged {
        label: format!("{label}{added}"),
        strategy,
        outcomes,
    }
}

/// Takes one flag `g` into `strategy` (and its variant into `added`) when the name leaves
/// its part unsaid and it goes with the search; says what became of it.
fn take(
    strategy: &mut Strategy,
    g: &Given,
    named: &[(Part, &str)],
    label: &str,
    added: &mut String,
) -> Outcome {
    let base = label.split(['/', '@']).next().unwrap_or_default();
    let local = strategy.local();
    match (g.part.is_local(), local.is_some()) {
        (true, false) => {
            return Outcome::NotFor(format!(
                "{} is an option of the local search min-conflicts, and preset {base} backtracks",
                g.flag
            ));
        }
        (false, true) if g.part != Part::Seed => {
            return Outcome::NotFor(format!(
                "{} does not apply to min-conflicts: a local search makes no decisions to look back at",
                g.flag
            ));
        }
        _ => {}
    }
    let mut changed = *strategy;
    if let Some(mut repair) = local {
        // A variant's value parsed already as a flag: it reads back the same.
        if repair.apply_variant(&g.variant).is_err() {
            return Outcome::NotFor(format!("{} {} does not parse", g.flag, g.variant));
        }
        changed.family = Family::MinConflicts(repair);
    }
    match g.part {
        Part::Seed => changed.seed = g.variant.strip_prefix("seed:").and_then(|s| s.parse().ok()),
        Part::Lookback => changed.lookback = g.variant.parse().unwrap_or(changed.lookback),
        Part::Restart => {
            let text = g.variant.strip_prefix("restart:").unwrap_or(&g.variant);
            changed.restart = text.parse().unwrap_or(changed.restart);
        }
        Part::Fill | Part::Walk | Part::Tabu | Part::Steps => {}
    }
    if changed == *strategy {
        return Outcome::Taken;
    }
    if let Some((_, variant)) = named.iter().find(|(p, _)| *p == g.part) {
        return Outcome::Overruled((*variant).to_string());
    }
    if let Some(why) = changed.conflict() {
        return Outcome::NotFor(why);
    }
    *strategy = changed;
    added.push('/');
    added.push_str(&g.variant);
    Outcome::Taken
}

/// For a command of one search: the search flagged, or the first flag it does not take,
/// refused in one sentence (the name `label` wins over a flag that contradicts it).
pub fn flag_one(
    label: &str,
    strategy: Strategy,
    look: &LookArgs,
    local: &LocalArgs,
) -> anyhow::Result<Flagged> {
    let flagged = flag(label, strategy, look, local);
    for (shown, outcome) in &flagged.outcomes {
        match outcome {
            Outcome::Taken => {}
            Outcome::Overruled(variant) => anyhow::bail!(
                "preset {label} names its own {variant}, and a preset's name wins over {shown}: leave out one of the two"
            ),
            Outcome::NotFor(why) => anyhow::bail!("{why}"),
        }
    }
    if let Some(why) = flagged.strategy.conflict() {
        anyhow::bail!("{why}");
    }
    Ok(flagged)
}

/// For a race: each search flagged, or the first flag that no pane takes, refused in one
/// sentence with why (its first pane's reason).
pub fn flag_all(
    panes: Vec<(String, Strategy)>,
    look: &LookArgs,
    local: &LocalArgs,
) -> anyhow::Result<Vec<Flagged>> {
    let flagged: Vec<Flagged> = panes
        .into_iter()
        .map(|(label, strategy)| flag(&label, strategy, look, local))
        .collect();
    let Some(first) = flagged.first() else {
        return Ok(flagged);
    };
    for (i, (shown, _)) in first.outcomes.iter().enumerate() {
        let taken = flagged
            .iter()
            .any(|f| f.outcomes.get(i).is_some_and(|(_, o)| *o == Outcome::Taken));
        if taken {
            continue;
        }
        let why = flagged
            .iter()
            .find_map(|f| match f.outcomes.get(i).map(|(_, o)| o) {
                Some(Outcome::NotFor(why)) => Some(why.clone()),
                Some(Outcome::Overruled(variant)) => Some(format!(
                    "preset {} names its own {variant}, and a preset's name wins over the flag",
                    f.label
                )),
                _ => None,
            })
            .unwrap_or_default();
        anyhow::bail!("{shown} applies to no pane: {why}");
    }
    Ok(flagged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::preset;

    fn look(seed: Option<u64>) -> LookArgs {
        LookArgs {
            seed,
            ..LookArgs::default()
        }
    }

    fn resolved(spec: &str) -> (String, Strategy) {
        preset::resolve(spec).expect("a preset")
    }

    #[test]
    fn the_name_s_own_seed_wins_over_the_flag_and_the_label_keeps_it() {
        let (label, strategy) = resolved("dom-wdeg/luby:4/seed:7");
        let f = flag(&label, strategy, &look(Some(3)), &LocalArgs::default());
        assert_eq!(f.strategy.seed, Some(7));
        assert_eq!(f.label, "dom-wdeg/luby:4/seed:7");
        assert_eq!(
            f.outcomes,
            vec![("--seed 3".to_string(), Outcome::Overruled("seed:7".into()))]
        );
    }

    #[test]
    fn a_flag_the_name_leaves_unsaid_is_taken_and_labelled() {
        let (label, strategy) = resolved("dom-wdeg");
        let f = flag(&label, strategy, &look(Some(3)), &LocalArgs::default());
        assert_eq!(f.strategy.seed, Some(3));
        assert_eq!(f.label, "dom-wdeg/seed:3");
    }

    #[test]
    fn one_search_refuses_a_flag_its_name_overrules() {
        let (label, strategy) = resolved("dom-wdeg/seed:7");
        let err =
            flag_one(&label, strategy, &look(Some(3)), &LocalArgs::default()).expect_err("refused");
        assert!(err.to_string().contains("names its own seed:7"), "{err}");
    }

    #[test]
    fn a_race_refuses_a_flag_no_pane_takes_and_skips_the_panes_it_does_not_fit() {
        let panes = vec![resolved("bt"), resolved("mrv")];
        let f = flag_all(panes, &look(Some(3)), &LocalArgs::default()).expect("mrv takes it");
        assert_eq!(f[0].label, "bt");
        assert_eq!(f[0].strategy.seed, None);
        assert_eq!(f[1].label, "mrv/seed:3");
        let err = flag_all(
            vec![resolved("bt"), resolved("cbt")],
            &look(Some(3)),
            &LocalArgs::default(),
        )
        .expect_err("no pane takes it");
        assert!(
            err.to_string()
                .starts_with("--seed 3 applies to no pane: a seed"),
            "{err}"
        );
    }
}
