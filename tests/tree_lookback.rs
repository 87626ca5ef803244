//! The tree of searches that look back, as the views hold it: a foreign stream that
//! backjumps or restarts (the engine's trace, read back as another solver's) grows the tree
//! the engine's search grows; stepping back across a backjump and a restart returns the same
//! boards and the same tree.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::path::PathBuf;

use dokuscope::app::Lane;
use dokuscope::cli::trace::EventWriter;
use dokuscope::solver::preset::find;
use dokuscope::solver::strategy::{LookBack, Restart};
use dokuscope::solver::tree::{NodeInfo, NodeKind, SearchTree};
use dokuscope::solver::{Digit, Domain, Event, Limits, Puzzle, Replay, Search, Strategy};

/// top95 #1.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A temporary file, removed when dropped.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn limits() -> Limits {
    Limits {
        solutions: 1,
        nodes: Some(1_500),
        deadline: None,
    }
}

/// The engine's trace of `strategy` on `HARD`, as another solver would write it, in a
/// temporary file; `keep` says which event lines to write.
fn trace_file(strategy: Strategy, name: &str, keep: impl Fn(&Event) -> bool) -> TempFile {
    let puzzle: Puzzle = HARD.parse().expect("a puzzle");
    let search = Search::with_limits(&puzzle, strategy, limits()).expect("no clash");
    let mut replay = Replay::new(&puzzle);
    let mut writer = EventWriter::new(puzzle.geometry(), strategy.order);
    let mut text = format!("{{\"type\":\"start\",\"version\":1,\"puzzle\":\"{HARD}\"}}\n");
    let mut step = 0;
    for event in search {
        replay.apply(&event);
        if !keep(&event) {
            continue;
        }
        step += 1;
        let mut out = Vec::new();
        writer
            .write(&mut out, step, &event, &replay)
            .expect("written");
        text.push_str(&String::from_utf8(out).expect("UTF-8"));
    }
    let path = std::env::temp_dir().join(format!(
        "dokuscope-tree-lookback-{}-{name}.jsonl",
        std::process::id()
    ));
    std::fs::write(&path, text).expect("written");
    TempFile(path)
}

/// The engine's tree of `strategy` on `HARD`, built from the events `keep` keeps.
fn engine_tree(strategy: Strategy, keep: impl Fn(&Event) -> bool) -> SearchTree {
    let puzzle: Puzzle = HARD.parse().expect("a puzzle");
    let search = Search::with_limits(&puzzle, strategy, limits()).expect("no clash");
    let mut tree = SearchTree::for_strategy(&strategy);
    for (i, event) in search.filter(|e| keep(e)).enumerate() {
        tree.observe(i as u64 + 1, &event);
    }
    tree
}

fn all_nodes(tree: &SearchTree) -> Vec<NodeInfo> {
    let end = tree.frontier();
    (0..tree.visible(end) as u32)
        .map(|id| tree.node(id, end).expect("a node"))
        .collect()
}

fn strategies() -> Vec<(&'static str, Strategy)> {
    let preset = |name: &str| find(name).expect("a preset").strategy;
    vec![
        ("cbj", preset("cbj")),
        ("fc-cbj", preset("fc-cbj")),
        (
            "dom-wdeg-lc --restart luby:8",
            Strategy {
                restart: Restart::Luby { scale: 8 },
                ..preset("dom-wdeg-lc")
            },
        ),
        (
            "fc-mrv --lookback cbj --restart luby:20",
            Strategy {
                restart: Restart::Luby { scale: 20 },
                lookback: LookBack::Cbj,
                ..preset("fc-mrv")
            },
        ),
    ]
}

fn lane_to_end(path: &std::path::Path) -> Lane {
    let mut lane = dokuscope::cli::stream_file::lane(path).expect("a stream");
    lane.timeline_mut().grow_tree();
    while lane.advance().is_some() {}
    lane
}

#[test]
fn a_foreign_stream_that_backjumps_or_restarts_grows_the_engines_tree() {
    for (name, strategy) in strategies() {
        let file = trace_file(strategy, "whole", |_| true);
        let lane = lane_to_end(&file.0);
        let stream = lane.timeline().tree();
        let engine = engine_tree(strategy, |_| true);
        assert_eq!(all_nodes(stream), all_nodes(&engine), "{name}");
        assert_eq!(stream.totals(), engine.totals(), "{name}");
        let restarts = strategy.restart != Restart::Never;
        assert_eq!(
            stream.has_runs(),
            restarts,
            "{name}: runs below a restart root"
        );
        assert!(!stream.restarts_unannounced(), "{name}");
        let totals = stream.totals();
        assert!(totals.skipped > 0 || totals.runs > 1, "{name} looked back");
    }
}

#[test]
fn a_stream_without_culprit_lines_backjumps_all_the_same() {
    // A foreign solver's backjump is a backtrack to an earlier decision: the tree needs no
    // conflict set to draw what it jumped over.
    let strategy = find("cbj").expect("cbj").strategy;
    let bare = |e: &Event| !matches!(e, Event::Culprit { .. });
    let file = trace_file(strategy, "bare", bare);
    let lane = lane_to_end(&file.0);
    let stream = lane.timeline().tree();
    assert_eq!(all_nodes(stream), all_nodes(&engine_tree(strategy, bare)));
    assert!(stream.totals().skipped > 0);
}

/// Each cell's value and domain.
fn board(lane: &Lane) -> Vec<(Option<Digit>, Domain)> {
    let grid = lane.cursor().replay().grid();
    grid.geometry()
        .cells()
        .map(|c| (grid.value(c), grid.domain(c)))
        .collect()
}

#[test]
fn stepping_back_across_backjumps_and_restarts_returns_the_same_boards_and_tree() {
    for (name, strategy) in strategies() {
        let file = trace_file(strategy, "steps", |_| true);
        let puzzle: Puzzle = HARD.parse().expect("a puzzle");
        let lanes = [
            Lane::new(name, &puzzle, strategy).expect("a lane"),
            dokuscope::cli::stream_file::lane(&file.0).expect("a stream"),
        ];
        for mut lane in lanes {
            lane.timeline_mut().grow_tree();
            // Forward: the board and the tree just after each backjump and restart.
            let mut seen = Vec::new();
            let looked_back = |lane: &Lane| {
                let stats = lane.cursor().stats();
                stats.backjumps + stats.restarts
            };
            let mut before = 0;
            while lane.advance().is_some() && lane.cursor().stats().nodes < 1_500 {
                if looked_back(&lane) > before {
                    let step = lane.step();
                    let tree = lane.timeline().tree();
                    seen.push((step, board(&lane), all_nodes_at(tree, step)));
                }
                before = looked_back(&lane);
            }
            assert!(seen.len() > 3, "{name}: backjumps and restarts seen");
            // Back from the end, latest first: the same boards, the same tree.
            for (step, was_board, was_tree) in seen.iter().rev() {
                lane.seek(*step);
                let tree = lane.timeline().tree();
                assert_eq!(&board(&lane), was_board, "{name}: board at step {step}");
                assert_eq!(
                    &all_nodes_at(tree, *step),
                    was_tree,
                    "{name}: tree at {step}"
                );
                let current = tree.current(*step).expect("a current node");
                let node = tree.node(current, *step).expect("visible");
                assert_ne!(
                    node.kind,
                    NodeKind::Skipped,
                    "{name}: the search is not on a skipped node"
                );
            }
        }
    }
}

fn all_nodes_at(tree: &SearchTree, step: u64) -> Vec<NodeInfo> {
    (0..tree.visible(step) as u32)
        .map(|id| tree.node(id, step).expect("a node"))
        .collect()
}
