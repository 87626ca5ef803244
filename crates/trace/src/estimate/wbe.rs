//! The weighted backtrack estimator (WBE) of Kilby, Slaney, Thiébaux and Walsh,
//! "Estimating Search Tree Size", AAAI 2006.
//!
//! Knuth (1975) estimates a tree's size by random probes: a probe that reaches a leaf at
//! depth d of a binary tree says `1 + 2 + … + 2^d = 2^(d+1) − 1` nodes, and it reaches that
//! leaf with probability `2^-d`. Chronological backtracking visits the branches in a fixed
//! order instead of at random, so the WBE weighs each branch it has visited by the
//! probability that a probe would have taken it:
//!
//! ```text
//!         Σ_{b ∈ B} 2^-d(b) · (2^(d(b)+1) − 1)
//! WBE  =  ────────────────────────────────────     B: the branches (leaves) visited so far
//!               Σ_{b ∈ B} 2^-d(b)
//! ```
//!
//! The numerator is `2|B| − W` with `W = Σ 2^-d(b)`, so the estimate is `2|B| / W − 1`;
//! both sums grow by one term per leaf, in constant time. Once the search has visited
//! every branch, `W = 1` and the estimate is the tree's size exactly.

use super::dyadic::{Dyadic, scale};

/// The two sums of the WBE.
#[derive(Clone, Debug, Default)]
pub struct Wbe {
    /// `|B|`: the leaves visited.
    leaves: u64,
    /// `W`: the probability that a random probe ends at a leaf visited so far.
    weight: Dyadic,
}

impl Wbe {
    /// A leaf at binary depth `depth` was visited.
    #[inline]
    pub fn leaf(&mut self, depth: u32) {
        self.leaves += 1;
        self.weight.add_power(depth);
    }

    /// The leaves visited.
    pub fn leaves(&self) -> u64 {
        self.leaves
    }

    /// `W`, the share of the tree's probability the visited leaves hold: the fraction
    /// of the search done, in Knuth's sense.
    pub fn weight(&self) -> f64 {
        self.weight.to_f64()
    }

    /// The estimated number of nodes of the whole tree, `2|B| / W − 1`; `None` before the
    /// first leaf, or where the estimate leaves the range of an `f64`.
    #[expect(clippy::cast_precision_loss, reason = "an estimate")]
    pub fn nodes(&self) -> Option<f64> {
        let (m, e) = self.weight.frexp()?;
        let estimate = scale(2.0 * self.leaves as f64 / m, -e) - 1.0;
        estimate.is_finite().then_some(estimate)
    }
}
