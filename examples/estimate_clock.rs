//! The estimate's cost by the clock, on a shared machine: fast-forwards watch's lane of a
//! search (as `examples/estimate_cost.rs` does, up to 2M events) with the estimator and
//! without it in turn, in one process (off, on, on, off, …), and prints each side's fastest
//! and median run and how far apart they are. Run in turn, both sides meet the machine's
//! drift alike; `cargo bench --bench estimate -- fast_forward_estimate_on` and `_off` time
//! each side alone.
//!
//! ```text
//! cargo run --release --example estimate_clock -- bt:1 10
//! ```
//!
//! The first argument is `PRESET:LINE` of top95 (default `bt:1`), the second the runs of each
//! side (default 10).

#[path = "../benches/common/mod.rs"]
mod common;

use std::time::Instant;

use anyhow::Context;
use common::estimate_lane;

const FORWARD: u64 = 2_000_000;

fn main() -> anyhow::Result<()> {
    let search = std::env::args().nth(1).unwrap_or_else(|| "bt:1".into());
    let runs: usize = match std::env::args().nth(2) {
        Some(n) => n.parse().context("the runs of each side: a number")?,
        None => 10,
    };
    anyhow::ensure!(runs > 0, "the runs of each side: at least 1");
    // Milliseconds per run, without the estimator and with it.
    let mut times = [Vec::new(), Vec::new()];
    for run in 0..runs * 2 {
        // off, on, on, off, off, on, …: each side first as often as second.
        let on = (run % 2 == 1) != (run / 2 % 2 == 1);
        let mut lane = estimate_lane(&search, on)?;
        let start = Instant::now();
        let mut events = 0;
        while events < FORWARD && lane.advance().is_some() {
            events += 1;
        }
        times[usize::from(on)].push(start.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(&lane);
    }
    for side in &mut times {
        side.sort_by(f64::total_cmp);
    }
    let [off, on] = times.map(|side| (side[0], side[side.len() / 2]));
    println!(
        "{search}, {runs} runs a side: without {:.2} ms fastest, {:.2} median; with {:.2} fastest, {:.2} median; {:+.1} % fastest, {:+.1} % median",
        off.0,
        off.1,
        on.0,
        on.1,
        (on.0 / off.0 - 1.0) * 100.0,
        (on.1 / off.1 - 1.0) * 100.0
    );
    Ok(())
}
