//! Nogoods in the trace format: `trace -p nogood` writes `learn` lines and nogood causes
//! that `check --strict` finds consistent and implied, with the engine's counters; a
//! nogood that does not hold at its conflict, is empty, names a cell off the board, is
//! not asserting, was never learned or is not implied is a located error.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/cli.rs"]
mod cli;
#[path = "common/public.rs"]
mod public;

use cli::run;
use dokuscope::solver::preset::find;
use dokuscope::solver::{Limits, Puzzle, Search};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A stream that decides r1c2=1 (the solution's digit), learns that it is a nogood, and
/// goes on consistently: every event holds on the board, but the nogood is not implied.
fn stream(nogood: &str, level: u16, id: u32) -> String {
    [
        format!(r#"{{"type":"start","version":1,"puzzle":"{PUZZLE}"}}"#),
        r#"{"type":"select","cell":"r1c2"}"#.to_string(),
        r#"{"type":"assign","cell":"r1c2","digit":1}"#.to_string(),
        format!(r#"{{"type":"learn","id":1,"nogood":[{nogood}],"level":{level}}}"#),
        r#"{"type":"backtrack","cell":"r1c2","digit":1}"#.to_string(),
        format!(
            r#"{{"type":"prune","cell":"r1c2","digit":1,"cause":{{"rule":"nogood","id":{id}}}}}"#
        ),
        r#"{"type":"exhausted"}"#.to_string(),
    ]
    .join("\n")
}

fn check(args: &[&str], text: &str) -> (i32, String) {
    let out = run(args, text);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    (out.status.code().expect("an exit code"), said)
}

#[test]
fn traces_of_the_learning_presets_check_strictly_with_the_engines_counters() {
    for preset in ["nogood", "nogood-vsids"] {
        for line in public::first("top95.txt", 8)
            .iter()
            .chain(&public::first("multiple_solutions.txt", 2))
        {
            let out = run(&["trace", "-p", preset, line], "");
            assert_eq!(out.status.code(), Some(0), "trace {preset} {line}");
            let trace = String::from_utf8(out.stdout).expect("UTF-8");
            assert!(
                trace.contains(r#""type":"learn""#),
                "{preset} on {line} learns"
            );
            let (code, said) = check(&["check", "--strict", "-"], &trace);
            assert_eq!(code, 0, "{preset} on {line}: {said}");
            let puzzle: Puzzle = line.parse().expect("a puzzle");
            let strategy = find(preset).expect("a preset").strategy;
            let stats = Search::with_limits(&puzzle, strategy, Limits::default())
                .expect("no clash")
                .run()
                .stats;
            assert!(
                said.contains(&format!("events {}", grouped(stats.events))),
                "{preset} on {line}: {said} (engine: {} events)",
                stats.events
            );
        }
    }
}

/// `1,119` as the check command writes counts.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[test]
fn a_consistent_nogood_that_a_solution_breaks_fails_only_under_strict() {
    let text = stream(r#""r1c2=1""#, 0, 1);
    let (code, said) = check(&["check", "-"], &text);
    assert_eq!(code, 0, "{said}");
    let (code, said) = check(&["check", "--strict", "-"], &text);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains(":4: nogood #1 is not implied: the solution 417369825"),
        "{said}"
    );
}

#[test]
fn bad_nogoods_are_located_errors() {
    for (text, line, words) in [
        (
            stream(r#""r1c2=2""#, 0, 1),
            4,
            "r1c2=2 does not hold at the conflict",
        ),
        (stream("", 0, 1), 4, "learn's nogood is empty"),
        (
            stream(r#""r10c2=1""#, 0, 1),
            4,
            "no such cell on a 9×9 board",
        ),
        (
            stream(r#""r1c2=0""#, 0, 1),
            4,
            "the digit must be from 1 to 9",
        ),
        (stream(r#""r1c2=1""#, 1, 1), 4, "goes back to level 1"),
        (
            stream(r#""r1c2=1""#, 0, 2),
            6,
            "by nogood #2, which no learn line gave",
        ),
        (
            stream(r#""r1c2 is 1""#, 0, 1),
            4,
            "a literal is written like",
        ),
        (stream("17", 0, 1), 4, "a nogood's literal must be a string"),
    ] {
        let (code, said) = check(&["check", "-"], &text);
        assert_eq!(code, 1, "{said}");
        assert!(said.contains(&format!("-:{line}: ")), "{said}");
        assert!(said.contains(words), "{words}: {said}");
    }
}

/// A nogood still true after its jump is not asserting.
#[test]
fn a_nogood_that_is_not_asserting_after_its_jump_is_an_error() {
    let text = [
        format!(r#"{{"type":"start","version":1,"puzzle":"{PUZZLE}"}}"#),
        r#"{"type":"assign","cell":"r1c2","digit":1}"#.to_string(),
        r#"{"type":"assign","cell":"r1c3","digit":7}"#.to_string(),
        r#"{"type":"learn","id":1,"nogood":["r1c3=7","r1c2=1"],"level":0}"#.to_string(),
        r#"{"type":"backtrack","cell":"r1c3","digit":7}"#.to_string(),
    ]
    .join("\n");
    let (code, said) = check(&["check", "-"], &text);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains("-:5: ")
            && said.contains("goes back to level 0, but the backtrack after it leaves 1"),
        "{said}"
    );
}
