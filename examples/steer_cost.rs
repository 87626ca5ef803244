//! The instruction count behind the breakpoint cost figure: plays `bt` on top95 #1 at full
//! speed through the app for 400k events, with the first N of the ten breakpoints of
//! `benches/steer.rs` set. Wall-clock times stretch on a shared machine; callgrind counts
//! do not:
//!
//! ```text
//! cargo build --release --example steer_cost
//! valgrind --tool=callgrind target/release/examples/steer_cost 0
//! valgrind --tool=callgrind target/release/examples/steer_cost 10
//! ```

use dokuscope::app::{Action, App, Lock, SPEEDS, Source};
use dokuscope::solver::preset;

/// The same ten as `benches/steer.rs`: none hits in the first 2M events.
const TEN: [&str; 10] = [
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

fn main() -> anyhow::Result<()> {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
        .min(TEN.len());
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/puzzles/top95.txt");
    let entry = dokuscope::cli::input::nth_puzzle(Some(path), 1)?;
    let source = Source {
        location: entry.location.to_string(),
        index: 1,
        puzzle: entry.puzzle,
    };
    let bt = preset::lookup("bt")?;
    let mut app = App::new(source, &[(bt.name.to_string(), bt.strategy)], Lock::Events)?;
    for text in &TEN[..n] {
        app.add_breakpoint(text)
            .map_err(|e| anyhow::anyhow!("{text}: {e}"))?;
    }
    for _ in 0..SPEEDS.len() {
        app.update(Action::Faster);
    }
    app.update(Action::TogglePlay);
    while app.step() < 400_000 && !app.all_finished() {
        app.on_tick(app.now(), None);
    }
    println!(
        "{} breakpoints, {} events, phase {}",
        n,
        app.step(),
        app.phase().word()
    );
    Ok(())
}
