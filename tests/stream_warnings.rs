//! `check`'s warnings of wasted search and givens as domains: each warning located, counted,
//! exit 0 unless `--strict` (exit 1); every preset's own trace and the bundled Python example
//! give none; an assign clashes only with assigned peers when the givens start as domains.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/cli.rs"]
mod cli;

use cli::run;
use std::process::Command;

use dokuscope::solver::preset::PRESETS;
use serde_json::Value;

/// top95 #1.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// An easy one.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// `check --format jsonl` on `stream` with `extra` options: exit code and report.
fn check(stream: &str, extra: &[&str]) -> (i32, Value) {
    let mut args = vec!["check", "--format", "jsonl"];
    args.extend_from_slice(extra);
    args.push("-");
    let out = run(&args, stream.as_bytes());
    let report = serde_json::from_slice(&out.stdout).expect("one JSON report");
    (out.status.code().expect("an exit code"), report)
}

fn text_check(stream: &str, extra: &[&str]) -> (i32, String) {
    let mut args = vec!["check"];
    args.extend_from_slice(extra);
    args.push("-");
    let out = run(&args, stream.as_bytes());
    (
        out.status.code().expect("an exit code"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn lines(lines: &[&str]) -> String {
    lines.join("\n") + "\n"
}

/// A 4×4 puzzle: row 1 `. . . 1`, row 4 `2 4 1 3`.
const FOUR: &str = r#"{"type":"start","puzzle":"...1.......22413"}"#;
const FOUR_DOMAINS: &str = r#"{"type":"start","puzzle":"...1.......22413","givens":"domains"}"#;

#[test]
fn a_search_below_an_emptied_cell_is_a_located_warning_that_only_strict_fails() {
    // r1c1 loses 1 (forward checking from r1c4), then 2 (from r4c1), 3 and 4 by hand:
    // empty at line 5. The solver then prunes elsewhere and selects elsewhere.
    let stream = lines(&[
        FOUR,
        r#"{"type":"prune","cell":"r1c1","digit":1,"cause":{"rule":"forward_check","from":"r1c4"}}"#,
        r#"{"type":"prune","cell":"r1c1","digit":2,"cause":{"rule":"forward_check","from":"r4c1"}}"#,
        r#"{"type":"prune","cell":"r1c1","digit":3}"#,
        r#"{"type":"prune","cell":"r1c1","digit":4}"#,
        r#"{"type":"prune","cell":"r1c2","digit":1,"cause":{"rule":"forward_check","from":"r1c4"}}"#,
        r#"{"type":"select","cell":"r2c2"}"#,
        r#"{"type":"assign","cell":"r2c2","digit":1}"#,
    ]);
    let (code, text) = text_check(&stream, &[]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.starts_with(
            "-:6: the search goes on below a contradiction: r1c1 has had no candidate since line 5\n"
        ),
        "{text}"
    );
    assert!(text.contains("-: consistent (1 warning)"), "{text}");
    assert!(
        text.contains("wasted search: 1 search below a contradiction"),
        "{text}"
    );
    let (code, report) = check(&stream, &["--strict"]);
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["verdict"], "wasteful");
    assert_eq!(report["warning_counts"]["below_contradiction"], 1);
    assert_eq!(report["warnings"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_backtrack_ends_the_contradiction_and_a_refuted_decision_tried_again_is_warned() {
    let stream = lines(&[
        FOUR,
        r#"{"type":"select","cell":"r1c1"}"#,
        r#"{"type":"assign","cell":"r1c1","digit":3}"#,
        r#"{"type":"backtrack","cell":"r1c1","digit":3}"#,
        r#"{"type":"assign","cell":"r1c1","digit":4}"#,
        r#"{"type":"assign","cell":"r1c2","digit":3}"#,
        r#"{"type":"backtrack","cell":"r1c2","digit":3}"#,
        // Under r1c1=4 again: r1c2=3 was refuted there (line 7).
        r#"{"type":"assign","cell":"r1c2","digit":3}"#,
        r#"{"type":"backtrack","cell":"r1c1","digit":4}"#,
        // Under no decision: r1c1=3 was refuted at line 4; r1c1=4 at line 9.
        r#"{"type":"assign","cell":"r1c1","digit":4}"#,
        // Deeper, the decisions differ: r1c2=3 is new there.
        r#"{"type":"assign","cell":"r1c2","digit":3}"#,
    ]);
    let (code, text) = text_check(&stream, &[]);
    assert_eq!(code, 0, "{text}");
    let warnings: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("-:") && !l.starts_with("-: "))
        .collect();
    assert_eq!(
        warnings,
        [
            "-:8: decision r1c2=3 tried again under the same decisions (refuted at line 7)",
            "-:10: decision r1c1=4 tried again under the same decisions (refuted at line 9)",
        ],
        "{text}"
    );
}

#[test]
fn givens_as_domains_start_open_and_clash_only_with_assigned_peers() {
    // r1c1=1 is legal while the given r1c4 (1) is not assigned yet: a warning, not an error.
    let stream = lines(&[
        FOUR_DOMAINS,
        r#"{"type":"select","cell":"r1c1","domain":[1,2,3,4]}"#,
        r#"{"type":"assign","cell":"r1c1","digit":1}"#,
        r#"{"type":"select","cell":"r1c4","domain":[1]}"#,
        r#"{"type":"assign","cell":"r1c4","digit":1}"#,
    ]);
    let (code, text) = text_check(&stream, &["--all"]);
    assert_eq!(
        code, 1,
        "the given r1c4=1 clashes with the assigned r1c1: {text}"
    );
    assert!(
        text.contains(
            "-:3: assign r1c1=1 cannot succeed: its peer r1c4 is the given 1, not yet assigned"
        ),
        "{text}"
    );
    assert!(
        text.contains("-:5: assign r1c4=1, but r1c1 already holds 1"),
        "{text}"
    );
    // The same first assign on a board whose givens are placed is an error at once.
    let placed = stream.replacen(FOUR_DOMAINS, FOUR, 1);
    let (code, text) = text_check(&placed, &[]);
    assert_eq!(code, 1);
    assert!(
        text.starts_with("-:3: assign r1c1=1, but r1c4 already holds 1"),
        "{text}"
    );
    // A given assigned to its own cell is counted as one.
    let stream = lines(&[
        FOUR_DOMAINS,
        r#"{"type":"assign","cell":"r4c1","digit":2}"#,
        r#"{"type":"assign","cell":"r4c2","digit":4,"cause":{"rule":"naked_single"}}"#,
    ]);
    let (code, report) = check(&stream, &[]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["stats"]["givens"], 2);
    assert_eq!(report["stats"]["nodes"], 1);
    // The text says what it counts: assignments of givens, not givens (issue 44: an aima
    // trace of a 24-given puzzle read "givens 2,969").
    let (_, text) = text_check(&stream, &[]);
    assert!(
        text.contains("assignments 2 (2 of givens)") && !text.contains("givens 2"),
        "{text}"
    );
}

#[test]
fn a_start_with_unknown_givens_is_unreadable_and_located() {
    let stream = lines(&[r#"{"type":"start","puzzle":"...1.......22413","givens":"open"}"#]);
    let (code, text) = text_check(&stream, &[]);
    assert_eq!(code, 2);
    assert!(
        text.starts_with(
            "-:1: the start object's givens must be \"placed\" or \"domains\", found \"open\""
        ),
        "{text}"
    );
}

#[test]
fn a_digit_without_a_place_counts_only_for_a_solver_that_looks_at_places() {
    // 4×4, row 1 `. . . 1`: prunes leave 2 no place in row 1 (line 4), then a decision.
    let body = [
        r#"{"type":"prune","cell":"r1c1","digit":2,"cause":{"rule":"forward_check","from":"r4c1"}}"#,
        r#"{"type":"prune","cell":"r1c2","digit":2}"#,
        r#"{"type":"prune","cell":"r1c3","digit":2}"#,
        r#"{"type":"assign","cell":"r2c2","digit":1}"#,
    ];
    let mut plain = vec![FOUR];
    plain.extend(body);
    let (code, report) = check(&lines(&plain), &[]);
    assert_eq!(
        (
            code,
            report["warning_counts"]["below_contradiction"].clone()
        ),
        (0, 0.into()),
        "{report}"
    );
    // A solver that states a unit's wipeout looks at places: going on below it is warned.
    let mut units = vec![FOUR];
    units.extend(&body[..3]);
    units.push(r#"{"type":"wipeout","unit":"row 1","digit":2}"#);
    units.push(body[3]);
    let (code, text) = text_check(&lines(&units), &[]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains(
            "-:6: the search goes on below a contradiction: 2 has had no place in row 1 since line 4"
        ),
        "{text}"
    );
}

#[test]
fn every_preset_s_own_trace_gives_no_warning() {
    for puzzle in [HARD, EASY] {
        for preset in PRESETS {
            let out = run(
                &["trace", puzzle, "-p", preset.name, "--node-limit", "300"],
                b"",
            );
            assert_eq!(out.status.code(), Some(0), "trace {}", preset.name);
            let stream = String::from_utf8(out.stdout).expect("UTF-8");
            let (code, report) = check(&stream, &["--strict"]);
            assert_eq!(code, 0, "{} on {puzzle}: {report}", preset.name);
            assert_eq!(report["warning_counts"]["below_contradiction"], 0);
        }
    }
}

#[test]
fn the_bundled_python_example_gives_no_warning() {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: python3 is not installed, so examples/python/mrv_fc.py was not run");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/python/mrv_fc.py");
    for puzzle in [HARD, EASY, "1.3..4..2...3..."] {
        let out = Command::new("python3")
            .args([script, puzzle])
            .output()
            .expect("python3 runs");
        assert!(out.status.success());
        let stream = String::from_utf8(out.stdout).expect("UTF-8");
        let (code, report) = check(&stream, &["--strict"]);
        assert_eq!(code, 0, "{puzzle}: {report}");
    }
}

#[test]
fn the_format_s_givens_example_is_consistent_with_one_warning_at_line_3() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace-format.md"))
        .expect("the format's page");
    let section = doc
        .split("## Givens as domains")
        .nth(1)
        .expect("the section");
    let example = section
        .split("```json\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("its example");
    let (code, report) = check(example, &[]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["warning_counts"]["ruled_out"], 1, "{report}");
    assert!(
        report["warnings"][0]
            .as_str()
            .is_some_and(|w| w.starts_with("-:3: assign r1c1=1 cannot succeed")),
        "{report}"
    );
}
