//! What the TUI, tree and steering benchmarks (and `examples/steer_cost.rs`) share: puzzles
//! from the public sets in `puzzles/public` ([`public`]), presets by name, the long search they run on, the process's
//! resident memory, and the breakpoints whose cost is measured.

#![allow(dead_code, reason = "each benchmark uses some of these helpers")]

use std::sync::OnceLock;

use dokuscope::app::Lane;
use dokuscope::solver::{Puzzle, Strategy, preset};

#[path = "../../tests/common/public.rs"]
pub mod public;

/// Puzzle `line` (from 1) of top95 (`puzzles/public/top95.txt`).
pub fn top95(line: usize) -> Puzzle {
    public::first("top95.txt", line)[line - 1]
        .parse()
        .expect("top95's lines are puzzles")
}

/// The preset `name`'s strategy (the default preset's for an unknown name).
pub fn strategy(name: &str) -> Strategy {
    preset::resolve(name).map_or_else(|_| preset::default_preset().strategy, |(_, s)| s)
}

/// A watch lane of the search `PRESET:LINE` (a preset, variants allowed, on line LINE of
/// top95), with the estimate of its size (`estimate`) or without, as the estimate's cost
/// is measured (`benches/estimate.rs`, `examples/estimate_cost.rs` and `estimate_clock.rs`).
pub fn estimate_lane(search: &str, estimate: bool) -> anyhow::Result<Lane> {
    let (preset, number) = search
        .split_once(':')
        .ok_or_else(|| anyhow::anyhow!("{search}: expected PRESET:LINE"))?;
    let row = number
        .parse()
        .map_err(|_| anyhow::anyhow!("{search}: LINE, a line of top95, is a number"))?;
    if !(1..=95).contains(&row) {
        anyhow::bail!("{search}: top95 has lines 1 to 95");
    }
    let puzzle = top95(row);
    let lane = Lane::new(preset, &puzzle, strategy(preset))?;
    Ok(if estimate {
        lane
    } else {
        lane.without_estimate()
    })
}

/// The first `take` puzzles kept of a public set (`puzzles/public`: a large set's sample,
/// or the whole file where `DOKUSCOPE_PUBLIC_SETS` names a folder that holds it).
pub fn set(name: &str, take: usize) -> Vec<Puzzle> {
    public::lines(name)
        .iter()
        .take(take)
        .map(|l| l.parse().expect("a public set's lines are puzzles"))
        .collect()
}

/// The process's resident memory in KiB (0 where /proc is not there).
pub fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The 12.1M-event `bt` search of top95 #11, run to its end once with history recording.
pub fn long_lane() -> &'static Lane {
    static LANE: OnceLock<Lane> = OnceLock::new();
    LANE.get_or_init(|| {
        let mut lane = Lane::new("bt", &top95(11), strategy("bt")).expect("a bt lane");
        while lane.advance().is_some() {}
        lane
    })
}

/// Ten breakpoints that do not hit in the first 2M events of `bt` on top95 #1, of every
/// kind; the measures among them (depth, step, counters) make every event evaluate them.
pub const TEN: [&str; 10] = [
    "assign r1c1=9 and step > 50000000",
    "prune r9c9=1 and backtracks > 90000000",
    "select r5c5 and nodes > 9000000",
    "wipeout r9c9 and depth > 70",
    "backtrack r2c2=9 and step > 90000000",
    "solution",
    "depth > 80",
    "node 90000000",
    "step 100000000",
    "backtracks >= 100000000 or prunes >= 900000000",
];
