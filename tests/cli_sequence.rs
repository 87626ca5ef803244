//! The base cell sequence on the command line: `--sequence` and `NAME@hashmap` in `trace`,
//! `solve`, `bench` and `snapshot`, the trace's start object, and bad names.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::process::{Command, Output};

use serde_json::Value;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/seed003_example.txt");

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn start_object(args: &[&str]) -> serde_json::Map<String, Value> {
    let output = run(args);
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    let text = stdout(&output);
    let first = text.lines().next().expect("a start line");
    match serde_json::from_str(first).expect("JSON") {
        Value::Object(map) => map,
        other => unreachable!("not an object: {other}"),
    }
}

#[test]
fn the_start_object_names_the_sequence_only_when_it_is_not_reading_order() {
    let reading = start_object(&["trace", EXAMPLE, "-p", "s003-rv-h1", "--node-limit", "3"]);
    assert!(!reading.contains_key("sequence"), "{reading:?}");
    for args in [
        ["-p", "s003-rv-h1", "--sequence", "hashmap"].as_slice(),
        ["-p", "s003-rv-h1@hashmap"].as_slice(),
    ] {
        let mut all = vec!["trace", EXAMPLE, "--node-limit", "3"];
        all.extend_from_slice(args);
        let hashed = start_object(&all);
        assert_eq!(hashed["sequence"], "hashmap", "{args:?}");
        assert_eq!(hashed["preset"], "s003-rv-h1", "{args:?}");
    }
    let back = start_object(&[
        "trace",
        EXAMPLE,
        "-p",
        "s003-rv-h1@hashmap",
        "--sequence",
        "reading",
        "--node-limit",
        "3",
    ]);
    assert!(!back.contains_key("sequence"), "{back:?}");
}

#[test]
fn the_hash_sequence_changes_which_cell_a_static_order_takes_first() {
    // Seed 003's example: r1c1 is open, and first in both sequences; reverse order takes
    // the last open cell, r9c8 in reading order, r9c7 in the hash sequence (key 97 is in
    // bucket 103, the last of row 9's; 98 is in bucket 100).
    let first_select = |args: &[&str]| {
        let mut all = vec!["trace", EXAMPLE, "--node-limit", "1"];
        all.extend_from_slice(args);
        let text = stdout(&run(&all));
        let line = text
            .lines()
            .find(|l| l.contains("\"select\""))
            .expect("a select")
            .to_string();
        let event: Value = serde_json::from_str(&line).expect("JSON");
        event["cell"].as_str().expect("a cell").to_string()
    };
    assert_eq!(first_select(&["-p", "cbt-rl"]), "r9c8");
    assert_eq!(
        first_select(&["-p", "cbt-rl", "--sequence", "hashmap"]),
        "r9c7"
    );
    assert_eq!(first_select(&["-p", "cbt@hashmap"]), "r1c1");
}

#[test]
fn a_bad_sequence_name_is_one_sentence_and_exit_two() {
    for args in [
        ["solve", EXAMPLE, "--sequence", "random"].as_slice(),
        ["solve", EXAMPLE, "-p", "mcv@random"].as_slice(),
        ["bench", EXAMPLE, "-p", "seed003@random"].as_slice(),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("'random'") && stderr.contains("reading, hashmap"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn bench_runs_a_group_in_the_hash_sequence_under_its_own_names() {
    let output = run(&[
        "bench",
        EXAMPLE,
        "-p",
        "mcv",
        "-p",
        "seed000@hashmap",
        "--count",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let report: Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(
        report["presets"],
        serde_json::json!(["mcv", "cbt@hashmap", "mcv@hashmap"])
    );
    let output = run(&[
        "bench",
        EXAMPLE,
        "-p",
        "mcv",
        "--sequence",
        "hashmap",
        "--format",
        "json",
    ]);
    let report: Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(report["presets"], serde_json::json!(["mcv@hashmap"]));
}

#[test]
fn the_watch_screen_names_the_preset_with_its_sequence() {
    let output = run(&[
        "snapshot",
        EXAMPLE,
        "-p",
        "s003-rv-hs-h1-h3",
        "--sequence",
        "hashmap",
        "--size",
        "80x24",
        "--decision",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output).contains("s003-rv-hs-h1-h3@hashmap"),
        "{}",
        stdout(&output)
    );
}
