//! `dokuscope generate`: puzzles with exactly one solution, one per line.

use std::io::{self, BufWriter, Write};

use super::args::GenerateArgs;
use crate::solver::generate::{Thinning, generate};
use crate::solver::geometry::BoxSize;

/// Prints `--count` puzzles; the same `--seed` gives the same puzzles.
pub fn run(args: &GenerateArgs) -> anyhow::Result<u8> {
    let side_len: usize = args.size.parse()?;
    let size =
        BoxSize::from_side(side_len).ok_or_else(|| anyhow::anyhow!("--size must be 4, 9 or 16"))?;
    let cells = size.cells();
    if args.min_clues >= cells {
        anyhow::bail!(
            "--min-clues {}: a {side_len}×{side_len} puzzle has {cells} cells, so at most {} clues (a puzzle leaves a cell to fill)",
            args.min_clues,
            cells - 1
        );
    }
    let mut rng = args
        .seed
        .map_or_else(fastrand::Rng::new, fastrand::Rng::with_seed);
    let thinning = Thinning {
        min_clues: args.min_clues,
        ..Thinning::default()
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..args.count {
        let puzzle = generate(size, thinning, &mut rng);
        if let Err(err) = writeln!(out, "{puzzle}").and_then(|()| out.flush()) {
            if err.kind() == io::ErrorKind::BrokenPipe {
                break;
            }
            return Err(err.into());
        }
    }
    Ok(super::EXIT_OK)
}
