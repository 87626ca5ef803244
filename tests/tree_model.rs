//! The search tree built from events: its counts equal the search's counters for every
//! preset on puzzles of every kind, and the tree as it stood at any step equals the tree
//! built up to that step (stepping back hides exactly what came later).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::shared_lines;
use dokuscope::solver::preset::PRESETS;
use dokuscope::solver::tree::{NodeInfo, NodeKind, SearchTree};
use dokuscope::solver::{Event, Limits, Puzzle, Search, Stats, Strategy};
use proptest::prelude::*;

/// Every event of a search with `limits`, the tree built from them, and the counters.
fn grow(puzzle: &Puzzle, strategy: Strategy, limits: Limits) -> (Vec<Event>, SearchTree, Stats) {
    let mut search = Search::with_limits(puzzle, strategy, limits).expect("valid givens");
    let mut tree = SearchTree::new();
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
    let end = tree.frontier();
    for id in 0..tree.len() as u32 {
        let n = tree.node(id, end).expect("every node exists at the end");
        if let Some(p) = n.parent {
            let parent = tree.node(p, end).expect("parent");
            assert!(p < id, "{ctx}: preorder");
            assert_eq!(parent.kind, NodeKind::Choice, "{ctx}: node {id}'s parent");
            assert_eq!(n.depth, parent.depth + 1, "{ctx}: depth of {id}");
            assert!(
                n.branch_cell.is_some(),
                "{ctx}: node {id} has a labelled branch"
            );
        }
        if matches!(n.kind, NodeKind::Failure | NodeKind::Solution) {
            assert!(
                tree.children(id, end).is_empty(),
                "{ctx}: leaf {id} has children"
            );
        }
    }
    if stats.nodes == 0 && stats.wipeouts <= 1 {
        assert_eq!(
            tree.len(),
            1,
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
        let Some(lines) = shared_lines(name) else {
            continue;
        };
        for (i, line) in lines.iter().take(take).enumerate() {
            let puzzle: Puzzle = line.parse().expect("a shared puzzle parses");
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

#[test]
fn a_limit_leaves_an_open_node() {
    let lines = shared_lines("top95.txt");
    let line = lines.as_ref().map_or(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        |l| l[0].as_str(),
    );
    let puzzle: Puzzle = line.parse().expect("puzzle");
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
        let lines = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
            "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
            "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
        ];
        let p: Puzzle = lines[puzzle].parse().expect("puzzle");
        let strategy = PRESETS[preset].strategy;
        let (events, full, _) = grow(&p, strategy, limits(2, 400));
        let step = (events.len() as u64 * cut / 1000).max(1);
        let mut partial = SearchTree::new();
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
