//! A preset's own variants against the flags (issue 44, item 1): the name wins, the flags
//! set what it leaves unsaid, every label is the search it ran, and a flag no search takes
//! is refused, in every command that takes both.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/tmux.rs"]
mod tmux;

use std::process::Command;

use clap::Parser;
use dokuscope::cli::{Cli, Command as Sub};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
/// puzzles/hard.txt #1.
const FIRST: &str =
    "6.7.84..34......5...3......72.......3.9..7.......4..25........2....35..6.32.7.9..";

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The nodes of `solve --format jsonl` on `FIRST` with `args`.
fn nodes(args: &[&str]) -> u64 {
    let mut all = vec!["solve", FIRST, "--format", "jsonl"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{all:?}: {err}");
    let record: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON record");
    record["stats"]["nodes"].as_u64().expect("nodes")
}

#[test]
fn a_flag_fills_in_what_the_name_leaves_unsaid() {
    assert_eq!(
        nodes(&["-p", "dom-wdeg/luby:4", "--seed", "3"]),
        nodes(&["-p", "dom-wdeg/luby:4/seed:3"])
    );
    assert_eq!(
        nodes(&["-p", "dom-wdeg/seed:7", "--restart", "luby:4"]),
        nodes(&["-p", "dom-wdeg/luby:4/seed:7"])
    );
    // A flag that says what the name says is no contradiction.
    assert_eq!(
        nodes(&["-p", "dom-wdeg/seed:7", "--seed", "7"]),
        nodes(&["-p", "dom-wdeg/seed:7"])
    );
}

/// Before: `solve -p dom-wdeg/luby:4/seed:7 --seed 3` ran seed 3 (94 nodes) under a name
/// that says seed 7 (141 nodes), exit 0.
#[test]
fn one_search_refuses_a_flag_its_name_overrules_in_every_command() {
    for command in ["solve", "trace", "tree"] {
        for (preset, flag, value, named) in [
            ("dom-wdeg/luby:4/seed:7", "--seed", "3", "seed:7"),
            ("dom-wdeg/luby:4", "--restart", "none", "luby:4"),
            ("fc-mrv/cbj", "--lookback", "chronological", "cbj"),
            ("min-conflicts/walk:0.1", "--walk", "0.2", "walk:0.1"),
        ] {
            let (code, out, err) = run(&[command, FIRST, "-p", preset, flag, value]);
            assert_eq!(code, 2, "{command} -p {preset} {flag} {value}: {out}{err}");
            if command == "tree" && preset.starts_with("min-conflicts") {
                continue;
            }
            assert!(
                err.contains(&format!("names its own {named}")) && err.contains(flag),
                "{command} -p {preset} {flag} {value}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "one sentence: {err}");
        }
    }
}

fn compare(args: &[&str]) -> anyhow::Result<Vec<(String, dokuscope::solver::Strategy)>> {
    let mut all = vec!["dokuscope", "compare", HARD];
    all.extend_from_slice(args);
    match Cli::try_parse_from(all)
        .expect("the arguments parse")
        .command
    {
        Some(Sub::Compare(args)) => dokuscope::cli::compare::panes(&args),
        other => unreachable!("not compare: {other:?}"),
    }
}

#[test]
fn every_pane_is_labelled_with_the_search_it_runs() {
    let panes = compare(&[
        "-p",
        "dom-wdeg",
        "-p",
        "dom-wdeg/luby:4",
        "-p",
        "dom-wdeg/luby:4/seed:7",
        "-p",
        "dom-wdeg-lc",
        "--seed",
        "3",
    ])
    .expect("a race");
    let labels: Vec<&str> = panes.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "dom-wdeg/seed:3",
            "dom-wdeg/luby:4/seed:3",
            "dom-wdeg/luby:4/seed:7",
            "dom-wdeg-lc/seed:3"
        ]
    );
    let seeds: Vec<Option<u64>> = panes.iter().map(|(_, s)| s.seed).collect();
    assert_eq!(seeds, [Some(3), Some(3), Some(7), Some(3)]);
    // Each label resolves, as a preset name, to the very search the pane runs.
    for (label, strategy) in &panes {
        let (_, named) = dokuscope::solver::preset::resolve(label).expect("a label is a name");
        assert_eq!(named, *strategy, "{label}");
    }
}

#[test]
fn a_race_gives_a_flag_to_the_panes_it_fits_and_refuses_one_no_pane_takes() {
    let panes = compare(&["-p", "bt", "-p", "mrv", "--seed", "3"]).expect("mrv takes the seed");
    assert_eq!(panes[0].0, "bt");
    assert_eq!(panes[0].1.seed, None);
    assert_eq!(panes[1].0, "mrv/seed:3");
    let panes = compare(&["-p", "mrv", "-p", "min-conflicts", "--tabu", "5"]).expect("a race");
    assert_eq!(panes[1].0, "min-conflicts/tabu:5");
    for (args, says) in [
        (
            vec!["-p", "mrv/seed:1", "-p", "mrv/seed:2", "--seed", "3"],
            "--seed 3 applies to no pane: preset mrv/seed:1 names its own seed:1",
        ),
        (
            vec!["-p", "bt", "-p", "cbt", "--seed", "3"],
            "--seed 3 applies to no pane: a seed breaks ties",
        ),
        (
            vec!["-p", "bt", "-p", "mrv", "--walk", "0.1"],
            "--walk 0.1 applies to no pane: --walk is an option of the local search",
        ),
    ] {
        let err = compare(&args).expect_err("refused");
        assert!(err.to_string().starts_with(says), "{args:?}: {err}");
    }
}

/// The same race on a real screen: the labels in the panes and the summary.
#[test]
fn compare_shows_the_labels_of_the_searches_it_ran() {
    if !tmux::available("compare's labels") {
        return;
    }
    let t = tmux::Tmux::start(
        &format!(
            "{BIN} compare {HARD} -p dom-wdeg -p dom-wdeg/luby:4 -p dom-wdeg/luby:4/seed:7 --seed 3"
        ),
        200,
        60,
    );
    t.wait_status("PAUSED");
    t.send(&["s"]);
    let screen = t.wait_status("FINISHED");
    for label in [
        "A dom-wdeg/seed:3 ",
        "B dom-wdeg/luby:4/seed:3 ",
        "C dom-wdeg/luby:4/seed:7 ",
    ] {
        assert!(screen.contains(label), "{label} in the summary:\n{screen}");
    }
    // B and C are different searches: 94 and 141 nodes.
    assert!(
        tmux::status_line(&screen).contains("B:94 C:141"),
        "{screen}"
    );
}
