//! `dokuscope check` on real traces: every preset's `trace` is consistent with counters equal
//! to `solve`'s; corrupted traces fail with exit 1 at the right line; the Python example's
//! stream checks out.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/cli.rs"]
mod cli;

use cli::run;
use std::process::Command;

use dokuscope::solver::preset::PRESETS;
use serde_json::Value;

/// top95 #1 (hard: every preset searches, and the node limit cuts most of them short).
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// An easy one that most presets solve by propagation alone.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn trace(puzzle: &str, preset: &str, limit: &str) -> Vec<u8> {
    let out = run(&["trace", puzzle, "-p", preset, "--node-limit", limit], b"");
    assert_eq!(out.status.code(), Some(0), "trace {preset} runs");
    out.stdout
}

/// `check --format jsonl -` on `stream`: exit code and the report object.
fn check(stream: &[u8], extra: &[&str]) -> (i32, Value) {
    let mut args = vec!["check", "--format", "jsonl"];
    args.extend_from_slice(extra);
    args.push("-");
    let out = run(&args, stream);
    let report = serde_json::from_slice(&out.stdout).expect("one JSON report");
    (out.status.code().expect("an exit code"), report)
}

/// The line number of `report`'s first error (`-:LINE: ...` or `-:LINE:COLUMN: ...`).
fn first_error_line(report: &Value) -> u64 {
    let error = report["errors"][0].as_str().expect("an error");
    let line = error.split(':').nth(1).and_then(|n| n.parse().ok());
    assert!(line.is_some(), "not a located error: {error}");
    line.unwrap_or_default()
}

fn lines(stream: &[u8]) -> Vec<String> {
    String::from_utf8(stream.to_vec())
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

fn join(lines: &[String]) -> Vec<u8> {
    let mut text = lines.join("\n");
    text.push('\n');
    text.into_bytes()
}

/// The trace without `step` fields, so that only the board can catch a corruption.
fn without_steps(stream: &[u8]) -> Vec<String> {
    lines(stream)
        .iter()
        .map(|line| {
            let mut value: Value = serde_json::from_str(line).expect("a JSON line");
            value.as_object_mut().expect("an object").remove("step");
            value.to_string()
        })
        .collect()
}

#[test]
fn every_presets_trace_is_consistent_with_the_counters_of_solve() {
    for (puzzle, limit) in [(HARD, "1500"), (EASY, "1500")] {
        for preset in PRESETS {
            let stream = trace(puzzle, preset.name, limit);
            let (code, report) = check(&stream, &[]);
            assert_eq!(code, 0, "{} on {puzzle}: {report}", preset.name);
            assert_eq!(report["verdict"], "consistent");
            let solved = run(
                &[
                    "solve",
                    puzzle,
                    "-p",
                    preset.name,
                    "--node-limit",
                    limit,
                    "--format",
                    "jsonl",
                ],
                b"",
            );
            let solved: Value = serde_json::from_slice(&solved.stdout).expect("a JSON line");
            assert_eq!(
                report["stats"], solved["stats"],
                "{} on {puzzle}",
                preset.name
            );
            for (what, count) in report["derived"].as_object().expect("derived") {
                assert_eq!(count, 0, "{} derived {what}", preset.name);
            }
        }
    }
}

#[test]
fn a_dropped_line_is_caught_by_its_step_at_that_line() {
    let stream = trace(HARD, "mrv", "200");
    let mut lines = lines(&stream);
    let k = 1
        + lines
            .iter()
            .skip(100)
            .position(|l| l.contains(r#""type":"prune""#))
            .expect("a prune")
        + 100;
    lines.remove(k - 1);
    let (code, report) = check(&join(&lines), &[]);
    assert_eq!(code, 1, "{report}");
    assert_eq!(first_error_line(&report), k as u64);
    assert!(
        report["errors"][0]
            .as_str()
            .is_some_and(|e| e.contains(&format!("follows step {}", k - 2))),
        "{report}"
    );
}

#[test]
fn a_dropped_prune_without_steps_is_caught_on_the_board() {
    let stream = trace(HARD, "fc-mrv", "300");
    let mut lines = without_steps(&stream);
    let k = 1 + lines
        .iter()
        .position(|l| l.contains(r#""type":"prune""#) && l.contains("forward_check"))
        .expect("a prune");
    lines.remove(k - 1);
    let (code, report) = check(&join(&lines), &[]);
    assert_eq!(code, 1, "{report}");
    assert!(first_error_line(&report) >= k as u64, "{report}");
}

#[test]
fn a_changed_digit_is_caught_at_its_line() {
    let stream = trace(HARD, "mrv", "200");
    let mut lines = without_steps(&stream);
    // The first decision after line 50, given a digit that a given of its row holds.
    let j = 50
        + lines[50..]
            .iter()
            .position(|l| l.contains(r#""rule":"decision""#))
            .expect("a decision");
    let mut event: Value = serde_json::from_str(&lines[j]).expect("JSON");
    let cell = event["cell"].as_str().expect("a cell").to_string();
    let row: usize = cell[1..cell.find('c').expect("rXcY")]
        .parse()
        .expect("a row");
    let digit = event["digit"].as_u64().expect("a digit");
    let given = HARD[(row - 1) * 9..row * 9]
        .chars()
        .filter_map(|c| c.to_digit(10))
        .find(|&d| u64::from(d) != digit)
        .expect("a given in the row");
    event["digit"] = given.into();
    lines[j] = event.to_string();
    let (code, report) = check(&join(&lines), &[]);
    assert_eq!(code, 1, "{report}");
    assert_eq!(first_error_line(&report), j as u64 + 1, "{report}");
    assert!(
        report["errors"][0]
            .as_str()
            .is_some_and(|e| e.contains(&format!("assign {cell}={given}, but"))
                && e.contains(&format!("holds {given}"))),
        "{report}"
    );
}

#[test]
fn swapped_lines_are_caught_at_the_first_of_them() {
    let stream = trace(HARD, "fc-mrv", "200");
    // With steps, the step numbers give it away.
    let mut lines = lines(&stream);
    lines.swap(40, 41);
    let (code, report) = check(&join(&lines), &[]);
    assert_eq!((code, first_error_line(&report)), (1, 41), "{report}");
    // Without, a decision swapped with its first forward-checking prune breaks the board.
    let mut lines = without_steps(&stream);
    let j = 60
        + lines[60..]
            .iter()
            .position(|l| l.contains(r#""rule":"decision""#))
            .expect("a decision");
    assert!(lines[j + 1].contains("forward_check"), "{}", lines[j + 1]);
    lines.swap(j, j + 1);
    let (code, report) = check(&join(&lines), &[]);
    assert_eq!(
        (code, first_error_line(&report)),
        (1, j as u64 + 1),
        "{report}"
    );
    assert!(
        report["errors"][0]
            .as_str()
            .is_some_and(|e| e.contains("by forward checking from")),
        "{report}"
    );
}

#[test]
fn a_cut_file_is_caught_at_the_cut_line_with_its_column() {
    let stream = trace(HARD, "mrv", "200");
    let lines = lines(&stream);
    let keep: usize = lines[..300].iter().map(|l| l.len() + 1).sum::<usize>() + 20;
    let (code, report) = check(&stream[..keep], &[]);
    assert_eq!(code, 1, "{report}");
    let error = report["errors"][0].as_str().expect("an error");
    assert!(error.starts_with("-:301:"), "{error}");
    assert!(error.contains("unexpected end of line"), "{error}");
}

#[test]
fn all_reports_every_error_and_goes_on_from_the_claims() {
    let stream = trace(HARD, "mrv", "200");
    let mut lines = lines(&stream);
    // Two selects dropped: the steps show it, and the board does not change.
    let selects: Vec<usize> = (50..lines.len())
        .filter(|&i| lines[i].contains(r#""type":"select""#))
        .collect();
    let (a, b) = (selects[0], selects[5]);
    lines.remove(b);
    lines.remove(a);
    let (code, first) = check(&join(&lines), &[]);
    assert_eq!(
        (code, first["errors"].as_array().map(Vec::len)),
        (1, Some(1))
    );
    let (code, all) = check(&join(&lines), &["--all"]);
    assert_eq!(code, 1);
    let errors = all["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 2, "{all}");
    assert!(
        errors[0]
            .as_str()
            .is_some_and(|e| e.starts_with(&format!("-:{}:", a + 1))),
        "{all}"
    );
    assert!(
        errors[1]
            .as_str()
            .is_some_and(|e| e.starts_with(&format!("-:{b}:"))),
        "{all}"
    );
}

#[test]
fn an_unreadable_stream_exits_2_and_several_files_report_the_worst() {
    let out = run(&["check", "/nonexistent/run.jsonl"], b"");
    assert_eq!(out.status.code(), Some(2));
    // The reason, as every other command gives it (#37: only "unreadable" was said).
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "cannot open '/nonexistent/run.jsonl': No such file or directory (os error 2)\n\
         /nonexistent/run.jsonl: unreadable\n"
    );
    let out = run(
        &["check", "/nonexistent/run.jsonl", "--format", "jsonl"],
        b"",
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(
        report["errors"][0],
        "cannot open '/nonexistent/run.jsonl': No such file or directory (os error 2)"
    );
    assert_eq!(report["verdict"], "unreadable");
    let out = run(&["check", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("-:1: the stream is empty"));
}

#[test]
fn the_python_example_checks_out() {
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
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (code, report) = check(&out.stdout, &[]);
        assert_eq!(code, 0, "{report}");
        if puzzle == HARD {
            // Same search as the fc-mrv preset: MRV, ascending values, forward checking.
            let engine = run(
                &[
                    "solve", HARD, "-p", "fc-mrv", "--count", "1", "--format", "jsonl",
                ],
                b"",
            );
            let engine: Value = serde_json::from_slice(&engine.stdout).expect("JSON");
            assert_eq!(report["stats"]["nodes"], engine["stats"]["nodes"]);
            assert_eq!(
                report["stats"]["prunes_by_cause"]["forward_check"],
                engine["stats"]["prunes_by_cause"]["forward_check"]
            );
            assert_eq!(report["stats"]["solutions"], 1);
            assert_eq!(report["derived"]["solutions"], 1);
        }
    }
}
