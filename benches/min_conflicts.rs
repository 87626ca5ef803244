//! Local search benchmarks: min-conflicts' steps per second, boxes or cells filled, with and
//! without a random walk and a tabu tenure, on top95's first 10 puzzles (each search stopped
//! at 20000 steps or its solution; divan's items are the steps made).
//!
//! Run with `cargo bench --bench min_conflicts`. The set is `puzzles/public/top95.txt`.

use std::io::BufReader;
use std::path::PathBuf;

use divan::Bencher;
use dokuscope::solver::{Batch, Limits, Puzzle, PuzzleReader, preset};

fn main() {
    divan::main();
}

fn top95() -> Vec<Puzzle> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles/public/top95.txt");
    let file = std::fs::File::open(&path).expect("puzzles/public/top95.txt");
    PuzzleReader::new("top95.txt", BufReader::new(file))
        .filter_map(Result::ok)
        .map(|e| e.puzzle)
        .take(10)
        .collect()
}

#[divan::bench(args = [
    "min-conflicts/steps:20000",
    "min-conflicts/walk:0.05/steps:20000",
    "min-conflicts/tabu:3/steps:20000",
    "min-conflicts/fill:cells/steps:20000",
    "min-conflicts/fill:cells/walk:0.1/steps:20000",
])]
fn steps(bencher: Bencher, spec: &str) {
    let puzzles = top95();
    let (_, strategy) = preset::resolve(spec).expect("a preset with variants");
    // The steps are the same every run (seeded): counted once, for divan's items/s.
    let mut batch = Batch::new(strategy);
    let steps: u64 = puzzles
        .iter()
        .filter_map(|p| batch.solve(p, Limits::default()).ok())
        .filter_map(|o| o.stats.local.map(|l| l.steps))
        .sum();
    bencher
        .counter(divan::counter::ItemsCount::new(steps))
        .bench(|| {
            let mut batch = Batch::new(strategy);
            for p in &puzzles {
                divan::black_box(batch.solve(p, Limits::default()).ok());
            }
        });
}
