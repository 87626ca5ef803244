//! Seed 003's ordering of its 15 combinations on top95, against dokuscope's decisions for
//! the same combinations, in reading order and in seed 003's own cell sequence (its JDK 1.6
//! `HashMap`'s): Spearman's rank correlation and the pairs the two order differently,
//! computed here and printed (`cargo test --release --test engine_seed003_order --
//! --nocapture`); docs/seeds.md quotes what this prints.
//!
//! The seed timed whole sets in Java on another machine, so only the ordering of its times
//! is compared, with dokuscope's decisions (nodes), which are exact. Every search stops at
//! the first solution, as the seed's did. Runtime in release: a few seconds.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]
#![expect(
    clippy::cast_precision_loss,
    reason = "node counts and ranks of a few million are exact in an f64"
)]

mod common;

use common::public;
use dokuscope::solver::preset::{self, with_sequence};
use dokuscope::solver::{Batch, Limits, Puzzle, Sequence};

/// Seed 003's top95 times in seconds, as its LaTeX source's comments give them (tables 1
/// to 3, averages of three runs; revise alone was run once), and table 4's 7 s for all
/// options on (single-threaded), with the preset that reproduces each combination.
const SEED_TIMES: [(&str, f64); 15] = [
    ("s003-rv", 6_924.524_290_9),
    ("s003-rv-hs-hp-np", 9.685_215_524_666_667),
    ("s003-rv-hs", 47.415_598_335),
    ("s003-rv-hs-np", 20.824_697_618_666_665),
    ("s003-rv-hs-hp", 15.692_717_729),
    ("s003-rv-hp", 1_596.881_811_72),
    ("s003-rv-hp-np", 230.843_224_73),
    ("s003-rv-np", 1_172.409_891_445_333_4),
    ("s003-rv-h1", 336.839_012_999),
    ("s003-rv-h3", 551.151_111_206),
    ("s003-rv-h1-h3", 548.869_579_4),
    ("s003-rv-hs-h1", 29.532_021_471_666_667),
    ("s003-rv-hs-h3", 37.056_725_436_666_66),
    ("s003-rv-hs-h1-h3", 25.992_425_686_666_667),
    ("full", 7.0),
];

/// Ranks from 1, ties sharing the mean of their ranks.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]].total_cmp(&values[order[i]]).is_eq() {
            j += 1;
        }
        for &at in &order[i..=j] {
            ranks[at] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation: Pearson's correlation of the ranks.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let mean = |r: &[f64]| r.iter().sum::<f64>() / r.len() as f64;
    let (ma, mb) = (mean(&ra), mean(&rb));
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |r: &[f64], m: f64| r.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(&ra, ma) * var(&rb, mb)).sqrt()
}

/// The pairs of combinations (in the table's order) whose seed times and node counts are
/// ordered the opposite ways.
fn inverted(nodes: &[u64]) -> Vec<(&'static str, &'static str)> {
    let mut pairs = Vec::new();
    for i in 0..SEED_TIMES.len() {
        for j in i + 1..SEED_TIMES.len() {
            let seed = SEED_TIMES[i].1.total_cmp(&SEED_TIMES[j].1);
            let here = nodes[i].cmp(&nodes[j]);
            if seed.is_ne() && here.is_ne() && seed != here {
                pairs.push((SEED_TIMES[i].0, SEED_TIMES[j].0));
            }
        }
    }
    pairs
}

/// Each combination's decisions over all of top95 in `sequence`, stopping at the first
/// solution.
fn nodes(puzzles: &[Puzzle], sequence: Sequence) -> Vec<u64> {
    let limits = Limits {
        solutions: 1,
        ..Limits::default()
    };
    SEED_TIMES
        .iter()
        .map(|(name, _)| {
            let preset = with_sequence(preset::find(name).expect("a preset"), sequence);
            let mut batch = Batch::new(preset.strategy);
            puzzles
                .iter()
                .map(|p| batch.solve(p, limits).expect("valid givens").stats.nodes)
                .sum()
        })
        .collect()
}

/// What this prints and pins for one sequence: Spearman to 4 places, the pairs inverted.
fn compare(puzzles: &[Puzzle], sequence: Sequence) -> (String, Vec<(&'static str, &'static str)>) {
    let nodes = nodes(puzzles, sequence);
    let times: Vec<f64> = SEED_TIMES.iter().map(|(_, t)| *t).collect();
    let counts: Vec<f64> = nodes.iter().map(|&n| n as f64).collect();
    let rho = spearman(&times, &counts);
    let pairs = inverted(&nodes);
    println!("\n{sequence} sequence: nodes mean a top95 puzzle, against the seed's seconds");
    for ((name, seconds), n) in SEED_TIMES.iter().zip(&nodes) {
        let label = with_sequence(preset::find(name).expect("a preset"), sequence).label();
        println!(
            "  {label:<26} {:>10.1}  {seconds:>9.1} s",
            *n as f64 / puzzles.len() as f64
        );
    }
    println!(
        "  Spearman {rho:.4}; {} of 105 pairs ordered alike; inverted:",
        105 - pairs.len()
    );
    for (a, b) in &pairs {
        println!("    {a} / {b}");
    }
    (format!("{rho:.4}"), pairs)
}

#[test]
fn seed_003s_ordering_of_its_combinations_against_the_decisions_here_in_both_sequences() {
    let lines = public::lines("top95.txt");
    let puzzles: Vec<Puzzle> = lines
        .iter()
        .map(|l| l.parse().expect("a puzzle line"))
        .collect();
    let (rho, pairs) = compare(&puzzles, Sequence::Reading);
    assert_eq!(rho, "0.9714");
    assert_eq!(
        pairs,
        [
            ("s003-rv-hs", "s003-rv-hs-h3"),
            ("s003-rv-hs", "s003-rv-hs-h1-h3"),
            ("s003-rv-h1", "s003-rv-h3"),
            ("s003-rv-h1", "s003-rv-h1-h3"),
            ("s003-rv-hs-h1", "s003-rv-hs-h1-h3"),
        ]
    );
    // The hash sequence leaves every inversion where it was, and adds one: H1 in the
    // seed's own order makes more decisions than naked pairs.
    let (rho, pairs) = compare(&puzzles, Sequence::HashMap);
    assert_eq!(rho, "0.9607");
    assert_eq!(
        pairs,
        [
            ("s003-rv-hs", "s003-rv-hs-h3"),
            ("s003-rv-hs", "s003-rv-hs-h1-h3"),
            ("s003-rv-np", "s003-rv-h1"),
            ("s003-rv-h1", "s003-rv-h3"),
            ("s003-rv-h1", "s003-rv-h1-h3"),
            ("s003-rv-hs-h1", "s003-rv-hs-h1-h3"),
        ]
    );
}

#[test]
fn spearman_is_one_for_the_same_order_and_minus_one_for_the_reverse() {
    let a = [1.0, 5.0, 3.0, 9.0];
    assert!((spearman(&a, &[10.0, 50.0, 30.0, 90.0]) - 1.0).abs() < 1e-12);
    assert!((spearman(&a, &[4.0, 2.0, 3.0, 1.0]) + 1.0).abs() < 1e-12);
    assert_eq!(ranks(&[2.0, 1.0, 2.0]), [2.5, 1.0, 2.5]);
}
