//! The engine's searches on every bundled variant (`puzzles/variants/`): each preset that
//! runs a variant finds the one solution, which the independent checker of these tests
//! (`common/rules.rs`, written from the rules, not from the propagators) passes; no prune
//! made while the search's decisions agree with that solution takes a digit of it (the
//! propagators are sound on real puzzles); and every prune of a variant's constraint has a
//! reason that holds when it is made and, alone, leaves the constraint unsatisfiable with
//! the pruned digit (searched by `variant::satisfiable`, not by the propagators).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "../crates/formats/tests/common/mod.rs"]
mod vcommon;

use dokuscope::solver::preset;
use dokuscope::solver::reason::{Explained, Literal, explain_prune};
use dokuscope::solver::variant::{Variant, reason_cells, satisfiable};
use dokuscope::solver::{
    Cell, Digit, Domain, Event, Grid, Limits, PruneCause, Puzzle, Replay, Search, Status,
};
use vcommon::{bundle, rules};

/// The presets every variant runs with, how many search nodes each may take, and whether
/// it must finish within them (the weaker orders may not on some puzzles: their events up
/// to the limit are checked all the same).
const PRESETS: [(&str, u64, bool); 10] = [
    ("fast", 100_000, true),
    ("mrv", 20_000, false),
    ("dom-wdeg", 20_000, false),
    ("mac", 2_000, false),
    ("full", 2_000, false),
    ("fc-mrv", 2_000, false),
    ("fc-cbj", 2_000, false),
    ("cbj", 2_000, false),
    ("cbt", 2_000, false),
    ("bt", 2_000, false),
];

/// How many prunes of a variant's constraints have their reason checked, each search.
const REASONS: usize = 1_000;

/// Every bundled variant the engine supports, named.
fn bundled() -> Vec<(String, Variant, Puzzle, Vec<u8>)> {
    let mut out = Vec::new();
    for path in bundle::files() {
        let text = std::fs::read_to_string(&path).expect("readable puzzle file");
        let name = path.display().to_string();
        let variants =
            dokuscope_formats::read(&name, &text, None).expect("every bundled file reads");
        let meta = bundle::metadata(&text);
        for (i, v) in variants.into_iter().enumerate() {
            let label = meta.get(i).map_or_else(
                || format!("{name} #{}", i + 1),
                |m| format!("{name}: {}", m.name),
            );
            let Ok(puzzle) = v.puzzle() else {
                eprintln!("{label}: not searched (unsupported board)");
                continue;
            };
            let solution = vcommon::solver::Model::new(&v)
                .solve(1, 3_000_000)
                .and_then(|s| s.into_iter().next())
                .expect("the independent solver solves every bundled puzzle");
            out.push((label, v, puzzle, solution));
        }
    }
    out
}

/// The digit of `solution` in `cell`.
fn digit_of(solution: &[u8], cell: Cell) -> u8 {
    solution[cell.index()]
}

/// Runs `preset` on `puzzle` and checks soundness, reasons and the solutions found.
#[expect(
    clippy::too_many_lines,
    reason = "one pass over a search's events, each kind checked in its arm"
)]
fn check(
    label: &str,
    v: &Variant,
    puzzle: &Puzzle,
    solution: &[u8],
    (preset, nodes, must): (&str, u64, bool),
) -> bool {
    let strategy = preset::find(preset).expect("a preset").strategy;
    let limits = Limits {
        solutions: 2,
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut search = Search::with_limits(puzzle, strategy, limits).expect("the givens agree");
    let mut replay = Replay::new(puzzle);
    let mut agree: Vec<bool> = Vec::new();
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut reason = Vec::new();
    let mut solved_once = false;
    let mut explained = 0;
    let g = puzzle.geometry();
    for event in search.by_ref() {
        let on_path = !solved_once && agree.iter().all(|&a| a);
        match event {
            Event::Assign {
                cell,
                digit,
                depth,
                cause,
            } if cause.is_decision() => {
                agree.truncate(usize::from(depth));
                agree.push(digit.get() == digit_of(solution, cell));
            }
            Event::Backtrack { depth, .. } => agree.truncate(usize::from(depth)),
            Event::Prune {
                cell,
                digit,
                cause,
                depth,
            } => {
                let on_path = !solved_once
                    && agree[..usize::from(depth).min(agree.len())]
                        .iter()
                        .all(|&a| a);
                assert!(
                    !(on_path
                        && digit.get() == digit_of(solution, cell)
                        && cause != PruneCause::Refuted),
                    "{label} with {preset}: {cause:?} pruned the solution's {digit} from {:?} on the solution's path",
                    g.cell_name(cell)
                );
                // The reasons of each search's first prunes of a variant's constraints (the
                // search that checks them is slow on long ones).
                if let (PruneCause::Variant { constraint, with }, true) =
                    (cause, explained < REASONS)
                {
                    explained += 1;
                    check_reason(
                        &format!("{label} with {preset}"),
                        replay.grid(),
                        cell,
                        digit,
                        (constraint, with),
                        &mut reason,
                    );
                }
            }
            Event::Wipeout { .. } => {
                assert!(
                    !on_path,
                    "{label} with {preset}: a wipeout on the solution's path"
                );
            }
            Event::Solution { .. } => {
                solved_once = true;
                let grid = replay.grid();
                found.push(
                    g.cells()
                        .map(|c| grid.value(c).map_or(0, Digit::get))
                        .collect(),
                );
            }
            _ => {}
        }
        replay.apply(&event);
    }
    let outcome = search.finish();
    eprintln!(
        "{label} with {preset}: {:?} in {} nodes",
        outcome.status, outcome.stats.nodes
    );
    if outcome.status == Status::Limit && !must {
        assert!(
            found.len() <= 1,
            "{label} with {preset}: {} solutions",
            found.len()
        );
        return false;
    }
    assert_eq!(
        outcome.status,
        Status::Solved,
        "{label} with {preset}: {:?} in {nodes} nodes",
        outcome.status
    );
    assert_eq!(
        found.len(),
        1,
        "{label} with {preset}: {} solutions",
        found.len()
    );
    let broken = rules::violations(v, &found[0]);
    assert!(
        broken.is_empty(),
        "{label} with {preset}: the solution breaks {broken:?}"
    );
    assert_eq!(
        found[0], solution,
        "{label} with {preset}: another solution than the independent solver's"
    );
    true
}

#[test]
fn every_bundled_variant_solves_soundly_with_every_preset_that_runs_it() {
    let puzzles = bundled();
    assert!(
        puzzles.len() >= 30,
        "only {} bundled variants searched",
        puzzles.len()
    );
    let mut solved = 0;
    for (label, v, puzzle, solution) in &puzzles {
        for preset in PRESETS {
            solved += usize::from(check(label, v, puzzle, solution, preset));
        }
    }
    eprintln!(
        "{solved} searches of {} solved",
        puzzles.len() * PRESETS.len()
    );
    // Every search of the default preset finishes, and about half of the others within
    // their few nodes (measured: 191 of 380).
    assert!(
        solved * 2 >= puzzles.len() * PRESETS.len(),
        "only {solved} searches solved"
    );
}

/// The reason of the prune `cell ≠ digit` by constraint `(constraint, with)`, made on
/// `grid`: its literals hold, and alone they leave the constraint unsatisfiable with the
/// digit (searched by `variant::satisfiable`, not by the propagators).
fn check_reason(
    what: &str,
    grid: &Grid,
    cell: Cell,
    digit: Digit,
    (constraint, with): (u16, Cell),
    reason: &mut Vec<Literal>,
) {
    let cause = PruneCause::Variant { constraint, with };
    let g = grid.geometry();
    let rules_all = g.rules().map_or(&[][..], |r| r.constraints());
    assert_eq!(
        explain_prune(grid, cell, digit, cause, reason),
        Explained::Literals
    );
    for l in reason.iter() {
        assert!(
            l.holds(grid),
            "{what}: a reason literal {} does not hold",
            l.display(grid)
        );
    }
    let c = &rules_all[usize::from(constraint)];
    let mut scope = reason_cells(c, cell, with);
    scope.push(cell);
    let domain = |x: Cell| {
        if x == cell {
            return Domain::single(digit);
        }
        let mut d = Domain::full(g.size());
        for l in reason.iter().filter(|l| l.cell == x) {
            d = if l.equal {
                d.and(Domain::single(l.digit))
            } else {
                d.without(l.digit)
            };
        }
        d
    };
    assert!(
        !satisfiable(g, rules_all, c, &scope, &domain),
        "{what}: the reason of pruning {digit} from {} by {} does not imply it",
        g.cell_name(cell),
        g.constraint_name(constraint)
    );
}
