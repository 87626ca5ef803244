//! The instruction count behind the estimate's cost figure: fast-forwards watch's lane of
//! `bt` on top95 #1 (checkpoints and depth trace recorded) for 2M events, with the
//! estimator on its cursor (`on`) or without it (`off`). Wall-clock times stretch on a
//! shared machine; callgrind counts do not:
//!
//! ```text
//! cargo build --release --example estimate_cost
//! valgrind --tool=callgrind target/release/examples/estimate_cost off
//! valgrind --tool=callgrind target/release/examples/estimate_cost on
//! ```
//!
//! `cargo bench --bench estimate` times the same loop.

#[path = "../benches/common/mod.rs"]
mod common;

use common::{strategy, top95};
use dokuscope::app::Lane;

const FORWARD: u64 = 2_000_000;

fn main() -> anyhow::Result<()> {
    let on = std::env::args().nth(1).as_deref() != Some("off");
    let puzzle = top95(1).ok_or_else(|| anyhow::anyhow!("../shared/puzzles/top95.txt"))?;
    let mut lane = Lane::new("bt", &puzzle, strategy("bt"))?;
    if !on {
        lane = lane.without_estimate();
    }
    let mut events = 0;
    while events < FORWARD && lane.advance().is_some() {
        events += 1;
    }
    println!(
        "{events} events, estimator {}: {:?}",
        if on { "on" } else { "off" },
        lane.cursor().estimate()
    );
    Ok(())
}
