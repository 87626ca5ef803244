//! The instruction count behind the estimate's cost figure: fast-forwards watch's lane of
//! a search (checkpoints and depth trace recorded) for up to 2M events, with the estimator
//! on its cursor (`on`) or without it (`off`). The search is `bt` on top95 #1 unless a
//! `PRESET:LINE` of top95 follows (benches/estimate.rs measures `bt:1`, `mrv:28`, `cbj:1`,
//! `fc-cbj:5`, `dom-wdeg:7` and `mac:18`). Wall-clock times stretch on a shared machine;
//! callgrind counts do not:
//!
//! ```text
//! cargo build --release --example estimate_cost
//! valgrind --tool=callgrind target/release/examples/estimate_cost off mrv:28
//! valgrind --tool=callgrind target/release/examples/estimate_cost on mrv:28
//! ```
//!
//! `cargo bench --bench estimate -- fast_forward` times the same loop.

#[path = "../benches/common/mod.rs"]
mod common;

use common::estimate_lane;

const FORWARD: u64 = 2_000_000;

fn main() -> anyhow::Result<()> {
    let on = std::env::args().nth(1).as_deref() != Some("off");
    let search = std::env::args().nth(2).unwrap_or_else(|| "bt:1".into());
    let mut lane = estimate_lane(&search, on)?;
    let mut events = 0;
    while events < FORWARD && lane.advance().is_some() {
        events += 1;
    }
    println!(
        "{search}: {events} events, estimator {}: {:?}",
        if on { "on" } else { "off" },
        lane.cursor().estimate()
    );
    Ok(())
}
