//! Property tests of the engine against an independent brute-force reference: every preset
//! finds the right number of solutions (capped at 2), every solution is valid, every event's
//! cause holds in the replayed state, the replay matches the engine whenever the iterator is
//! synced, undoing every event restores the initial grid, and the iterator's counters equal
//! `Search::run`'s. Puzzles are random full grids (a canonical grid shuffled by the
//! validity-preserving symmetries) with random cells emptied, on 4×4, 9×9 and 16×16 boards.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::audit::{audit, puzzle_of};
use common::{Rng, blank_cells, count_solutions, givens_are_consistent, random_full_grid};
use dokuscope::solver::preset::PRESETS;
use dokuscope::solver::{Event, Grid, Limits, Replay, Search, Status};
use proptest::prelude::*;

/// How hard a puzzle may be for the presets that have to finish on it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Every preset but plain backtracking must finish within the node limit.
    Finish,
    /// Presets may stop at the node limit; only a finished search must agree.
    MayStop,
}

/// `n` property cases in an optimised build, a quarter of them in a debug build.
const fn cases(n: u32) -> u32 {
    if cfg!(debug_assertions) { n / 4 } else { n }
}

/// Decisions allowed to plain backtracking (and to its backjumping form, whose search is a
/// part of it), and to everything else.
const BT_NODES: u64 = 5_000;
const NODES: u64 = 200_000;

/// Whether `preset` searches without propagation: `bt`, and `cbj` on bt's model, whose
/// searches can run to millions of nodes on a puzzle every other preset finishes.
fn plain(preset: &dokuscope::solver::Preset) -> bool {
    !preset.strategy.inference.forward_check
}

/// Runs every preset on `cells` and checks it against the reference count.
fn every_preset_agrees(cells: &[u8], expect: Expect) {
    let reference = count_solutions(cells, 2).0;
    let puzzle = puzzle_of(cells);
    for preset in PRESETS {
        let nodes = if plain(preset) { BT_NODES } else { NODES };
        let limits = Limits {
            solutions: 2,
            nodes: Some(nodes),
            deadline: None,
        };
        let run = audit(&puzzle, preset.strategy, limits, preset.name);
        let ctx = format!("preset {} on {puzzle}", preset.name);
        if run.status == Status::Limit {
            assert!(
                plain(preset) || expect == Expect::MayStop,
                "{ctx}: {} nodes did not finish a puzzle every preset should",
                run.stats.nodes
            );
            assert!(
                run.solutions.len() <= reference,
                "{ctx}: found {} solutions, the reference {reference}",
                run.solutions.len()
            );
            continue;
        }
        let expected = match reference {
            0 => Status::Unsolvable,
            1 => Status::Solved,
            _ => Status::Multiple,
        };
        assert_eq!(
            run.status, expected,
            "{ctx}: the reference counts {reference} solution(s)"
        );
        assert_eq!(run.solutions.len(), reference, "{ctx}: solutions found");
        if reference == 1 {
            assert_eq!(
                run.solutions[0],
                count_solutions(cells, 2).1.expect("one solution"),
                "{ctx}: another solution"
            );
        }
    }
}

fn random_puzzle(b: usize, givens: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let grid = random_full_grid(b, &mut rng);
    blank_cells(&grid, givens, &mut rng)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn every_preset_agrees_with_the_reference_on_four_by_four_puzzles(seed in any::<u64>(), givens in 0usize..=16) {
        every_preset_agrees(&random_puzzle(2, givens, seed), Expect::Finish);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(96)))]

    #[test]
    fn every_preset_agrees_with_the_reference_on_nine_by_nine_puzzles_with_many_givens(
        seed in any::<u64>(),
        givens in 30usize..=81,
    ) {
        every_preset_agrees(&random_puzzle(3, givens, seed), Expect::Finish);
    }

    #[test]
    fn every_preset_agrees_with_the_reference_on_puzzles_with_a_wrong_given(
        seed in any::<u64>(),
        givens in 28usize..=60,
    ) {
        // A digit the full grid does not hold there, in an empty cell where no given
        // conflicts with it: usually unsolvable, sometimes not.
        let mut rng = Rng::new(seed);
        let grid = random_full_grid(3, &mut rng);
        let mut cells = blank_cells(&grid, givens, &mut rng);
        let empty: Vec<usize> = (0..81).filter(|&i| cells[i] == 0).collect();
        let cell = empty[rng.below(empty.len())];
        for offset in 1..9 {
            cells[cell] = (grid[cell] - 1 + offset) % 9 + 1;
            if givens_are_consistent(&cells) {
                break;
            }
            cells[cell] = 0;
        }
        every_preset_agrees(&cells, Expect::Finish);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(32)))]

    #[test]
    fn every_preset_agrees_with_the_reference_on_sparse_nine_by_nine_puzzles(
        seed in any::<u64>(),
        givens in 17usize..30,
    ) {
        every_preset_agrees(&random_puzzle(3, givens, seed), Expect::MayStop);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(12)))]

    #[test]
    fn every_preset_agrees_with_the_reference_on_sixteen_by_sixteen_puzzles(
        seed in any::<u64>(),
        givens in 150usize..=256,
    ) {
        every_preset_agrees(&random_puzzle(4, givens, seed), Expect::MayStop);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(4)))]

    #[test]
    fn every_preset_agrees_with_the_reference_on_twenty_five_by_twenty_five_puzzles(
        seed in any::<u64>(),
        givens in 480usize..=625,
    ) {
        every_preset_agrees(&random_puzzle(5, givens, seed), Expect::MayStop);
    }
}

/// Runs every preset on `cells` counting up to `cap` solutions; each must find exactly the
/// reference's solutions (the audit checks they are distinct and valid).
fn every_preset_enumerates(cells: &[u8], cap: u64) {
    let (reference, _) = count_solutions(cells, cap as usize);
    let puzzle = puzzle_of(cells);
    for preset in PRESETS {
        let nodes = if plain(preset) { BT_NODES } else { NODES };
        let limits = Limits {
            solutions: cap,
            nodes: Some(nodes),
            deadline: None,
        };
        let run = audit(&puzzle, preset.strategy, limits, preset.name);
        let ctx = format!("preset {} on {puzzle}", preset.name);
        // Stopped by the node limit (the status may still say `multiple`).
        let stopped = run.events.last() == Some(&Event::Limit);
        if stopped && plain(preset) {
            assert!(run.solutions.len() <= reference, "{ctx}");
            continue;
        }
        assert!(!stopped, "{ctx}: stopped at the node limit");
        assert_eq!(
            run.solutions.len(),
            reference,
            "{ctx}: solutions, capped at {cap}"
        );
        if (reference as u64) < cap {
            assert_eq!(run.events.last(), Some(&Event::Exhausted), "{ctx}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    #[test]
    fn every_preset_enumerates_every_solution_of_four_by_four_puzzles(seed in any::<u64>(), givens in 0usize..=10) {
        // The empty 4×4 board has 288 solutions: the cap is never reached.
        every_preset_enumerates(&random_puzzle(2, givens, seed), 300);
    }

    #[test]
    fn every_preset_enumerates_the_first_solutions_of_nine_by_nine_puzzles(seed in any::<u64>(), givens in 40usize..=60) {
        every_preset_enumerates(&random_puzzle(3, givens, seed), 20);
    }
}

/// The grid and depth of a replay, to compare states.
fn snapshot(replay: &Replay) -> (Grid, usize) {
    (replay.grid().clone(), replay.depth())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(128)))]

    #[test]
    fn stepping_back_and_forth_through_the_events_returns_to_the_same_states(
        seed in any::<u64>(),
        givens in 22usize..=45,
        preset in 0..PRESETS.len(),
        cut in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
    ) {
        // A view steps back some events and forward again: the states must match the ones
        // it passed, including across backtracks.
        let puzzle = puzzle_of(&random_puzzle(3, givens, seed));
        let preset = &PRESETS[preset];
        let limits = Limits { solutions: 2, nodes: Some(2_000), deadline: None };
        let events: Vec<Event> = Search::with_limits(&puzzle, preset.strategy, limits).expect("valid").collect();
        let (a, b) = (cut.0.index(events.len() + 1), cut.1.index(events.len() + 1));
        let (j, i) = (a.min(b), a.max(b));
        let ctx = format!("preset {} on {puzzle}, events {j}..{i} of {}", preset.name, events.len());
        let mut replay = Replay::with_undo(&puzzle);
        let initial = snapshot(&replay);
        events[..j].iter().for_each(|e| replay.apply(e));
        let at_j = snapshot(&replay);
        events[j..i].iter().for_each(|e| replay.apply(e));
        let at_i = snapshot(&replay);
        for e in events[j..i].iter().rev() {
            prop_assert!(replay.undo(e), "{}: undo {:?}", ctx, e);
        }
        prop_assert!(snapshot(&replay) == at_j, "{}: stepping back does not return to the state at {}", ctx, j);
        events[j..i].iter().for_each(|e| replay.apply(e));
        prop_assert!(snapshot(&replay) == at_i, "{}: stepping forward again does not reach the state at {}", ctx, i);
        events[i..].iter().for_each(|e| replay.apply(e));
        for e in events.iter().rev() {
            prop_assert!(replay.undo(e), "{}: undo {:?}", ctx, e);
        }
        prop_assert!(snapshot(&replay) == initial, "{}: undoing everything does not restore the start", ctx);
    }
}

#[test]
fn random_full_grids_are_valid_on_every_size() {
    for b in 2..=5 {
        let mut rng = Rng::new(b as u64);
        for _ in 0..5 {
            let grid = random_full_grid(b, &mut rng);
            assert!(grid.iter().all(|&d| d != 0));
            assert!(givens_are_consistent(&grid), "{grid:?}");
        }
    }
}

#[test]
fn the_reference_solver_counts_known_cases() {
    let full = common::canonical_grid(3);
    assert_eq!(count_solutions(&full, 2).0, 1);
    // The empty 4×4 board has 288 solutions.
    assert_eq!(count_solutions(&[0; 16], 1000).0, 288);
    let mut duplicate = full.clone();
    duplicate[1] = duplicate[0];
    assert_eq!(count_solutions(&duplicate, 2).0, 0);
    // Two rows of one band swapped within a column pair make a second solution.
    let mut open = full.clone();
    for i in [0, 1, 9, 10] {
        open[i] = 0;
    }
    assert!(count_solutions(&open, 2).0 >= 1);
}

#[test]
fn an_empty_sixteen_by_sixteen_board_is_searched_by_every_preset_but_plain_backtracking() {
    // A smoke test of the largest board the props use: every preset except `bt` must find
    // two solutions of the empty board quickly, all valid.
    let puzzle = puzzle_of(&[0; 256]);
    for preset in PRESETS.iter().filter(|p| p.name != "bt") {
        let run = audit(
            &puzzle,
            preset.strategy,
            Limits {
                solutions: 2,
                nodes: Some(NODES),
                deadline: None,
            },
            preset.name,
        );
        assert_eq!(run.status, Status::Multiple, "preset {}", preset.name);
    }
}
