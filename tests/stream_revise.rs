//! Arc revisions in traces (an addition to version 1): `mac`'s trace checks out with its
//! counters, a foreign stream's revisions are optional and counted, and a revision that is
//! not true of the board fails at its line with one sentence.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/cli.rs"]
mod cli;

use cli::run;

use serde_json::Value;

/// `check --format jsonl -` on `lines`: exit code and the report.
fn check(lines: &[&str]) -> (i32, Value) {
    let mut text = lines.join("\n");
    text.push('\n');
    let out = run(&["check", "--format", "jsonl", "-"], text.as_bytes());
    let report = serde_json::from_slice(&out.stdout).expect("one JSON report");
    (out.status.code().expect("an exit code"), report)
}

/// The 4×4 puzzle of docs/trace-format.md's example: r1c4 is the given 1, r4c1..r4c4 are
/// 2 4 1 3, r3c4 is 2.
const START: &str =
    r#"{"type":"start","version":1,"puzzle":"...1.......22413","solver":"mine.py"}"#;

#[test]
fn a_foreign_streams_revisions_are_checked_and_counted() {
    let (code, report) = check(&[
        START,
        // r1c1 against the given r1c4: 1 has no support there.
        r#"{"type":"revise","cell":"r1c1","against":"r1c4","removed":[1],"checks":4}"#,
        r#"{"type":"prune","cell":"r1c1","digit":1,"cause":{"rule":"revise","against":"r1c4"}}"#,
        // r1c2 against r1c1 ({2,3,4}): every digit has a support; nothing said of checks.
        r#"{"type":"revise","cell":"r1c2","against":"r1c1","removed":[]}"#,
        // A revision that says nothing of what it removed: nothing to check, nothing owed.
        r#"{"type":"revise","cell":"r2c4","against":"r1c4","queue":7}"#,
        r#"{"type":"prune","cell":"r2c4","digit":1}"#,
    ]);
    assert_eq!(code, 0, "{report}");
    let stats = &report["stats"];
    assert_eq!(stats["revisions"], 3, "{report}");
    assert_eq!(stats["effective_revisions"], 1);
    assert_eq!(stats["checks"], 4, "counted as the stream states them");
    assert_eq!(stats["queue_peak"], 7);
    assert_eq!(stats["prunes"], 2);
}

#[test]
fn a_revision_untrue_of_the_board_fails_at_its_line() {
    for (lines, says) in [
        (
            vec![
                START,
                r#"{"type":"revise","cell":"r1c1","against":"r2c3","removed":[]}"#,
            ],
            "-:2: revise r1c1 against r2c3, but they are not peers: no constraint links them",
        ),
        (
            vec![
                START,
                r#"{"type":"revise","cell":"r1c2","against":"r1c1","removed":[3]}"#,
            ],
            "-:2: revise r1c2 against r1c1 removes 3, but 1 of r1c1's candidates [1,2,3,4] supports it",
        ),
        (
            vec![
                START,
                r#"{"type":"revise","cell":"r1c1","against":"r1c4","removed":[2]}"#,
            ],
            "-:2: revise r1c1 against r1c4 removes 2, but r1c4 holds 1, which supports it",
        ),
        (
            vec![
                START,
                r#"{"type":"revise","cell":"r1c1","against":"r1c4","removed":[1,2]}"#,
            ],
            "-:2: revise r1c1 against r1c4 removes 2 digits, but a ≠ constraint leaves at most one digit without support (the peer's only one)",
        ),
        (
            vec![
                START,
                r#"{"type":"revise","cell":"r1c1","against":"r1c4","removed":[1]}"#,
                r#"{"type":"prune","cell":"r1c2","digit":1,"cause":{"rule":"forward_check","from":"r1c4"}}"#,
            ],
            "-:3: revise r1c1 against r1c4 at line 2 removed 1, but this line is not its prune",
        ),
        (
            vec![
                START,
                r#"{"type":"revise","cell":"r1c1","against":"r1c4","removed":[1]}"#,
            ],
            "revise r1c1 against r1c4 at line 2 removed 1, but the stream ended before its prune",
        ),
        (
            vec![
                START,
                r#"{"type":"revise","cell":"r4c1","against":"r1c1","removed":[2]}"#,
            ],
            "-:2: revise r4c1 against r1c1 removes 2, but r4c1 holds 2 (a given)",
        ),
        (
            vec![
                START,
                r#"{"type":"revise","cell":"r1c1","against":"r1c4","removed":[1],"depth":2}"#,
            ],
            "-:2: revise r1c1 against r1c4 says depth 2, but 0 decisions are in effect",
        ),
        (
            vec![START, r#"{"type":"revise","cell":"r1c1"}"#],
            "-:2: revise has no against",
        ),
    ] {
        let (code, report) = check(&lines);
        assert_eq!(code, 1, "{lines:?}: {report}");
        let error = report["errors"][0].as_str().expect("an error");
        assert!(error.ends_with(says), "{error}\nexpected: {says}");
    }
}

/// `mac`'s own trace is consistent, its revision lines carry the arc, what it removed, the
/// checks and the queue, and `check` counts what `solve` counts.
#[test]
fn macs_trace_checks_out_with_the_counters_of_solve() {
    let puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    for preset in ["mac", "mac-2001"] {
        let out = run(&["trace", puzzle, "-p", preset], b"");
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        let first: Value =
            serde_json::from_str(text.lines().nth(1).expect("an event")).expect("a JSON line");
        assert_eq!(first["type"], "revise", "{first}");
        for key in [
            "cell", "against", "removed", "checks", "queue", "requeued", "depth",
        ] {
            assert!(first.get(key).is_some(), "{key} in {first}");
        }
        let lines: Vec<&str> = text.lines().collect();
        let (code, report) = check(&lines);
        assert_eq!(code, 0, "{report}");
        let solved = run(&["solve", puzzle, "-p", preset, "--format", "jsonl"], b"");
        let solved: Value = serde_json::from_slice(&solved.stdout).expect("a JSON line");
        assert_eq!(report["stats"], solved["stats"], "{preset}");
        assert!(report["stats"]["revisions"].as_u64() > Some(0));
    }
}

/// `revise` is a breakpoint condition: `trace --until` stops at the first revision of a
/// cell (that removed a digit); a search without revisions never meets it.
#[test]
fn revise_is_a_breakpoint_condition() {
    let hard = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let out = run(
        &["trace", hard, "-p", "mac", "--until", "revise r1c2=6"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let last: Value = serde_json::from_str(text.lines().last().expect("a line")).expect("JSON");
    assert_eq!(
        (last["step"].as_u64(), last["type"].as_str()),
        (Some(1), Some("revise"))
    );
    assert_eq!(last["removed"], serde_json::json!([6]));
    let out = run(
        &["trace", hard, "-p", "mac", "--until", "revise r5c5=3"],
        b"",
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let last: Value = serde_json::from_str(text.lines().last().expect("a line")).expect("JSON");
    assert_eq!(
        (last["cell"].as_str(), last["removed"][0].as_u64()),
        (Some("r5c5"), Some(3))
    );
    let out = run(
        &[
            "trace",
            hard,
            "-p",
            "mrv",
            "--until",
            "revise",
            "--node-limit",
            "50",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "mrv revises no arc");
}
