//! `solve --estimate` end to end: the JSON record's estimates at each power of two of the
//! decisions made, nothing on standard error when it is not a terminal, and a search that
//! restarts estimated as of unknown size (its policy known from the start, a stream's from
//! its first restart).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::process::Command;

use dokuscope::solver::estimate::{Estimate, Estimator};
use dokuscope::solver::search::{Limits, Search};
use dokuscope::solver::{Event, Puzzle, preset};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
/// Puzzle 2 of the bundled hard set: `bt` searches its whole tree (solve counts to 2
/// solutions) in 5,791,754 decisions.
const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");

/// The `estimates` of the one record `solve` writes for `preset` on hard.txt #2.
fn estimates(preset: &str) -> (Vec<(u64, Option<u64>)>, u64) {
    let text = std::fs::read_to_string(HARD).expect("the bundled set");
    let line = text.lines().nth(1).expect("puzzle 2");
    let out = Command::new(BIN)
        .args(["solve", line, "--preset", preset, "--estimate"])
        .output()
        .expect("solve runs");
    assert!(out.status.success(), "{out:?}");
    assert!(
        out.stderr.is_empty(),
        "no progress line when standard error is not a terminal: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record: Value = serde_json::from_slice(&out.stdout).expect("one JSON record");
    let samples = record["estimates"]
        .as_array()
        .expect("estimates")
        .iter()
        .map(|pair| (pair[0].as_u64().expect("nodes"), pair[1].as_u64()))
        .collect();
    (samples, record["stats"]["nodes"].as_u64().expect("nodes"))
}

#[test]
fn each_power_of_two_of_the_decisions_has_its_estimate() {
    let (samples, nodes) = estimates("bt");
    let powers: Vec<u64> = samples.iter().map(|s| s.0).collect();
    let expected: Vec<u64> = (0..64)
        .map(|k| 1u64 << k)
        .take_while(|&p| p <= nodes)
        .collect();
    assert_eq!(
        powers, expected,
        "one sample at each power of two up to {nodes}"
    );
    assert_eq!(samples[0].1, None, "unknown at the first decision");
    // Past half-way the estimate is known and within a factor 4 of the truth (measured:
    // docs/estimate.md).
    let last = samples.last().expect("a sample");
    let total = last.1.expect("known at the last power of two");
    #[expect(clippy::cast_precision_loss, reason = "a ratio")]
    let ratio = total as f64 / nodes as f64;
    assert!(
        (0.25..=4.0).contains(&ratio),
        "{total} for {nodes} decisions"
    );
    assert!(total >= last.0, "never below the decisions made");
}

#[test]
fn a_search_that_restarts_has_no_estimated_size() {
    let (samples, nodes) = estimates("mrv/luby:4");
    assert!(samples.len() > 3, "{nodes} decisions");
    assert!(
        samples.iter().all(|s| s.1.is_none()),
        "every estimate unknown: {samples:?}"
    );
}

/// A stream's events carry no policy: its estimate is unknown from its first restart on,
/// numbered by the run the restart begins.
#[test]
fn a_heard_restart_makes_the_size_unknown_from_then_on() {
    let text = std::fs::read_to_string(HARD).expect("the bundled set");
    let puzzle: Puzzle = text
        .lines()
        .nth(1)
        .expect("puzzle 2")
        .parse()
        .expect("a puzzle");
    let (_, strategy) = preset::resolve("mrv/luby:4").expect("a preset");
    let search = Search::with_limits(&puzzle, strategy, Limits::default()).expect("no clash");
    let (mut heard, mut told) = (Estimator::new(), Estimator::restarting(true));
    let mut runs = 0;
    for event in search {
        heard.observe(&event);
        told.observe(&event);
        if let Event::Restart { run, .. } = event {
            runs = run;
        }
        let exhausted = matches!(event, Event::Exhausted);
        match (runs, heard.estimate()) {
            (_, Estimate::Done { .. }) => assert!(exhausted),
            (0, Estimate::Restarting { .. }) => unreachable!("no restart heard yet"),
            (0, _) => {}
            (run, Estimate::Restarting { run: said }) => assert_eq!(said, run),
            (run, other) => unreachable!("run {run}: {other:?}"),
        }
        if !exhausted {
            assert_eq!(
                told.estimate(),
                Estimate::Restarting { run: runs.max(1) },
                "told of the policy, unknown from the first run"
            );
        }
    }
    assert!(runs > 1, "the search restarted");
}
