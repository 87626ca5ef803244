//! `trace --until`: the stream ends at exactly the first step where a full trace satisfies
//! the condition (read independently from the JSON lines), exit 0 on a hit, 1 without,
//! and 2 with a located message for a malformed condition.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "steer/oracle.rs"]
mod oracle;
#[path = "common/public.rs"]
mod public;

use oracle::{cases, full_trace, hits, run, steps};

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/seed003_example.txt");

/// (puzzle and options) pairs: several presets on several puzzles.
fn searches() -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = ["mrv", "fc-mrv", "full", "fast"]
        .iter()
        .map(|p| vec![EXAMPLE.to_string(), "-p".into(), (*p).to_string()])
        .collect();
    let top95 = public::path("top95.txt").display().to_string();
    let hardest = public::path("hardest.txt").display().to_string();
    out.push(vec![
        top95.clone(),
        "-i".into(),
        "2".into(),
        "-p".into(),
        "mrv".into(),
    ]);
    out.push(vec![
        top95,
        "-i".into(),
        "2".into(),
        "-p".into(),
        "mrv-degree".into(),
    ]);
    out.push(vec![
        hardest,
        "-i".into(),
        "3".into(),
        "-p".into(),
        "fc-mrv-lcv".into(),
    ]);
    out
}

#[test]
fn until_stops_at_the_first_step_a_full_trace_satisfies() {
    let mut checked = 0;
    for search in searches() {
        let what: Vec<&str> = search.iter().map(String::as_str).collect();
        let full = full_trace(&what);
        for (condition, pred) in cases(&full) {
            let expected = hits(&full, &pred).first().copied();
            let mut args = vec!["trace", "--count", "1"];
            args.extend_from_slice(&what);
            args.extend(["--until", &condition]);
            let out = run(&args);
            let got = steps(&out.stdout);
            let last = got.last().map(|s| s.step);
            let (code, end) = match expected {
                Some(step) => (0, Some(step)),
                None => (1, full.last().map(|s| s.step)),
            };
            assert_eq!(
                out.status.code(),
                Some(code),
                "{what:?} --until {condition}"
            );
            assert_eq!(last, end, "{what:?} --until {condition}");
            checked += 1;
        }
    }
    assert!(checked >= 4 * 20, "only {checked} cases");
}

#[test]
fn a_malformed_condition_exits_2_pointing_at_the_column() {
    for (condition, column, words) in [
        ("depth >> 3", 8, "expected a number"),
        ("assign r5", 8, "expected a cell like r5c3"),
        ("assign r10c1", 8, "off the 9×9 board"),
        ("prune r1c1=10", 12, "not a digit"),
        ("wipeout and", 12, "expected a condition"),
        ("(select", 8, "expected ')'"),
        ("frobnicate", 1, "unknown word 'frobnicate'"),
        ("", 1, "empty condition"),
    ] {
        let out = run(&["trace", EXAMPLE, "--until", condition]);
        assert_eq!(out.status.code(), Some(2), "{condition}");
        assert!(out.stdout.is_empty(), "{condition}: nothing is traced");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("column {column}:")),
            "{condition}: {err}"
        );
        assert!(err.contains(words), "{condition}: {err}");
        let caret = format!("\n{}^", " ".repeat(column - 1));
        assert!(
            err.contains(&caret),
            "{condition}: caret under column {column}: {err}"
        );
        assert!(
            err.contains("condition := "),
            "{condition}: shows the grammar: {err}"
        );
    }
}
