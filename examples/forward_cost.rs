//! The cost behind the fast-forward-with-the-tree figures of docs/performance.md: one watch
//! pane of PRESET (variants allowed, `dom-wdeg/luby:100`) on top95 #1 advanced N events
//! with its history and its tree grown, as `s` after `t` does. On a shared machine the
//! user CPU time and callgrind's instruction count move less than the wall clock:
//!
//! ```text
//! cargo build --release --example forward_cost
//! /usr/bin/time -f %U target/release/examples/forward_cost cbj 1000000
//! valgrind --tool=callgrind target/release/examples/forward_cost cbj 1000000
//! ```

#[path = "../benches/common/mod.rs"]
mod common;

use dokuscope::app::Lane;
use dokuscope::solver::preset;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "bt".to_string());
    let events: u64 = args.next().map_or(Ok(1_000_000), |n| n.parse())?;
    let puzzle = common::top95(1);
    let (_, strategy) = preset::resolve(&spec).map_err(|e| anyhow::anyhow!(e))?;
    let mut lane = Lane::new(&spec, &puzzle, strategy)?;
    lane.timeline_mut().grow_tree();
    let mut done = 0;
    while done < events && lane.advance().is_some() {
        done += 1;
    }
    println!("{spec}: {done} events");
    Ok(())
}
