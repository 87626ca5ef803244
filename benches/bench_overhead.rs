//! The cost of `bench`'s machinery (threads, batches, ordering, tallies) over a plain loop
//! that solves the same puzzles with the same preset on one thread.
//!
//! `cargo bench --bench bench_overhead`: compare `plain_loop` with `runner_one_job`.
//! Reads the puzzles kept of sudoku17 (`puzzles/public`: its sample, or the first 2,000 of
//! the whole file where `DOKUSCOPE_PUBLIC_SETS` names a folder that holds it).

mod common;

use std::sync::atomic::AtomicBool;

use divan::Bencher;
use dokuscope::bench::{Collector, Config, Contender, Input, RunLimits, run};
use dokuscope::solver::parse::{Entry, PuzzleReader};
use dokuscope::solver::preset;
use dokuscope::solver::search::{Limits, Search};

/// Puzzles per measured pass.
const PUZZLES: usize = 2000;

fn main() {
    divan::main();
}

fn puzzles() -> Vec<Entry> {
    let text = common::public::lines("sudoku17.txt").join("\n");
    PuzzleReader::new("sudoku17.txt", text.as_bytes())
        .flatten()
        .take(PUZZLES)
        .collect()
}

#[divan::bench(sample_count = 10)]
fn plain_loop(bencher: Bencher) {
    let (entries, strategy) = (puzzles(), preset::default_preset().strategy);
    bencher.bench_local(|| {
        let mut nodes = 0;
        for e in &entries {
            if let Ok(search) = Search::with_limits(&e.puzzle, strategy, Limits::default()) {
                nodes += search.run().stats.nodes;
            }
        }
        nodes
    });
}

#[divan::bench(sample_count = 10)]
fn runner_one_job(bencher: Bencher) {
    let entries = puzzles();
    let config = Config {
        presets: vec![Contender::of(preset::default_preset())],
        jobs: 1,
        limits: RunLimits::default(),
    };
    bencher.bench_local(|| {
        let mut collector = Collector::new(vec!["fast".into()], &["sudoku17.txt".into()]);
        let inputs = entries
            .iter()
            .cloned()
            .map(|entry| Input::Puzzle { file: 0, entry });
        run(&config, inputs, &mut collector, &AtomicBool::new(false));
        collector.files[0].presets[0].nodes.sum()
    });
}
