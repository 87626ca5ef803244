//! Every prune and every forced assignment of every tree-search preset has a reason
//! (crates/engine/src/reason.rs) that is true on the board when the event is made and
//! implies it: from the reason's literals alone, on an otherwise empty board, the negation
//! of the event leads to a contradiction under the plain rules of Sudoku.
//!
//! The implication is checked by a propagation written here from the rules themselves,
//! not from the engine: a cell with one candidate removes it from its peers, a digit with
//! one place in a unit goes there, and a cell without a candidate or a digit without a
//! place in a unit is a contradiction. Every rule the engine has is a consequence of these
//! two on the literals its reason names, so a reason that leaves a needed literal out fails.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use std::collections::BTreeMap;

use dokuscope::solver::preset::PRESETS;
use dokuscope::solver::reason::{Explained, Literal, explain_assign, explain_prune};
use dokuscope::solver::{Event, Geometry, Grid, Limits, Puzzle, Replay, Search};

/// Propagates `literals` on an empty board of `geometry` to a fixpoint of naked and
/// hidden singles; `true` when that meets a contradiction.
fn contradicts(geometry: &Geometry, literals: &[Literal]) -> bool {
    let full: u32 = (1 << geometry.side()) - 1;
    let mut domains = vec![full; geometry.cell_count()];
    let bit = |l: &Literal| 1u32 << (l.digit.get() - 1);
    for l in literals {
        let d = &mut domains[l.cell.index()];
        *d = if l.equal { *d & bit(l) } else { *d & !bit(l) };
    }
    let mut settled = vec![false; geometry.cell_count()];
    loop {
        let mut changed = false;
        for cell in geometry.cells() {
            let d = domains[cell.index()];
            if d == 0 {
                return true;
            }
            if d.is_power_of_two() && !settled[cell.index()] {
                settled[cell.index()] = true;
                for peer in geometry.peers(cell) {
                    if domains[peer.index()] & d != 0 {
                        domains[peer.index()] &= !d;
                        changed = true;
                    }
                }
            }
        }
        for unit in geometry.units() {
            for digit in 0..geometry.side() {
                let b = 1u32 << digit;
                let places: Vec<_> = geometry
                    .unit_cells(unit)
                    .iter()
                    .filter(|c| domains[c.index()] & b != 0)
                    .collect();
                match places.as_slice() {
                    [] => return true,
                    [only] if domains[only.index()] != b => {
                        domains[only.index()] = b;
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        if !changed {
            return false;
        }
    }
}

/// What one reason is checked against: it holds on `grid`, and with `negated` it
/// contradicts the rules.
fn check(grid: &Grid, reason: &[Literal], negated: Literal, what: &str) {
    let names = || {
        reason
            .iter()
            .map(|l| l.display(grid).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    for l in reason {
        assert!(
            l.holds(grid),
            "{what}: {} does not hold (reason {})",
            l.display(grid),
            names()
        );
    }
    let mut with = reason.to_vec();
    with.push(negated);
    assert!(
        contradicts(grid.geometry(), &with),
        "{what}: {} does not follow from {}",
        negated.negated().display(grid),
        names()
    );
}

fn puzzles() -> Vec<(String, Puzzle)> {
    let mut out = Vec::new();
    let bundled = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let text = std::fs::read_to_string(bundled).expect("the bundled set");
    for (i, line) in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(3)
        .enumerate()
    {
        out.push((
            format!("hard.txt:{}", i + 1),
            line.parse().expect("a puzzle"),
        ));
    }
    for (n, line) in common::public::numbered("top95.txt").into_iter().take(4) {
        out.push((format!("top95.txt:{n}"), line.parse().expect("a puzzle")));
    }
    out
}

#[test]
fn every_reason_holds_when_made_and_implies_its_event() {
    let limits = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    let mut checked: BTreeMap<&str, usize> = BTreeMap::new();
    let mut reason = Vec::new();
    for preset in PRESETS.iter().filter(|p| p.strategy.local().is_none()) {
        for (name, puzzle) in puzzles() {
            let search = Search::with_limits(&puzzle, preset.strategy, limits).expect("no clash");
            let mut replay = Replay::new(&puzzle);
            for (step, event) in search.enumerate() {
                let what = format!("{} on {name}, event {step}: {event:?}", preset.name);
                match event {
                    Event::Prune {
                        cell, digit, cause, ..
                    } if explain_prune(replay.grid(), cell, digit, cause, &mut reason)
                        == Explained::Literals =>
                    {
                        check(replay.grid(), &reason, Literal::equal(cell, digit), &what);
                        *checked.entry(cause.rule()).or_default() += 1;
                    }
                    Event::Assign {
                        cell, digit, cause, ..
                    } if explain_assign(replay.grid(), cell, digit, cause, &mut reason)
                        == Explained::Literals =>
                    {
                        check(replay.grid(), &reason, Literal::differ(cell, digit), &what);
                        *checked.entry("assign").or_default() += 1;
                    }
                    _ => {}
                }
                replay.apply(&event);
            }
        }
    }
    // Every rule that explains itself was met, and checked.
    for rule in [
        "forward_check",
        "revise",
        "hidden_single",
        "naked_pair",
        "hidden_pair",
        "locked_candidates",
        "conflict",
        "assign",
    ] {
        assert!(
            checked.get(rule).copied().unwrap_or(0) > 0,
            "no {rule} checked: {checked:?}"
        );
    }
}

/// A reason that leaves out a literal it needs is caught: the check above can fail.
#[test]
fn a_reason_short_of_a_literal_implies_nothing() {
    let geometry = Geometry::of(dokuscope::solver::BoxSize::new(3).expect("3"));
    let cell = |r, c| geometry.cell_at(r, c);
    let d = |v| dokuscope::solver::Digit::new(v).expect("a digit");
    // Hidden single: 5 has no place in row 1 but r1c1, so r1c1 ≠ 3 follows...
    let reason: Vec<Literal> = (1..9).map(|c| Literal::differ(cell(0, c), d(5))).collect();
    let mut with = reason.clone();
    with.push(Literal::equal(cell(0, 0), d(3)));
    assert!(contradicts(geometry, &with));
    // ...and not without r1c9 ≠ 5.
    let mut short = reason[..7].to_vec();
    short.push(Literal::equal(cell(0, 0), d(3)));
    assert!(!contradicts(geometry, &short));
}
