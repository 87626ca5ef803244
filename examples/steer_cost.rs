//! The instruction count behind the breakpoint cost figure: plays `bt` on top95 #1 at full
//! speed through the app for 400k events, with the first N of the ten breakpoints of
//! `benches/common` set. Wall-clock times stretch on a shared machine; callgrind counts
//! do not:
//!
//! ```text
//! cargo build --release --example steer_cost
//! valgrind --tool=callgrind target/release/examples/steer_cost 0
//! valgrind --tool=callgrind target/release/examples/steer_cost 10
//! ```

#[path = "../benches/common/mod.rs"]
mod common;

use common::TEN;
use dokuscope::app::{Action, App, Lock, SPEEDS, Source};
use dokuscope::solver::preset;

fn main() -> anyhow::Result<()> {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
        .min(TEN.len());
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/public/top95.txt");
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
