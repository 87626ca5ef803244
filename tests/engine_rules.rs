//! Fixture tests, one or more per inference rule: a position where the rule fires, and the
//! exact eliminations (cell, digit, cause) it makes, read from the event stream of a search
//! whose strategy enables just that rule (forward checking is always on under the others).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use dokuscope::solver::geometry::Geometry;
use dokuscope::solver::{
    AssignCause, BoxSize, Cell, CellOrder, Digit, Domain, Event, Inference, PruneCause, Puzzle,
    Replay, Score, Search, Status, Strategy, Unit, ValueOrder, WipeoutSite,
};

const SEED003_EXAMPLE: &str = include_str!("../puzzles/seed003_example.txt");

fn g() -> &'static Geometry {
    Geometry::of(BoxSize::NINE)
}

/// The cell at row `r`, column `c`, counted from 1 as in `r3c5`.
fn rc(r: usize, c: usize) -> Cell {
    g().cell_at(r - 1, c - 1)
}

fn d(v: u8) -> Digit {
    Digit::new(v).expect("a digit")
}

fn row(r: usize) -> Unit {
    Unit::new(r - 1)
}

fn column(c: usize) -> Unit {
    Unit::new(9 + c - 1)
}

fn boxed(b: usize) -> Unit {
    Unit::new(18 + b - 1)
}

fn domain(digits: &[u8]) -> Domain {
    digits.iter().map(|&v| d(v)).collect()
}

/// A 9×9 puzzle with the givens `(row, column, digit)`, counted from 1.
fn puzzle(givens: &[(usize, usize, u8)]) -> Puzzle {
    givens
        .iter()
        .fold(Puzzle::empty(BoxSize::NINE), |p, &(r, c, v)| {
            p.with(rc(r, c), Some(d(v)))
        })
}

fn strategy(inference: Inference) -> Strategy {
    Strategy {
        order: CellOrder::RowMajor,
        values: ValueOrder::Ascending,
        inference,
    }
}

fn only(rule: &str) -> Inference {
    rule.parse().expect("a rule name")
}

/// The search, with the events before its first `Select` (or all of them if it never selects).
fn until_select(p: &Puzzle, inference: Inference) -> (Search, Vec<Event>) {
    let mut search = Search::new(p, strategy(inference)).expect("no conflicting givens");
    let mut events = Vec::new();
    for event in search.by_ref() {
        if matches!(event, Event::Select { .. }) {
            break;
        }
        events.push(event);
    }
    (search, events)
}

/// The prunes among `events`, as (cell, digit, cause), sorted.
fn prunes(events: &[Event], rule: &str) -> Vec<(Cell, Digit, PruneCause)> {
    let mut found: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Prune {
                cell, digit, cause, ..
            } if cause.rule() == rule => Some((cell, digit, cause)),
            _ => None,
        })
        .collect();
    found.sort_by_key(|&(cell, digit, _)| (cell, digit));
    found
}

fn sorted(mut v: Vec<(Cell, Digit, PruneCause)>) -> Vec<(Cell, Digit, PruneCause)> {
    v.sort_by_key(|&(cell, digit, _)| (cell, digit));
    v
}

/// The 20 peers of a cell, computed here from rows, columns and boxes.
fn peers_of(r: usize, c: usize) -> Vec<Cell> {
    let mut peers = Vec::new();
    for rr in 1..=9 {
        for cc in 1..=9 {
            let same_box = (rr - 1) / 3 == (r - 1) / 3 && (cc - 1) / 3 == (c - 1) / 3;
            if (rr, cc) != (r, c) && (rr == r || cc == c || same_box) {
                peers.push(rc(rr, cc));
            }
        }
    }
    peers
}

#[test]
fn forward_checking_prunes_a_given_digit_from_each_of_its_twenty_peers() {
    let (_, events) = until_select(&puzzle(&[(5, 5, 7)]), Inference::FC);
    let expected: Vec<_> = peers_of(5, 5)
        .into_iter()
        .map(|p| (p, d(7), PruneCause::ForwardCheck { from: rc(5, 5) }))
        .collect();
    assert_eq!(prunes(&events, "forward_check"), sorted(expected));
    assert_eq!(events.len(), 20, "nothing but the 20 prunes: {events:?}");
    assert!(events.iter().all(|e| e.depth() == Some(0)));
}

#[test]
fn forward_checking_prunes_a_decision_digit_from_its_open_peers_at_the_new_depth() {
    // r1c1 = 5 is given; the first decision is r1c2 = 1 (row-major, ascending).
    let mut search = Search::new(&puzzle(&[(1, 1, 5)]), strategy(Inference::FC)).expect("valid");
    let before: Vec<Event> = search
        .by_ref()
        .take_while(|e| !matches!(e, Event::Select { .. }))
        .collect();
    assert_eq!(before.len(), 20);
    let decision = search.next().expect("a decision");
    assert_eq!(
        decision,
        Event::Assign {
            cell: rc(1, 2),
            digit: d(1),
            depth: 1,
            cause: AssignCause::Decision
        }
    );
    let after: Vec<Event> = search
        .by_ref()
        .take_while(|e| !matches!(e, Event::Select { .. }))
        .collect();
    let expected: Vec<_> = peers_of(1, 2)
        .into_iter()
        .filter(|&p| p != rc(1, 1))
        .map(|p| (p, d(1), PruneCause::ForwardCheck { from: rc(1, 2) }))
        .collect();
    assert_eq!(prunes(&after, "forward_check"), sorted(expected));
    assert!(after.iter().all(|e| e.depth() == Some(1)), "{after:?}");
}

#[test]
fn forward_checking_reports_a_cell_wipeout_on_the_prune_that_empties_a_domain() {
    // Row 1 holds 2..9 around r1c1, and column 1 holds 1: r1c1 has no candidate left.
    let mut givens: Vec<_> = (2..=9).map(|c| (1, c, c as u8)).collect();
    givens.push((5, 1, 1));
    let (search, events) = until_select(&puzzle(&givens), Inference::FC);
    let n = events.len();
    assert!(n >= 3, "{events:?}");
    assert_eq!(
        events[n - 3..],
        [
            Event::Prune {
                cell: rc(1, 1),
                digit: d(1),
                depth: 0,
                cause: PruneCause::ForwardCheck { from: rc(5, 1) }
            },
            Event::Wipeout {
                site: WipeoutSite::Cell(rc(1, 1)),
                depth: 0
            },
            Event::Exhausted,
        ]
    );
    assert_eq!(search.status(), Status::Unsolvable);
    assert_eq!(search.stats().nodes, 0);
}

#[test]
fn without_arc_consistency_a_single_candidate_waits_for_a_decision() {
    let givens: Vec<_> = (1..=8).map(|c| (1, c, c as u8)).collect();
    let mut search = Search::new(&puzzle(&givens), strategy(Inference::FC)).expect("valid");
    let select = search
        .find(|e| matches!(e, Event::Select { .. }))
        .expect("a select");
    assert!(
        matches!(select, Event::Select { cell, domain: dm, .. } if cell == rc(1, 9) && dm == domain(&[9])),
        "{select:?}"
    );
}

#[test]
fn arc_consistency_assigns_a_naked_single_and_revises_its_digit_out_of_its_peers() {
    // Row 1 holds 1..8: forward checking leaves r1c9 = {9}; revise assigns it and prunes 9
    // from its open peers (column 9 and the rest of box 3) against r1c9.
    let givens: Vec<_> = (1..=8).map(|c| (1, c, c as u8)).collect();
    let (_, events) = until_select(&puzzle(&givens), only("ac"));
    let assigns: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::Assign { .. }))
        .collect();
    assert_eq!(
        assigns,
        [&Event::Assign {
            cell: rc(1, 9),
            digit: d(9),
            depth: 0,
            cause: AssignCause::NakedSingle
        }]
    );
    let expected: Vec<_> = peers_of(1, 9)
        .into_iter()
        .filter(|&p| g().row_col(p).0 > 0)
        .map(|p| (p, d(9), PruneCause::Revise { against: rc(1, 9) }))
        .collect();
    assert_eq!(expected.len(), 12);
    assert_eq!(prunes(&events, "revise"), sorted(expected));
    let fc = prunes(&events, "forward_check");
    assert!(fc.iter().all(|(_, _, cause)| matches!(cause, PruneCause::ForwardCheck { from } if g().row_col(*from).0 == 0)));
}

#[test]
fn revise_gives_seed_003s_first_row_domains_on_the_bundled_example() {
    // Seed 003, table "First row ... Domains after applying Revise":
    // {2,5,6,7,8} 9 4 {5,8} {2,8} {2,5} 1 3 {5,6}.
    let p: Puzzle = SEED003_EXAMPLE.parse().expect("the bundled puzzle");
    let (search, _) = until_select(&p, only("ac"));
    let grid = search.state().grid();
    let expected: [&[u8]; 9] = [
        &[2, 5, 6, 7, 8],
        &[9],
        &[4],
        &[5, 8],
        &[2, 8],
        &[2, 5],
        &[1],
        &[3],
        &[5, 6],
    ];
    for (c, digits) in expected.into_iter().enumerate() {
        let cell = rc(1, c + 1);
        assert_eq!(grid.domain(cell), domain(digits), "r1c{}", c + 1);
    }
    for (c, v) in [(2, 9), (3, 4), (7, 1), (8, 3)] {
        assert_eq!(grid.value(rc(1, c)), Some(d(v)));
    }
}

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
    let single = |c, v| Event::Assign {
        cell: rc(1, c),
        digit: d(v),
        depth: 0,
        cause: AssignCause::HiddenSingle { unit: row(1) },
    };
    assert_eq!(singles, [&single(1, 7), &single(9, 6)]);
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
fn plain_backtracking_rejects_candidates_a_peer_holds_before_deciding() {
    // No forward checking: r1c1 keeps its full domain; 1 (r1c2) and 2 (r2c1) are rejected
    // by the consistency check, then 3 is decided.
    let p = puzzle(&[(1, 2, 1), (2, 1, 2)]);
    let mut search = Search::new(&p, strategy(Inference::NONE)).expect("valid");
    let events: Vec<Event> = search.by_ref().take(4).collect();
    assert_eq!(
        events,
        [
            Event::Select {
                cell: rc(1, 1),
                domain: Domain::full(BoxSize::NINE),
                depth: 0,
                score: Score {
                    candidates: 9,
                    tie_break: 0
                }
            },
            Event::Prune {
                cell: rc(1, 1),
                digit: d(1),
                depth: 0,
                cause: PruneCause::Conflict { with: rc(1, 2) }
            },
            Event::Prune {
                cell: rc(1, 1),
                digit: d(2),
                depth: 0,
                cause: PruneCause::Conflict { with: rc(2, 1) }
            },
            Event::Assign {
                cell: rc(1, 1),
                digit: d(3),
                depth: 1,
                cause: AssignCause::Decision
            },
        ]
    );
    assert_eq!(search.stats().prunes_by_cause.conflict, 2);
    assert_eq!(
        search.stats().backtracks,
        0,
        "a rejected candidate is not a backtrack"
    );
}

#[test]
fn a_decision_that_wipes_out_a_peer_is_backtracked_and_refuted() {
    // Row 1 holds 3..9 in c2..c8, and 2 is in column 9: r1c1 = {1,2}, r1c9 = {1}.
    // Deciding r1c1 = 1 empties r1c9; the decision is undone and 1 refuted in r1c1.
    let mut givens: Vec<_> = (2..=8).map(|c| (1, c, c as u8 + 1)).collect();
    givens.push((5, 9, 2));
    let mut search = Search::new(&puzzle(&givens), strategy(Inference::FC)).expect("valid");
    let _ = search
        .by_ref()
        .take_while(|e| !matches!(e, Event::Select { .. }))
        .count();
    assert_eq!(
        search.next(),
        Some(Event::Assign {
            cell: rc(1, 1),
            digit: d(1),
            depth: 1,
            cause: AssignCause::Decision
        })
    );
    // Forward checking prunes 1 from open peers (in any order) until r1c9 empties.
    let mut pruned = Vec::new();
    let wipeout = loop {
        match search.next().expect("more events") {
            Event::Prune {
                cell,
                digit,
                depth: 1,
                cause: PruneCause::ForwardCheck { from },
            } if from == rc(1, 1) => {
                assert_eq!(digit, d(1));
                pruned.push(cell);
            }
            other => break other,
        }
    };
    assert_eq!(
        wipeout,
        Event::Wipeout {
            site: WipeoutSite::Cell(rc(1, 9)),
            depth: 1
        }
    );
    assert_eq!(
        pruned.last(),
        Some(&rc(1, 9)),
        "the wipeout follows the prune that emptied r1c9"
    );
    let events: Vec<Event> = search.by_ref().take(3).collect();
    assert_eq!(
        events,
        [
            Event::Backtrack {
                cell: rc(1, 1),
                digit: d(1),
                depth: 0
            },
            Event::Prune {
                cell: rc(1, 1),
                digit: d(1),
                depth: 0,
                cause: PruneCause::Refuted
            },
            Event::Assign {
                cell: rc(1, 1),
                digit: d(2),
                depth: 1,
                cause: AssignCause::Decision
            },
        ]
    );
    assert_eq!(search.stats().backtracks, 1);
    assert_eq!(search.stats().prunes_by_cause.refuted, 1);
}

#[test]
fn a_digit_with_no_place_left_in_a_unit_is_a_unit_wipeout() {
    // Row 1 holds 2..8 in c2..c8; 1 is in columns 1 and 9: 1 has no place in row 1.
    let mut givens: Vec<_> = (2..=8).map(|c| (1, c, c as u8)).collect();
    givens.extend([(5, 1, 1), (6, 9, 1)]);
    let (search, events) = until_select(&puzzle(&givens), only("hs"));
    assert_eq!(
        events[events.len() - 2..],
        [
            Event::Wipeout {
                site: WipeoutSite::Unit {
                    unit: row(1),
                    digit: d(1)
                },
                depth: 0
            },
            Event::Exhausted
        ]
    );
    assert!(
        events.iter().all(|e| !matches!(e, Event::Assign { .. })),
        "{events:?}"
    );
    assert_eq!(search.status(), Status::Unsolvable);
    // Forward checking alone does not see it before searching.
    let (fc, fc_events) = until_select(&puzzle(&givens), Inference::FC);
    assert!(
        !fc.is_finished()
            && fc_events
                .iter()
                .all(|e| !matches!(e, Event::Wipeout { .. }))
    );
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
