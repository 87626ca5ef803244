//! Searches that look back find what every search finds: under conflict-directed
//! backjumping, dom/wdeg, restarts and random ties, every solution of the public sets'
//! puzzles is found and counted exactly (the sidecar's counts, an independent solver's
//! solutions), and a puzzle without one is proven so.
#![allow(clippy::expect_used, clippy::panic, reason = "tests fail by panicking")]

mod common;

use common::{count_solutions, digits_of_line, is_solution_of, public};
use dokuscope::solver::search::Limits;
use dokuscope::solver::{Puzzle, Search, Status, preset};

/// Look-back searches with every part that changes the search: a jump target, a learning
/// order, last-conflict, restarts of both policies, and random ties.
const SPECS: &[&str] = &[
    "cbj",
    "fc-cbj",
    "dom-wdeg",
    "dom-wdeg/luby:5",
    "dom-wdeg-lc/luby:3/seed:7",
    "mrv/geometric:4,1.5/seed:2",
    "mcv/seed:4",
    "fc-mrv/cbj/luby:10",
];

/// `spec`'s search of `line`, counting up to `count` solutions.
fn search(spec: &str, line: &str, count: u64) -> (Status, u64, Option<String>, u64) {
    let (_, strategy) = preset::resolve(spec).expect("a spec");
    let puzzle: Puzzle = line.parse().expect("a puzzle");
    let limits = Limits {
        solutions: count,
        ..Limits::default()
    };
    let outcome = Search::with_limits(&puzzle, strategy, limits)
        .expect("no clash")
        .run();
    (
        outcome.status,
        outcome.stats.solutions,
        outcome.solution.map(|p| p.to_line()),
        outcome.stats.restarts,
    )
}

#[test]
fn every_solution_is_counted_under_every_way_of_looking_back() {
    let lines = public::lines("multiple_solutions.txt");
    let counts = public::lines("multiple_solutions.counts.txt");
    for (line, count) in lines.iter().zip(&counts).take(8) {
        let count: u64 = count.trim().parse().expect("a count");
        for spec in SPECS.iter().filter(|s| !s.starts_with("cbj")) {
            let (status, found, first, _) = search(spec, line, count + 1);
            assert_eq!(
                (status, found),
                (Status::Multiple, count),
                "{spec} on {line}"
            );
            let first = first.expect("a first solution");
            assert!(is_solution_of(
                &digits_of_line(line),
                &digits_of_line(&first)
            ));
        }
    }
}

#[test]
fn unique_and_unsolvable_puzzles_get_their_one_solution_or_none() {
    let mut lines: Vec<String> = Vec::new();
    for (set, take) in [("hardest.txt", 11), ("unsolvable.txt", 14)] {
        lines.extend(public::first(set, take));
    }
    let (mut checked, mut restarts) = (0, 0);
    for line in &lines {
        let (count, solution) = count_solutions(&digits_of_line(line), 2);
        let expected = solution.map(|s| s.iter().map(|d| char::from(b'0' + d)).collect::<String>());
        for spec in SPECS {
            // Plain backtracking's backjumping needs minutes on some of these.
            if spec.starts_with("cbj") {
                continue;
            }
            let (status, found, first, runs) = search(spec, line, 2);
            restarts += runs;
            assert_eq!(found as usize, count, "{spec} on {line}");
            assert_eq!(first, expected, "{spec} on {line}");
            let want = if count == 0 {
                Status::Unsolvable
            } else {
                Status::Solved
            };
            assert_eq!(status, want, "{spec} on {line}");
            checked += 1;
        }
    }
    assert!(checked > 150, "{checked} searches");
    assert!(restarts > 100, "the restart policies restarted: {restarts}");
}
