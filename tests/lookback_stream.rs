//! The searches that look back, written and read: every look-back preset's trace checks out
//! with the counters `solve` reports; a backjump's conflict set alone (without culprit
//! lines) is enough; a wrong one is located; stepping back across backjumps and restarts
//! returns the same boards; the same seed writes the same trace, byte for byte.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/cli.rs"]
mod cli;

use cli::run;

use dokuscope::solver::search::Limits;
use dokuscope::solver::{Event, Puzzle, Replay, Search, preset};
use serde_json::Value;

/// top95 #1.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn trace(extra: &[&str]) -> Vec<u8> {
    let mut args = vec!["trace", HARD, "--node-limit", "3000"];
    args.extend_from_slice(extra);
    let out = run(&args, b"");
    assert_eq!(out.status.code(), Some(0), "trace {extra:?}");
    out.stdout
}

fn check(stream: &[u8]) -> (i32, Value) {
    let out = run(&["check", "--format", "jsonl", "-"], stream);
    let report = serde_json::from_slice(&out.stdout).expect("one JSON report");
    (out.status.code().expect("an exit code"), report)
}

fn solve_stats(extra: &[&str]) -> Value {
    let mut args = vec!["solve", HARD, "--node-limit", "3000", "--format", "jsonl"];
    args.extend_from_slice(extra);
    let out = run(&args, b"");
    let record: Value = serde_json::from_slice(&out.stdout).expect("a JSON record");
    record["stats"].clone()
}

#[test]
fn every_look_back_trace_checks_out_with_solves_counters() {
    for extra in [
        &["-p", "cbj"][..],
        &["-p", "fc-cbj"],
        &["-p", "dom-wdeg"],
        &["-p", "dom-wdeg-lc", "--restart", "luby:20"],
        &["-p", "mrv", "--restart", "geometric:10,1.5", "--seed", "3"],
        &["-p", "fc-mrv", "--lookback", "cbj", "--restart", "luby:50"],
    ] {
        let stream = trace(extra);
        let (code, report) = check(&stream);
        assert_eq!(code, 0, "{extra:?}: {report}");
        let stats = solve_stats(extra);
        for key in [
            "nodes",
            "backtracks",
            "backjumps",
            "skipped",
            "restarts",
            "wipeouts",
        ] {
            assert_eq!(report["stats"][key], stats[key], "{extra:?}: {key}");
        }
    }
    let jumps = solve_stats(&["-p", "fc-cbj"]);
    assert!(jumps["backjumps"].as_u64() > Some(100), "{jumps}");
    let restarts = solve_stats(&["-p", "dom-wdeg-lc", "--restart", "luby:20"]);
    assert!(restarts["restarts"].as_u64() > Some(3), "{restarts}");
}

#[test]
fn a_backjumps_conflict_set_alone_is_enough_and_a_wrong_one_is_located() {
    let stream = String::from_utf8(trace(&["-p", "cbj"])).expect("UTF-8");
    // Without the culprit lines (and the step numbers they take), the backtracks' causes
    // give the same search.
    let bare: Vec<&str> = stream
        .lines()
        .filter(|l| !l.contains("\"type\":\"culprit\""))
        .collect();
    let unnumbered: String = bare
        .iter()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("JSON");
            let mut v = v.as_object().expect("object").clone();
            v.remove("step");
            Value::Object(v).to_string() + "\n"
        })
        .collect();
    let (code, report) = check(unnumbered.as_bytes());
    assert_eq!(code, 0, "{report}");
    let (_, full) = check(stream.as_bytes());
    assert_eq!(report["stats"], full["stats"]);
    assert!(report["stats"]["backjumps"].as_u64() > Some(10));

    // A conflict set that leaves out one of the stated culprits.
    let lines: Vec<&str> = stream.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("\"conflict\":[\"") && l.contains("\",\""))
        .expect("a backjump blaming two decisions or more");
    let mut broken: Vec<String> = lines.iter().map(|l| (*l).to_string()).collect();
    let v: Value = serde_json::from_str(lines[at]).expect("JSON");
    let first = v["cause"]["conflict"][0]
        .as_str()
        .expect("a cell")
        .to_string();
    broken[at] = broken[at].replacen(&format!("\"{first}\","), "", 1);
    let (code, report) = check((broken.join("\n") + "\n").as_bytes());
    assert_eq!(code, 1, "{report}");
    let error = report["errors"][0].as_str().expect("an error");
    assert!(
        error.starts_with(&format!("-:{}: ", at + 1))
            && error.contains("differs from the culprits"),
        "{error}"
    );
}

/// Stepping back across backjumps and restarts, event by event, returns exactly the boards
/// the search went through.
#[test]
fn stepping_back_across_backjumps_and_restarts_returns_the_same_boards() {
    let puzzle: Puzzle = HARD.parse().expect("a puzzle");
    for (name, restart) in [
        ("cbj", None),
        ("fc-cbj", None),
        ("dom-wdeg", Some("luby:10")),
    ] {
        let mut strategy = preset::find(name).expect("preset").strategy;
        if let Some(r) = restart {
            strategy.restart = r.parse().expect("a policy");
        }
        let limits = Limits {
            nodes: Some(400),
            ..Limits::default()
        };
        let mut replay = Replay::with_undo(&puzzle);
        let mut seen = Vec::new();
        let mut events = Vec::new();
        let (mut jumps, mut restarts) = (0, 0);
        for event in Search::with_limits(&puzzle, strategy, limits).expect("no clash") {
            seen.push(replay.grid().to_puzzle().to_line() + &format!("{}", replay.depth()));
            let before = replay.depth();
            replay.apply(&event);
            match event {
                Event::Backtrack { depth, .. } if usize::from(depth) + 1 < before => jumps += 1,
                Event::Restart { .. } => restarts += 1,
                _ => {}
            }
            events.push(event);
        }
        assert!(
            jumps + restarts > 5,
            "{name}: {jumps} jumps, {restarts} restarts"
        );
        for event in events.iter().rev() {
            assert!(replay.undo(event), "{name}: undo {event:?}");
            let now = replay.grid().to_puzzle().to_line() + &format!("{}", replay.depth());
            assert_eq!(Some(&now), seen.last(), "{name}: back over {event:?}");
            seen.pop();
        }
    }
}

#[test]
fn the_same_seed_writes_the_same_trace_and_another_seed_another() {
    let args = ["-p", "mrv", "--restart", "luby:5", "--seed", "11"];
    let (a, b) = (trace(&args), trace(&args));
    assert_eq!(a, b);
    let other = trace(&["-p", "mrv", "--restart", "luby:5", "--seed", "12"]);
    assert_ne!(a, other);
    let start: Value =
        serde_json::from_slice(a.split(|&c| c == b'\n').next().expect("a start")).expect("JSON");
    assert_eq!(start["restart"], "luby:5");
    assert_eq!(start["seed"], 11);
}

#[test]
fn a_bad_restart_or_seed_is_one_sentence_naming_the_value() {
    for (args, says) in [
        (&["--restart", "luby:0"][..], "luby:0"),
        (&["--restart", "geometric:10,0.9"], "geometric:10,0.9"),
        (&["--seed=-3"], "-3"),
        (&["--seed", "x"], "'x'"),
        (
            &["-p", "cbt", "--restart", "luby:9"],
            "static cell order row-major",
        ),
        (&["-p", "mrv", "--lookback", "cbj"], "forward checking"),
    ] {
        let mut all = vec!["solve", HARD];
        all.extend_from_slice(args);
        let out = run(&all, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        // One sentence on the first line (clap may add its hint to --help below it).
        let first = err.lines().next().unwrap_or_default();
        assert!(first.contains(says), "{args:?}: {err}");
        assert!(
            err.lines()
                .skip(1)
                .all(|l| l.is_empty() || l.contains("--help")),
            "{args:?}: one sentence: {err}"
        );
    }
}
