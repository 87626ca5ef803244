//! The local search from the command line: its options and their one-sentence refusals,
//! `solve`'s statuses, `trace`'s byte-for-byte reproducibility from a seed, `check` on its
//! traces (dokuscope's own and broken ones), `tree`'s refusal, the replay's undo of its
//! moves, and `bench`'s success rate and steps.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

#[path = "common/cli.rs"]
mod cli;

use cli::run;
use std::process::Output;

use common::{digits_of_line, is_solution_of};
use dokuscope::solver::{Event, Puzzle, Replay, Search, preset};

/// easy50's first puzzle.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Each bad option is one sentence naming the value, exit 2, with nothing on standard output.
#[test]
fn bad_options_are_one_sentence_naming_the_value() {
    for (args, value, says) in [
        (vec!["--max-steps", "0"], "'0'", "step limit"),
        (vec!["--max-steps", "-5"], "'-5'", "step limit"),
        (vec!["--walk", "1.5"], "'1.5'", "probability"),
        (vec!["--walk", "-0.1"], "'-0.1'", "probability"),
        (vec!["--tabu", "-1"], "'-1'", "tabu tenure"),
        (vec!["--fill", "rows"], "'rows'", "fill"),
    ] {
        let mut all = vec!["solve", "-p", "min-conflicts"];
        all.extend(&args);
        all.push(EASY);
        let o = run(&all, "");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
        let first = err.lines().next().unwrap_or_default();
        assert!(
            first.contains(value) && first.contains(says),
            "{args:?}: {err}"
        );
    }
    for (spec, says) in [
        ("min-conflicts/steps:0", "'steps:0'"),
        ("min-conflicts/walk:2", "'walk:2'"),
        ("min-conflicts/tabu:-3", "'tabu:-3'"),
        ("min-conflicts/luby:10", "'luby:10'"),
        ("mrv/tabu:3", "'tabu:3'"),
    ] {
        let o = run(&["solve", "-p", spec, EASY], "");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{spec}: {err}");
        assert_eq!(err.lines().count(), 1, "one sentence: {err}");
        assert!(err.contains(says), "{spec}: {err}");
    }
}

/// What does not go with a local search, or a local option with a backtracking preset, is
/// refused by name; `tree` says a local search has no tree.
#[test]
fn what_does_not_apply_is_refused_by_name() {
    for (args, says) in [
        (
            vec!["solve", "-p", "fast", "--tabu", "3", EASY],
            "--tabu is an option of the local search min-conflicts",
        ),
        (
            vec!["solve", "-p", "min-conflicts", "--order", "mrv", EASY],
            "--order does not apply to min-conflicts",
        ),
        (
            vec!["trace", "-p", "min-conflicts", "--lookback", "cbj", EASY],
            "--lookback does not apply to min-conflicts",
        ),
        (
            vec!["solve", "-p", "min-conflicts", "--node-limit", "5", EASY],
            "--max-steps",
        ),
        (
            vec!["trace", "-p", "min-conflicts", "--decide", "r1c1=4", EASY],
            "makes none",
        ),
        (
            vec!["tree", "-p", "min-conflicts", EASY],
            "it has no search tree",
        ),
    ] {
        let o = run(&args, "");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// `solve`: a solution obeys the rules and keeps the givens; a search stopped by its step
/// limit says `limit` with the fewest conflicts it reached, and exits 1.
#[test]
fn solve_reports_a_checked_solution_or_the_limit_with_its_best() {
    let o = run(
        &["solve", "-p", "min-conflicts/walk:0.1", "--seed", "2", EASY],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let line = stdout(&o);
    let (grid, status) = line.trim().split_once(' ').expect("grid and status");
    assert_eq!(status, "solved");
    assert!(is_solution_of(&digits_of_line(EASY), &digits_of_line(grid)));
    let o = run(
        &["solve", "-p", "min-conflicts", "--max-steps", "10", EASY],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    let line = stdout(&o);
    assert!(line.starts_with(EASY), "{line}");
    let best: u64 = line
        .split("(best ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("limit (best N conflicts)");
    assert!(best > 0, "{line}");
    let o = run(
        &[
            "solve",
            "-p",
            "min-conflicts",
            "--max-steps",
            "10",
            "--format",
            "jsonl",
            EASY,
        ],
        "",
    );
    let value: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("json");
    assert_eq!(value["status"], "limit");
    assert_eq!(value["stats"]["local"]["steps"], 10);
    assert_eq!(value["stats"]["local"]["best"], best);
    assert_eq!(value["stats"]["nodes"], 0);
}

/// The same seed makes the same trace, byte for byte; another seed another.
#[test]
fn a_trace_is_the_same_from_the_same_seed_byte_for_byte() {
    let trace = |seed: &str| {
        let o = run(
            &[
                "trace",
                "-p",
                "min-conflicts/walk:0.05/tabu:4/steps:3000",
                "--seed",
                seed,
                EASY,
            ],
            "",
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        o.stdout
    };
    let first = trace("9");
    assert!(first.len() > 10_000, "a trace of many steps");
    assert_eq!(first, trace("9"));
    assert_ne!(first, trace("10"));
    let start = String::from_utf8_lossy(&first);
    let start = start.lines().next().expect("a start line");
    assert!(
        start.contains(r#""search":"local""#) && start.contains(r#""seed":9"#),
        "{start}"
    );
}

/// Every fill, walk and tabu combination's trace is consistent to `check`, its counters the
/// engine's.
#[test]
fn check_finds_dokuscopes_own_local_traces_consistent() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (i, spec) in [
        "min-conflicts/steps:2000",
        "min-conflicts/walk:0.1",
        "min-conflicts/tabu:5/steps:2000",
        "min-conflicts/fill:cells/steps:2000",
        "min-conflicts/fill:cells/walk:0.1/tabu:3/steps:4000",
    ]
    .into_iter()
    .enumerate()
    {
        let o = run(&["trace", "-p", spec, EASY], "");
        let path = dir.path().join(format!("{i}.jsonl"));
        std::fs::write(&path, &o.stdout).expect("written");
        let path = path.display().to_string();
        let checked = run(&["check", "--format", "jsonl", &path], "");
        assert_eq!(
            checked.status.code(),
            Some(0),
            "{spec}: {}",
            stdout(&checked)
        );
        let report: serde_json::Value =
            serde_json::from_str(stdout(&checked).trim()).expect("json");
        let (_, strategy) = preset::resolve(spec).expect("a preset");
        let puzzle: Puzzle = EASY.parse().expect("a puzzle");
        let search = Search::new(&puzzle, strategy).expect("no clash");
        let stats = search.run().stats;
        let local = stats.local.expect("local counters");
        assert_eq!(report["stats"]["local"]["steps"], local.steps, "{spec}");
        assert_eq!(report["stats"]["local"]["walks"], local.walks, "{spec}");
        assert_eq!(
            report["stats"]["local"]["best"],
            local.best.expect("a best"),
            "{spec}"
        );
        assert_eq!(report["stats"]["events"], stats.events, "{spec}");
    }
}

/// A foreign local search's trace: what `check` finds wrong, each on its line.
#[test]
fn check_names_what_a_local_trace_gets_wrong() {
    let start = format!(r#"{{"type":"start","puzzle":"{EASY}","search":"local"}}"#);
    let cases = [
        (
            r#"{"type":"set","cell":"r1c3","digit":5}"#,
            "r1c3 is a given (3)",
        ),
        (
            r#"{"type":"set","cell":"r1c1","digit":5,"from":7}"#,
            "from 7, but r1c1 is empty",
        ),
        (
            r#"{"type":"set","cell":"r1c1","digit":3,"conflicts":0}"#,
            "says 0 conflicts, but the board has 1",
        ),
        (
            r#"{"type":"assign","cell":"r1c1","digit":4}"#,
            "assign has no place",
        ),
        (
            r#"{"type":"swap","cells":["r1c1","r1c1"]}"#,
            "a swap needs two cells",
        ),
        (r#"{"type":"solution"}"#, "cells are still open"),
    ];
    for (line, says) in cases {
        let text = format!("{start}\n{line}\n");
        let o = run(&["check", "-"], &text);
        assert_eq!(o.status.code(), Some(1), "{line}: {}", stdout(&o));
        let out = stdout(&o);
        assert!(out.contains("-:2: ") && out.contains(says), "{line}: {out}");
    }
    // A set in a trace whose start does not say it is a local search.
    let text = format!(
        "{}\n{}\n",
        r#"{"type":"start","puzzle":"1....4....4....1"}"#,
        r#"{"type":"set","cell":"r1c2","digit":2}"#
    );
    let o = run(&["check", "-"], &text);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("set is an event of a local search"),
        "{}",
        stdout(&o)
    );
    // A solution with conflicts left.
    // Solved by 1234/3412/2143/4321: r4c3 = 1 repeats r2c3's 1, r4c4 = 2 r2c4's 2.
    let full = "12343412214343..";
    let text = format!(
        "{{\"type\":\"start\",\"puzzle\":\"{full}\",\"search\":\"local\"}}\n{}\n{}\n{}\n",
        r#"{"type":"set","cell":"r4c3","digit":1}"#,
        r#"{"type":"set","cell":"r4c4","digit":2,"conflicts":2}"#,
        r#"{"type":"solution"}"#,
    );
    let o = run(&["check", "--all", "-"], &text);
    assert!(
        stdout(&o)
            .contains("-:4: solution, but the board has 2 conflicts: r2c3 and r4c3 both hold 1"),
        "{}",
        stdout(&o)
    );
}

/// Undoing a local search's events one by one, newest first, passes back through every
/// board its events passed through forwards.
#[test]
fn the_replay_undoes_sets_and_swaps_exactly() {
    let puzzle: Puzzle = EASY.parse().expect("a puzzle");
    for spec in [
        "min-conflicts/steps:300",
        "min-conflicts/fill:cells/walk:0.2/steps:300",
    ] {
        let (_, strategy) = preset::resolve(spec).expect("a preset");
        let events: Vec<Event> = Search::new(&puzzle, strategy).expect("no clash").collect();
        let mut replay = Replay::with_undo(&puzzle);
        let mut boards = vec![replay.grid().to_puzzle()];
        for e in &events {
            replay.apply(e);
            boards.push(replay.grid().to_puzzle());
        }
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Set { from: Some(_), .. } | Event::Swap { .. }))
        );
        for (i, e) in events.iter().enumerate().rev() {
            assert!(replay.undo(e), "{spec}: event {i} undoes");
            assert_eq!(
                replay.grid().to_puzzle(),
                boards[i],
                "{spec}: before event {i}"
            );
        }
        assert_eq!(replay.grid().open_count(), 81 - puzzle.clue_count());
    }
}

/// `bench` reports a local search's success rate and steps per solved puzzle in every
/// format; the CSV rows of a backtracking preset leave those columns empty.
#[test]
fn bench_reports_success_within_the_step_limit_and_steps_per_solved_puzzle() {
    let puzzles = [
        EASY,
        "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3",
    ]
    .join("\n");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("two.txt");
    std::fs::write(&file, &puzzles).expect("written");
    let file = file.display().to_string();
    let spec = "min-conflicts/walk:0.1";
    let table = run(&["bench", &file, "-p", "fast", "-p", spec, "-j", "1"], "");
    let text = stdout(&table);
    assert!(
        text.contains("local search: success within the step limit"),
        "{text}"
    );
    assert!(text.contains("100.0%"), "{text}");
    let csv = stdout(&run(
        &[
            "bench", &file, "-p", "fast", "-p", spec, "--format", "csv", "-j", "1",
        ],
        "",
    ));
    let mut lines = csv.lines();
    assert!(
        lines
            .next()
            .expect("a header")
            .ends_with(",steps,conflicts")
    );
    for row in lines {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields.len(), 14, "{row}");
        if row.starts_with("fast,") {
            assert_eq!(&fields[12..], ["", ""], "{row}");
        } else {
            assert!(fields[12].parse::<u64>().is_ok_and(|s| s > 0), "{row}");
            assert_eq!(fields[13], "0", "solved: no conflict left: {row}");
        }
    }
    let json = stdout(&run(
        &["bench", &file, "-p", spec, "--format", "json", "-j", "1"],
        "",
    ));
    let report: serde_json::Value = serde_json::from_str(&json).expect("json");
    let local = &report["files"][0]["summaries"][0]["local"];
    assert_eq!(local["success_rate"], 1.0, "{json}");
    assert_eq!(local["steps"]["count"], 2, "{json}");
}

/// The local search example of docs/trace-format.md is consistent, with the counters its
/// text gives.
#[test]
fn the_trace_formats_local_example_checks_as_it_says() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace-format.md"))
        .expect("the trace format");
    let section = &doc[doc.find("## Local search").expect("the section")..];
    let block = section
        .split("```json\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("its example");
    let o = run(&["check", "-"], block);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("consistent  events 5  steps 2  conflicts 0  best 0"),
        "{}",
        stdout(&o)
    );
}

/// One open cell in each box, whose box's missing digit conflicts in its row: filled by
/// boxes, no cell in conflict can move (a swap needs two open cells in a box).
const STUCK: &str =
    "123.5678945678912..891234562345678915.78312.48912.456734.678.126789123459123.5678";

/// A search stuck from the start says so everywhere, with the conflicts it was left with:
/// `solve` in each format, the trace's last line, `bench`'s table, the views' log and the
/// compare badge; a search out of steps is not called stuck.
#[test]
fn a_search_that_no_cell_can_move_says_it_is_stuck() {
    let line = run(&["solve", STUCK, "-p", "min-conflicts"], "");
    assert_eq!(line.status.code(), Some(1));
    assert_eq!(
        stdout(&line).trim(),
        format!("{STUCK} limit (stuck: no cell in conflict can move; 2 conflicts)")
    );
    let grid = stdout(&run(
        &["solve", STUCK, "-p", "min-conflicts", "--format", "grid"],
        "",
    ));
    assert!(
        grid.starts_with(
            "argument:1  limit (stuck: no cell in conflict can move)  steps 0  conflicts 2  best 2 "
        ),
        "{grid}"
    );
    let json = stdout(&run(
        &["solve", STUCK, "-p", "min-conflicts", "--format", "jsonl"],
        "",
    ));
    let record: serde_json::Value = serde_json::from_str(json.trim()).expect("JSON");
    assert_eq!(record["status"], "limit");
    assert_eq!(record["stats"]["local"]["stuck"], true, "{json}");
    assert_eq!(record["stats"]["local"]["best"], 2, "{json}");
    let trace = stdout(&run(&["trace", STUCK, "-p", "min-conflicts"], ""));
    assert_eq!(
        trace.lines().last(),
        Some(r#"{"step":10,"type":"limit","stuck":true}"#)
    );
    let bench = stdout(&run(
        &["bench", "-", "-p", "min-conflicts"],
        format!("{STUCK}\n"),
    ));
    let header = bench
        .lines()
        .find(|l| l.contains("best conflicts at limit"))
        .expect("the local search table");
    assert!(header.ends_with("stuck"), "{bench}");
    let row = bench
        .lines()
        .skip_while(|l| !l.contains("best conflicts at limit"))
        .nth(1)
        .expect("its row");
    assert!(row.trim_end().ends_with("2.0      1"), "{bench}");
    let snapshot = stdout(&run(
        &[
            "snapshot",
            STUCK,
            "--compare",
            "min-conflicts,mrv",
            "--end",
            "--size",
            "120x40",
            "--format",
            "txt",
        ],
        "",
    ));
    assert!(
        snapshot.contains("STUCK, 2 conflicts: no cell can move"),
        "{snapshot}"
    );
    let watch = stdout(&run(
        &[
            "snapshot",
            STUCK,
            "-p",
            "min-conflicts",
            "--end",
            "--size",
            "120x40",
            "--format",
            "txt",
        ],
        "",
    ));
    assert!(
        watch.contains("stuck: no cell in conflict can move"),
        "{watch}"
    );
    assert!(!watch.contains("best -"), "{watch}");
    // Out of steps is not stuck.
    let limited = stdout(&run(&["solve", EASY, "-p", "min-conflicts/steps:1"], ""));
    assert!(limited.contains("limit (best "), "{limited}");
    assert!(!limited.contains("stuck"), "{limited}");
}
