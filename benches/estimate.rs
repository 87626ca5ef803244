//! What the estimate of a search's size costs (issue 33): watch's fast-forward of six
//! searches ([`SEARCHES`]) with and without the estimator on its cursor, and the headless search of
//! top95's first puzzles by the fast presets three ways: `solve` as it runs when no one
//! listens (the estimator is not on that path at all), listened to by a listener that does
//! nothing, and listened to by the estimator (`solve --estimate`).
//!
//! `cargo bench --bench estimate`. Skipped with a message when ../shared/puzzles is absent.

mod common;

use std::hint::black_box;

use common::{strategy, top95};
use divan::Bencher;
use divan::counter::ItemsCount;
use dokuscope::app::Lane;
use dokuscope::solver::Puzzle;
use dokuscope::solver::estimate::Estimator;
use dokuscope::solver::search::{Batch, Limits};

fn main() {
    divan::main();
}

const FORWARD: u64 = 2_000_000;

/// The searches watch's fast-forward is measured on, each without the estimator and with
/// it: a preset of each kind the estimator hears (chronological with and without
/// propagation, backjumping, learning, an arc queue), each on the top95 puzzle where its
/// search is longest, as `PRESET:LINE off|on`. Each pair is measured one after the other,
/// so that a shared machine's drift over the run does not fall between them.
pub const SEARCHES: [&str; 12] = [
    "bt:1 off",
    "bt:1 on",
    "mrv:28 off",
    "mrv:28 on",
    "cbj:1 off",
    "cbj:1 on",
    "fc-cbj:5 off",
    "fc-cbj:5 on",
    "dom-wdeg:7 off",
    "dom-wdeg:7 on",
    "mac:18 off",
    "mac:18 on",
];

/// Events applied per second while fast-forwarding a search (history recorded as watch
/// records it; up to 2 M events, fewer where the search ends first), without the
/// estimate and with it. Many samples: on a shared machine a sample's time jumps now and
/// then, and the fastest and the median of many are what compare.
#[divan::bench(args = SEARCHES, sample_count = 30)]
fn fast_forward(bencher: Bencher, search: &str) {
    let Some((preset, rest)) = search.split_once(':') else {
        return;
    };
    let Some((number, estimate)) = rest.split_once(' ') else {
        return;
    };
    let Some(puzzle) = top95(number.parse().expect("a line number")) else {
        return;
    };
    let lane = || {
        let lane = Lane::new(preset, &puzzle, strategy(preset)).expect("valid");
        if estimate == "on" {
            lane
        } else {
            lane.without_estimate()
        }
    };
    let mut counted = lane();
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
    (1..=n).filter_map(top95).collect()
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
