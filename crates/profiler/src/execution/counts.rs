//! An execution's counters, kept as nodes arrive: Gist's node statistics.

use crate::message::Status;

/// What an execution holds so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Nodes received, skipped ones included.
    pub nodes: u64,
    /// Choice nodes (status BRANCH).
    pub choices: u64,
    /// Failures.
    pub failures: u64,
    /// Solutions.
    pub solutions: u64,
    /// Alternatives skipped by backjumping (status SKIPPED).
    pub skipped: u64,
    /// Alternatives that choice nodes announced (`kids`) and that never arrived: open while the
    /// search runs, undetermined after it (Chuffed's backjumps leave many).
    pub open: u64,
    /// The deepest node's depth (a root is at depth 0).
    pub max_depth: u32,
    /// Runs: the first search and one more for each restart (orphan roots included).
    pub runs: u32,
    /// RESTART messages received.
    pub restarts: u32,
    /// Failures that carry a nogood.
    pub nogoods: u64,
}

impl Counts {
    /// Counts one more node of `status`, at `depth`, announcing `kids` alternatives.
    pub(crate) fn add(&mut self, status: Status, depth: u32, kids: u32) {
        self.nodes += 1;
        self.max_depth = self.max_depth.max(depth);
        match status {
            Status::Branch => {
                self.choices += 1;
                self.open += u64::from(kids);
            }
            Status::Failed => self.failures += 1,
            Status::Solved => self.solutions += 1,
            Status::Skipped => self.skipped += 1,
        }
    }
}
