//! What a bench run reports to, on the calling thread: each puzzle's samples in input
//! order, bad input as soon as it is read, and a tick while the run goes on.

use super::sample::Sample;
use crate::solver::Location;

/// What the runner reports to, on the calling thread.
pub trait Observer {
    /// One puzzle's samples, one per preset in preset order; called in input order.
    fn puzzle(&mut self, file: usize, location: &Location, samples: &[Sample]);
    /// Bad input, as soon as it is read.
    fn bad(&mut self, file: usize, message: &str);
    /// Called at least every 100 ms while the run goes on, and after each puzzle.
    fn tick(&mut self, _reported: u64) {}
}
