//! `dokuscope compare`: a live side-by-side race of presets on one puzzle.

use super::args::CompareArgs;

/// Opens the race.
pub fn run(args: &CompareArgs) -> anyhow::Result<u8> {
    let _ = args;
    anyhow::bail!("compare is not built yet")
}
