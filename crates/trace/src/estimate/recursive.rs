//! The recursive estimator of Kilby, Slaney, Thiébaux and Walsh, "Estimating Search Tree
//! Size", AAAI 2006: the unexplored part of the tree is assumed to be like the part
//! explored.
//!
//! The size of the tree below a node n on the path from the root to the current node is
//! estimated as
//!
//! ```text
//! est(n) = 1                          n is the current node (nothing below it is known)
//!        = 1 + 2 · est(left(n))       the search is in n's left subtree: the right one,
//!                                     not yet begun, is taken to be as large
//!        = 1 + |left(n)| + est(right(n))   the search is in n's right subtree: the left
//!                                     one is finished and its size known
//! ```
//!
//! and the tree's size as est(root). The estimate is exact once the search has ended.
//! Unrolled along the path, `est(root) = Σ a(i) · 2^l(i) + 2^l`, with `a(i) = 1` at a node
//! left by its left branch and `1 + |left|` at one left by its right branch, and `l(i)` the
//! left branches above node i (`l` at the current node): this keeps the sum for the path
//! so far and, per decision in effect, the sum before it, so that each event costs constant
//! time and a backtrack restores the sum of its node.

use super::dyadic::scale;
use super::walk::Move;

/// The unrolled sum along the current path.
#[derive(Clone, Debug, Default)]
pub struct Recursive {
    /// `Σ a(i) · 2^l(i)` over the nodes above the current one.
    sum: f64,
    /// `l`: left branches on the path (the decisions in effect).
    lefts: usize,
    /// The sum as it stood at each decision's node, before the decision.
    saved: Vec<f64>,
}

impl Recursive {
    /// Follows the walk's move.
    #[inline]
    pub fn follow(&mut self, step: Move) {
        match step {
            Move::Left => self.left(),
            Move::Right {
                kept, left_size, ..
            } => self.right(kept, left_size),
            Move::Restart { .. } => *self = Recursive::default(),
            Move::None | Move::Leaf(_) => {}
        }
    }

    /// A decision: the current node is left by its left branch (a = 1).
    #[inline]
    pub fn left(&mut self) {
        self.saved.push(self.sum);
        self.sum += power(self.lefts);
        self.lefts += 1;
    }

    /// A backtrack to `kept` decisions: the node of decision `kept + 1`, whose left subtree
    /// of `left_size` nodes is finished, is left by its right branch (a = 1 + |left|).
    #[inline]
    pub fn right(&mut self, kept: usize, left_size: u64) {
        let Some(&sum) = self.saved.get(kept) else {
            return;
        };
        self.saved.truncate(kept);
        self.lefts = kept;
        #[expect(clippy::cast_precision_loss, reason = "an estimate")]
        let a = 1.0 + left_size as f64;
        self.sum = sum + a * power(kept);
    }

    /// The estimated number of nodes of the whole tree; `None` where it leaves the range
    /// of an `f64`.
    pub fn nodes(&self) -> Option<f64> {
        let estimate = self.sum + power(self.lefts);
        estimate.is_finite().then_some(estimate)
    }
}

/// `2^n`.
fn power(n: usize) -> f64 {
    scale(1.0, i64::try_from(n).unwrap_or(i64::MAX))
}
