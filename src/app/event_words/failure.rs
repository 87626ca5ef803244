//! A failure under conflict-directed backjumping in words: its conflict set, where it
//! sends the search and the decisions it jumps over, longest form first.

use super::{jump, plural};
use crate::app::logged::Logged;
use crate::solver::{Cell, Digit, Event, Geometry, WipeoutSite};

/// A wipeout under conflict-directed backjumping in one sentence, with its conflict set
/// and the decisions its jump goes over: `no candidate left for r5c8; culprits r2c8 (7),
/// r5c1 (3); jump back to r5c1, over 2 decisions: r6c2 (4), r7c7 (1)`, from its longest
/// form to its shortest (the middle culprits elided, then the culprits counted, then the
/// jumped decisions elided). Empty for any other event, or a wipeout whose culprits were
/// not reported.
pub fn failure(
    geo: &Geometry,
    grid: &crate::solver::Grid,
    culprits: &[Cell],
    over: &[(Cell, Digit)],
    logged: &Logged,
) -> Vec<String> {
    let Event::Wipeout { site, .. } = logged.event else {
        return Vec::new();
    };
    let Some((target, skipped)) = jump(logged.aux) else {
        return Vec::new();
    };
    let what = match site {
        WipeoutSite::Cell(c) => format!("no candidate left for {}", geo.cell_name(c)),
        WipeoutSite::Unit { unit, digit } => format!(
            "no place left for {} in {}",
            digit.symbol(geo.size()),
            geo.unit_name(unit)
        ),
        WipeoutSite::Nogood { id } => format!("nogood #{id} broken"),
        WipeoutSite::Constraint { constraint } => {
            format!("no way left to satisfy {}", geo.constraint_name(constraint))
        }
    };
    let blamed: Vec<String> = culprits
        .iter()
        .map(|&c| match grid.value(c) {
            Some(d) => format!("{} ({})", geo.cell_name(c), d.symbol(geo.size())),
            None => geo.cell_name(c).to_string(),
        })
        .collect();
    let over = named(geo, over, |c, d| format!("{c} ({d})"));
    let mut nexts = Vec::new();
    if skipped == 0 {
        nexts.push(format!(
            "back to {}, the latest decision",
            geo.cell_name(target)
        ));
    } else {
        let jump = format!(
            "jump back to {}, over {}",
            geo.cell_name(target),
            plural(skipped, "decision", "decisions")
        );
        nexts.extend(
            elided(&over)
                .into_iter()
                .map(|list| format!("{jump}: {list}")),
        );
        nexts.push(jump);
    }
    let mut forms = Vec::new();
    let first = nexts.first().cloned().unwrap_or_default();
    forms.push(format!("{what}; culprits {}; {first}", blamed.join(", ")));
    for shown in (1..blamed.len().saturating_sub(1)).rev() {
        forms.push(format!(
            "{what}; {} culprits {}, …, {}; {first}",
            blamed.len(),
            blamed[..shown].join(", "),
            blamed[blamed.len() - 1]
        ));
    }
    let counted = plural(blamed.len() as u64, "culprit", "culprits");
    forms.extend(
        nexts
            .iter()
            .map(|next| format!("{what}; {counted}; {next}")),
    );
    // Narrower still (80 columns beside a step number): the culprits' count goes, then
    // how many decisions the jump skips; where the search goes stays.
    if let Some(next) = nexts.last() {
        forms.push(format!("{what}; {next}"));
    }
    let back = if skipped == 0 {
        "back to"
    } else {
        "jump back to"
    };
    forms.push(format!("{what}; {back} {}", geo.cell_name(target)));
    forms
}

/// A backjump in words with the decisions it jumps over, longest first: `backjump: undo
/// decision r4c6=6 and the 2 after it (r5c1=3, r6c2=4), back to depth 22`, then with the
/// middle ones elided. Empty for any other event, or when the jumped decisions are unknown.
pub fn backjump(geo: &Geometry, over: &[(Cell, Digit)], logged: &Logged) -> Vec<String> {
    let Event::Backtrack { cell, digit, depth } = logged.event else {
        return Vec::new();
    };
    if logged.aux == 0 || over.len() != logged.aux as usize {
        return Vec::new();
    }
    let names = named(geo, over, |c, d| format!("{c}={d}"));
    let undone = format!("{}={}", geo.cell_name(cell), digit.symbol(geo.size()));
    let lists = elided(&names);
    let mut forms: Vec<String> = lists
        .iter()
        .map(|list| {
            format!(
                "backjump: undo decision {undone} and the {} after it ({list}), back to depth {depth}",
                plural(logged.aux, "decision", "decisions")
            )
        })
        .collect();
    forms.extend(
        lists
            .iter()
            .map(|list| format!("backjump: undo {undone}, jump over {list}")),
    );
    forms
}

/// Each decision named by `name(cell, digit)`.
fn named(
    geo: &Geometry,
    decisions: &[(Cell, Digit)],
    name: impl Fn(String, char) -> String,
) -> Vec<String> {
    decisions
        .iter()
        .map(|&(c, d)| name(geo.cell_name(c).to_string(), d.symbol(geo.size())))
        .collect()
}

/// `names` listed whole, then with fewer and fewer of the middle ones (`a, b, …, z`).
fn elided(names: &[String]) -> Vec<String> {
    let Some(last) = names.last() else {
        return Vec::new();
    };
    let mut lists = vec![names.join(", ")];
    for shown in (1..names.len().saturating_sub(1)).rev() {
        lists.push(format!("{}, …, {last}", names[..shown].join(", ")));
    }
    lists
}
