//! Breakpoints on what a search that looks back does: `backjump`, `skip` (a decision
//! jumped over), `culprit`, `restart` and the counters `backjumps`, `skipped`, `restarts`.
//! Each condition stops `trace --until`, and `c` and `C` in the app, at exactly the steps
//! where the trace's own lines say it holds: the decisions in effect are kept here from the
//! `assign` lines and each backtrack's jumped-over decisions read from them, apart from
//! the engine and the app.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]
#![expect(
    clippy::struct_field_names,
    reason = "`step` is the trace's own field name"
)]

#[path = "common/app.rs"]
mod common;

use common::settle;
use dokuscope::app::{Action, App, Lock, Phase, Source};
use serde_json::Value;
use std::process::Command;

const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");

/// Decisions the oracle's trace runs to: its hits are the first ones of the whole search.
const NODES: &str = "6000";

/// How many hits each case follows forward in the app.
const FOLLOW: usize = 3;

/// One step of the trace, with what the conditions read, recounted from the lines.
#[derive(Clone, Debug, Default)]
struct Step {
    step: u64,
    kind: String,
    cell: Option<String>,
    digit: Option<u64>,
    /// For a backtrack: the decisions it jumped over (cell, digit), in order.
    jumped: Vec<(String, u64)>,
    backjumps: u64,
    skipped: u64,
    restarts: u64,
}

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The trace of `preset` on hard.txt up to [`NODES`] decisions, step by step.
fn trace(preset: &str) -> Vec<Step> {
    let out = run(&[
        "trace",
        HARD,
        "-p",
        preset,
        "--count",
        "1",
        "--node-limit",
        NODES,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut stack: Vec<(String, u64)> = Vec::new();
    let mut last = Step::default();
    let mut steps = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let Some(step) = v.get("step").and_then(Value::as_u64) else {
            continue;
        };
        let kind = v["type"].as_str().expect("type").to_string();
        let cell = v.get("cell").and_then(Value::as_str).map(str::to_string);
        let digit = v.get("digit").and_then(Value::as_u64);
        let depth = v.get("depth").and_then(Value::as_u64).unwrap_or(0) as usize;
        let mut s = Step {
            step,
            kind: kind.clone(),
            cell: cell.clone(),
            digit,
            jumped: Vec::new(),
            ..last.clone()
        };
        match kind.as_str() {
            "assign" if v["cause"]["rule"] == "decision" => {
                assert_eq!(stack.len() + 1, depth, "step {step}: a decision one deeper");
                stack.push((cell.expect("a cell"), digit.expect("a digit")));
            }
            "backtrack" => {
                // The decision undone is number depth + 1; the ones after it were jumped over.
                let undone = stack.get(depth).cloned().expect("the decision undone");
                assert_eq!(Some(&undone.0), s.cell.as_ref(), "step {step}");
                s.jumped = stack[depth + 1..].to_vec();
                stack.truncate(depth);
                s.backjumps += u64::from(!s.jumped.is_empty());
                s.skipped += s.jumped.len() as u64;
            }
            "restart" => {
                stack.clear();
                s.restarts += 1;
            }
            _ => {}
        }
        last = s.clone();
        steps.push(s);
    }
    steps
}

type Pred = Box<dyn Fn(&Step) -> bool>;

fn named(s: &Step, cell: &str, digit: Option<u64>) -> bool {
    s.cell.as_deref() == Some(cell) && digit.is_none_or(|d| s.digit == Some(d))
}

/// The look-back conditions for `steps`, each with the closure that says the same thing
/// over the lines; cells and digits are taken from the trace so that they do happen.
fn cases(steps: &[Step]) -> Vec<(String, Pred)> {
    let backjumps: Vec<&Step> = steps.iter().filter(|s| !s.jumped.is_empty()).collect();
    let mut cases: Vec<(String, Pred)> = vec![
        ("backjump".into(), Box::new(|s: &Step| !s.jumped.is_empty())),
        ("skip".into(), Box::new(|s: &Step| !s.jumped.is_empty())),
        (
            "backtrack and not backjump".into(),
            Box::new(|s: &Step| s.kind == "backtrack" && s.jumped.is_empty()),
        ),
        ("culprit".into(), Box::new(|s: &Step| s.kind == "culprit")),
        (
            "backjumps == 3".into(),
            Box::new(|s: &Step| s.backjumps == 3),
        ),
        (
            "skipped > 12 and select".into(),
            Box::new(|s: &Step| s.skipped > 12 && s.kind == "select"),
        ),
    ];
    if let Some(b) = backjumps.get(2) {
        let (cell, digit) = (b.cell.clone().expect("a cell"), b.digit);
        cases.push((
            format!("backjump {cell}={}", digit.expect("a digit")),
            Box::new(move |s: &Step| !s.jumped.is_empty() && named(s, &cell, digit)),
        ));
    }
    // A decision jumped over late in the prefix: reverse continue re-runs spans of the
    // search that start with decisions in effect from before them.
    if let Some(b) = backjumps.get(backjumps.len() * 2 / 3) {
        let (cell, digit) = b.jumped[0].clone();
        let by_cell = cell.clone();
        cases.push((
            format!("skip {cell}"),
            Box::new(move |s: &Step| s.jumped.iter().any(|(c, _)| *c == by_cell)),
        ));
        cases.push((
            format!("skip {cell}={digit}"),
            Box::new(move |s: &Step| s.jumped.iter().any(|(c, d)| *c == cell && *d == digit)),
        ));
    }
    if let Some(c) = steps.iter().filter(|s| s.kind == "culprit").nth(40) {
        let (cell, digit) = (c.cell.clone().expect("a cell"), c.digit);
        cases.push((
            format!("culprit {cell}={}", digit.expect("a digit")),
            Box::new(move |s: &Step| s.kind == "culprit" && named(s, &cell, digit)),
        ));
    }
    cases
}

fn restart_cases() -> Vec<(String, Pred)> {
    vec![
        ("restart".into(), Box::new(|s: &Step| s.kind == "restart")),
        (
            "restart and restarts >= 2".into(),
            Box::new(|s: &Step| s.kind == "restart" && s.restarts >= 2),
        ),
        (
            "restarts == 3 and backtrack".into(),
            Box::new(|s: &Step| s.restarts == 3 && s.kind == "backtrack"),
        ),
    ]
}

fn source() -> Source {
    let entry = dokuscope::cli::input::nth_puzzle(Some(HARD), 1).expect("puzzle");
    Source {
        location: entry.location.to_string(),
        index: 1,
        puzzle: entry.puzzle,
    }
}

fn command(app: &mut App, text: &str) {
    app.update(Action::Command);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
    assert!(app.command().is_none(), "{text}: {:?}", app.command());
}

/// `trace --until` ends at the first hit; `c` stops at the first [`FOLLOW`] hits and `C`
/// walks back through them.
fn check(preset: &str, steps: &[Step], condition: &str, pred: &Pred) {
    let want: Vec<u64> = steps.iter().filter(|s| pred(s)).map(|s| s.step).collect();
    assert!(
        want.len() >= FOLLOW,
        "{preset} {condition}: only {} hits in the prefix",
        want.len()
    );
    let out = run(&[
        "trace", HARD, "-p", preset, "--count", "1", "--until", condition,
    ]);
    assert_eq!(out.status.code(), Some(0), "{preset} {condition}");
    let text = String::from_utf8_lossy(&out.stdout);
    let last: Value = serde_json::from_str(text.lines().last().expect("a line")).expect("JSON");
    assert_eq!(
        last["step"].as_u64(),
        Some(want[0]),
        "{preset}: --until {condition}"
    );

    let named = dokuscope::cli::presets::resolve(preset).expect("a preset");
    let mut app = App::new(source(), &[named], Lock::Events).expect("an app");
    command(&mut app, &format!("break {condition}"));
    let mut got = Vec::new();
    while got.len() < FOLLOW {
        app.update(Action::Continue);
        settle(&mut app);
        assert_eq!(app.phase(), Phase::Break, "{preset} {condition}");
        got.push(app.step());
    }
    assert_eq!(got, want[..FOLLOW], "{preset}: c with break {condition}");
    let mut back = Vec::new();
    for _ in 1..FOLLOW {
        app.update(Action::ReverseContinue);
        assert_eq!(app.phase(), Phase::Break, "{preset} {condition}");
        back.push(app.step());
    }
    let mut earlier = want[..FOLLOW - 1].to_vec();
    earlier.reverse();
    assert_eq!(back, earlier, "{preset}: C with break {condition}");
}

#[test]
fn backjumps_skipped_decisions_and_culprits_stop_where_the_trace_says() {
    for preset in ["cbj", "fc-cbj"] {
        let steps = trace(preset);
        let cases = cases(&steps);
        assert_eq!(cases.len(), 10, "{preset}: every case found its cell");
        for (condition, pred) in &cases {
            check(preset, &steps, condition, pred);
        }
    }
}

#[test]
fn restarts_stop_where_the_trace_says() {
    let steps = trace("dom-wdeg/luby:4");
    for (condition, pred) in &restart_cases() {
        check("dom-wdeg/luby:4", &steps, condition, pred);
    }
}

#[test]
fn a_chronological_search_never_backjumps_nor_skips() {
    let steps = trace("mrv");
    assert!(steps.iter().any(|s| s.kind == "backtrack"));
    for condition in ["backjump", "skip", "skipped > 0", "backjumps > 0"] {
        let out = run(&[
            "trace", HARD, "-p", "mrv", "--count", "1", "--until", condition,
        ]);
        assert_eq!(
            out.status.code(),
            Some(1),
            "mrv --until {condition}: no hit"
        );
    }
}
