//! Fixture tests for locked candidates: pointing (a box's places of a digit in one row) and
//! claiming (a row's places of a digit in one box), with their exact eliminations and causes,
//! and a 16×16 check that the rule works on boards without cell bitboards.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::fixtures::*;
use dokuscope::solver::{BoxSize, Event, Geometry, PruneCause, Puzzle, Replay, Search, preset};

#[test]
fn pointing_prunes_a_box_row_s_digits_from_the_rest_of_the_row() {
    // Rows 2 and 3 of box 1 are full, so 5, 8 and 9 each have their places in box 1 in
    // row 1: they go from the rest of row 1.
    let p = puzzle(&[
        (2, 1, 1),
        (2, 2, 2),
        (2, 3, 3),
        (3, 1, 4),
        (3, 2, 6),
        (3, 3, 7),
    ]);
    let (_, events) = until_select(&p, only("lc"));
    let mut expected = Vec::new();
    for v in [5, 8, 9] {
        let cause = PruneCause::LockedCandidates {
            unit: boxed(1),
            crossing: row(1),
            digit: d(v),
        };
        expected.extend((4..=9).map(|c| (rc(1, c), d(v), cause)));
    }
    assert_eq!(prunes(&events, "locked_candidates"), sorted(expected));
}

#[test]
fn rows_are_looked_at_before_boxes() {
    // Row 2 of box 1 is full and row 3 holds 5 (at r3c9), so 5 in box 1 lies in row 1 only;
    // but 5 in row 2 also lies in box 2 only (r2c7-r2c9 lose it to r3c9), and rows come
    // first: the claim takes 5 from r1c4-r1c6, which leaves the pointing nothing to do.
    let p = puzzle(&[(2, 1, 1), (2, 2, 2), (2, 3, 3), (3, 9, 5)]);
    let (_, events) = until_select(&p, only("lc"));
    let cause = PruneCause::LockedCandidates {
        unit: row(2),
        crossing: boxed(2),
        digit: d(5),
    };
    let expected = (4..=6).map(|c| (rc(1, c), d(5), cause)).collect();
    assert_eq!(prunes(&events, "locked_candidates"), sorted(expected));
}

#[test]
fn claiming_prunes_a_row_s_digits_from_the_rest_of_their_box() {
    // Row 1 is full but for r1c1-r1c3, so 5, 8 and 9 each have their places in row 1 in
    // box 1: they go from the box's other six cells.
    let p = puzzle(&[
        (1, 4, 1),
        (1, 5, 2),
        (1, 6, 3),
        (1, 7, 4),
        (1, 8, 6),
        (1, 9, 7),
    ]);
    let (search, events) = until_select(&p, only("lc"));
    let mut expected = Vec::new();
    for v in [5, 8, 9] {
        let cause = PruneCause::LockedCandidates {
            unit: row(1),
            crossing: boxed(1),
            digit: d(v),
        };
        for r in 2..=3 {
            expected.extend((1..=3).map(|c| (rc(r, c), d(v), cause)));
        }
    }
    assert_eq!(prunes(&events, "locked_candidates"), sorted(expected));
    let grid = search.state().grid();
    for r in 2..=3 {
        for c in 1..=3 {
            assert_eq!(
                grid.domain(rc(r, c)),
                domain(&[1, 2, 3, 4, 6, 7]),
                "r{r}c{c}"
            );
        }
    }
}

#[test]
fn locked_candidates_stay_quiet_when_the_crossing_unit_has_nothing_to_lose() {
    // 5 in box 1 lies in row 1 only, but forward checking already took it from the rest of
    // row 1 (r2c5 and r3c8 hold 5 in boxes 2 and 3).
    let p = puzzle(&[(2, 5, 5), (3, 8, 5)]);
    let (_, events) = until_select(&p, only("lc"));
    assert_eq!(prunes(&events, "locked_candidates"), Vec::new());
}

#[test]
fn the_default_preset_uses_locked_candidates_and_they_cut_the_search() {
    // On seed 003's example the default preset finds locked candidates, and needs no more
    // decisions than the same rules without them.
    let p: Puzzle = SEED003_EXAMPLE.parse().expect("the bundled puzzle");
    let fast = preset::find(preset::DEFAULT).expect("the default").strategy;
    assert!(fast.inference.locked_candidates);
    let mut without = fast;
    without.inference.locked_candidates = false;
    let run = |s| Search::new(&p, s).expect("valid").run();
    let (with_lc, without_lc) = (run(fast), run(without));
    assert_eq!(with_lc.solution, without_lc.solution);
    assert!(with_lc.stats.prunes_by_cause.locked_candidates > 0);
    assert!(with_lc.stats.nodes <= without_lc.stats.nodes);
}

#[test]
fn locked_candidates_on_a_sixteen_by_sixteen_board_replay_and_solve() {
    // 16×16 has no cell bitboards, so the rule scans its units: the bundled 16×16 puzzles
    // must solve with it, every prune replaying onto the state the engine holds.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/16x16.txt"))
        .expect("the bundled 16×16 set");
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .expect("a puzzle");
    let p: Puzzle = line
        .split_whitespace()
        .next()
        .expect("a puzzle")
        .parse()
        .expect("16×16");
    assert_eq!(p.geometry(), Geometry::of(BoxSize::SIXTEEN));
    let mut search = Search::new(&p, preset::find("fast").expect("fast").strategy).expect("valid");
    let mut replay = Replay::new(&p);
    let mut locked = 0;
    for event in search.by_ref() {
        replay.apply(&event);
        locked += usize::from(matches!(
            event,
            Event::Prune {
                cause: PruneCause::LockedCandidates { .. },
                ..
            }
        ));
    }
    assert_eq!(replay.grid(), search.state().grid());
    assert_eq!(search.status().name(), "solved");
    assert!(locked > 0, "no locked candidates on a 16×16 search");
}
