//! The search tree of any size: watch on the search of issue 33, `bt` on Wikipedia's
//! puzzle that defeats brute force (69,175,316 decisions, 138,350,569 tree nodes, 899,278,670
//! events), played to its end and the tree opened there. Reports the time to play to the end,
//! the time to open the tree (built from step 0 in slices, as watch does), the tree's memory
//! (exact nodes, folds) and the process's peak resident memory; then benchmarks walking into
//! a folded subtree (made exact by replaying it from the nearest checkpoint), Enter on a
//! node inside one, and Enter anywhere in the finished tree up to the frame that answers it.
//!
//! `cargo bench --bench tree_huge` (a few minutes: the search itself takes most of them).

#![expect(
    clippy::cast_precision_loss,
    reason = "figures printed with one decimal"
)]

mod common;

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use common::resident_kib;

use dokuscope::app::tree::TreeState;
use dokuscope::app::{Action, App, Lane, Lock, Source};
use dokuscope::solver::NodeId;

/// Wikipedia's puzzle that defeats brute force (issue 33).
const WIKIPEDIA: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

fn main() {
    divan::main();
}

/// The process's peak resident memory in KiB (`VmHWM`), 0 where /proc is not there.
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The pane of watch on the whole search, played to its end with the tree opened there.
fn huge_lane() -> &'static Lane {
    static LANE: OnceLock<Lane> = OnceLock::new();
    LANE.get_or_init(|| {
        let puzzle = WIKIPEDIA.parse().expect("the puzzle parses");
        let source = Source {
            location: "wikipedia".into(),
            index: 1,
            puzzle,
        };
        let presets = [("bt".to_string(), common::strategy("bt"))];
        let mut app = App::new(source, &presets, Lock::Events).expect("valid givens");
        let start = Instant::now();
        app.update(Action::RunToEnd);
        while app.running() {
            app.on_tick(app.now(), None);
        }
        let played = start.elapsed();
        let before = resident_kib();
        let start = Instant::now();
        app.update(Action::ToggleTree);
        while app.tree_building() {
            app.on_tick(app.now(), None);
        }
        let opened = start.elapsed();
        let lane = app.lanes()[0].clone();
        let tree = lane.timeline().tree();
        let totals = tree.totals();
        eprintln!(
            "huge search: {} events, {} tree nodes ({} decisions, {} failures); played to its end in {played:.1?}, the tree opened there in {opened:.1?}",
            lane.step(),
            totals.nodes,
            totals.decisions,
            totals.failures,
        );
        eprintln!(
            "tree: {} exact nodes, {} folded subtrees, {:.1} MiB; timeline with tree {:.1} MiB; resident {:.1} MiB (+{:.1} MiB opening the tree), peak {:.1} MiB",
            tree.exact_nodes(),
            tree.folds(),
            tree.approx_bytes() as f64 / 1_048_576.0,
            lane.timeline().approx_bytes() as f64 / 1_048_576.0,
            resident_kib() as f64 / 1024.0,
            resident_kib().saturating_sub(before) as f64 / 1024.0,
            peak_kib() as f64 / 1024.0,
        );
        lane
    })
}

/// A folded subtree's root, drawn at random (the same sequence each run).
fn random_fold(lane: &Lane, rng: &mut fastrand::Rng) -> NodeId {
    let tree = lane.timeline().tree();
    loop {
        let id = rng.u32(1..tree.len() as u32);
        if let Some(f) = tree.folded(id) {
            return f.id;
        }
    }
}

/// Walking into a folded subtree at random: made exact again (replayed from the checkpoint
/// before it) and the outline computed around its first child, as `↓` on it does.
#[divan::bench(sample_count = 30)]
fn walk_into_a_folded_subtree(bencher: divan::Bencher) {
    let lane = huge_lane();
    let mut rng = fastrand::Rng::with_seed(33);
    bencher
        .with_inputs(|| {
            let fold = random_fold(lane, &mut rng);
            (lane.clone(), fold)
        })
        .bench_local_values(|(mut lane, fold)| {
            let step = lane.step();
            lane.timeline_mut()
                .settle_tree(step, &[fold])
                .expect("the fold is made again");
            let tree = lane.timeline().tree();
            let child = tree.children(fold, step).first().copied();
            assert!(child.is_some(), "the fold's children are listed");
            let mut state = TreeState::default();
            state.selected = child;
            black_box(state.outline(tree, dokuscope::app::tree::At::step(step), 24, 40));
            lane
        });
}

/// Enter on a node drawn at random inside a folded subtree the viewer walked into: the view
/// moves to the node's step (from the checkpoint before it) and recomputes what it derives
/// there, the tree made exact where it is read.
#[divan::bench(sample_count = 30)]
fn enter_on_a_node_inside_a_folded_subtree(bencher: divan::Bencher) {
    let lane = huge_lane();
    let mut rng = fastrand::Rng::with_seed(34);
    bencher
        .with_inputs(|| {
            let fold = random_fold(lane, &mut rng);
            let last = lane.timeline().tree().folded(fold).map_or(fold, |f| f.end);
            let mut lane = lane.clone();
            let end = lane.step();
            lane.timeline_mut()
                .settle_tree(end, &[fold])
                .expect("the fold is made again");
            let tree = lane.timeline().tree();
            let id = rng.u32(fold..=last);
            let step = tree.node(id, end).expect("exact now").step();
            (lane, id, step)
        })
        .bench_local_values(|(mut lane, id, step)| {
            lane.seek(step);
            lane.refresh(Duration::ZERO, true);
            lane.timeline_mut()
                .settle_tree(step, &[id])
                .expect("exact where read");
            assert_eq!(lane.step(), step);
            lane
        });
}

/// Enter on a node drawn at random from the whole finished tree (exact, or inside a folded
/// subtree, made exact first as walking there does), as far as the frame that answers it:
/// the view moves to the node's step, the tree is made exact where it is read, and the
/// tree panel (the whole tree, the step marked in it) is drawn at 120×40 (issue 44: within
/// 200 ms, without rebuilding the tree).
#[divan::bench(sample_count = 30)]
fn enter_anywhere_then_draw_the_whole_tree(bencher: divan::Bencher) {
    let lane = huge_lane();
    let mut rng = fastrand::Rng::with_seed(44);
    let area = ratatui::layout::Rect::new(0, 0, 120, 40);
    bencher
        .with_inputs(|| {
            let mut lane = lane.clone();
            let end = lane.step();
            let len = lane.timeline().tree().len() as u32;
            let id = rng.u32(1..len);
            if let Some(fold) = lane.timeline().tree().folded(id) {
                lane.timeline_mut()
                    .settle_tree(end, &[fold.id])
                    .expect("the fold is made again");
            }
            let step = lane
                .timeline()
                .tree()
                .node(id, end)
                .expect("exact now")
                .step();
            (lane, id, step, ratatui::buffer::Buffer::empty(area))
        })
        .bench_local_values(|(mut lane, id, step, mut buf)| {
            lane.seek(step);
            lane.refresh(Duration::ZERO, true);
            lane.timeline_mut()
                .settle_tree(step, &[id])
                .expect("exact where read");
            let mut state = TreeState::default();
            state.selected = Some(id);
            let panel = dokuscope::ui::tree::TreePanel {
                lane: &lane,
                state: &state,
                focused: true,
                hits: &[],
                theme: dokuscope::ui::Theme { color: true },
            };
            ratatui::widgets::Widget::render(&panel, area, &mut buf);
            assert_eq!(lane.tree_at().view, lane.timeline().tree().frontier());
            (lane, buf)
        });
}
