//! An independent reading of breakpoint conditions: each step of a full `trace` run (its
//! JSON Lines), with the counters recounted from the lines alone, and each condition kind
//! written again as a plain closure over them. Shared by the steer tests.
#![allow(
    dead_code,
    reason = "each test crate uses a different part of these helpers"
)]
#![expect(
    clippy::struct_field_names,
    reason = "`step` is the trace's own field name"
)]

use std::process::{Command, Output};

use serde_json::Value;

/// One step of a trace, as its JSON line and the lines before it say.
#[derive(Clone, Debug, Default)]
pub struct Step {
    pub step: u64,
    pub kind: String,
    pub cell: Option<String>,
    pub digit: Option<u64>,
    pub rule: Option<String>,
    pub by: Option<String>,
    pub depth: u64,
    pub nodes: u64,
    pub backtracks: u64,
    pub prunes: u64,
    pub wipeouts: u64,
    pub assignments: u64,
}

/// Runs the built binary.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The steps of `trace` stdout.
pub fn steps(stdout: &[u8]) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    let mut last = Step::default();
    for line in String::from_utf8_lossy(stdout).lines() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let Some(step) = v.get("step").and_then(Value::as_u64) else {
            continue;
        };
        let kind = v["type"].as_str().expect("type").to_string();
        let mut s = Step {
            step,
            cell: v.get("cell").and_then(Value::as_str).map(str::to_string),
            digit: v.get("digit").and_then(Value::as_u64),
            rule: v
                .get("cause")
                .and_then(|c| c.get("rule"))
                .and_then(Value::as_str)
                .map(str::to_string),
            by: v
                .get("cause")
                .and_then(|c| c.get("by"))
                .and_then(Value::as_str)
                .map(str::to_string),
            depth: v.get("depth").and_then(Value::as_u64).unwrap_or(last.depth),
            ..last.clone()
        };
        match kind.as_str() {
            "assign" => {
                s.assignments += 1;
                if s.rule.as_deref() == Some("decision") {
                    s.nodes += 1;
                }
            }
            "prune" => s.prunes += 1,
            "wipeout" => s.wipeouts += 1,
            "backtrack" => s.backtracks += 1,
            _ => {}
        }
        s.kind = kind;
        last = s.clone();
        out.push(s);
    }
    out
}

/// The full trace of a search (`what`: the puzzle and its options, e.g. the preset),
/// counting one solution as the views do.
pub fn full_trace(what: &[&str]) -> Vec<Step> {
    let mut args = vec!["trace", "--count", "1"];
    args.extend_from_slice(what);
    let out = run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    steps(&out.stdout)
}

type Pred = Box<dyn Fn(&Step) -> bool>;

fn is(kind: &'static str) -> impl Fn(&Step) -> bool {
    move |s: &Step| s.kind == kind
}

/// Conditions of every kind, for the puzzle's trace `steps`, each with the closure that
/// says the same thing: cells and digits are taken from the trace so that they do happen.
#[expect(clippy::too_many_lines, reason = "one table of cases")]
pub fn cases(steps: &[Step]) -> Vec<(String, Pred)> {
    let nth = |kind: &str, k: usize| {
        steps
            .iter()
            .filter(|s| s.kind == kind && s.cell.is_some())
            .nth(k)
            .cloned()
    };
    let mut cases: Vec<(String, Pred)> = vec![
        ("solution".into(), Box::new(is("solution"))),
        ("wipeout".into(), Box::new(is("wipeout"))),
        ("backtrack".into(), Box::new(is("backtrack"))),
        ("select".into(), Box::new(is("select"))),
        ("depth > 3".into(), Box::new(|s: &Step| s.depth > 3)),
        ("depth >= 2".into(), Box::new(|s: &Step| s.depth >= 2)),
        (
            "depth < 1 and step > 5".into(),
            Box::new(|s: &Step| s.depth < 1 && s.step > 5),
        ),
        ("depth == 2".into(), Box::new(|s: &Step| s.depth == 2)),
        (
            "depth <= 1 and assign".into(),
            Box::new(|s: &Step| s.depth <= 1 && s.kind == "assign"),
        ),
        (
            "node 3".into(),
            Box::new(|s: &Step| {
                s.kind == "assign" && s.rule.as_deref() == Some("decision") && s.nodes == 3
            }),
        ),
        ("step 40".into(), Box::new(|s: &Step| s.step == 40)),
        (
            "backtracks >= 2".into(),
            Box::new(|s: &Step| s.backtracks >= 2),
        ),
        ("prunes >= 300".into(), Box::new(|s: &Step| s.prunes >= 300)),
        (
            "nodes > 4 or wipeouts == 3".into(),
            Box::new(|s: &Step| s.nodes > 4 || s.wipeouts == 3),
        ),
        (
            "not select and not prune and depth > 0".into(),
            Box::new(|s: &Step| s.kind != "select" && s.kind != "prune" && s.depth > 0),
        ),
    ];
    for k in [0, 5] {
        if let Some(a) = nth("assign", k) {
            let (cell, digit) = (a.cell.clone().unwrap_or_default(), a.digit.unwrap_or(0));
            let c1 = cell.clone();
            cases.push((
                format!("assign {cell}"),
                Box::new(move |s: &Step| s.kind == "assign" && s.cell.as_deref() == Some(&c1)),
            ));
            let c2 = cell.clone();
            cases.push((
                format!("assign {cell}={digit}"),
                Box::new(move |s: &Step| {
                    s.kind == "assign" && s.cell.as_deref() == Some(&c2) && s.digit == Some(digit)
                }),
            ));
        }
        if let Some(a) = nth("prune", k * 7) {
            let (cell, digit) = (a.cell.clone().unwrap_or_default(), a.digit.unwrap_or(0));
            cases.push((
                format!("prune {cell}={digit}"),
                Box::new(move |s: &Step| {
                    s.kind == "prune" && s.cell.as_deref() == Some(&cell) && s.digit == Some(digit)
                }),
            ));
        }
        if let Some(a) = nth("select", k) {
            let cell = a.cell.clone().unwrap_or_default();
            let c1 = cell.clone();
            cases.push((
                format!("select {c1}"),
                Box::new(move |s: &Step| s.kind == "select" && s.cell.as_deref() == Some(&cell)),
            ));
        }
        if let Some(a) = nth("wipeout", k) {
            let cell = a.cell.clone().unwrap_or_default();
            cases.push((
                format!("wipeout {cell}"),
                Box::new(move |s: &Step| s.kind == "wipeout" && s.cell.as_deref() == Some(&cell)),
            ));
        }
        if let Some(a) = nth("backtrack", k) {
            let cell = a.cell.clone().unwrap_or_default();
            cases.push((
                format!("backtrack {cell}"),
                Box::new(move |s: &Step| s.kind == "backtrack" && s.cell.as_deref() == Some(&cell)),
            ));
        }
    }
    if let Some(d) = steps.iter().find(|s| s.rule.as_deref() == Some("decision")) {
        let cell = d.cell.clone().unwrap_or_default();
        cases.push((
            format!("decision {cell}"),
            Box::new(move |s: &Step| {
                s.kind == "assign"
                    && s.rule.as_deref() == Some("decision")
                    && s.cell.as_deref() == Some(&cell)
            }),
        ));
    }
    cases
}

/// The steps at which `pred` holds.
pub fn hits(steps: &[Step], pred: &dyn Fn(&Step) -> bool) -> Vec<u64> {
    steps.iter().filter(|s| pred(s)).map(|s| s.step).collect()
}
