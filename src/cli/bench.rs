//! `dokuscope bench`: presets over whole puzzle sets, as tables and distributions.

use super::args::BenchArgs;

/// Runs the benchmark.
pub fn run(args: &BenchArgs) -> anyhow::Result<u8> {
    let _ = args;
    anyhow::bail!("bench is not built yet")
}
