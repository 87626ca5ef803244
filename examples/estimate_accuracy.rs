//! How accurate the estimate of a search's size is: over searches of 10³ to 10⁸ decisions
//! (bt, cbt, mrv and the look-back presets cbj, fc-cbj, dom-wdeg on puzzles/public),
//! the ratio estimate / truth at 10 %, 25 % and 50 % of each search, for the estimate shown
//! and for each estimator alone (docs/estimate.md publishes its output).
//!
//! ```text
//! cargo run --release --example estimate_accuracy              # the whole set (minutes)
//! cargo run --release --example estimate_accuracy -- --quick   # the first 20 puzzles of each file
//! cargo run --release --example estimate_accuracy -- --csv out.csv   # and one row per search
//! cargo run --release --example estimate_accuracy -- --take 30 --largest 10000000
//! ```
//!
//! `--take N` measures the first N puzzles of each file, `--largest N` leaves out the
//! searches of more than N decisions (10⁸ by default), to fit the run to the time there is.
//!
//! Each search runs as `solve` runs it (counting to 2 solutions, so a unique puzzle's whole
//! tree is searched): once for its truth, once more with the estimators listening. The
//! searches of fewer than 10³ or more than 10⁸ decisions are left out.

#![expect(
    clippy::cast_precision_loss,
    clippy::expect_used,
    reason = "counts far below 2^52, shown as ratios; a measuring program fails loudly"
)]

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::Mutex;

use dokuscope::solver::estimate::recursive::Recursive;
use dokuscope::solver::estimate::walk::Walk;
use dokuscope::solver::estimate::{Estimate, Estimator, Method};
use dokuscope::solver::search::{Batch, Limits, Search};
use dokuscope::solver::{Puzzle, preset};

/// The smallest and (by default) largest searches measured, in decisions.
const SMALLEST: u64 = 1_000;
const LARGEST: u64 = 100_000_000;
/// The points of each search where the estimates are read, as shares of its decisions.
const POINTS: [(u64, &str); 3] = [(10, "10%"), (4, "25%"), (2, "50%")];

/// The presets and the files each runs on.
fn plan(most: usize) -> Vec<(&'static str, &'static str, usize)> {
    let take = |n: usize| n.min(most);
    let mut plan = Vec::new();
    for preset in ["bt", "cbt", "cbj", "fc-cbj", "mrv", "dom-wdeg"] {
        plan.push((preset, "top95.txt", take(95)));
    }
    // The presets that look ahead search few top95 puzzles past 10³ decisions.
    for preset in ["mrv", "dom-wdeg"] {
        plan.push((preset, "forum_hardest_1106.txt", take(375)));
    }
    plan
}

/// One search's readings: at each point, the estimate shown and each estimator's.
struct Reading {
    preset: &'static str,
    source: String,
    truth: u64,
    /// Per point: the shown estimate, then wbe, wbe-candidates, recursive (None: unknown).
    values: Vec<[Option<f64>; 4]>,
    /// Per point: whether the truth was in the shown range.
    covered: Vec<bool>,
}

fn read(preset: &'static str, source: String, puzzle: &Puzzle, truth: u64) -> Reading {
    let strategy = preset::lookup(preset).expect("a preset").strategy;
    let mut search = Search::with_limits(puzzle, strategy, Limits::default()).expect("no clash");
    let (mut estimator, mut walk, mut recursive) =
        (Estimator::new(), Walk::default(), Recursive::default());
    let marks: Vec<u64> = POINTS.iter().map(|(d, _)| truth / d).collect();
    let mut values = Vec::new();
    let mut covered = Vec::new();
    search.finish_with(|event, _| {
        estimator.observe(event);
        recursive.follow(walk.observe(event));
        if event.is_decision() && marks.contains(&estimator.explored()) {
            let shown = estimator.estimate();
            let total = match shown {
                Estimate::About { point, .. } => Some(point),
                _ => None,
            };
            covered.push(matches!(shown, Estimate::About { low, high, .. }
                if low <= truth as f64 && truth as f64 <= high));
            values.push([
                total,
                estimator.decisions(Method::Wbe),
                estimator.decisions(Method::Candidates),
                recursive.nodes().map(|n| (n - 1.0) / 2.0),
            ]);
        }
    });
    Reading {
        preset,
        source,
        truth,
        values,
        covered,
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let number = |name: &str| -> anyhow::Result<Option<u64>> {
        value(name)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|e| anyhow::anyhow!("{name} {v}: {e}"))
            })
            .transpose()
    };
    let quick = args.iter().any(|a| a == "--quick");
    let csv = value("--csv");
    let most = match number("--take")? {
        Some(n) => usize::try_from(n)?,
        None if quick => 20,
        None => usize::MAX,
    };
    let largest = number("--largest")?.unwrap_or(LARGEST);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/public");
    let mut jobs = Vec::new();
    for (preset, file, take) in plan(most) {
        let text = std::fs::read_to_string(format!("{dir}/{file}"))?;
        for (i, line) in text.lines().take(take).enumerate() {
            jobs.push((preset, format!("{file}:{}", i + 1), line.parse::<Puzzle>()?));
        }
    }
    let total = jobs.len();
    let queue = Mutex::new(jobs.into_iter());
    let readings = Mutex::new(Vec::new());
    let left_out = Mutex::new(BTreeMap::<&str, (usize, usize)>::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let Some((preset, source, puzzle)) = queue.lock().expect("queue").next() else {
                        break;
                    };
                    let strategy = preset::lookup(preset).expect("a preset").strategy;
                    let limits = Limits {
                        nodes: Some(largest),
                        ..Limits::default()
                    };
                    let outcome = Batch::new(strategy)
                        .solve(&puzzle, limits)
                        .expect("no clash");
                    let n = outcome.stats.nodes;
                    if outcome.status.name() == "limit" || n < SMALLEST {
                        let mut out = left_out.lock().expect("tally");
                        let entry = out.entry(preset).or_default();
                        if n < SMALLEST {
                            entry.0 += 1;
                        } else {
                            entry.1 += 1;
                        }
                        continue;
                    }
                    let reading = read(preset, source, &puzzle, n);
                    readings.lock().expect("readings").push(reading);
                }
            });
        }
    });
    let mut readings = readings.into_inner().expect("readings");
    readings.sort_by(|a, b| (a.preset, &a.source).cmp(&(b.preset, &b.source)));
    let left_out = left_out.into_inner().expect("tally");
    println!(
        "{total} searches run, {} measured ({SMALLEST}..{largest} decisions, as solve counts to 2)",
        readings.len()
    );
    report(&readings, &left_out, largest);
    if let Some(path) = csv {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        writeln!(
            out,
            "preset,source,truth,point,shown,low_covers,wbe,wbe_candidates,recursive"
        )?;
        for r in &readings {
            for (k, v) in r.values.iter().enumerate() {
                let cell = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.0}"));
                writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{}",
                    r.preset,
                    r.source,
                    r.truth,
                    POINTS[k].1,
                    cell(v[0]),
                    r.covered[k],
                    cell(v[1]),
                    cell(v[2]),
                    cell(v[3])
                )?;
            }
        }
    }
    Ok(())
}

/// The share of `ratios` within a factor 2 of 1.
fn within_two(ratios: &[f64]) -> f64 {
    ratios.iter().filter(|r| (0.5..=2.0).contains(*r)).count() as f64 / ratios.len().max(1) as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn report(readings: &[Reading], left_out: &BTreeMap<&str, (usize, usize)>, largest: u64) {
    let mut presets: Vec<&str> = readings.iter().map(|r| r.preset).collect();
    presets.dedup();
    presets.push("all");
    println!();
    println!(
        "| preset | searches | decisions | at | within ×2 | median ratio | unknown | truth in range | wbe within ×2 | wbe-candidates within ×2 | recursive within ×2 |"
    );
    println!("|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for preset in presets {
        let mine: Vec<&Reading> = readings
            .iter()
            .filter(|r| preset == "all" || r.preset == preset)
            .collect();
        let (lo, hi) = mine.iter().fold((u64::MAX, 0), |(lo, hi), r| {
            (lo.min(r.truth), hi.max(r.truth))
        });
        for (k, (_, at)) in POINTS.iter().enumerate() {
            let ratios = |c: usize| -> Vec<f64> {
                mine.iter()
                    .filter_map(|r| {
                        r.values
                            .get(k)
                            .and_then(|v| v[c])
                            .map(|x| x / r.truth as f64)
                    })
                    .collect()
            };
            let shown = ratios(0);
            let unknown = mine.len() - shown.len();
            let covered = mine
                .iter()
                .filter(|r| r.covered.get(k) == Some(&true))
                .count();
            let share = |x: f64| format!("{:.0}%", 100.0 * x);
            // A search's unknown estimate counts as outside ×2.
            let with_unknown = |ratios: &[f64]| {
                within_two(ratios) * ratios.len() as f64 / mine.len().max(1) as f64
            };
            println!(
                "| {} | {} | {} | {at} | {} | {:.2} | {} | {} | {} | {} | {} |",
                if k == 0 { preset } else { "" },
                if k == 0 {
                    mine.len().to_string()
                } else {
                    String::new()
                },
                if k == 0 {
                    format!(
                        "{}–{}",
                        dokuscope::numbers::approx(lo as f64),
                        dokuscope::numbers::approx(hi as f64)
                    )
                } else {
                    String::new()
                },
                share(with_unknown(&shown)),
                median(shown.clone()),
                unknown,
                share(covered as f64 / mine.len().max(1) as f64),
                share(with_unknown(&ratios(1))),
                share(with_unknown(&ratios(2))),
                share(with_unknown(&ratios(3))),
            );
        }
    }
    println!();
    for (preset, (small, large)) in left_out {
        println!(
            "{preset}: {small} searches under {SMALLEST} decisions and {large} over {largest} left out"
        );
    }
}
