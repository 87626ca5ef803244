//! Every public set in `puzzles/public` classified by the default preset: valid sets
//! solved (each solution checked independently, and against the upstream solutions for
//! kaggle10k), duplicate givens rejected as invalid, unsolvable puzzles unsolvable, and
//! multiple-solution puzzles multiple, with tdoku's exact solution counts reproduced.
//!
//! The small sets are there whole, the four large ones as samples (every puzzle of each
//! sample is run here; `DOKUSCOPE_PUBLIC_SETS` runs the whole files instead, see
//! puzzles/public/README.md). Runtime in release on one core: a few seconds.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::audit::cells_of;
use common::{are_peers, digits_of_line, is_solution_of, public};
use dokuscope::solver::preset::default_preset;
use dokuscope::solver::{Entry, Limits, PuzzleReader, Search, Status};

/// Every puzzle of `name` kept in `puzzles/public`, each read through the engine's reader
/// and located at its upstream line (`sudoku17.txt:410`).
fn entries(name: &str) -> Vec<Entry> {
    public::numbered(name)
        .into_iter()
        .map(|(n, line)| {
            let mut entry = PuzzleReader::new(name, line.as_bytes())
                .next()
                .expect("a puzzle on the line")
                .expect("every line of a public set parses");
            entry.location.line = n;
            entry
        })
        .collect()
}

/// Solves every puzzle of `name` kept here (`expected` of them) with the default preset
/// and checks each is solved with a valid solution.
fn all_solved(name: &str, expected: usize) {
    let entries = entries(name);
    assert_eq!(entries.len(), expected, "{name}: puzzle count");
    let strategy = default_preset().strategy;
    for entry in &entries {
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
    }
}

/// How many lines of `name` are kept: the sample's, or the whole set's when
/// `DOKUSCOPE_PUBLIC_SETS` names a folder with the whole file.
fn kept(name: &str) -> usize {
    public::numbered(name).len()
}

#[test]
fn easy50_is_solved() {
    all_solved("easy50.txt", 50);
}

#[test]
fn hardest_is_solved() {
    all_solved("hardest.txt", 11);
}

#[test]
fn top95_is_solved() {
    all_solved("top95.txt", 95);
}

#[test]
fn top1465_is_solved() {
    all_solved("top1465.txt", 1465);
}

#[test]
fn unbiased1000_is_solved() {
    all_solved("unbiased1000.txt", 1000);
}

#[test]
fn forum_hardest_1106_is_solved() {
    all_solved("forum_hardest_1106.txt", 375);
}

#[test]
fn every_seventeen_clue_puzzle_kept_is_solved() {
    // The sample's 219 (of 49,151), or all of them with the whole file.
    let name = "sudoku17.txt";
    assert!(kept(name) >= 219, "{name}: the sample's 219 lines at least");
    all_solved(name, kept(name));
}

#[test]
fn every_forum_hardest_1905_puzzle_kept_is_solved() {
    // The sample's 40 (of 48,766): the whole file takes about a minute in release.
    let name = "forum_hardest_1905_11plus.txt";
    assert!(kept(name) >= 40, "{name}: the sample's 40 lines at least");
    all_solved(name, kept(name));
}

#[test]
fn kaggle10k_is_solved_to_the_upstream_solutions() {
    let entries = entries("kaggle10k.txt");
    let solutions = public::numbered("kaggle10k_solutions.txt");
    assert!(entries.len() >= 298, "the sample's 298 lines at least");
    assert_eq!(entries.len(), solutions.len(), "one solution a puzzle");
    for (entry, (line, expected)) in entries.iter().zip(&solutions) {
        assert_eq!(entry.location.line, *line, "the sidecar's lines");
        let outcome = Search::new(&entry.puzzle, default_preset().strategy)
            .expect("valid givens")
            .run();
        assert_eq!(outcome.status, Status::Solved, "{}", entry.location);
        let found = outcome.solution.as_ref().expect("a solution").to_line();
        assert_eq!(&found, expected, "{}: {}", entry.location, entry.puzzle);
    }
}

#[test]
fn duplicate_givens_are_invalid_and_name_the_clashing_cells() {
    let entries = entries("invalid_duplicate_givens.txt");
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
    let entries = entries("unsolvable.txt");
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
    let entries = entries("multiple_solutions.txt");
    let counts: Vec<u64> = public::lines("multiple_solutions.counts.txt")
        .iter()
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
    let entries = entries("serg_benchmark.txt");
    assert!(entries.len() >= 100, "the sample's 100 lines at least");
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
