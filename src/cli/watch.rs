//! `dokuscope watch`: the step-through TUI of one search.

use super::args::WatchArgs;

/// Opens the TUI on the chosen puzzle and preset.
pub fn run(args: &WatchArgs) -> anyhow::Result<u8> {
    let _ = args;
    anyhow::bail!("watch is not built yet")
}
