//! The search tree built from events: its counts equal the search's counters for every
//! preset on puzzles of every kind, and the tree as it stood at any step equals the tree
//! built up to that step (stepping back hides exactly what came later). The same holds for
//! the searches that look back: backjumps leave skipped nodes as many as the `skipped`
//! counter, restarts hang each run below the restart root, for the engine's searches and
//! for foreign streams that backjump or restart.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::public;
use dokuscope::solver::preset::{PRESETS, find};
use dokuscope::solver::strategy::{LookBack, Restart};
use dokuscope::solver::tree::{Branch, NodeInfo, NodeKind, SearchTree};
use dokuscope::solver::{Event, Limits, Puzzle, Search, Stats, Strategy};
use proptest::prelude::*;

/// Every event of a search with `limits`, the tree built from them, and the counters.
fn grow(puzzle: &Puzzle, strategy: Strategy, limits: Limits) -> (Vec<Event>, SearchTree, Stats) {
    let mut search = Search::with_limits(puzzle, strategy, limits).expect("valid givens");
    let mut tree = SearchTree::for_strategy(&strategy);
    let mut events = Vec::new();
    for event in search.by_ref() {
        events.push(event);
        tree.observe(events.len() as u64, &event);
    }
    (events, tree, *search.stats())
}

fn limits(solutions: u64, nodes: u64) -> Limits {
    Limits {
        solutions,
        nodes: Some(nodes),
        deadline: None,
    }
}

/// Checks the tree's counts against the counters and its shape against its own rules.
fn assert_invariants(ctx: &str, tree: &SearchTree, stats: &Stats) {
    let totals = tree.totals();
    assert_eq!(
        totals.decisions, stats.nodes,
        "{ctx}: decision branches = nodes"
    );
    assert_eq!(
        totals.failures, stats.wipeouts,
        "{ctx}: failures = wipeouts"
    );
    assert_eq!(totals.solutions, stats.solutions, "{ctx}: solutions");
    assert_eq!(
        totals.skipped, stats.skipped,
        "{ctx}: skipped nodes = skipped"
    );
    assert_eq!(totals.backjumps, stats.backjumps, "{ctx}: backjumps");
    assert_eq!(
        totals.runs,
        stats.restarts + 1,
        "{ctx}: runs = restarts + 1"
    );
    let end = tree.frontier();
    let mut runs = Vec::new();
    for id in 0..tree.len() as u32 {
        let n = tree.node(id, end).expect("every node exists at the end");
        if let Some(p) = n.parent {
            let parent = tree.node(p, end).expect("parent");
            assert!(p < id, "{ctx}: preorder");
            assert_eq!(parent.kind, NodeKind::Choice, "{ctx}: node {id}'s parent");
            assert_eq!(n.depth, parent.depth + 1, "{ctx}: depth of {id}");
            if let Branch::Run(k) = n.branch {
                assert_eq!(p, 0, "{ctx}: run {k} hangs below the restart root");
                runs.push(k);
            } else {
                assert!(
                    n.branch_cell.is_some(),
                    "{ctx}: node {id} has a labelled branch"
                );
            }
        }
        if matches!(
            n.kind,
            NodeKind::Failure | NodeKind::Solution | NodeKind::Skipped
        ) {
            assert!(
                tree.children(id, end).is_empty(),
                "{ctx}: leaf {id} has children"
            );
        }
        if n.kind == NodeKind::Skipped {
            assert!(
                matches!(n.branch, Branch::Refutation(Some(_))),
                "{ctx}: skipped node {id} is an untried refutation"
            );
            let parent = n.parent.expect("a skipped node has a parent");
            let decided = tree.children(parent, end).into_iter().any(|c| {
                tree.node(c, end)
                    .is_some_and(|c| match (c.branch, n.branch) {
                        (Branch::Decision(d), Branch::Refutation(Some(r))) => d == r,
                        _ => false,
                    })
            });
            assert!(
                decided,
                "{ctx}: skipped node {id} stands beside its decision"
            );
        }
    }
    if stats.restarts > 0 {
        let expected: Vec<u32> = (1..=runs.len() as u32).collect();
        assert_eq!(runs, expected, "{ctx}: runs numbered in order");
        assert_eq!(
            runs.len() as u64,
            stats.restarts + 1,
            "{ctx}: a node per run"
        );
    }
    if stats.nodes == 0 && stats.wipeouts <= 1 {
        // A search told of its restarts beforehand (nogood-vsids restarts by default) has
        // its restart root and run 1 below it.
        let root = if tree.run_nodes().is_empty() { 1 } else { 2 };
        assert_eq!(
            tree.len(),
            root,
            "{ctx}: a search without decisions is one root"
        );
    }
}

#[test]
fn counts_match_the_counters_for_every_preset_on_puzzles_of_every_kind() {
    let mut cases: Vec<(String, Puzzle, u64)> = Vec::new();
    let bundled = |name: &str| {
        std::fs::read_to_string(format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR")))
            .expect("a bundled file")
    };
    for (name, count) in [("4x4.txt", 2), ("hard.txt", 1), ("16x16.txt", 1)] {
        let text = bundled(name);
        let reader = dokuscope::solver::PuzzleReader::new(name, text.as_bytes());
        for entry in reader.take(3) {
            let entry = entry.expect("bundled puzzles parse");
            cases.push((entry.location.to_string(), entry.puzzle, count));
        }
    }
    let sets = [
        ("top95.txt", 1, 12),
        ("unsolvable.txt", 1, 14),
        ("multiple_solutions.txt", 5, 6),
    ];
    for (name, count, take) in sets {
        for (i, line) in public::first(name, take).iter().enumerate() {
            let puzzle: Puzzle = line.parse().expect("a public puzzle parses");
            if puzzle.conflict().is_none() {
                cases.push((format!("{name}:{}", i + 1), puzzle, count));
            }
        }
    }
    for preset in PRESETS {
        for (location, puzzle, count) in &cases {
            let (_, tree, stats) = grow(puzzle, preset.strategy, limits(*count, 3_000));
            assert_invariants(&format!("{} on {location}", preset.name), &tree, &stats);
        }
    }
}

/// The searches that look back: the look-back presets, and presets under restarts.
fn look_back() -> Vec<(String, Strategy)> {
    let preset = |name: &str| find(name).expect("a preset").strategy;
    let luby = |scale| Restart::Luby { scale };
    vec![
        ("cbj".into(), preset("cbj")),
        ("fc-cbj".into(), preset("fc-cbj")),
        ("dom-wdeg".into(), preset("dom-wdeg")),
        ("dom-wdeg-lc".into(), preset("dom-wdeg-lc")),
        (
            "dom-wdeg --restart luby:10".into(),
            Strategy {
                restart: luby(10),
                ..preset("dom-wdeg")
            },
        ),
        (
            "mrv --restart luby:5 --seed 3".into(),
            Strategy {
                restart: luby(5),
                seed: Some(3),
                ..preset("mrv")
            },
        ),
        (
            "fc-mrv --lookback cbj --restart luby:20".into(),
            Strategy {
                restart: luby(20),
                lookback: LookBack::Cbj,
                ..preset("fc-mrv")
            },
        ),
    ]
}

/// Puzzles whose searches backjump and restart: top95's first and bundled hard puzzles.
fn hard_puzzles() -> Vec<(String, Puzzle)> {
    let mut out: Vec<(String, Puzzle)> = PUZZLES
        .iter()
        .enumerate()
        .map(|(i, l)| (format!("line {}", i + 1), l.parse().expect("puzzle")))
        .collect();
    for (i, line) in public::first("top95.txt", 9).iter().enumerate().skip(5) {
        out.push((format!("top95:{}", i + 1), line.parse().expect("puzzle")));
    }
    out
}

#[test]
fn look_back_trees_count_skipped_nodes_and_runs_as_the_counters_do() {
    let mut jumped = 0;
    let mut restarted = 0;
    for (name, strategy) in look_back() {
        for (location, puzzle) in hard_puzzles() {
            let (_, tree, stats) = grow(&puzzle, strategy, limits(2, 3_000));
            assert_invariants(&format!("{name} on {location}"), &tree, &stats);
            jumped += stats.skipped;
            restarted += stats.restarts;
        }
    }
    assert!(jumped > 100, "the searches backjumped ({jumped} skipped)");
    assert!(restarted > 20, "the searches restarted ({restarted} times)");
}

#[test]
fn look_back_trees_at_any_step_equal_the_tree_built_to_that_step() {
    for (name, strategy) in look_back() {
        for (location, puzzle) in hard_puzzles().into_iter().take(3) {
            let (events, full, _) = grow(&puzzle, strategy, limits(1, 600));
            let mut partial = SearchTree::for_strategy(&strategy);
            let cuts = 24;
            let mut next_cut = 1;
            for (i, e) in events.iter().enumerate() {
                let step = i as u64 + 1;
                partial.observe(step, e);
                // Every backjump and restart step, and evenly spaced ones.
                let look_back = matches!(e, Event::Restart { .. })
                    || matches!(e, Event::Backtrack { .. })
                        && events
                            .get(i.wrapping_sub(1))
                            .is_some_and(|p| matches!(p, Event::Culprit { .. }));
                if !look_back && step < next_cut {
                    continue;
                }
                next_cut = step + (events.len() as u64 / cuts).max(1);
                let ctx = format!("{name} on {location} at step {step}");
                assert_eq!(as_of(&full, step), as_of(&partial, step), "{ctx}");
                assert_eq!(full.current(step), partial.current(step), "{ctx}");
                for id in 0..partial.len() as u32 {
                    assert_eq!(full.subtree(id, step), partial.subtree(id, step), "{ctx}");
                    assert_eq!(full.children(id, step), partial.children(id, step), "{ctx}");
                }
                assert_eq!(
                    full.pixels(step, 40, 16),
                    partial.pixels(step, 40, 16),
                    "{ctx}"
                );
            }
        }
    }
}

#[test]
fn a_limit_leaves_an_open_node() {
    let puzzle: Puzzle = public::first("top95.txt", 1)[0].parse().expect("puzzle");
    let bt = dokuscope::solver::preset::find("bt").expect("bt").strategy;
    let (_, tree, stats) = grow(&puzzle, bt, limits(1, 50));
    assert_eq!(stats.nodes, 50);
    assert!(tree.totals().open >= 1, "the limit shows as an open node");
    let end = tree.frontier();
    let current = tree
        .node(tree.current(end).expect("a current node"), end)
        .expect("node");
    assert_eq!(
        current.kind,
        NodeKind::Open,
        "the search stopped at an open node"
    );
    let parent = tree
        .node(current.parent.expect("below a choice"), end)
        .expect("node");
    assert_eq!(parent.kind, NodeKind::Choice);
}

/// top95's first five puzzles.
const PUZZLES: [&str; 5] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
];

/// Every visible node as it stood at `step`.
fn as_of(tree: &SearchTree, step: u64) -> Vec<NodeInfo> {
    (0..tree.visible(step) as u32)
        .map(|id| tree.node(id, step).expect("visible"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The tree built to the end and viewed at step s equals the tree built to step s:
    /// every node, kind, label and step range, the current node, and the subtree counts.
    #[test]
    fn the_tree_at_a_step_equals_the_tree_built_to_that_step(
        preset in 0..PRESETS.len(),
        puzzle in 0usize..5,
        cut in 0u64..1000,
    ) {
        let p: Puzzle = PUZZLES[puzzle].parse().expect("puzzle");
        let strategy = PRESETS[preset].strategy;
        let (events, full, _) = grow(&p, strategy, limits(2, 400));
        let step = (events.len() as u64 * cut / 1000).max(1);
        let mut partial = SearchTree::for_strategy(&strategy);
        for (i, e) in events.iter().take(step as usize).enumerate() {
            partial.observe(i as u64 + 1, e);
        }
        prop_assert_eq!(as_of(&full, step), as_of(&partial, step));
        prop_assert_eq!(full.current(step), partial.current(step));
        for id in 0..partial.len() as u32 {
            prop_assert_eq!(full.subtree(id, step), partial.subtree(id, step));
            prop_assert_eq!(full.children(id, step), partial.children(id, step));
        }
        prop_assert_eq!(full.pixels(step, 40, 16), partial.pixels(step, 40, 16));
    }
}
