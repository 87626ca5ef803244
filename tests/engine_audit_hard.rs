//! The unit rules audited on hard puzzles: every event of the presets with naked or hidden
//! pairs and locked candidates, over top95, checked against the replayed state just before
//! it (is the cause true there?), the engine's state compared with the replay, every event
//! undone back to the initial grid, and the counters compared with a headless run.
//!
//! The pair rules start from what just changed (a cell left with two candidates, a digit
//! left with two places), so a pair they act on must still hold when they act: these
//! puzzles (top95, from `puzzles/public`) make hundreds of pairs and propagations between
//! them. Release runtime about 13 s here; a debug build audits every 8th puzzle.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use std::fs::File;
use std::io::BufReader;

use common::audit::audit;
use common::public;
use dokuscope::solver::{Limits, PuzzleReader, Status, Strategy, preset};

/// The presets with a pair rule or locked candidates, and the unit rules without arc
/// consistency (a cell a propagation leaves with one candidate is then not assigned, so
/// a pair may shrink under a rule's feet).
fn strategies() -> Vec<(String, Strategy)> {
    let presets = [
        "fast",
        "full",
        "s003-rv-np",
        "s003-rv-hp",
        "s003-rv-hp-np",
        "s003-rv-hs-hp-np",
    ];
    let mut strategies: Vec<(String, Strategy)> = presets
        .into_iter()
        .map(|name| {
            let preset = preset::lookup(name).expect("a listed preset");
            (name.to_owned(), preset.strategy)
        })
        .collect();
    for rules in ["fc,np,hp,lc", "fc,hs,np,hp,lc"] {
        let mut strategy = preset::lookup("mrv").expect("a preset").strategy;
        strategy.inference = rules.parse().expect("rule names");
        strategies.push((format!("mrv with {rules}"), strategy));
    }
    strategies
}

#[test]
fn pair_rules_and_locked_candidates_are_sound_on_top95() {
    let file = File::open(public::path("top95.txt")).expect("top95.txt in puzzles/public");
    let entries: Vec<_> = PuzzleReader::new("top95.txt", BufReader::new(file))
        .map(|entry| entry.expect("every line of top95 parses"))
        .collect();
    assert_eq!(entries.len(), 95);
    let step = if cfg!(debug_assertions) { 8 } else { 1 };
    // The presets without MRV can take long on a few of these: the audit is of the rules,
    // so a node limit is enough.
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    for (name, strategy) in strategies() {
        let mut solved = 0;
        for entry in entries.iter().step_by(step) {
            let run = audit(&entry.puzzle, strategy, limits, &name);
            assert!(
                matches!(run.status, Status::Solved | Status::Limit),
                "{name} on {}: {:?}",
                entry.location,
                run.status
            );
            solved += usize::from(run.status == Status::Solved);
        }
        assert!(solved > 0, "{name} solved none of top95 within the limit");
    }
}
