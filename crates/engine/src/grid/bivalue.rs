//! The cells left with two candidates, found for the naked-pair rule from the digits'
//! bitboards on a grid that scans, instead of noted prune by prune.
//!
//! A cell is left with two candidates when it is on exactly two of the digits' bitboards:
//! counted as bit slices over the boards (at least one, at least two, three or more), a
//! few operations a digit for every cell at once. The rule looks at the cells with two now
//! that had not when it last looked: within one propagation domains only shrink, so a
//! cell that had two then had the same two, and was looked at. After a backtrack the grid
//! is back at a fixpoint, where the rule has found every pair: every cell with two counts
//! as looked at.
//!
//! The rule then takes its cells in index order, not newest first as from the notes: on a
//! grid that scans, hidden singles run, and the order the unit rules find things in moves
//! no node count (see `grid/scan.rs`).
//!
//! The same mask, taken again after each of the rule's prunes, gives a cell's exact twins:
//! the peers with both of its digits and two candidates (`infer/pairs.rs`).
//!
//! Measured (callgrind, `fast`, hardest): forward checking's loop spent 51 instructions on
//! a prune while it noted the cell (written without a branch, kept if two were left), 35
//! since.

use super::Grid;
use super::board::join;
use crate::geometry::Cell;

/// What the naked-pair rule has seen of the cells with two candidates, on a grid that
/// scans.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct FreshPairs {
    /// Whether the rule takes its cells from the bitboards.
    on: bool,
    /// The open cells that had two candidates when the rule last took cells.
    seen: u128,
    /// Cells taken and not yet handed to the rule.
    fresh: u128,
    /// The open cells with two candidates, taken with the cells handed out and again after
    /// each of the rule's prunes: current whenever the rule reads it.
    now: u128,
}

impl FreshPairs {
    /// Cells taken from the bitboards (`on`) or from the notes, none seen yet.
    pub(super) fn start(on: bool) -> FreshPairs {
        FreshPairs {
            on,
            seen: 0,
            fresh: 0,
            now: 0,
        }
    }
}

impl Grid {
    /// The open cells on exactly two of the digits' bitboards: those left with two
    /// candidates.
    #[inline]
    fn two_candidates(&self) -> u128 {
        let (mut one, mut two, mut more) = ([0u64; 2], [0u64; 2], [0u64; 2]);
        for board in &self.digit_cells {
            for w in 0..2 {
                more[w] |= two[w] & board[w];
                two[w] |= one[w] & board[w];
                one[w] |= board[w];
            }
        }
        join([two[0] & !more[0], two[1] & !more[1]])
    }

    /// Whether the naked-pair rule takes its cells from the bitboards.
    #[inline]
    pub(super) fn pairs_on_boards(&self) -> bool {
        self.fresh_pairs.on
    }

    /// The next cell left with two candidates since the rule last looked, lowest index
    /// first, taking the cells afresh from the bitboards once those taken are handed out.
    #[inline]
    pub(super) fn next_fresh_pair(&mut self) -> Option<Cell> {
        if self.fresh_pairs.fresh == 0 {
            let now = self.two_candidates();
            let pairs = &mut self.fresh_pairs;
            pairs.fresh = now & !pairs.seen;
            pairs.seen = now;
            pairs.now = now;
            if pairs.fresh == 0 {
                return None;
            }
        }
        let pairs = &mut self.fresh_pairs;
        let cell = Cell::new(pairs.fresh.trailing_zeros() as usize);
        pairs.fresh &= pairs.fresh - 1;
        Some(cell)
    }

    /// The open cells with two candidates, while the rule looks at the cells it was handed
    /// (on a grid that scans): taken with them, and again by [`Grid::retake_bivalue`] after
    /// each of its prunes.
    #[inline]
    pub(crate) fn bivalue_cells(&self) -> Option<u128> {
        debug_assert!(
            !self.fresh_pairs.on || self.fresh_pairs.now == self.two_candidates(),
            "taken again after every prune of the rule"
        );
        self.fresh_pairs.on.then_some(self.fresh_pairs.now)
    }

    /// Takes the cells with two candidates again, after a prune of the naked-pair rule.
    #[inline]
    pub(crate) fn retake_bivalue(&mut self) {
        if self.fresh_pairs.on {
            self.fresh_pairs.now = self.two_candidates();
        }
    }

    /// Every cell with two candidates counts as seen: the grid is at a fixpoint, where the
    /// rule found every pair.
    pub(super) fn settle_fresh_pairs(&mut self) {
        if self.fresh_pairs.on {
            let now = self.two_candidates();
            self.fresh_pairs.seen = now;
            self.fresh_pairs.fresh = 0;
        }
    }
}
