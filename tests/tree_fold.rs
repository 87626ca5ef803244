//! A tree of any size in bounded memory: past its budget the tree folds finished subtrees
//! into summaries, and a fold made exact again by replaying its steps is, node for node, the
//! tree that never folded; at any step, with the fold the search was in made exact, the tree
//! answers every query as the tree that never folded does, for chronological searches,
//! backjumps and restarts alike.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use dokuscope::solver::preset::find;
use dokuscope::solver::strategy::{LookBack, Restart};
use dokuscope::solver::tree::{FoldPolicy, NodeId, PixelTree, SearchTree};
use dokuscope::solver::{Event, Limits, Puzzle, Search, Stats, Strategy};

/// top95 #7 and #28: thousands of nodes under each strategy below.
const PUZZLES: [&str; 2] = [
    "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
    "6..3.2....4.....8..........7.26............543.........8.15........8.2........7..",
];

/// A budget small enough to fold searches of a few thousand nodes many times over.
const SMALL: FoldPolicy = FoldPolicy {
    budget: 600,
    window: 64,
    max_span: 3_000,
};

fn strategies() -> Vec<(&'static str, Strategy)> {
    let preset = |name: &str| find(name).expect("a preset").strategy;
    vec![
        ("bt", preset("bt")),
        ("mrv", preset("mrv")),
        ("cbj", preset("cbj")),
        ("fc-cbj", preset("fc-cbj")),
        ("dom-wdeg", preset("dom-wdeg")),
        (
            "dom-wdeg-lc --restart luby:10",
            Strategy {
                restart: Restart::Luby { scale: 10 },
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

/// The events of a search, the tree that never folds, the tree that folds, the counters.
fn grow(puzzle: &str, strategy: Strategy) -> (Vec<Event>, SearchTree, SearchTree, Stats) {
    let puzzle: Puzzle = puzzle.parse().expect("a puzzle");
    let limits = Limits {
        solutions: 1,
        nodes: Some(4_000),
        deadline: None,
    };
    let mut search = Search::with_limits(&puzzle, strategy, limits).expect("no clash");
    let mut whole = SearchTree::for_strategy(&strategy);
    whole.set_fold_policy(FoldPolicy::never());
    let mut folded = SearchTree::for_strategy(&strategy);
    folded.set_fold_policy(SMALL);
    let mut events = Vec::new();
    for event in search.by_ref() {
        events.push(event);
        let step = events.len() as u64;
        whole.observe(step, &event);
        folded.observe(step, &event);
    }
    (events, whole, folded, *search.stats())
}

/// Makes the fold rooted at `id` exact again from the events.
fn unfold(tree: &mut SearchTree, id: NodeId, events: &[Event]) {
    let mut expansion = tree.expansion(id).expect("a fold");
    let (first, last) = expansion.steps();
    for step in first..=last.min(events.len() as u64) {
        expansion.observe(step, &events[step as usize - 1]);
    }
    tree.unfold(expansion).expect("the same nodes");
}

/// A folded subtree is drawn from its summary, its depths spread over its columns: the
/// picture shows every dot the exact one does, at the same scale.
fn covers(folded: &PixelTree, whole: &PixelTree, ctx: &str) {
    assert_eq!(
        (folded.columns, folded.rows, folded.nodes, folded.max_depth),
        (whole.columns, whole.rows, whole.nodes, whole.max_depth),
        "{ctx}: the same picture's frame"
    );
    for (at, (&f, &w)) in folded.dots.iter().zip(&whole.dots).enumerate() {
        assert_eq!(f & w, w, "{ctx}: dot {at}");
    }
}

#[test]
fn past_its_budget_the_tree_folds_and_keeps_its_counts() {
    for (name, strategy) in strategies() {
        for puzzle in PUZZLES {
            let (_, whole, folded, stats) = grow(puzzle, strategy);
            assert!(whole.len() > 2 * SMALL.budget, "{name}: a tree to fold");
            assert!(folded.folds() > 0, "{name}: folded");
            assert!(
                folded.exact_nodes() <= SMALL.budget,
                "{name}: {} exact nodes",
                folded.exact_nodes()
            );
            assert_eq!(folded.totals(), whole.totals(), "{name}");
            assert_eq!(folded.totals().decisions, stats.nodes, "{name}");
            assert_eq!(folded.totals().failures, stats.wipeouts, "{name}");
            assert_eq!(folded.totals().skipped, stats.skipped, "{name}");
            let end = whole.frontier();
            assert_eq!(folded.subtree(0, end), whole.subtree(0, end), "{name}");
            covers(
                &folded.pixels(end, 60, 20),
                &whole.pixels(end, 60, 20),
                name,
            );
        }
    }
}

#[test]
fn every_fold_made_again_is_the_subtree_that_never_folded() {
    for (name, strategy) in strategies() {
        let (events, whole, mut folded, _) = grow(PUZZLES[0], strategy);
        folded.set_fold_policy(FoldPolicy::never());
        let end = whole.frontier();
        let mut unfolded = 0;
        while let Some(id) = (0..folded.len() as NodeId).find(|&id| folded.folded(id).is_some()) {
            unfold(&mut folded, id, &events);
            unfolded += 1;
        }
        assert!(unfolded > 3, "{name}: {unfolded} folds");
        assert_eq!(folded.exact_nodes(), whole.len(), "{name}");
        for id in 0..whole.len() as NodeId {
            assert_eq!(
                folded.node(id, end),
                whole.node(id, end),
                "{name}: node {id}"
            );
            assert_eq!(
                folded.subtree(id, end),
                whole.subtree(id, end),
                "{name}: {id}"
            );
        }
    }
}

#[test]
fn at_any_step_the_unfolded_tree_answers_as_the_tree_that_never_folded() {
    for (name, strategy) in strategies() {
        let (events, whole, mut folded, _) = grow(PUZZLES[1], strategy);
        let steps = events.len() as u64;
        let mut checked = 0;
        for k in 1..=40 {
            let step = steps * k / 41 + 1;
            folded.set_pins(&[]);
            if let Some(f) = folded.straddling(step) {
                unfold(&mut folded, f.id, &events);
            }
            let pins: Vec<NodeId> = folded.current(step).into_iter().collect();
            folded.set_pins(&pins);
            folded.keep_budget();
            assert!(folded.straddling(step).is_none(), "{name}: {step} is exact");
            let ctx = format!("{name} at step {step}");
            assert_eq!(folded.visible(step), whole.visible(step), "{ctx}");
            assert_eq!(folded.current(step), whole.current(step), "{ctx}");
            assert_eq!(folded.backjump_at(step), whole.backjump_at(step), "{ctx}");
            for id in 0..folded.visible(step) as NodeId {
                let Some(n) = folded.node(id, step) else {
                    assert!(
                        folded.folded(id).is_some(),
                        "{ctx}: only folded nodes are hidden"
                    );
                    continue;
                };
                checked += 1;
                assert_eq!(
                    Some(n),
                    whole
                        .node(id, step)
                        .map(|w| dokuscope::solver::tree::NodeInfo {
                            folded: n.folded,
                            ..w
                        }),
                    "{ctx}: node {id}"
                );
                assert_eq!(
                    folded.subtree(id, step),
                    whole.subtree(id, step),
                    "{ctx}: {id}"
                );
                if !n.folded {
                    assert_eq!(
                        folded.children(id, step),
                        whole.children(id, step),
                        "{ctx}: {id}"
                    );
                }
            }
            assert_eq!(
                folded.path_to(folded.current(step).expect("a node")),
                whole.path_to(whole.current(step).expect("a node")),
                "{ctx}"
            );
            covers(
                &folded.pixels(step, 60, 20),
                &whole.pixels(step, 60, 20),
                &ctx,
            );
        }
        assert!(checked > 1_000, "{name}: {checked} nodes compared");
    }
}

#[path = "common/app.rs"]
mod common;

mod app {
    use super::common::{inline, settle};
    use dokuscope::app::tree::Walk;
    use dokuscope::app::{Action, App, Lock};
    use dokuscope::solver::tree::{FoldPolicy, NodeId};

    /// An outline row as the viewer reads it (whether its subtree is held folded aside).
    type Row = (NodeId, String, Option<u64>, bool, bool);

    fn rows(app: &App) -> (u64, Option<NodeId>, Vec<Row>) {
        let lane = &app.lanes()[0];
        let tree = lane.timeline().tree();
        let step = lane.step();
        let outline = app
            .tree()
            .outline(tree, lane.tree_at(), 30, 40)
            .expect("an outline");
        let rows = outline
            .rows
            .iter()
            .map(|r| {
                let label = format!("{:?} {:?} {:?}", r.node.kind, r.node.branch, r.node.choice);
                (
                    r.node.id,
                    label,
                    r.folded.map(|f| f.size),
                    r.on_path,
                    r.current,
                )
            })
            .collect();
        (step, Some(outline.focus.id), rows)
    }

    #[test]
    fn walking_into_folded_subtrees_and_jumping_reads_as_the_tree_that_never_folded() {
        // top95 #1 under bt: 23,000 events, folded many times over by a small budget.
        let puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let make = |policy| {
            let mut app = App::new(
                inline(puzzle),
                &[(
                    "bt".into(),
                    dokuscope::solver::preset::find("bt").expect("bt").strategy,
                )],
                Lock::Events,
            )
            .expect("an app");
            app.set_fold_policy(policy);
            app.update(Action::GoTo);
            for c in "23000".chars() {
                app.update(Action::Type(c));
            }
            app.update(Action::Confirm);
            settle(&mut app);
            app.update(Action::ToggleTree);
            app
        };
        let small = FoldPolicy {
            budget: 800,
            window: 100,
            max_span: 2_000,
        };
        let mut folded = make(small);
        let mut whole = make(FoldPolicy::never());
        let tree = folded.lanes()[0].timeline().tree();
        assert!(tree.folds() > 5, "{} folds", tree.folds());
        let actions = [
            Action::TreeWalk(Walk::Root),
            Action::TreeWalk(Walk::FirstChild),
            Action::TreeWalk(Walk::FirstChild),
            Action::TreeWalk(Walk::Next),
            Action::TreeWalk(Walk::FirstChild),
            Action::TreeWalk(Walk::FirstChild),
            Action::TreeWalk(Walk::FirstChild),
            Action::TreeWalk(Walk::Next),
            Action::TreeFold,
            Action::TreeFold,
            Action::TreeWalk(Walk::FirstChild),
            Action::TreeWalk(Walk::FirstChild),
            Action::TreeJump,
            Action::StepBack,
            Action::NextBacktrack,
            Action::TreeWalk(Walk::Parent),
            Action::TreeWalk(Walk::Parent),
            Action::TreeWalk(Walk::Previous),
            Action::TreeJump,
        ];
        let mut entered_folds = 0;
        for action in actions {
            let before = folded.lanes()[0].timeline().tree().folds();
            folded.update(action);
            whole.update(action);
            settle(&mut folded);
            settle(&mut whole);
            entered_folds += usize::from(folded.lanes()[0].timeline().tree().folds() < before);
            assert!(folded.message().is_none(), "{:?}", folded.message());
            assert_eq!(rows(&folded), rows(&whole), "after {action:?}");
        }
        assert!(
            entered_folds >= 2,
            "walked into {entered_folds} folded subtrees"
        );
    }
}
