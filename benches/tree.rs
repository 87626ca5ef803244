//! The search tree's costs: its upkeep while fast-forwarding (with and without the tree),
//! a frame of the tree panel at 200×60 over a tree of about a million nodes, jumps to any
//! node, the memory per node, and playing a finished search back from step 0 with the tree
//! shown against hidden (issue 44: within 1.3×; on a bundled puzzle, so always run).
//!
//! `cargo bench --bench tree`. The long search is `bt` on top95 #11 (12.1M events,
//! `puzzles/public/top95.txt`).

#![expect(clippy::cast_precision_loss, reason = "rates printed with one decimal")]

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::{resident_kib, top95};

use divan::counter::ItemsCount;
use dokuscope::app::{Action, App, Lane, Lock, Source};
use dokuscope::ui::{self, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn main() {
    report_memory();
    divan::main();
}

fn bt() -> dokuscope::solver::Strategy {
    common::strategy("bt")
}

/// Watch on the whole `bt` search of top95 #11, run to its end, the tree panel open.
fn long_app() -> &'static App {
    // The app is not `Sync` (its puzzle loader is a closure): one per thread, made once.
    thread_local! {
        static APP: &'static App = Box::leak(Box::new(make_long_app()));
    }
    APP.with(|app| *app)
}

fn make_long_app() -> App {
    let source = Source {
        location: "top95.txt:11".into(),
        index: 11,
        puzzle: top95(11),
    };
    let mut app = App::new(source, &[("bt".into(), bt())], Lock::Events).expect("a bt app");
    app.update(Action::RunToEnd);
    while app.running() {
        app.on_tick(app.now(), None);
    }
    app.update(Action::ToggleTree);
    app.finish_trees();
    app
}

fn report_memory() {
    let before = resident_kib();
    let start = Instant::now();
    let app = long_app();
    let lane = &app.lanes()[0];
    let tree = lane.timeline().tree();
    let totals = tree.totals();
    eprintln!(
        "long search: {} events, {} tree nodes ({} decisions, {} failures, max depth {}) in {:.2?}; tree {} KiB ({:.1} bytes a node); timeline with tree ~{} KiB; resident memory +{} KiB",
        lane.step(),
        totals.nodes,
        totals.decisions,
        totals.failures,
        totals.max_depth,
        start.elapsed(),
        tree.approx_bytes() / 1024,
        tree.approx_bytes() as f64 / totals.nodes as f64,
        lane.timeline().approx_bytes() / 1024,
        resident_kib().saturating_sub(before),
    );
}

const FORWARD: u64 = 2_000_000;

fn fast_forward(bencher: divan::Bencher, with_tree: bool) {
    let puzzle = top95(1);
    bencher
        .counter(ItemsCount::new(FORWARD))
        .with_inputs(|| {
            let mut lane = Lane::new("bt", &puzzle, bt()).expect("valid");
            if with_tree {
                lane.timeline_mut().grow_tree();
            }
            lane
        })
        .bench_local_values(|mut lane| {
            for _ in 0..FORWARD {
                black_box(lane.advance());
            }
            lane
        });
}

/// Events a second while fast-forwarding a fresh `bt` search (top95 #1) with history, the
/// tree grown as watch grows it.
#[divan::bench(sample_count = 10)]
fn fast_forward_with_tree(bencher: divan::Bencher) {
    fast_forward(bencher, true);
}

/// The same without the tree: the difference is the tree's upkeep.
#[divan::bench(sample_count = 10)]
fn fast_forward_without_tree(bencher: divan::Bencher) {
    fast_forward(bencher, false);
}

/// One frame at 200×60 with the tree panel open over the whole tree of top95 #11 under
/// `bt`, the view at the end of the search.
#[divan::bench(sample_count = 50)]
fn render_tree_panel_200x60_long_search(bencher: divan::Bencher) {
    let app = long_app();
    let area = Rect::new(0, 0, 200, 60);
    let mut buf = Buffer::empty(area);
    bencher.bench_local(|| {
        buf.reset();
        ui::render(black_box(app), Theme { color: true }, area, &mut buf);
    });
}

/// The same frame with the tree given the screen (`T`), at a random step of the search.
#[divan::bench(sample_count = 20)]
fn render_full_tree_200x60_at_a_random_step(bencher: divan::Bencher) {
    let app = long_app();
    let end = app.lanes()[0].step();
    let mut rng = fastrand::Rng::with_seed(5);
    let area = Rect::new(0, 0, 200, 60);
    bencher
        .with_inputs(|| {
            let mut lane = app.lanes()[0].clone();
            let step = rng.u64(1..end);
            lane.seek(step);
            // As watch does before a frame: the tree made exact where it is read.
            lane.timeline_mut()
                .settle_tree(step, &[])
                .expect("the folds are made again");
            (lane, Buffer::empty(area))
        })
        .bench_local_values(|(lane, mut buf)| {
            let tree = lane.timeline().tree();
            let state = dokuscope::app::tree::TreeState::default();
            let panel = dokuscope::ui::tree::TreePanel {
                lane: &lane,
                state: &state,
                focused: true,
                hits: &[],
                theme: Theme { color: true },
            };
            ratatui::widgets::Widget::render(&panel, area, &mut buf);
            black_box(tree.len());
            (lane, buf)
        });
}

/// Enter on a random node of the long search: the view moves to the node's step and
/// recomputes what it derives there (why this cell, undone cells).
#[divan::bench(sample_count = 50)]
fn jump_to_a_random_node(bencher: divan::Bencher) {
    let app = long_app();
    let lane = &app.lanes()[0];
    let tree = lane.timeline().tree();
    let end = lane.step();
    let mut rng = fastrand::Rng::with_seed(7);
    bencher
        .with_inputs(|| {
            // A node held exact (the tree folds past a million nodes; tree_huge.rs measures
            // Enter inside a folded subtree).
            let node = loop {
                if let Some(n) = tree.node(rng.u32(0..tree.len() as u32), end) {
                    break n;
                }
            };
            (lane.clone(), node.step())
        })
        .bench_local_values(|(mut lane, step)| {
            lane.seek(step);
            lane.refresh(Duration::ZERO, true);
            assert_eq!(lane.step(), step);
            lane
        });
}

/// A view on `bt`'s search of puzzles/hard.txt #2 (877,490 decisions, 1.75 M tree nodes),
/// played to its end, the tree shown and built (`tree`) or hidden.
fn replay_app(tree: bool) -> Option<App> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let entry = dokuscope::cli::input::nth_puzzle(Some(path), 2).ok()?;
    let source = Source {
        location: "puzzles/hard.txt:2".into(),
        index: 2,
        puzzle: entry.puzzle,
    };
    let mut app = App::new(source, &[("bt".into(), bt())], Lock::Events).ok()?;
    app.update(Action::RunToEnd);
    while app.running() {
        app.on_tick(app.now(), None);
    }
    if tree {
        app.update(Action::ToggleTree);
        app.finish_trees();
    }
    Some(app)
}

/// Watch's `Home` then `s` over the whole search, as the terminal loop runs it: each tick
/// works for 14 ms, then a 120×40 frame is drawn. With the tree shown, the view's step
/// crosses a folded subtree every few frames (the tree holds 1.75 M nodes, a million of
/// them exact).
fn replay(bencher: divan::Bencher, tree: bool) {
    let Some(app) = replay_app(tree) else { return };
    let events = app.lanes()[0].step();
    let area = Rect::new(0, 0, 120, 40);
    let cell = std::cell::RefCell::new((app, Buffer::empty(area)));
    bencher.counter(ItemsCount::new(events)).bench_local(|| {
        let (app, buf) = &mut *cell.borrow_mut();
        app.update(Action::Home);
        app.update(Action::RunToEnd);
        let start = Instant::now();
        while app.running() {
            let now = Instant::now();
            app.on_tick(now - start, Some(now + Duration::from_millis(14)));
            buf.reset();
            ui::render(app, Theme { color: true }, area, buf);
        }
        assert_eq!(app.lanes()[0].step(), events, "played to the end");
    });
}

/// `Home` then `s` with the tree shown beside the board.
#[divan::bench(sample_count = 5)]
fn replay_to_the_end_with_tree(bencher: divan::Bencher) {
    replay(bencher, true);
}

/// The same with the tree hidden: the two differ by the tree's cost while playing back.
#[divan::bench(sample_count = 5)]
fn replay_to_the_end_without_tree(bencher: divan::Bencher) {
    replay(bencher, false);
}
