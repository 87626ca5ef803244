//! Fixture tests for the rules that act on a cell and its peers: forward checking, arc
//! consistency (revise and naked singles), plain backtracking's consistency check, refuted
//! decisions and wipeouts. Each sets up a position where the rule fires and checks its exact
//! eliminations (cell, digit, cause) in the event stream of a search with just that rule.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::fixtures::*;
use dokuscope::solver::{
    AssignCause, BoxSize, Domain, Event, Inference, PruneCause, Puzzle, Score, Search, Status,
    WipeoutSite,
};

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
