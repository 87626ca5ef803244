//! Conflict-directed backjumping: `cbj` and `fc-cbj` make exactly the search Prosser's
//! algorithms make (an implementation written from the paper, in `lookback/prosser.rs`,
//! counts the same nodes, backtracks, backjumps and solutions), and never more nodes than
//! the chronological searches they extend (Kondrak and van Beek 1997).
#![allow(clippy::expect_used, clippy::panic, reason = "tests fail by panicking")]

mod common;
#[path = "lookback/prosser.rs"]
mod prosser;

use common::{digits_of_line as cells_of_line, public};
use dokuscope::solver::search::Limits;
use dokuscope::solver::{Puzzle, Search, Status, preset};

/// Puzzles of the public sets on which plain backtracking ends within `nodes` decisions.
fn small_searches(set: &str, take: usize, nodes: u64) -> Vec<String> {
    let bt = preset::find("bt").expect("bt").strategy;
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    public::first(set, take)
        .into_iter()
        .filter(|line| {
            let puzzle: Puzzle = line.parse().expect("a puzzle");
            Search::with_limits(&puzzle, bt, limits)
                .expect("no clash")
                .run()
                .status
                != Status::Limit
        })
        .collect()
}

fn engine(line: &str, name: &str, solutions: u64) -> prosser::Run {
    let puzzle: Puzzle = line.parse().expect("a puzzle");
    let strategy = preset::find(name).expect("a preset").strategy;
    let limits = Limits {
        solutions,
        ..Limits::default()
    };
    let outcome = Search::with_limits(&puzzle, strategy, limits)
        .expect("no clash")
        .run();
    prosser::Run {
        nodes: outcome.stats.nodes,
        backtracks: outcome.stats.backtracks,
        backjumps: outcome.stats.backjumps,
        solutions: outcome.stats.solutions,
        first: outcome.solution.map(|p| cells_of_line(&p.to_line())),
    }
}

fn same_searches(name: &str, forward_checking: bool, lines: &[String]) -> u64 {
    let mut jumps = 0;
    for line in lines {
        for solutions in [1, 2] {
            let reference = prosser::solve(&cells_of_line(line), forward_checking, solutions);
            let mine = engine(line, name, solutions);
            assert_eq!(
                mine, reference,
                "{name} on {line}, to {solutions} solution(s)"
            );
            jumps += mine.backjumps;
        }
    }
    jumps
}

#[test]
fn cbj_makes_prossers_bt_cbj_search() {
    let mut lines = small_searches("easy50.txt", 50, 20_000);
    lines.extend(small_searches("unbiased1000.txt", 100, 20_000));
    let jumps = same_searches("cbj", false, &lines);
    println!("{} puzzles, {jumps} backjumps", lines.len());
    assert!(lines.len() > 40, "{} puzzles", lines.len());
    assert!(jumps > 1000, "the searches jump: {jumps}");
}

#[test]
fn fc_cbj_makes_prossers_fc_cbj_search() {
    let mut lines = small_searches("easy50.txt", 50, 20_000);
    lines.extend(small_searches("unbiased1000.txt", 100, 20_000));
    lines.extend(public::first("top95.txt", 1));
    let jumps = same_searches("fc-cbj", true, &lines);
    println!("{} puzzles, {jumps} backjumps", lines.len());
    assert!(jumps > 1000, "the searches jump: {jumps}");
}

/// Kondrak and van Beek (1997): CBJ visits a subset of the nodes chronological
/// backtracking visits, with or without forward checking, whatever the puzzle.
#[test]
fn backjumping_never_visits_more_nodes_than_backtracking() {
    let mut checked = 0;
    for (set, take) in [
        ("easy50.txt", 50),
        ("unbiased1000.txt", 200),
        ("kaggle10k.txt", 200),
        ("multiple_solutions.txt", 15),
        ("unsolvable.txt", 14),
    ] {
        for line in small_searches(set, take, 200_000) {
            for (chrono, jumping) in [("bt", "cbj"), ("cbt", "fc-cbj")] {
                let (a, b) = (engine(&line, chrono, 2), engine(&line, jumping, 2));
                assert!(
                    b.nodes <= a.nodes && b.solutions == a.solutions && b.first == a.first,
                    "{jumping} against {chrono} on {line}: {b:?} / {a:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} puzzles");
}
