//! The cost of `bench`'s machinery (threads, batches, ordering, tallies) over a plain loop
//! that solves the same puzzles with the same preset on one thread.
//!
//! `cargo bench --bench bench_overhead`: compare `plain_loop` with `runner_one_job`.
//! Reads the first puzzles of ../shared/puzzles/sudoku17.txt, or a few inline ones when
//! the shared sets are absent.

use std::sync::atomic::AtomicBool;

use divan::Bencher;
use dokuscope::bench::{Collector, Config, Contender, Input, RunLimits, run};
use dokuscope::solver::parse::{Entry, PuzzleReader};
use dokuscope::solver::preset;
use dokuscope::solver::search::{Limits, Search};

/// Puzzles per measured pass.
const PUZZLES: usize = 2000;

const FALLBACK: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
";

fn main() {
    divan::main();
}

fn puzzles() -> Vec<Entry> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/puzzles/sudoku17.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|_| {
        eprintln!("{path} is absent: measuring two inline puzzles");
        FALLBACK.to_string()
    });
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
