//! The tree panel as a person uses it: opened with `t`, walked with the arrows, folded,
//! jumped into with Enter; snapshots of the near view and the overview at 80×24, 120×40 and
//! 200×60, the full-screen tree, compare's overviews, and a search without decisions.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{after_flash, app_on, draw, inline, settle, text};
use dokuscope::app::tree::{TreeLayout, Walk};
use dokuscope::app::{Action, App, Lock};
use dokuscope::solver::tree::NodeKind;

/// Norvig's hard puzzle: 78 decisions under mrv-degree.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const EASY: &str =
    "..7.196..8.5.2.....31..84.719.86.74.5.674..937...3..6.31.........41..5.6.58...3..";

fn hard(preset: &str) -> App {
    app_on(inline(HARD), &[preset], Lock::Events)
}

fn backtracks(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update(Action::NextBacktrack);
        settle(app);
    }
    after_flash(app);
}

/// The focused node as the app sees it.
fn focus(app: &App) -> dokuscope::solver::tree::NodeInfo {
    let lane = &app.lanes()[0];
    let tree = lane.timeline().tree();
    let id = app.tree().focus(tree, lane.tree_at()).expect("a focus");
    tree.node(id, lane.step()).expect("visible")
}

#[test]
fn t_opens_the_tree_beside_the_board_mid_search() {
    let mut app = hard("mrv-degree");
    backtracks(&mut app, 3);
    app.update(Action::ToggleTree);
    assert_eq!(app.tree().layout, TreeLayout::Side);
    let screen = text(&app, 120, 40);
    assert!(screen.contains("search tree · "), "{screen}");
    assert!(screen.contains("● root r"), "{screen}");
    assert!(
        screen.contains('◀'),
        "the current node is marked:\n{screen}"
    );
    insta::assert_snapshot!("tree_side_120x40", draw(&app, 120, 40).backend());
    insta::assert_snapshot!("tree_side_80x24", draw(&app, 80, 24).backend());
    app.update(Action::ToggleTree);
    assert_eq!(app.tree().layout, TreeLayout::Hidden);
    assert!(!text(&app, 120, 40).contains("search tree"));
}

#[test]
fn capital_t_gives_the_tree_the_screen_at_the_solution() {
    let mut app = hard("mrv-degree");
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    app.update(Action::TreeFull);
    for _ in 0..4 {
        app.update(Action::TreeWalk(Walk::Parent));
    }
    let screen = text(&app, 200, 60);
    assert!(
        screen.contains("◆ r"),
        "the solution node is listed:\n{screen}"
    );
    assert!(
        screen.contains('▲'),
        "failed subtrees are folded:\n{screen}"
    );
    insta::assert_snapshot!("tree_full_200x60", draw(&app, 200, 60).backend());
}

#[test]
fn the_arrows_walk_the_tree_and_enter_jumps_the_view_to_the_node() {
    let mut app = hard("mrv-degree");
    app.update(Action::RunToEnd);
    settle(&mut app);
    app.update(Action::ToggleTree);
    let end = app.lanes()[0].step();
    assert_eq!(
        focus(&app).kind,
        NodeKind::Solution,
        "follows the current node"
    );
    app.update(Action::TreeWalk(Walk::Root));
    assert_eq!(focus(&app).id, 0);
    app.update(Action::TreeWalk(Walk::Parent));
    assert_eq!(focus(&app).id, 0, "the root has no parent");
    // Down the first children to the first leaf: a failure in a search that backtracks.
    let mut depth = 0;
    loop {
        let before = focus(&app).id;
        app.update(Action::TreeWalk(Walk::FirstChild));
        if focus(&app).id == before {
            break;
        }
        depth += 1;
        assert_eq!(focus(&app).depth, depth);
    }
    let leaf = focus(&app);
    assert_eq!(leaf.kind, NodeKind::Failure);
    app.update(Action::TreeWalk(Walk::Next));
    let sibling = focus(&app);
    assert_eq!(sibling.parent, leaf.parent, "a sibling");
    assert!(sibling.id > leaf.id);
    app.update(Action::TreeWalk(Walk::Previous));
    assert_eq!(focus(&app).id, leaf.id);
    app.update(Action::TreeJump);
    let lane = &app.lanes()[0];
    assert_eq!(lane.step(), leaf.step(), "the view is at the node's step");
    assert!(lane.step() < end);
    let last = lane.cursor().last().expect("an event").event;
    assert_eq!(last.kind(), "wipeout", "a failure's step is its wipeout");
    assert_eq!(
        focus(&app).id,
        leaf.id,
        "after the jump the tree follows the search there"
    );
    let status = text(&app, 120, 40);
    assert!(
        status.contains(&format!(
            "step {}  ",
            dokuscope::numbers::grouped(leaf.step())
        )),
        "{status}"
    );
}

#[test]
fn space_folds_and_unfolds_the_focused_subtree() {
    let mut app = hard("mrv-degree");
    app.update(Action::RunToEnd);
    settle(&mut app);
    app.update(Action::ToggleTree);
    app.update(Action::TreeWalk(Walk::Root));
    app.update(Action::TreeWalk(Walk::FirstChild));
    let child = focus(&app);
    let rows = |app: &App| {
        let lane = &app.lanes()[0];
        app.tree()
            .outline(lane.timeline().tree(), lane.tree_at(), 40, 30)
            .expect("outline")
            .rows
    };
    let open = rows(&app);
    assert!(
        open.iter().any(|r| r.node.parent == Some(child.id)),
        "a focused node lists its children"
    );
    app.update(Action::TreeFold);
    let folded = rows(&app);
    assert!(folded.iter().all(|r| r.node.parent != Some(child.id)));
    let row = folded
        .iter()
        .find(|r| r.node.id == child.id)
        .expect("its row");
    assert!(
        row.folded.is_some_and(|f| f.size > 1),
        "the row counts the subtree"
    );
    app.update(Action::TreeFold);
    assert_eq!(rows(&app), open);
}

#[test]
fn stepping_back_hides_the_nodes_that_came_later() {
    let mut app = hard("mrv-degree");
    backtracks(&mut app, 4);
    app.update(Action::ToggleTree);
    let later = text(&app, 120, 40);
    for _ in 0..40 {
        app.update(Action::StepBack);
    }
    let earlier = text(&app, 120, 40);
    assert!(
        header_count(&earlier) < header_count(&later),
        "a search under way shows its tree as it stood:\n{earlier}\n{later}"
    );
}

/// The node count in the tree panel's header.
fn header_count(screen: &str) -> u64 {
    screen
        .lines()
        .find_map(|l| l.split("search tree · ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.replace(',', "").parse::<u64>().ok())
        .expect("the header counts nodes")
}

/// Issue 44: Enter on a node of a finished search's tree jumped the view to the node's
/// step and shrank the tree to what existed then (getting the rest back took `s` again).
/// A finished search's tree is the whole search: the view's step is marked in it (`◀`, the
/// path in bold) and the nodes made after it are dimmed.
#[test]
fn a_finished_searchs_tree_stays_whole_when_the_view_goes_back_in_it() {
    let mut app = hard("mrv-degree");
    app.update(Action::RunToEnd);
    settle(&mut app);
    app.update(Action::ToggleTree);
    let whole = header_count(&text(&app, 120, 40));
    // Down the first children to the first failure, and Enter.
    app.update(Action::TreeWalk(Walk::Root));
    loop {
        let before = focus(&app).id;
        app.update(Action::TreeWalk(Walk::FirstChild));
        if focus(&app).id == before {
            break;
        }
    }
    let leaf = focus(&app);
    app.update(Action::TreeJump);
    after_flash(&mut app);
    assert_eq!(app.lanes()[0].step(), leaf.step());
    let screen = text(&app, 120, 40);
    assert_eq!(
        header_count(&screen),
        whole,
        "the tree stays whole:\n{screen}"
    );
    assert!(screen.contains('◀'), "the step's node is marked:\n{screen}");
    let lane = &app.lanes()[0];
    let outline = app
        .tree()
        .outline(lane.timeline().tree(), lane.tree_at(), 40, 30)
        .expect("an outline");
    assert!(
        outline.rows.iter().any(|r| r.later),
        "the nodes after the step are listed, dimmed:\n{screen}"
    );
    assert!(outline.rows.iter().any(|r| r.current && !r.later));
    insta::assert_snapshot!(
        "tree_whole_after_enter_120x40",
        draw(&app, 120, 40).backend()
    );
    insta::assert_snapshot!("tree_whole_after_enter_80x24", draw(&app, 80, 24).backend());
    // Stepping back keeps it whole too; `s` is not needed to get the rest back.
    for _ in 0..40 {
        app.update(Action::StepBack);
    }
    assert_eq!(header_count(&text(&app, 120, 40)), whole);
}

#[test]
fn a_search_without_decisions_shows_a_single_root_and_a_sentence() {
    let mut app = app_on(inline(EASY), &["fast"], Lock::Events);
    app.update(Action::RunToEnd);
    settle(&mut app);
    app.update(Action::ToggleTree);
    let screen = text(&app, 120, 40);
    assert!(
        screen.contains("◆ root  solved by propagation alone"),
        "{screen}"
    );
}

#[test]
fn compare_shows_each_panes_overview_with_the_divergence_marked() {
    let mut app = app_on(inline(HARD), &["fast", "mrv-degree"], Lock::Events);
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    app.update(Action::ToggleTree);
    let screen = text(&app, 120, 40);
    assert_eq!(screen.matches("tree · ").count(), 2, "{screen}");
    insta::assert_snapshot!("tree_compare_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn tree_keys_walk_only_while_the_tree_has_the_arrows() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use dokuscope::app::keymap::action_for;
    let mut app = hard("mrv-degree");
    let right = KeyEvent::new(KeyCode::Right, KeyModifiers::NONE);
    assert_eq!(
        action_for(
            &dokuscope::tui::keys::press(&right).expect("a press"),
            app.key_mode(),
            1
        ),
        Some(Action::StepForward)
    );
    app.update(Action::ToggleTree);
    assert_eq!(
        action_for(
            &dokuscope::tui::keys::press(&right).expect("a press"),
            app.key_mode(),
            1
        ),
        Some(Action::TreeWalk(Walk::Next))
    );
    let n = KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE);
    assert_eq!(
        action_for(
            &dokuscope::tui::keys::press(&n).expect("a press"),
            app.key_mode(),
            1
        ),
        Some(Action::NextDecision),
        "other keys act as usual"
    );
    let tab = KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE);
    let handed = action_for(
        &dokuscope::tui::keys::press(&tab).expect("a press"),
        app.key_mode(),
        1,
    )
    .expect("Tab acts");
    app.update(handed);
    assert_eq!(
        action_for(
            &dokuscope::tui::keys::press(&right).expect("a press"),
            app.key_mode(),
            1
        ),
        Some(Action::StepForward),
        "Tab hands the arrows back"
    );
}

#[test]
fn a_tree_opened_late_catches_up_to_the_tree_grown_all_along() {
    let mut early = hard("mrv-degree");
    early.update(Action::ToggleTree);
    backtracks(&mut early, 5);
    let mut late = hard("mrv-degree");
    backtracks(&mut late, 5);
    assert_eq!(
        late.lanes()[0].timeline().tree().len(),
        0,
        "a hidden tree is not grown"
    );
    late.update(Action::ToggleTree);
    let (a, b) = (&early.lanes()[0], &late.lanes()[0]);
    assert_eq!(a.step(), b.step());
    assert_eq!(a.timeline().tree().totals(), b.timeline().tree().totals());
    assert_eq!(text(&early, 120, 40), text(&late, 120, 40));
}

/// The legend line: the one above the status line.
fn legend(app: &App, w: u16, h: u16) -> String {
    let screen = text(app, w, h);
    let lines: Vec<&str> = screen.lines().collect();
    lines[lines.len() - 2].to_string()
}

#[test]
fn the_legend_says_who_has_the_arrows_at_every_size() {
    // `t` hands the arrows to the tree and Tab hands them back; before #37 the legend read
    // `←→ step` either way and the panel's hint showed only from 180 columns.
    let mut app = hard("mrv-degree");
    backtracks(&mut app, 1);
    app.update(Action::ToggleTree);
    assert!(app.tree().focus, "t gives the arrows to the tree");
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let line = legend(&app, w, h);
        assert!(
            line.contains("↑↓←→ walk the tree") && line.contains("Tab arrows step"),
            "{w}×{h}: {line}"
        );
        assert!(!line.contains("←→ step "), "{w}×{h}: {line}");
    }
    app.update(Action::TreeFocus);
    assert!(!app.tree().focus, "Tab gives the arrows back to stepping");
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let line = legend(&app, w, h);
        assert!(line.contains("←→ step"), "{w}×{h}: {line}");
        assert!(!line.contains("walk the tree"), "{w}×{h}: {line}");
    }
}

/// Goes to `step` as `g`, the digits and Enter do.
fn go_to(app: &mut App, step: u64) {
    app.update(Action::GoTo);
    for c in step.to_string().chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
    settle(app);
    after_flash(app);
}

#[test]
fn a_backjump_shows_the_decisions_it_jumped_over_as_skipped() {
    let mut app = app_on(
        inline("6.7.84..34......5...3......72.......3.9..7.......4..25........2....35..6.32.7.9.."),
        &["cbj"],
        Lock::Events,
    );
    // Step 247: cbj's first backjump there, from r5c7 back to r4c8 over 4 decisions.
    go_to(&mut app, 247);
    app.update(Action::ToggleTree);
    let stats = *app.lanes()[0].cursor().stats();
    assert_eq!(
        (stats.backjumps, stats.skipped),
        (1, 4),
        "the first backjump"
    );
    let screen = text(&app, 120, 40);
    for skipped in [
        "⊘ r5c5≠1 skipped",
        "⊘ r5c4≠2 skipped",
        "⊘ r5c2≠4 skipped",
        "⊘ r4c9≠9 skipped",
    ] {
        assert!(screen.contains(skipped), "{skipped}:\n{screen}");
    }
    assert!(screen.contains("4⊘"), "the header counts them:\n{screen}");
    insta::assert_snapshot!("tree_backjump_120x40", draw(&app, 120, 40).backend());
    insta::assert_snapshot!("tree_backjump_80x24", draw(&app, 80, 24).backend());
}

#[test]
fn a_search_that_restarts_shows_each_run_below_the_restart_root() {
    let preset = dokuscope::solver::preset::find("dom-wdeg").expect("a preset");
    let strategy = dokuscope::solver::Strategy {
        restart: dokuscope::solver::strategy::Restart::Luby { scale: 5 },
        ..preset.strategy
    };
    let mut app = App::new(
        inline("6.7.84..34......5...3......72.......3.9..7.......4..25........2....35..6.32.7.9.."),
        &[("dom-wdeg".into(), strategy)],
        Lock::Events,
    )
    .expect("an app");
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    app.update(Action::ToggleTree);
    app.update(Action::TreeWalk(Walk::Root));
    let runs = app.lanes()[0].cursor().stats().restarts + 1;
    let screen = text(&app, 120, 40);
    assert!(screen.contains(&format!("· {runs} runs")), "{screen}");
    for k in 1..=runs.min(10) {
        assert!(
            screen.contains(&format!(" run {k} r")),
            "run {k}:\n{screen}"
        );
    }
    assert!(
        screen.matches('↺').count() as u64 >= runs - 1,
        "each restart marked on the pixel tree and the depth trace:\n{screen}"
    );
    insta::assert_snapshot!("tree_restarts_120x40", draw(&app, 120, 40).backend());
    insta::assert_snapshot!("tree_restarts_80x24", draw(&app, 80, 24).backend());
}
