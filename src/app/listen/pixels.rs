//! The pixel tree of a received search, kept as nodes arrive: CP-Profiler's overview, where x
//! is a node's place in arrival order (depth-first order for the solvers' sequential searches)
//! and y its depth. Fixed buckets of consecutive nodes hold the depths present and where
//! failures, solutions and skipped nodes are; when full they merge pairwise, so the picture of
//! a 10 M-node search costs what a small one does.

use dokuscope_profiler::Status;

/// Buckets kept before they merge pairwise.
pub const BUCKETS: usize = 512;
/// Depths told apart; deeper nodes share the last row.
pub const DEPTHS: u32 = 64;

/// One bucket: a bit per depth for each kind of node present.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bucket {
    /// Any node.
    pub any: u64,
    /// A failure.
    pub failure: u64,
    /// A solution.
    pub solution: u64,
    /// A skipped node.
    pub skipped: u64,
}

impl Bucket {
    fn merge(self, other: Bucket) -> Bucket {
        Bucket {
            any: self.any | other.any,
            failure: self.failure | other.failure,
            solution: self.solution | other.solution,
            skipped: self.skipped | other.skipped,
        }
    }
}

/// The overview of one received search.
#[derive(Clone, Debug)]
pub struct Pixels {
    buckets: Vec<Bucket>,
    /// Nodes per bucket.
    width: u64,
    nodes: u64,
    max_depth: u32,
}

impl Default for Pixels {
    fn default() -> Self {
        Self {
            buckets: Vec::with_capacity(BUCKETS),
            width: 1,
            nodes: 0,
            max_depth: 0,
        }
    }
}

impl Pixels {
    /// One more node, of `status` at `depth`.
    pub fn push(&mut self, status: Status, depth: u32) {
        let index = self.nodes / self.width;
        if index as usize >= BUCKETS {
            let merged: Vec<Bucket> = self
                .buckets
                .chunks(2)
                .map(|pair| pair.iter().fold(Bucket::default(), |a, b| a.merge(*b)))
                .collect();
            self.buckets = merged;
            self.width *= 2;
        }
        let index = (self.nodes / self.width) as usize;
        if index >= self.buckets.len() {
            self.buckets.push(Bucket::default());
        }
        let bit = 1u64 << depth.min(DEPTHS - 1);
        let bucket = &mut self.buckets[index];
        bucket.any |= bit;
        match status {
            Status::Failed => bucket.failure |= bit,
            Status::Solved => bucket.solution |= bit,
            Status::Skipped => bucket.skipped |= bit,
            Status::Branch => {}
        }
        self.nodes += 1;
        self.max_depth = self.max_depth.max(depth.min(DEPTHS - 1));
    }

    /// The buckets, in order.
    pub fn buckets(&self) -> &[Bucket] {
        &self.buckets
    }

    /// The deepest row used.
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Nodes counted.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The bucket that node number `n` (in arrival order) fell in.
    pub fn bucket_of(&self, n: u64) -> usize {
        (n / self.width) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_merge_pairwise_and_keep_every_kind() {
        let mut pixels = Pixels::default();
        for n in 0..(BUCKETS as u64 * 3) {
            let status = if n == 7 {
                Status::Solved
            } else {
                Status::Failed
            };
            pixels.push(status, (n % 5) as u32);
        }
        assert!(pixels.buckets().len() <= BUCKETS);
        assert_eq!(pixels.nodes(), BUCKETS as u64 * 3);
        assert_eq!(pixels.max_depth(), 4);
        let solution_buckets: Vec<usize> = (0..pixels.buckets().len())
            .filter(|&i| pixels.buckets()[i].solution != 0)
            .collect();
        // Two merges (at 512 and 1,024 nodes): four nodes a bucket, node 7 in the second.
        assert_eq!(pixels.bucket_of(7), 1);
        assert_eq!(solution_buckets, [1]);
    }
}
