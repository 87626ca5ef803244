//! `bench --seeds`: each (puzzle, preset) run once per seed, each run the search that seed
//! makes alone; the run-time distribution in the table, the CSV and the JSON; presets named
//! with variants (`mrv/luby:3`); bad values refused in a sentence.
#![allow(clippy::expect_used, clippy::panic, reason = "tests fail by panicking")]

use std::process::{Command, Output};

use dokuscope::bench::csv;
use dokuscope::bench::report::Report;
use dokuscope::solver::search::Limits;
use dokuscope::solver::{Puzzle, Search, preset};

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn bench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .arg("bench")
        .args(args)
        .output()
        .expect("dokuscope runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Decisions at most per run: plain backtracking would take seconds on `HARD`.
const LIMIT: &str = "3000";

/// The nodes of `spec`'s search of `HARD` with ties broken from `seed`, made here.
fn nodes(spec: &str, seed: Option<u64>) -> u64 {
    let (_, mut strategy) = preset::resolve(spec).expect("a preset");
    strategy.seed = seed.or(strategy.seed);
    let puzzle: Puzzle = HARD.parse().expect("a puzzle");
    let limits = Limits {
        nodes: LIMIT.parse().ok(),
        ..Limits::default()
    };
    Search::with_limits(&puzzle, strategy, limits)
        .expect("no clash")
        .run()
        .stats
        .nodes
}

#[test]
fn each_seeded_run_is_the_search_its_seed_makes_and_a_static_order_runs_once() {
    let out = bench(&[
        HARD,
        "-p",
        "mrv",
        "-p",
        "dom-wdeg/luby:3",
        "-p",
        "bt",
        "--seeds",
        "4",
        "--format",
        "csv",
        "-j",
        "2",
        "--node-limit",
        LIMIT,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some(format!("{},seed", csv::HEADER).as_str()));
    let rows: Vec<csv::Row> = lines.map(|l| csv::parse_row(l).expect("a row")).collect();
    let runs: Vec<(&str, Option<u64>)> = rows.iter().map(|r| (r.preset.as_str(), r.seed)).collect();
    assert_eq!(
        runs,
        [
            ("mrv", Some(1)),
            ("mrv", Some(2)),
            ("mrv", Some(3)),
            ("mrv", Some(4)),
            ("dom-wdeg/luby:3", Some(1)),
            ("dom-wdeg/luby:3", Some(2)),
            ("dom-wdeg/luby:3", Some(3)),
            ("dom-wdeg/luby:3", Some(4)),
            ("bt", None),
        ]
    );
    let mut differ = false;
    for row in &rows {
        assert_eq!(row.sample.nodes, nodes(&row.preset, row.seed), "{row:?}");
        differ |= row.sample.nodes != rows[0].sample.nodes && row.preset == "mrv";
    }
    assert!(differ, "the seeds make different searches: {rows:?}");
}

#[test]
fn the_json_and_the_table_give_the_run_time_distribution() {
    let args = [
        HARD,
        "-p",
        "mrv",
        "-p",
        "mrv/luby:2",
        "-p",
        "cbt",
        "--seeds",
        "5",
        "--node-limit",
        LIMIT,
    ];
    let out = bench(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: Report = serde_json::from_slice(&out.stdout).expect("a report");
    assert_eq!(report.seeds, Some(5));
    let summaries = &report.files[0].summaries;
    let mrv: Vec<u64> = (1..=5).map(|s| nodes("mrv", Some(s))).collect();
    let d = summaries[0].survival.as_ref().expect("a distribution");
    assert_eq!((summaries[0].puzzles, summaries[0].runs_per_puzzle), (1, 5));
    assert_eq!(d.runs, 5);
    assert_eq!(d.percentiles.max, *mrv.iter().max().expect("runs"));
    assert_eq!(d.at_least(0), 5);
    assert_eq!(
        d.at_least(d.percentiles.max),
        mrv.iter().filter(|&&n| n == d.percentiles.max).count() as u64
    );
    assert_eq!(summaries[0].nodes.sum, mrv.iter().sum::<u64>());
    assert_eq!(summaries[0].verdicts.solved, 5, "every run is counted");
    assert_eq!(
        (
            summaries[2].runs_per_puzzle,
            summaries[2].survival.as_ref().map(|d| d.runs)
        ),
        (1, Some(1))
    );

    let out = bench(&args);
    let table = text(&out.stdout);
    assert!(
        table.contains("(--seeds 5: a dynamic cell order (or a local search) runs once per seed"),
        "{table}"
    );
    assert!(
        table.contains("run-time distribution in nodes per run:"),
        "{table}"
    );
    assert!(
        table.contains("● mrv (5 runs)   ○ mrv/luby:2 (5 runs)   ■ cbt (1 run)"),
        "{table}"
    );
    assert!(table.contains("(11 runs with 5 seeds)"), "{table}");
    let row = table
        .lines()
        .find(|l| l.starts_with("mrv ") && l.contains(" 5 "))
        .expect("mrv's row in the verdicts");
    assert!(
        row.split_whitespace().nth(2) == Some("5"),
        "puzzles 1, runs 5: {row}"
    );
}

/// A puzzle min-conflicts solves within a few hundred steps, a different number from each
/// seed.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The steps of `spec`'s local search of `EASY` from `seed`, made here.
fn steps(spec: &str, seed: u64) -> u64 {
    let (_, mut strategy) = preset::resolve(spec).expect("a preset");
    strategy.seed = Some(seed);
    let puzzle: Puzzle = EASY.parse().expect("a puzzle");
    let mut search = Search::new(&puzzle, strategy).expect("no clash");
    search.by_ref().for_each(drop);
    search.stats().local.expect("a local search").steps
}

#[test]
fn a_local_search_runs_once_per_seed_and_its_table_counts_runs() {
    let spec = "min-conflicts/walk:0.05";
    let out = bench(&[EASY, "-p", spec, "--seeds", "3", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let rows: Vec<csv::Row> = stdout
        .lines()
        .skip(1)
        .map(|l| csv::parse_row(l).expect("a row"))
        .collect();
    let seeds: Vec<Option<u64>> = rows.iter().map(|r| r.seed).collect();
    assert_eq!(seeds, [Some(1), Some(2), Some(3)]);
    for row in &rows {
        let seed = row.seed.expect("a seed");
        assert_eq!(row.sample.steps, Some(steps(spec, seed)), "{row:?}");
    }
    assert!(
        rows.iter().any(|r| r.sample.steps != rows[0].sample.steps),
        "the seeds make different searches: {rows:?}"
    );

    let out = bench(&[EASY, "-p", spec, "--seeds", "3"]);
    let table = text(&out.stdout);
    let row = table
        .lines()
        .find(|l| l.starts_with("min-conflicts/walk"))
        .expect("its row in the verdicts");
    let columns: Vec<&str> = row.split_whitespace().take(4).collect();
    assert_eq!(
        columns[1..],
        ["1", "3", "3"],
        "puzzles 1, runs 3, solved 3: {row}"
    );
    assert!(table.contains("(3 runs with 3 seeds)"), "{table}");
}

#[test]
fn bad_seeds_and_variants_are_refused_in_a_sentence() {
    for (args, says) in [
        (&["--seeds", "0"][..], "'0'"),
        (&["-p", "lookback/luby:3"][..], "lookback is a group"),
        (&["-p", "bt/luby:5"][..], "static cell order"),
        (&["-p", "mrv/luby:0"][..], "'luby:0'"),
        (&["-p", "mrv/seed:x"][..], "'seed:x'"),
    ] {
        let out = bench(&[&[HARD][..], args].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
