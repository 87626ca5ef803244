//! The search's limits: a node limit stops exactly before the decision past it, the
//! solution count stops the search at the n-th solution, and a deadline already passed
//! stops `Search::run` with status `limit` (no wall-clock time is measured).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use std::time::Instant;

use common::audit::{audit, puzzle_of};
use dokuscope::solver::preset::{PRESETS, find};
use dokuscope::solver::{Event, Limits, Puzzle, Search, Status};

const EXAMPLE: &str = include_str!("../puzzles/seed003_example.txt");

fn example() -> Puzzle {
    EXAMPLE.parse().expect("the bundled puzzle")
}

#[test]
fn a_node_limit_stops_after_exactly_that_many_decisions() {
    // Plain backtracking needs about 577 thousand decisions on the example.
    let strategy = find("bt").expect("bt").strategy;
    for limit in [0, 1, 2, 10, 1_000] {
        let limits = Limits {
            solutions: 2,
            nodes: Some(limit),
            deadline: None,
        };
        let run = audit(&example(), strategy, limits, "bt");
        assert_eq!(run.status, Status::Limit, "limit {limit}");
        assert_eq!(run.stats.nodes, limit, "limit {limit}");
        assert_eq!(run.events.last(), Some(&Event::Limit), "limit {limit}");
    }
}

#[test]
fn a_node_limit_above_what_the_search_needs_changes_nothing() {
    let strategy = find("mrv").expect("mrv").strategy;
    let free = Search::new(&example(), strategy).expect("valid").run();
    let limits = Limits {
        solutions: 2,
        nodes: Some(free.stats.nodes),
        deadline: None,
    };
    let limited = Search::with_limits(&example(), strategy, limits)
        .expect("valid")
        .run();
    assert_eq!(limited, free);
}

#[test]
fn the_solution_count_stops_the_search_at_that_solution() {
    // The empty 4×4 board has 288 solutions.
    let empty = puzzle_of(&[0; 16]);
    let cases = [
        (0, 1, Status::Solved),
        (1, 1, Status::Solved),
        (2, 2, Status::Multiple),
        (7, 7, Status::Multiple),
    ];
    for preset in PRESETS {
        for (asked, found, status) in cases {
            let limits = Limits {
                solutions: asked,
                nodes: None,
                deadline: None,
            };
            let run = audit(&empty, preset.strategy, limits, preset.name);
            let ctx = format!("preset {} counting to {asked}", preset.name);
            assert_eq!(run.stats.solutions, found, "{ctx}");
            assert_eq!(run.status, status, "{ctx}");
            assert!(
                matches!(run.events.last(), Some(Event::Solution { .. })),
                "{ctx}"
            );
        }
        let all = Limits {
            solutions: 1_000,
            nodes: None,
            deadline: None,
        };
        let outcome = Search::with_limits(&empty, preset.strategy, all)
            .expect("valid")
            .run();
        assert_eq!(outcome.stats.solutions, 288, "preset {}", preset.name);
    }
}

#[test]
fn a_deadline_already_passed_stops_a_long_search_with_status_limit() {
    let strategy = find("bt").expect("bt").strategy;
    let limits = Limits {
        solutions: 2,
        nodes: None,
        deadline: Some(Instant::now()),
    };
    let outcome = Search::with_limits(&example(), strategy, limits)
        .expect("valid")
        .run();
    assert_eq!(outcome.status, Status::Limit);
    assert!(outcome.solution.is_none());
    assert!(
        outcome.stats.nodes < 1_000,
        "stopped within a few hundred steps: {}",
        outcome.stats.nodes
    );
}

#[test]
fn the_iterator_ignores_the_deadline() {
    // The consumer of the iterator controls time; the deadline is for `Search::run`.
    let strategy = find("fast").expect("fast").strategy;
    let limits = Limits {
        solutions: 2,
        nodes: None,
        deadline: Some(Instant::now()),
    };
    let mut search = Search::with_limits(&example(), strategy, limits).expect("valid");
    assert_eq!(search.by_ref().last(), Some(Event::Exhausted));
    assert_eq!(search.status(), Status::Solved);
}
