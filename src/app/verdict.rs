//! The quiz's sentences: each question in words, and each verdict with the reason the
//! search gives for its answer (the order and its tie-break, LCV's counts, the propagation,
//! the conflict set).

use super::Lane;
use super::event_words::{order_label, set};
use super::question::Shown;
use crate::solver::strategy::LookBack;
use crate::solver::{Geometry, Sequence, ValueOrder, WipeoutSite};
use crate::teach::Kind;
use crate::teach::answer::Given;
use crate::teach::oracle::{Asked, Detail, TieBreak, Truth};
use crate::teach::record::{candidate, truth_words};

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The question in words, as the search on `lane` poses it.
pub fn prompt(lane: &Lane, asked: &Asked, g: &Geometry) -> String {
    let strategy = lane.timeline().strategy();
    let grid = lane.cursor().replay().grid();
    match &asked.detail {
        Detail::Cell { order, .. } => {
            format!("Which cell will {} choose next?", order_label(*order))
        }
        Detail::Digit { cell, .. } => format!(
            "The search chose {} {}: which digit does it try first?",
            g.cell_name(*cell),
            set(g, grid.domain(*cell))
        ),
        Detail::Prunes { cell, digit } => {
            let what = if strategy.is_some_and(|s| s.inference.any_beyond_fc()) {
                "its propagation"
            } else {
                "forward checking"
            };
            format!(
                "{} ← {}: which candidates will {what} remove? Mark them.",
                g.cell_name(*cell),
                digit.symbol(g.size())
            )
        }
        Detail::Jump { site, .. } => {
            let failure = match site {
                WipeoutSite::Cell(c) => format!("{} is left without a candidate", g.cell_name(*c)),
                WipeoutSite::Unit { unit, digit } => format!(
                    "{} is left without a place in {}",
                    digit.symbol(g.size()),
                    g.unit_name(*unit)
                ),
                WipeoutSite::Nogood { id } => format!("every literal of nogood #{id} holds"),
                WipeoutSite::Constraint { constraint } => format!(
                    "{} is left with no way to be satisfied",
                    g.constraint_name(*constraint)
                ),
            };
            let who = if strategy.is_some_and(|s| s.lookback == LookBack::Cbj) {
                "CBJ jump"
            } else {
                "the search go"
            };
            format!("Next, {failure}: which decision will {who} back to?")
        }
        Detail::Words => String::new(),
    }
}

/// How the order broke ties, in a clause.
fn tie_words(tie: TieBreak, label: &str) -> String {
    match tie {
        TieBreak::Static => {
            format!("{label} fixes its sequence before the search, so it has no ties")
        }
        TieBreak::Sequence(Sequence::Reading) => "ties go to the first in reading order".into(),
        TieBreak::Sequence(Sequence::HashMap) => {
            "ties go to the first in seed 003's HashMap order".into()
        }
        TieBreak::Random(seed) => format!("ties are broken at random (seed {seed})"),
        TieBreak::LastConflict => {
            "last-conflict reasoning chose the cell of the last failure again, whatever its ratio"
                .into()
        }
    }
}

/// The verdict's headline: right or wrong, with the answer.
pub fn headline(shown: &Shown, g: &Geometry) -> String {
    let open = &shown.open;
    let right = truth_words(&open.asked.truth, g, &open.choices);
    let said = match &shown.given {
        Given::Cell(c) => g.cell_name(*c).to_string(),
        Given::Digit(d) => d.symbol(g.size()).to_string(),
        Given::Choice(i) => open.choices.get(*i).cloned().unwrap_or_default(),
        Given::Number(n) => n.to_string(),
        Given::Text(_) | Given::Marks(_) | Given::Skipped => String::new(),
    };
    let first = match right.len() {
        0 | 1 => right.first().cloned().unwrap_or_default(),
        2..=4 => format!(
            "{} or {}",
            right[..right.len() - 1].join(", "),
            right[right.len() - 1]
        ),
        n => format!("any of {n}: {}, …", right[..3].join(", ")),
    };
    match (&shown.given, shown.verdict.correct) {
        (Given::Skipped, _) if right.is_empty() => "skipped".into(),
        (Given::Skipped, _) if open.asked.kind == crate::teach::Kind::Prunes => {
            format!(
                "skipped: {} are removed",
                plural(right.len(), "candidate", "candidates")
            )
        }
        (Given::Skipped, _) => format!("skipped: the answer is {first}"),
        (Given::Text(_), _) => "✎ answer kept for your teacher".into(),
        (Given::Marks(marks), Some(true)) if marks.is_empty() => {
            "✔ right: nothing is removed".into()
        }
        (Given::Marks(marks), Some(true)) => {
            format!("✔ right: all {} removed, all marked", marks.len())
        }
        (Given::Marks(_), _) => {
            let p = shown
                .verdict
                .precision
                .map_or("–".to_string(), |p| format!("{p:.2}"));
            let r = shown
                .verdict
                .recall
                .map_or("–".to_string(), |r| format!("{r:.2}"));
            format!("✘ not quite: precision {p}, recall {r}")
        }
        (_, Some(true)) if right.len() > 1 => {
            format!("✔ right: {said} (any of {} was)", right.len())
        }
        (_, Some(true)) => format!("✔ right: {said}"),
        (_, _) => format!("✘ wrong: {said}; the answer is {first}"),
    }
}

/// Why the answer is what it is, in sentences (the board and "why this cell" show more).
pub fn reasons(shown: &Shown, lane: &Lane, g: &Geometry) -> Vec<String> {
    let open = &shown.open;
    match &open.asked.detail {
        Detail::Cell {
            chosen,
            score,
            tied,
            order,
            tie_break,
        } => {
            let label = order_label(*order);
            let chose = format!(
                "{label} chose {} ({})",
                g.cell_name(*chosen),
                plural(usize::from(score.candidates), "candidate", "candidates")
            );
            if *tied > 1 {
                vec![format!(
                    "{chose}; {tied} cells tie on its score and any of them was right; {}.",
                    tie_words(*tie_break, label)
                )]
            } else {
                vec![format!("{chose}; {}.", tie_words(*tie_break, label))]
            }
        }
        Detail::Digit {
            cell,
            chosen,
            values,
            lcv,
        } => {
            let d = chosen.symbol(g.size());
            match values {
                ValueOrder::Ascending => vec![format!(
                    "Ascending value order tries the smallest candidate of {} first: {d}.",
                    g.cell_name(*cell)
                )],
                ValueOrder::Lcv => {
                    let least = lcv.first().map_or(0, |(_, n)| *n);
                    vec![format!(
                        "LCV tries first the digit that rules out the fewest candidates of open peers: {d} rules out {least}; ties go to the smaller digit."
                    )]
                }
            }
        }
        Detail::Prunes { cell, digit } => prunes_reasons(shown, *cell, *digit, g),
        Detail::Jump {
            culprits,
            target,
            skipped,
            ..
        } => jump_reasons(lane, culprits, *target, *skipped, g),
        Detail::Words => {
            let mut out = Vec::new();
            if let Truth::Number { tolerance, .. } = open.asked.truth {
                if tolerance > 0.0 {
                    out.push(format!("Within {:.0}% counts as right.", tolerance * 100.0));
                }
            }
            if open.asked.kind == Kind::Free {
                if let Given::Text(t) = &shown.given {
                    out.push(format!("You wrote: {t}"));
                }
            }
            if let Some(after) = &open.after {
                out.push(after.clone());
            }
            out
        }
    }
}

/// A prunes verdict's reasons: how many went, and those missed or wrongly marked (or, when
/// skipped, all of them).
fn prunes_reasons(
    shown: &Shown,
    cell: crate::solver::Cell,
    digit: crate::solver::Digit,
    g: &Geometry,
) -> Vec<String> {
    let open = &shown.open;

    let Truth::Prunes(removed) = &open.asked.truth else {
        return Vec::new();
    };
    let missed: Vec<String> = match &shown.given {
        Given::Marks(marks) => removed
            .iter()
            .filter(|r| !marks.contains(r))
            .map(|&(c, d)| candidate(g, c, d))
            .collect(),
        _ => Vec::new(),
    };
    let mut out = vec![format!(
        "{} ← {} removed {}.",
        g.cell_name(cell),
        digit.symbol(g.size()),
        plural(removed.len(), "candidate", "candidates")
    )];
    if let Given::Marks(marks) = &shown.given {
        let wrong: Vec<String> = marks
            .iter()
            .filter(|m| !removed.contains(m))
            .map(|&(c, d)| candidate(g, c, d))
            .collect();
        if !missed.is_empty() {
            out.push(format!("Missed: {}.", missed.join(" ")));
        }
        if !wrong.is_empty() {
            out.push(format!("Not removed: {}.", wrong.join(" ")));
        }
    } else {
        let all: Vec<String> = removed.iter().map(|&(c, d)| candidate(g, c, d)).collect();
        out.push(format!("Removed: {}.", all.join(" ")));
    }
    out
}

/// A jump verdict's reason: the conflict set and the jump under CBJ, else the latest
/// decision.
fn jump_reasons(
    lane: &Lane,
    culprits: &[(crate::solver::Cell, crate::solver::Digit)],
    target: (crate::solver::Cell, crate::solver::Digit),
    skipped: u32,
    g: &Geometry,
) -> Vec<String> {
    let name = |(c, d): (crate::solver::Cell, crate::solver::Digit)| {
        format!("{}={}", g.cell_name(c), d.symbol(g.size()))
    };
    let cbj = lane
        .timeline()
        .strategy()
        .is_some_and(|s| s.lookback == LookBack::Cbj);
    if cbj && !culprits.is_empty() {
        let set: Vec<String> = culprits.iter().map(|&c| name(c)).collect();
        vec![format!(
            "The conflict set is {}: CBJ jumps back to its latest decision, {}, over {}.",
            set.join(", "),
            name(target),
            plural(skipped as usize, "decision", "decisions")
        )]
    } else {
        vec![format!(
            "Chronological backtracking goes back to the latest decision, {}, whatever caused the failure.",
            name(target)
        )]
    }
}
