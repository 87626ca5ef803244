//! Batch sizing: enough puzzles per message that handing work between threads costs little,
//! few enough that a hard set still goes one puzzle at a time.

use super::ledger::Done;

/// The most puzzles in one batch.
pub const MAX_BATCH: usize = 64;
/// The work one batch should hold, in nanoseconds of solving.
pub const BATCH_NANOS: f64 = 1e6;

/// Sizes batches from a moving average of the solving time per puzzle (all presets).
#[derive(Default)]
pub(super) struct Batcher {
    nanos_per_puzzle: Option<f64>,
}

impl Batcher {
    pub(super) fn size(&self) -> usize {
        match self.nanos_per_puzzle {
            #[expect(clippy::cast_sign_loss, reason = "a positive ratio, clamped")]
            Some(nanos) if nanos > 0.0 => ((BATCH_NANOS / nanos) as usize).clamp(1, MAX_BATCH),
            Some(_) => MAX_BATCH,
            None => 1,
        }
    }

    /// Puzzles allowed in flight: a few per worker until the first times are known (so that
    /// the window does not fill with one-puzzle batches), then the whole `window`.
    pub(super) fn window(&self, window: u64, jobs: usize) -> u64 {
        if self.nanos_per_puzzle.is_some() {
            window
        } else {
            2 * jobs as u64
        }
    }

    pub(super) fn learn(&mut self, done: &Done) {
        let total: u64 = done
            .results
            .iter()
            .filter_map(|r| r.samples.as_ref().ok())
            .flatten()
            .map(|s| s.nanos)
            .sum();
        #[expect(clippy::cast_precision_loss, reason = "an estimate")]
        let mean = total as f64 / done.results.len().max(1) as f64;
        self.nanos_per_puzzle = Some(
            self.nanos_per_puzzle
                .map_or(mean, |old| 0.75 * old + 0.25 * mean),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::ledger::Solved;
    use crate::bench::sample::Sample;
    use crate::solver::parse::Location;

    fn done(nanos: &[u64]) -> Done {
        let results = nanos
            .iter()
            .map(|&n| Solved {
                file: 0,
                location: Location {
                    source: "t".into(),
                    line: 1,
                },
                samples: Ok(vec![Sample {
                    nanos: n,
                    ..Sample::default()
                }]),
            })
            .collect();
        Done { first: 0, results }
    }

    #[test]
    fn batches_hold_about_a_millisecond_of_solving() {
        let mut b = Batcher::default();
        assert_eq!(
            (b.size(), b.window(512, 2)),
            (1, 4),
            "one at a time until times are known"
        );
        b.learn(&done(&[40_000, 60_000]));
        assert_eq!((b.size(), b.window(512, 2)), (20, 512), "1 ms / 50 µs");
        let mut hard = Batcher::default();
        hard.learn(&done(&[5_000_000]));
        assert_eq!(hard.size(), 1);
        let mut trivial = Batcher::default();
        trivial.learn(&done(&[100]));
        assert_eq!(trivial.size(), MAX_BATCH);
    }
}
