//! `dokuscope generate`: puzzles with exactly one solution.

use super::args::GenerateArgs;

/// Prints the puzzles, one per line.
pub fn run(args: &GenerateArgs) -> anyhow::Result<u8> {
    let _ = args;
    anyhow::bail!("generate is not built yet")
}
