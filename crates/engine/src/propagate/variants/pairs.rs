//! A relation between two cells (a kropki dot, an XV sign, two neighbours that must not
//! be consecutive, a pair the negative constraints forbid a relation to), propagated to
//! arc consistency: each cell keeps the digits some digit of the other supports. Both
//! cells assigned to digits out of the relation is a wipeout of the constraint.
//!
//! The relations themselves are made in `kropki.rs`, `xv.rs`, `nonconsecutive.rs` and
//! `negative.rs`; this is the one propagation they share.

use super::{Filter, fail, holds, narrow};
use crate::domain::{Digit, Domain};
use crate::geometry::{BoxSize, Cell};
use crate::propagate::context::{Context, Contradiction};
use crate::sink::Sink;

/// Two cells in a relation, for constraint number `constraint`.
#[derive(Clone, Debug)]
pub(crate) struct Pair {
    constraint: u16,
    cells: [Cell; 2],
    /// For each digit of the first cell (bit i: digit i + 1), the second's digits that
    /// support it.
    forth: [u32; 25],
    /// The same the other way round.
    back: [u32; 25],
}

impl Pair {
    /// Constraint number `constraint` between `cells`: `relation(a, b)` for the first cell's
    /// digit `a` and the second's `b`, on a board of `size`.
    pub(crate) fn new(
        constraint: u16,
        cells: [Cell; 2],
        size: BoxSize,
        relation: impl Fn(Digit, Digit) -> bool,
    ) -> Pair {
        let mut forth = [0; 25];
        let mut back = [0; 25];
        for a in Domain::full(size) {
            for b in Domain::full(size) {
                if relation(a, b) {
                    forth[usize::from(a.get() - 1)] |= 1 << (b.get() - 1);
                    back[usize::from(b.get() - 1)] |= 1 << (a.get() - 1);
                }
            }
        }
        Pair {
            constraint,
            cells,
            forth,
            back,
        }
    }
}

/// The digits of `from` supported by some digit of `other`, by `table`.
fn supported(from: Domain, other: Domain, table: &[u32; 25]) -> Domain {
    let keep = from
        .iter()
        .filter(|d| table[usize::from(d.get() - 1)] & other.bits() != 0)
        .fold(0, |bits, d| bits | 1 << (d.get() - 1));
    Domain::from_bits(keep)
}

impl Filter for Pair {
    fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn filter<S: Sink>(&self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let [a, b] = self.cells;
        let grid = cx.grid();
        let (da, db) = (holds(grid, a), holds(grid, b));
        let keep_a = supported(da, db, &self.forth);
        let keep_b = supported(db, da, &self.back);
        let assigned = |c: Cell, keep: Domain| !cx.grid().is_open(c) && keep.is_empty();
        if assigned(a, keep_a) || assigned(b, keep_b) {
            return Err(fail(cx, self.constraint));
        }
        let pruned = narrow(cx, a, keep_a, self.constraint, b)?;
        // With a's digits narrowed, b's supports are those of what a kept.
        let keep_b = supported(holds(cx.grid(), b), holds(cx.grid(), a), &self.back);
        Ok(narrow(cx, b, keep_b, self.constraint, a)? | pruned)
    }
}
