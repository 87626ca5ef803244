//! Fixture tests for the rules that reason over a unit: hidden singles, naked pairs and
//! hidden pairs, on positions built from seed 003's examples, with their exact eliminations
//! and causes; and regressions where propagation stopped short of the rules' fixpoint.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::fixtures::*;
use dokuscope::solver::{AssignCause, Event, Inference, PruneCause, Puzzle, Replay};

#[test]
fn hidden_singles_assign_seed_003s_seven_in_r1c1_of_the_bundled_example() {
    // After revise, 7 has one place in row 1: r1c1. Other rules may have narrowed r1c1
    // further by the time the hidden single is taken, so its prunes are what is left of
    // seed 003's revised domain {2,5,6,7,8} but 7.
    let p: Puzzle = SEED003_EXAMPLE.parse().expect("the bundled puzzle");
    let (_, events) = until_select(&p, only("hs"));
    let cause = PruneCause::HiddenSingle {
        unit: row(1),
        digit: d(7),
    };
    let first = events
        .iter()
        .position(|e| match *e {
            Event::Prune { cause: c, .. } => c == cause,
            Event::Assign { cell, .. } => cell == rc(1, 1),
            _ => false,
        })
        .expect("r1c1 is assigned before any decision");
    let mut replay = Replay::new(&p);
    events[..first].iter().for_each(|e| replay.apply(e));
    let before = replay.grid().domain(rc(1, 1));
    assert!(
        before.contains(d(7)) && before.minus(domain(&[2, 5, 6, 7, 8])).is_empty(),
        "{before}"
    );
    let expected: Vec<_> = before
        .without(d(7))
        .iter()
        .map(|v| (rc(1, 1), v, cause))
        .collect();
    let pruned: Vec<_> = prunes(&events, "hidden_single")
        .into_iter()
        .filter(|&(_, _, c)| c == cause)
        .collect();
    assert_eq!(pruned, expected);
    let assign = events
        .iter()
        .find(|e| matches!(e, Event::Assign { cell, .. } if *cell == rc(1, 1)));
    assert_eq!(
        assign,
        Some(&Event::Assign {
            cell: rc(1, 1),
            digit: d(7),
            depth: 0,
            cause: AssignCause::HiddenSingle { unit: row(1) }
        })
    );
}

/// Seed 003's revised first row, `{2,5,6,7,8} 9 4 {5,8} {2,8} {2,5} 1 3 {5,6}`, made by
/// givens below row 1 that touch no other cell of the row: 7 and 6 in box 2, 7 in box 3,
/// 2 in column 4, 5 in column 5, 8 in column 6, 2 and 8 in column 9.
fn revised_row_position() -> Puzzle {
    puzzle(&[
        (1, 2, 9),
        (1, 3, 4),
        (1, 7, 1),
        (1, 8, 3),
        (2, 5, 7),
        (3, 4, 6),
        (3, 8, 7),
        (5, 4, 2),
        (6, 5, 5),
        (4, 6, 8),
        (7, 9, 2),
        (8, 9, 8),
    ])
}

#[test]
fn hidden_singles_take_seed_003s_seven_in_r1c1_with_its_four_other_candidates() {
    let p = revised_row_position();
    let (fc, _) = until_select(&p, Inference::FC);
    let expected: [&[u8]; 5] = [&[2, 5, 6, 7, 8], &[5, 8], &[2, 8], &[2, 5], &[5, 6]];
    for (c, digits) in [1, 4, 5, 6, 9].into_iter().zip(expected) {
        assert_eq!(
            fc.state().grid().domain(rc(1, c)),
            domain(digits),
            "r1c{c} after forward checking"
        );
    }
    let (_, events) = until_select(&p, only("hs"));
    // 7 is alone in r1c1 in both row 1 and box 1; the rule looks at the units in index
    // order, rows first, so it names row 1.
    let cause = PruneCause::HiddenSingle {
        unit: row(1),
        digit: d(7),
    };
    // Then 6, whose other place in row 1 was r1c1, has one place left: r1c9 = {5,6}.
    let then = PruneCause::HiddenSingle {
        unit: row(1),
        digit: d(6),
    };
    let mut expected: Vec<_> = [2, 5, 6, 8]
        .into_iter()
        .map(|v| (rc(1, 1), d(v), cause))
        .collect();
    expected.push((rc(1, 9), d(5), then));
    assert_eq!(prunes(&events, "hidden_single"), expected);
    let singles: Vec<&Event> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Assign {
                    cause: AssignCause::HiddenSingle { .. },
                    ..
                }
            )
        })
        .collect();
    let single = |c, v, unit| Event::Assign {
        cell: rc(1, c),
        digit: d(v),
        depth: 0,
        cause: AssignCause::HiddenSingle { unit },
    };
    assert_eq!(singles, [&single(1, 7, row(1)), &single(9, 6, row(1))]);
}

#[test]
fn a_hidden_single_in_a_box_names_the_box() {
    // Box 1 holds 2..8, leaving r1c1 = {1,9} and r3c3 = {9} (1 is in column 3): 1 has one
    // place in box 1, while every row and column still has several places for every digit.
    let p = puzzle(&[
        (1, 2, 2),
        (1, 3, 3),
        (2, 1, 4),
        (2, 2, 5),
        (2, 3, 6),
        (3, 1, 7),
        (3, 2, 8),
        (7, 3, 1),
    ]);
    let (_, events) = until_select(&p, only("hs"));
    let first = events
        .iter()
        .find(|e| matches!(e, Event::Assign { .. }))
        .expect("an assignment");
    assert_eq!(
        *first,
        Event::Assign {
            cell: rc(1, 1),
            digit: d(1),
            depth: 0,
            cause: AssignCause::HiddenSingle { unit: boxed(1) }
        }
    );
    let cause = PruneCause::HiddenSingle {
        unit: boxed(1),
        digit: d(1),
    };
    let pruned: Vec<_> = prunes(&events, "hidden_single")
        .into_iter()
        .filter(|&(_, _, c)| c == cause)
        .collect();
    assert_eq!(pruned, [(rc(1, 1), d(9), cause)]);
}

#[test]
fn a_hidden_single_in_a_column_names_the_column() {
    // Column 9 holds 1..7 in rows 1..7, and 9 is in row 9 (r9c1): of r8c9 and r9c9, only
    // r8c9 can hold 9. No row comes first: each still has several places for every digit.
    let p = puzzle(&[
        (9, 1, 9),
        (1, 9, 1),
        (2, 9, 2),
        (3, 9, 3),
        (4, 9, 4),
        (5, 9, 5),
        (6, 9, 6),
        (7, 9, 7),
    ]);
    let (_, events) = until_select(&p, only("hs"));
    let first = events
        .iter()
        .find(|e| matches!(e, Event::Assign { .. }))
        .expect("an assignment");
    assert_eq!(
        *first,
        Event::Assign {
            cell: rc(8, 9),
            digit: d(9),
            depth: 0,
            cause: AssignCause::HiddenSingle { unit: column(9) }
        }
    );
}

/// Seed 003's naked pair row, `{2,5,7} 9 4 {2,5} {2,5} {2,5,6} 1 3 {2,5,8}`, made by givens
/// below row 1: 8 and 6 in column 1; 7 and 8 in box 2; 6 in columns 4 and 5; 6 and 7 in column 9.
fn naked_pair_position() -> Puzzle {
    puzzle(&[
        (1, 2, 9),
        (1, 3, 4),
        (1, 7, 1),
        (1, 8, 3),
        (2, 5, 7),
        (3, 4, 8),
        (4, 4, 6),
        (7, 5, 6),
        (5, 1, 8),
        (8, 1, 6),
        (5, 9, 6),
        (6, 9, 7),
    ])
}

#[test]
fn the_naked_pair_fixture_has_seed_003s_row_after_forward_checking() {
    let (search, _) = until_select(&naked_pair_position(), Inference::FC);
    let grid = search.state().grid();
    let expected: [&[u8]; 5] = [&[2, 5, 7], &[2, 5], &[2, 5], &[2, 5, 6], &[2, 5, 8]];
    for (c, digits) in [1, 4, 5, 6, 9].into_iter().zip(expected) {
        assert_eq!(grid.domain(rc(1, c)), domain(digits), "r1c{c}");
    }
}

#[test]
fn naked_pairs_prune_seed_003s_pair_of_two_and_five_in_row_one_and_box_two() {
    let (search, events) = until_select(&naked_pair_position(), only("np"));
    let in_row = PruneCause::NakedPair {
        unit: row(1),
        cells: [rc(1, 4), rc(1, 5)],
    };
    let in_box = PruneCause::NakedPair {
        unit: boxed(2),
        cells: [rc(1, 4), rc(1, 5)],
    };
    let mut expected = Vec::new();
    for c in [1, 6, 9] {
        expected.extend([(rc(1, c), d(2), in_row), (rc(1, c), d(5), in_row)]);
    }
    // The same two cells are a pair in box 2 too.
    for (r, c) in [(2, 4), (2, 6), (3, 5), (3, 6)] {
        expected.extend([(rc(r, c), d(2), in_box), (rc(r, c), d(5), in_box)]);
    }
    assert_eq!(prunes(&events, "naked_pair"), sorted(expected));
    // Seed 003's table after naked pairs: 7 9 4 {2,5} {2,5} 6 1 3 8.
    let grid = search.state().grid();
    for (c, digits) in [
        (1, &[7][..]),
        (4, &[2, 5]),
        (5, &[2, 5]),
        (6, &[6]),
        (9, &[8]),
    ] {
        assert_eq!(grid.domain(rc(1, c)), domain(digits), "r1c{c}");
    }
}

/// Seed 003's hidden pair row, `{2,5,6,7,8} 9 4 {2,5} {2,5} {2,5,6} 1 3 {2,5,6,7,8}`:
/// 7 and 8 in box 2, 6 in columns 4 and 5.
fn hidden_pair_position() -> Puzzle {
    puzzle(&[
        (1, 2, 9),
        (1, 3, 4),
        (1, 7, 1),
        (1, 8, 3),
        (2, 5, 7),
        (3, 4, 8),
        (4, 4, 6),
        (7, 5, 6),
    ])
}

#[test]
fn hidden_pairs_cut_seed_003s_cells_one_and_nine_down_to_seven_and_eight() {
    let (search, events) = until_select(&hidden_pair_position(), only("hp"));
    let cause = PruneCause::HiddenPair {
        unit: row(1),
        digits: domain(&[7, 8]),
    };
    let expected: Vec<_> = [1, 9]
        .into_iter()
        .flat_map(|c| [2, 5, 6].map(|v| (rc(1, c), d(v), cause)))
        .collect();
    assert_eq!(prunes(&events, "hidden_pair"), sorted(expected));
    let grid = search.state().grid();
    let expected: [&[u8]; 5] = [&[7, 8], &[2, 5], &[2, 5], &[2, 5, 6], &[7, 8]];
    for (c, digits) in [1, 4, 5, 6, 9].into_iter().zip(expected) {
        assert_eq!(grid.domain(rc(1, c)), domain(digits), "r1c{c}");
    }
}

#[test]
fn a_hidden_single_left_by_a_refuted_decision_is_taken_before_the_next_decision() {
    // 4×4, 1 given in r2c4, every solution counted with revise + hidden singles. After
    // r1c1 = 1 and r1c1 = 2 are refuted, deciding r1c1 = 3 leaves 1 one place in row 1
    // (r1c2): propagation must assign it before the next cell is selected. The audit checks
    // at every selection that no enabled rule has anything left to do.
    let p: Puzzle = ".......1........".parse().expect("a 4×4 puzzle");
    let strategy = dokuscope::solver::preset::find("s003-rv-hs")
        .expect("a preset")
        .strategy;
    let limits = dokuscope::solver::Limits {
        solutions: 300,
        nodes: None,
        deadline: None,
    };
    let run = common::audit::audit(&p, strategy, limits, "s003-rv-hs");
    assert_eq!(
        run.stats.solutions,
        common::count_solutions(&common::audit::cells_of(&p), 300).0 as u64
    );
}

/// Runs `preset` on `line` through the audit, which checks at every selection that the
/// enabled rules reached their fixpoint.
fn audit_fixpoint(line: &str, preset: &str) {
    let p: Puzzle = line.parse().expect("a puzzle line");
    let strategy = dokuscope::solver::preset::find(preset)
        .expect("a preset")
        .strategy;
    let run = common::audit::audit(&p, strategy, dokuscope::solver::Limits::default(), preset);
    let reference = common::count_solutions(&common::audit::cells_of(&p), 2).0;
    assert_eq!(run.solutions.len(), reference, "{preset} on {line}");
}

#[test]
fn naked_pairs_reach_their_fixpoint_before_the_first_decision() {
    // Found by the property tests: forward checking from the givens makes r6c9 and r7c9 a
    // naked pair in column 9 whose digits other cells of the column still hold.
    audit_fixpoint(
        "3..276951915..8...2.79..34...846.7.2.3...2..9......46.6421.7....5...4.....9......",
        "s003-rv-np",
    );
}

#[test]
fn hidden_pairs_reach_their_fixpoint_after_each_decision() {
    // Found by the property tests (an unsolvable puzzle): at depth 2, 2 and 3 have only
    // r2c2 and r3c2 in box 1, and one of them has other candidates.
    audit_fixpoint(
        ".7....2.8..4..67....8....1.89..........298...61.354.8.3..962.7..4...3.2.2.9..7.35",
        "s003-rv-hp",
    );
}
