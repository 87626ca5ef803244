//! Every puzzle set in `../shared/puzzles` classified by the default preset: valid sets
//! solved (each solution checked independently, and against the upstream solutions for
//! kaggle10k), duplicate givens rejected as invalid, unsolvable puzzles unsolvable, and
//! multiple-solution puzzles multiple, with tdoku's exact solution counts reproduced.
//!
//! Each test prints "skipped: ../shared/puzzles not found" and passes when the folder is
//! absent. Runtime in release on one core: sudoku17 (49,151 puzzles) about 4 s in full;
//! `forum_hardest_1905_11plus` (48,766) would take about a minute, so a deterministic sample
//! (every 8th line) is run. A debug build is about ten times slower, so there both sets
//! are sampled more thinly (every 8th and every 64th line).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use std::fs::File;
use std::io::BufReader;

use common::audit::cells_of;
use common::{are_peers, digits_of_line, is_solution_of, shared_puzzles};
use dokuscope::solver::preset::default_preset;
use dokuscope::solver::{Entry, Limits, PuzzleReader, Search, Status};

/// Every puzzle of `name` read through the engine's reader, or `None` when the folder is absent.
fn entries(name: &str) -> Option<Vec<Entry>> {
    let path = shared_puzzles()?.join(name);
    let file = File::open(&path).expect("a puzzle file the README lists");
    let reader = PuzzleReader::new(name, BufReader::new(file));
    Some(
        reader
            .map(|item| item.expect("every line of a shared set parses"))
            .collect(),
    )
}

/// Solves every `step`-th puzzle of `name` with the default preset and checks it is solved
/// with a valid solution; returns how many were solved.
fn all_solved(name: &str, expected_count: usize, step: usize) -> Option<usize> {
    let entries = entries(name)?;
    assert_eq!(entries.len(), expected_count, "{name}: puzzle count");
    let strategy = default_preset().strategy;
    let mut solved = 0;
    for entry in entries.iter().step_by(step) {
        let outcome = Search::new(&entry.puzzle, strategy)
            .expect("valid givens")
            .run();
        let ctx = format!("{}: {}", entry.location, entry.puzzle);
        assert_eq!(outcome.status, Status::Solved, "{ctx}");
        let solution = cells_of(outcome.solution.as_ref().expect("a solution"));
        assert!(
            is_solution_of(&cells_of(&entry.puzzle), &solution),
            "{ctx}: invalid solution {solution:?}"
        );
        assert_eq!(outcome.stats.solutions, 1, "{ctx}");
        solved += 1;
    }
    Some(solved)
}

#[test]
fn easy50_is_solved() {
    all_solved("easy50.txt", 50, 1);
}

#[test]
fn hardest_is_solved() {
    all_solved("hardest.txt", 11, 1);
}

#[test]
fn top95_is_solved() {
    all_solved("top95.txt", 95, 1);
}

#[test]
fn top1465_is_solved() {
    all_solved("top1465.txt", 1465, 1);
}

#[test]
fn unbiased1000_is_solved() {
    all_solved("unbiased1000.txt", 1000, 1);
}

#[test]
fn forum_hardest_1106_is_solved() {
    all_solved("forum_hardest_1106.txt", 375, 1);
}

/// Every `n`-th puzzle of a big set: all of them in an optimised build.
const fn sample(release: usize, debug: usize) -> usize {
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

#[test]
fn every_seventeen_clue_puzzle_is_solved() {
    // In full in release; every 8th puzzle in a debug build.
    if let Some(solved) = all_solved("sudoku17.txt", 49_151, sample(1, 8)) {
        assert_eq!(solved, 49_151_usize.div_ceil(sample(1, 8)));
    }
}

#[test]
fn a_sample_of_forum_hardest_1905_is_solved() {
    // Every 8th puzzle (6,096 of 48,766) in release, every 64th in a debug build: the
    // whole file takes about a minute in release.
    let step = sample(8, 64);
    if let Some(solved) = all_solved("forum_hardest_1905_11plus.txt", 48_766, step) {
        assert_eq!(solved, 48_766_usize.div_ceil(step));
    }
}

#[test]
fn kaggle10k_is_solved_to_the_upstream_solutions() {
    let Some(entries) = entries("kaggle10k.txt") else {
        return;
    };
    let Some(dir) = shared_puzzles() else { return };
    let solutions =
        std::fs::read_to_string(dir.join("kaggle10k_solutions.txt")).expect("the sidecar");
    let solutions: Vec<&str> = solutions.lines().collect();
    assert_eq!((entries.len(), solutions.len()), (10_000, 10_000));
    for (entry, expected) in entries.iter().zip(solutions) {
        let outcome = Search::new(&entry.puzzle, default_preset().strategy)
            .expect("valid givens")
            .run();
        assert_eq!(outcome.status, Status::Solved, "{}", entry.location);
        let found = outcome.solution.as_ref().expect("a solution").to_line();
        assert_eq!(found, expected, "{}: {}", entry.location, entry.puzzle);
    }
}

#[test]
fn duplicate_givens_are_invalid_and_name_the_clashing_cells() {
    let Some(entries) = entries("invalid_duplicate_givens.txt") else {
        return;
    };
    assert_eq!(entries.len(), 3);
    // Line 1 repeats a digit in a box, line 2 in a column, line 3 in a row.
    for (entry, kind) in entries.iter().zip(["box", "column", "row"]) {
        let conflict =
            Search::with_limits(&entry.puzzle, default_preset().strategy, Limits::default())
                .expect_err("duplicate givens are rejected before searching");
        let cells = digits_of_line(&entry.puzzle.to_line());
        let index = |name: dokuscope::solver::geometry::CellName| (name.row - 1) * 9 + name.col - 1;
        let (a, b) = (index(conflict.first), index(conflict.second));
        let ctx = format!("{}: {conflict}", entry.location);
        assert!(a < b && are_peers(3, a, b), "{ctx}");
        assert!(
            cells[a] == conflict.digit.get() && cells[b] == cells[a],
            "{ctx}"
        );
        let shares = match kind {
            "row" => a / 9 == b / 9,
            "column" => a % 9 == b % 9,
            _ => (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3),
        };
        assert!(shares, "{ctx}: expected a repeat in a {kind}");
        assert_eq!(
            conflict.to_string(),
            format!(
                "{} and {} both hold {}",
                conflict.first, conflict.second, conflict.digit
            )
        );
    }
}

#[test]
fn unsolvable_puzzles_are_unsolvable() {
    let Some(entries) = entries("unsolvable.txt") else {
        return;
    };
    assert_eq!(entries.len(), 14);
    for entry in &entries {
        let outcome = Search::new(&entry.puzzle, default_preset().strategy)
            .expect("no duplicate givens")
            .run();
        assert_eq!(
            outcome.status,
            Status::Unsolvable,
            "{}: {}",
            entry.location,
            entry.puzzle
        );
        assert!(outcome.solution.is_none());
    }
}

#[test]
fn multiple_solution_puzzles_are_multiple_with_tdokus_exact_counts() {
    let Some(entries) = entries("multiple_solutions.txt") else {
        return;
    };
    let Some(dir) = shared_puzzles() else { return };
    let counts =
        std::fs::read_to_string(dir.join("multiple_solutions.counts.txt")).expect("the sidecar");
    let counts: Vec<u64> = counts
        .lines()
        .map(|l| l.trim().parse().expect("a count"))
        .collect();
    assert_eq!((entries.len(), counts.len()), (15, 15));
    for (entry, &count) in entries.iter().zip(&counts) {
        let ctx = format!("{}: {}", entry.location, entry.puzzle);
        let outcome = Search::new(&entry.puzzle, default_preset().strategy)
            .expect("valid givens")
            .run();
        assert_eq!(outcome.status, Status::Multiple, "{ctx}");
        let limits = Limits {
            solutions: 10_000,
            nodes: None,
            deadline: None,
        };
        let all = Search::with_limits(&entry.puzzle, default_preset().strategy, limits)
            .expect("valid")
            .run();
        assert_eq!(all.stats.solutions, count, "{ctx}: solution count");
        assert_eq!(all.status, Status::Multiple, "{ctx}");
    }
}

#[test]
fn serg_benchmark_puzzles_all_have_several_solutions() {
    let Some(entries) = entries("serg_benchmark.txt") else {
        return;
    };
    assert_eq!(entries.len(), 10_000);
    for entry in &entries {
        let outcome = Search::new(&entry.puzzle, default_preset().strategy)
            .expect("valid givens")
            .run();
        assert_eq!(
            outcome.status,
            Status::Multiple,
            "{}: {}",
            entry.location,
            entry.puzzle
        );
        assert_eq!(outcome.stats.solutions, 2);
        let first = cells_of(outcome.solution.as_ref().expect("a first solution"));
        assert!(
            is_solution_of(&cells_of(&entry.puzzle), &first),
            "{}",
            entry.location
        );
    }
}
