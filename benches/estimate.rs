//! What the estimate of a search's size costs (issue 33): watch's fast-forward of six
//! searches ([`SEARCHES`]) with and without the estimator on its cursor, and the headless search of
//! top95's first puzzles by the fast presets three ways: `solve` as it runs when no one
//! listens (the estimator is not on that path at all), listened to by a listener that does
//! nothing, and listened to by the estimator (`solve --estimate`).
//!
//! `cargo bench --bench estimate`. The searches are on top95 (`puzzles/public/top95.txt`).

mod common;

use std::hint::black_box;

use common::{estimate_lane, strategy, top95};
use divan::Bencher;
use divan::counter::ItemsCount;
use dokuscope::solver::Puzzle;
use dokuscope::solver::estimate::Estimator;
use dokuscope::solver::search::{Batch, Limits};

fn main() {
    divan::main();
}

const FORWARD: u64 = 2_000_000;

/// The searches watch's fast-forward is measured on: a preset of each kind the estimator
/// hears (chronological with and without propagation, backjumping, learning, an arc
/// queue), each on the top95 puzzle where its search is longest, as `PRESET:LINE`.
pub const SEARCHES: [&str; 6] = [
    "bt:1",
    "mrv:28",
    "cbj:1",
    "fc-cbj:5",
    "dom-wdeg:7",
    "mac:18",
];

/// Watch's fast-forward without the estimator. Run it and
/// [`fast_forward_estimate_on`] each in a process of its own, in turn, several rounds
/// (`for v in off on on off off on; do cargo bench --bench estimate --
/// fast_forward_estimate_$v; done`): measured in one process, whichever runs second was
/// measured up to 5 % slower with the two the same, on a shared machine.
#[divan::bench(args = SEARCHES, sample_count = 30)]
fn fast_forward_estimate_off(bencher: Bencher, search: &str) {
    fast_forward(bencher, search, false);
}

/// Watch's fast-forward with the estimator (see [`fast_forward_estimate_off`]).
#[divan::bench(args = SEARCHES, sample_count = 30)]
fn fast_forward_estimate_on(bencher: Bencher, search: &str) {
    fast_forward(bencher, search, true);
}

/// Events applied per second while fast-forwarding a search (history recorded as watch
/// records it; up to 2 M events, fewer where the search ends first), with the estimate
/// or without. Many samples: on a shared machine a sample's time jumps now and then, and
/// the fastest and the median of many are what compare.
fn fast_forward(bencher: Bencher, search: &str, estimate: bool) {
    let mut counted = estimate_lane(search, estimate).expect("a search of SEARCHES");
    let lane = || estimate_lane(search, estimate).expect("made once already");
    let mut events = 0;
    while events < FORWARD && counted.advance().is_some() {
        events += 1;
    }
    bencher
        .counter(ItemsCount::new(events))
        .with_inputs(lane)
        .bench_local_values(|mut lane| {
            for _ in 0..events {
                black_box(lane.advance());
            }
            lane
        });
}

/// How `solve` hears a search.
#[derive(Clone, Copy, Debug)]
enum Listening {
    /// Not at all: the path `solve` takes without `--estimate` off a terminal.
    None,
    /// A listener that does nothing with the events.
    Nothing,
    /// The estimator.
    Estimator,
}

/// The first `n` puzzles of top95.
fn puzzles(n: usize) -> Vec<Puzzle> {
    (1..=n).map(top95).collect()
}

/// The first 20 puzzles of top95 solved headless (counting to 2 solutions, as `solve`
/// does) by the fast presets, listened to three ways.
#[divan::bench(
    args = ["fast", "mrv", "fc-mrv-lcv"],
    consts = [0, 1, 2],
    sample_count = 10
)]
fn solve_top95_20<const HOW: usize>(bencher: Bencher, preset: &str) {
    let how = [Listening::None, Listening::Nothing, Listening::Estimator][HOW];
    let puzzles = puzzles(20);
    if puzzles.is_empty() {
        return;
    }
    let limits = Limits {
        solutions: 2,
        ..Limits::default()
    };
    let mut batch = Batch::new(strategy(preset));
    bencher.bench_local(|| {
        for puzzle in &puzzles {
            let outcome = match how {
                Listening::None => batch.solve(puzzle, limits),
                Listening::Nothing => batch.solve_with(puzzle, limits, |e, _| {
                    black_box(e);
                }),
                Listening::Estimator => {
                    let mut estimator = Estimator::new();
                    let outcome = batch.solve_with(puzzle, limits, |e, _| estimator.observe(e));
                    black_box(estimator.estimate());
                    outcome
                }
            };
            black_box(outcome.expect("no clash"));
        }
    });
}
