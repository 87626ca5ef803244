//! The weighted backtrack estimator over the tree of candidates: Kilby, Slaney, Thiébaux
//! and Walsh's WBE ("Estimating Search Tree Size", AAAI 2006, [`super::wbe`]) lifted from
//! binary trees to the tree the search branches on, as the paper says its ideas lift: a
//! choice of cell x with k candidates has k children x = d, and Knuth's probe (1975) takes
//! each with probability 1/k.
//!
//! The engine makes that k-ary choice as a chain of binary ones (x = d₁, else x ≠ d₁ and
//! x = d₂, …). Where r candidates of x remain, the decision x = d takes probability 1/r
//! and its refutation (r − 1)/r, so each candidate gets 1/k; a candidate that propagation
//! rules out before it is tried (plain backtracking's conflicts, a refutation's
//! consequences) passes its probability on to the candidates after it. The candidates
//! come from the `select` event's domain less the prunes of the chosen cell; a decision
//! with no `select` before it (a stream's) is a binary choice, 1/2 each way.
//!
//! A probe that ends at leaf b after reaching node j with probability P(j) estimates
//! `Knuth(b) = Σ_{decisions j on b's path} 1 / P(j)` decisions, and the WBE is
//!
//! ```text
//!         Σ_{b ∈ B} P(b) · Knuth(b)
//! WBE  =  ─────────────────────────       B: the leaves visited so far
//!            Σ_{b ∈ B} P(b)
//! ```
//!
//! The numerator's term for b is `R(b) = Σ_j P(b) / P(j)`, kept along the path: going
//! down a branch of probability p to node u, `R(u) = p · R(parent) + [u is a decision]`.
//! Both sums then grow by one term per leaf. Once every branch has been visited the
//! probabilities of the leaves add up to 1 and the estimate is the number of decisions
//! exactly.

use super::scaled::Scaled;
use dokuscope_engine::domain::{Digit, Domain};
use dokuscope_engine::geometry::Cell;

/// What a decision's node needs when the search comes back to it by the right branch,
/// kept on the walk's stack ([`super::walk::Frame`]).
#[derive(Clone, Copy, Debug)]
pub struct Saved {
    /// P at the node.
    p: Scaled,
    /// R at the node.
    r: f64,
    /// The right branch's probability: (r − 1)/r with the r candidates the decision had,
    /// 1/2 for a binary choice.
    right: f64,
    /// The cell chosen ([`NO_CELL`] when the decision was a binary choice) and its
    /// candidates after the decision's digit, for the right branch.
    cell: Cell,
    left: Domain,
}

/// No cell chosen: a decision with no `select` before it is a binary choice. No board has
/// this many cells.
const NO_CELL: Cell = Cell::new(u16::MAX as usize);

/// The WBE over the tree of candidates. The decisions' nodes are saved on the walk's
/// stack, which the estimator hands back on the way up.
#[derive(Clone, Debug)]
pub struct Candidates {
    /// P at the current node.
    p: Scaled,
    /// R at the current node.
    r: f64,
    /// The current node's chosen cell ([`NO_CELL`] for none) and its candidates left.
    cell: Cell,
    domain: Domain,
    /// `Σ R(b)`.
    num: f64,
    /// `Σ P(b)`.
    den: Scaled,
}

impl Default for Candidates {
    fn default() -> Candidates {
        Candidates {
            p: Scaled::ONE,
            r: 0.0,
            cell: NO_CELL,
            domain: Domain::EMPTY,
            num: 0.0,
            den: Scaled::ZERO,
        }
    }
}

impl Candidates {
    /// The current node chose `cell`, whose candidates are `domain`.
    #[inline]
    pub fn select(&mut self, cell: Cell, domain: Domain) {
        self.cell = cell;
        self.domain = domain;
    }

    /// `digit` left `cell`'s domain.
    #[inline]
    pub fn prune(&mut self, cell: Cell, digit: Digit) {
        if self.cell == cell {
            self.domain = self.domain.without(digit);
        }
    }

    /// A decision `cell = digit` at the current node: what to save there for the way back.
    /// `board` is the cell's domain on the board, for a caller that has one: the
    /// candidates are the chosen cell's less the prunes heard since the `select` (or the
    /// refutation), which are the board's where the select stated the board's domain
    /// (`check` holds a stream to that, and the engine's always do), so such a caller need
    /// not tell the estimator of prunes at all; one that does passes [`Domain::ALL`].
    #[inline]
    pub fn left(&mut self, cell: Cell, digit: Digit, board: Domain) -> Saved {
        self.domain = self.domain.and(board);
        let (left, right, chosen) = if self.cell == cell && self.domain.contains(digit) {
            let r = self.domain.len().min(MAX_CANDIDATES);
            (RECIPROCALS[r], 1.0 - RECIPROCALS[r], cell)
        } else {
            (0.5, 0.5, NO_CELL)
        };
        let saved = Saved {
            p: self.p,
            r: self.r,
            right,
            cell: chosen,
            left: self.domain.without(digit),
        };
        self.p = self.p.times(left);
        self.r = left * self.r + 1.0;
        self.cell = NO_CELL;
        saved
    }

    /// A backtrack to the right branch of the node `s` was saved at.
    #[inline]
    pub fn right(&mut self, s: Saved) {
        self.p = s.p.times(s.right);
        self.r = s.right * s.r;
        self.cell = s.cell;
        self.domain = s.left;
    }

    /// A backjump undoes a decision unrefuted (saved as `s`), its untried candidates
    /// pruned by the conflict set that the backjump followed. Its refutation is a leaf
    /// (the tree view's skipped node), so that the probability of every branch is still
    /// accounted for; [`Candidates::right`] then goes down the refutation of the decision
    /// the backjump goes back to.
    #[inline]
    pub fn skip(&mut self, s: &Saved) {
        let p = s.p.times(s.right);
        self.add_leaf(p, s.right * s.r);
    }

    /// The current node is a leaf.
    #[inline]
    pub fn leaf(&mut self) {
        self.add_leaf(self.p, self.r);
    }

    /// Adds a leaf of probability `p` and term `r` to the sums; a leaf no probe reaches
    /// (below a decision with a single candidate, whose refutation has probability 0)
    /// adds nothing. Without a branch: such leaves come and go without a pattern, and a
    /// branch on them mispredicted (cachegrind, `fc-cbj`).
    #[inline]
    fn add_leaf(&mut self, p: Scaled, r: f64) {
        let reached = f64::from(u8::from(!p.is_zero()));
        self.num += reached * r;
        self.den = self.den.plus(p);
    }

    /// The estimated number of decisions; `None` before the first leaf or past the range of
    /// an `f64`.
    pub fn decisions(&self) -> Option<f64> {
        if self.den.is_zero() {
            return None;
        }
        let estimate = self.den.divide(self.num);
        estimate.is_finite().then_some(estimate)
    }

    /// `Σ P(b)`: the share of the tree's probability the visited leaves hold.
    pub fn weight(&self) -> f64 {
        self.den.to_f64()
    }
}

/// The most candidates a cell has (25×25 boards).
const MAX_CANDIDATES: usize = 25;

/// `1/r` for r candidates (1 for none: a decision outside its domain is a stream's, and
/// `left` gives it 1/2 before it gets here).
const RECIPROCALS: [f64; MAX_CANDIDATES + 1] = {
    let mut table = [1.0; MAX_CANDIDATES + 1];
    let mut r = 2u32;
    while r as usize <= MAX_CANDIDATES {
        table[r as usize] = 1.0 / r as f64;
        r += 1;
    }
    table
};
