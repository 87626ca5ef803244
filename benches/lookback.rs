//! The searches that look back, measured as the others are: µs per puzzle on the public sets
//! (uniqueness proven), events per second drained without use, and watch's fast-forward
//! with the tree grown as `t` grows it.
//!
//! `cargo bench --bench lookback`. Presets take their variants after slashes
//! (`dom-wdeg/luby:100`). `cbj` and `fc-cbj`, like `bt` and `cbt`, run for minutes on the
//! hard sets: they are timed on easy50 and unbiased1000, beside the searches they extend.

mod common;

use std::hint::black_box;

use divan::Bencher;
use divan::counter::ItemsCount;
use dokuscope::app::Lane;
use dokuscope::solver::{Batch, Limits, Puzzle, Search};

fn main() {
    divan::main();
}

/// `spec` over `puzzles`, one batch, uniqueness proven: divan's items/s is puzzles a second.
fn solve_all(bencher: Bencher, puzzles: &[Puzzle], spec: &str) {
    let strategy = common::strategy(spec);
    bencher.counter(ItemsCount::new(puzzles.len())).bench(|| {
        let mut batch = Batch::new(strategy);
        for p in puzzles {
            black_box(batch.solve(p, Limits::default()).ok());
        }
    });
}

/// The look-back presets that finish the hard sets in seconds, each beside the search it
/// extends (`cbt` and `fc-cbj` take about a minute on top95).
const PRESETS: [&str; 8] = [
    "fc-mrv",
    "fc-mrv/cbj",
    "mrv",
    "dom-wdeg",
    "dom-wdeg-lc",
    "dom-wdeg/luby:100",
    "mrv/luby:100/seed:1",
    "mrv/seed:1",
];

#[divan::bench(args = PRESETS, sample_count = 3, sample_size = 1)]
fn on_top95(bencher: Bencher, spec: &str) {
    solve_all(bencher, &common::set("top95.txt", 95), spec);
}

#[divan::bench(args = PRESETS, sample_count = 3, sample_size = 1)]
fn on_hardest(bencher: Bencher, spec: &str) {
    solve_all(bencher, &common::set("hardest.txt", 11), spec);
}

#[divan::bench(args = PRESETS, sample_count = 3, sample_size = 1)]
fn on_forum_hardest_1106_first_100(bencher: Bencher, spec: &str) {
    solve_all(bencher, &common::set("forum_hardest_1106.txt", 100), spec);
}

/// Conflict-directed backjumping on bt's model, beside bt and the presets above.
#[divan::bench(args = ["bt", "cbj", "cbt", "fc-cbj", "dom-wdeg"], sample_count = 3, sample_size = 1)]
fn on_easy50(bencher: Bencher, spec: &str) {
    solve_all(bencher, &common::set("easy50.txt", 50), spec);
}

#[divan::bench(args = ["bt", "cbj", "cbt", "fc-cbj", "dom-wdeg"], sample_count = 3, sample_size = 1)]
fn on_unbiased1000_first_200(bencher: Bencher, spec: &str) {
    solve_all(bencher, &common::set("unbiased1000.txt", 200), spec);
}

/// top95 #1, capped so that one sample stays short.
const CAPPED: Limits = Limits {
    solutions: 2,
    nodes: Some(200_000),
    deadline: None,
};

/// Events yielded per second when the iterator is drained without use (divan's items/s),
/// on top95 #1.
#[divan::bench(args = ["bt", "cbj", "cbt", "fc-cbj", "dom-wdeg", "dom-wdeg/luby:100"], sample_count = 5, sample_size = 1)]
fn events_drained(bencher: Bencher, spec: &str) {
    let puzzle = common::top95(1);
    let strategy = common::strategy(spec);
    let events = Search::with_limits(&puzzle, strategy, CAPPED).map_or(0, Iterator::count);
    bencher.counter(ItemsCount::new(events)).bench(|| {
        let search = Search::with_limits(&puzzle, strategy, CAPPED).ok();
        black_box(search.map(Iterator::count));
    });
}

/// Events fast-forwarded per watch pane a second, with history and the tree grown as
/// watch grows it once `t` is pressed (top95 #1).
const FORWARD: u64 = 1_000_000;

/// `bt` and `cbt` beside them: the same measure of the searches they extend, run in turn, so
/// that a loaded machine slows all alike.
#[divan::bench(args = ["bt", "cbj", "cbt", "fc-cbj", "dom-wdeg", "dom-wdeg/luby:100"], sample_count = 5)]
fn fast_forward_with_tree(bencher: Bencher, spec: &str) {
    let puzzle = common::top95(1);
    let strategy = common::strategy(spec);
    let events = Search::with_limits(&puzzle, strategy, Limits::default())
        .map_or(0, |s| s.take(FORWARD as usize).count()) as u64;
    bencher
        .counter(ItemsCount::new(events))
        .with_inputs(|| {
            let mut lane = Lane::new(spec, &puzzle, strategy).expect("valid");
            lane.timeline_mut().grow_tree();
            lane
        })
        .bench_local_values(|mut lane| {
            for _ in 0..events {
                black_box(lane.advance());
            }
            lane
        });
}
