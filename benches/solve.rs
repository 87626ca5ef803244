//! Engine benchmarks: µs per puzzle on the public sets (uniqueness proven, count up to 2),
//! and events per second when a search's events are drained without use.
//!
//! Run with `cargo bench --bench solve`. The sets are read from `puzzles/public` (the large
//! ones as the samples kept there; `DOKUSCOPE_PUBLIC_SETS` names a folder of whole files to
//! time instead, see its README).

mod common;

use divan::Bencher;
use dokuscope::solver::{Batch, Event, Limits, Puzzle, Search, Stats, preset};

fn main() {
    divan::main();
}

fn solve_all(bencher: Bencher, puzzles: &[Puzzle], preset_name: &str) {
    let strategy =
        preset::lookup(preset_name).map_or(preset::default_preset().strategy, |p| p.strategy);
    bencher
        .counter(divan::counter::ItemsCount::new(puzzles.len()))
        .bench(|| {
            let mut batch = Batch::new(strategy);
            for p in puzzles {
                let outcome = batch.solve(p, Limits::default());
                divan::black_box(outcome.ok());
            }
        });
}

/// Every public set with valid puzzles: the two big ones sampled (the samples kept in
/// `puzzles/public`, or the first 5,000 puzzles of the whole files), the others whole.
const SETS: [&str; 9] = [
    "top95.txt",
    "top1465.txt",
    "sudoku17.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11plus.txt",
    "unbiased1000.txt",
    "kaggle10k.txt",
    "hardest.txt",
    "easy50.txt",
];

/// The default preset over every set, proving uniqueness: mean time per puzzle is the
/// reported time divided by the item count (divan prints items/s). The port of `JCZSolve`
/// these are compared with is measured outside the repository (see the README).
#[divan::bench(args = SETS, sample_count = 5, sample_size = 1)]
fn default_preset_per_set(bencher: Bencher, name: &str) {
    solve_all(bencher, &sampled(name), preset::DEFAULT);
}

/// The set as [`default_preset_per_set`] times it: at most the first 5,000 puzzles kept.
fn sampled(name: &str) -> Vec<Puzzle> {
    let mut puzzles = common::set(name, usize::MAX);
    if matches!(name, "sudoku17.txt" | "forum_hardest_1905_11plus.txt") {
        puzzles.truncate(5000);
    }
    puzzles
}

/// The default preset's events on every puzzle of the sampled set, recorded once.
fn recorded(name: &str) -> Vec<(Puzzle, Vec<Event>)> {
    let strategy = preset::default_preset().strategy;
    sampled(name)
        .into_iter()
        .filter_map(|p| {
            let events = Search::new(&p, strategy).ok()?.collect();
            Some((p, events))
        })
        .collect()
}

/// The floor for an engine that yields every event, per set: the default preset's events,
/// recorded beforehand, only counted as the search's counters count them (items are
/// puzzles, as in [`default_preset_per_set`]). Whatever makes and consumes the events, one
/// by one, pays at least this.
#[divan::bench(args = SETS, sample_count = 5, sample_size = 1)]
fn floor_count_per_set(bencher: Bencher, name: &str) {
    let runs = recorded(name);
    bencher
        .counter(divan::counter::ItemsCount::new(runs.len()))
        .bench(|| {
            let mut stats = Stats::default();
            for (_, events) in &runs {
                for event in events {
                    stats.record(divan::black_box(event));
                }
            }
            divan::black_box(stats);
        });
}

/// Every seed preset on top95 (bt excluded: it runs for minutes per puzzle).
#[divan::bench(args = ["fast", "full", "mrv", "mrv-degree", "fc-mrv", "fc-mrv-lcv", "s003-rv-hs-h1"], sample_count = 3, sample_size = 1)]
fn presets_on_top95(bencher: Bencher, name: &str) {
    solve_all(bencher, &common::set("top95.txt", usize::MAX), name);
}

/// `mrv` against maintaining arc consistency, the same search (`tests/engine_mac.rs`), on
/// hardest (items are puzzles): the price of AC-3's revisions, each an event, and of
/// AC-2001's supports, which save checks.
#[divan::bench(args = ["mrv", "mac", "mac-2001"], sample_count = 5, sample_size = 1)]
fn arc_consistency_on_hardest(bencher: Bencher, name: &str) {
    solve_all(bencher, &common::set("hardest.txt", usize::MAX), name);
}

/// As [`arc_consistency_on_hardest`], on the first 20 puzzles of top95.
#[divan::bench(args = ["mrv", "mac", "mac-2001"], sample_count = 3, sample_size = 1)]
fn arc_consistency_on_top95(bencher: Bencher, name: &str) {
    let mut puzzles = common::set("top95.txt", usize::MAX);
    puzzles.truncate(20);
    solve_all(bencher, &puzzles, name);
}

/// Events yielded per second when the iterator is drained without use (divan's items/s).
#[divan::bench(args = ["bt", "full", "fast"], sample_count = 5, sample_size = 1)]
fn events_drained(bencher: Bencher, name: &str) {
    // top95 puzzle 1 under bt makes a long search; cap it so one sample stays short.
    let puzzles = common::set("top95.txt", usize::MAX);
    let Some(puzzle) = puzzles.first() else {
        return;
    };
    let strategy = preset::lookup(name).map_or(preset::default_preset().strategy, |p| p.strategy);
    let limits = Limits {
        solutions: 2,
        nodes: Some(200_000),
        deadline: None,
    };
    let events = Search::with_limits(puzzle, strategy, limits).map_or(0, Iterator::count);
    bencher
        .counter(divan::counter::ItemsCount::new(events))
        .bench(|| {
            let search = Search::with_limits(puzzle, strategy, limits).ok();
            divan::black_box(search.map(Iterator::count));
        });
}
