//! The unit rules' work found from the digits' bitboards: each prune marks the digit's
//! units (its cell's row, column and box) as unseen, and a rule looks at the marked units
//! of each digit, counting the digit's places there from its bitboard. No place count is
//! kept, and nothing is noted per count.
//!
//! Forward checking marks the units of the peers it prunes, less those of the assigned
//! cell: they now hold the digit, so no rule finds anything for it there, and they are
//! most of the pruned peers' units.
//!
//! This is for searches with hidden singles on boards of at most 128 cells. With hidden
//! singles, the node, backtrack and solution counts do not depend on the order the unit
//! rules find things in, only on their common fixpoint; the notes of place counts fixed
//! that order, and cost three counts and three notes on every prune. Hidden pairs without
//! hidden singles reach a fixpoint that depends on the order, so those searches keep the
//! counts and notes.

use super::Grid;
use super::board::join;
use super::table::at_cell;
use crate::solver::domain::{Digit, Domain};
use crate::solver::geometry::{Cell, Unit};

/// Digits of the boards that are scanned (4×4 and 9×9), with room to spare, so that a
/// masked digit index needs no bounds check.
const DIGITS: usize = 16;

/// Units of the boards that are scanned (27 on a 9×9 board), a power of two as above.
const UNITS: usize = 32;

/// For each digit, the units (a bitset of unit indexes) where it lost a place since each
/// rule last looked.
#[derive(Clone, Debug, Default)]
pub(super) struct Unseen {
    /// Since hidden singles last looked: every prune marks here.
    singles: [u32; DIGITS],
    /// Since locked candidates last looked (handed on by hidden singles), if it runs.
    locks: [u32; DIGITS],
    /// Since hidden pairs last looked (handed on by hidden singles), if it runs.
    pairs: [u32; DIGITS],
    /// Whether the grid scans at all.
    pub(super) on: bool,
    keep_locks: bool,
    keep_pairs: bool,
}

impl Unseen {
    /// Marks `units` as unseen for `digit`.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn touch(&mut self, digit: Digit, units: u32) {
        self.singles[usize::from(digit.get() - 1) % DIGITS] |= units;
    }
}

impl Grid {
    /// Has the unit rules scan the digits' bitboards (see the module's notes), for hidden
    /// singles and, if `locks` and `pairs`, locked candidates and hidden pairs: every unit
    /// starts unseen for every digit, and no place is counted from here on.
    pub(crate) fn scan_units(&mut self, locks: bool, pairs: bool) {
        debug_assert!(
            !self.digit_cells.is_empty() && self.geometry.unit_count() <= 32,
            "scanning needs the digits' bitboards"
        );
        self.counting = false;
        self.deferring = false;
        self.deferred.clear();
        let all = u32::MAX >> (32 - self.geometry.unit_count());
        self.scan = Unseen {
            on: true,
            keep_locks: locks,
            keep_pairs: pairs,
            ..Unseen::default()
        };
        self.scan.singles[..self.geometry.side()].fill(all);
    }

    /// Whether the unit rules scan the bitboards ([`Grid::scan_units`]).
    #[inline]
    pub(crate) fn scans(&self) -> bool {
        self.scan.on
    }

    /// The next unit, digit and the digit's places there (a bitboard) where the digit has
    /// one place or none and is not placed, among the units unseen by hidden singles:
    /// digits ascending, units in index order. The units looked at are handed on to the
    /// other rules; those after the one returned stay unseen.
    pub(crate) fn next_hidden_single(&mut self) -> Option<(Unit, Digit, u128)> {
        let bits = self.unit_boards;
        let (locks, pairs) = (
            u32::from(self.scan.keep_locks).wrapping_neg(),
            u32::from(self.scan.keep_pairs).wrapping_neg(),
        );
        for d in 0..self.geometry.side().min(DIGITS) {
            let mut units = std::mem::take(&mut self.scan.singles[d]);
            self.scan.locks[d] |= units & locks;
            self.scan.pairs[d] |= units & pairs;
            let board = join(*self.digit_cells.get(d)?);
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                let at = board & bits[u % UNITS];
                // Most units have two places or more; a placed digit's units are seldom
                // unseen (see `Grid::forward_checked`).
                if at & at.wrapping_sub(1) != 0 {
                    continue;
                }
                let digit = Digit::new(d as u8 + 1)?;
                let unit = Unit::new(u);
                if self.placed(unit).contains(digit) {
                    continue;
                }
                self.scan.singles[d] = units;
                return Some((unit, digit, at));
            }
        }
        None
    }

    /// After forward checking from `cell`, which holds `digit`, marks the units of the
    /// pruned peers (`units`, a bitset of unit indexes) as unseen for the digit, except the
    /// cell's own units, which every rule then sees: they hold the digit, so no rule finds
    /// anything for it there, and they are most of the pruned peers' units.
    #[inline]
    pub(crate) fn forward_checked(&mut self, cell: Cell, digit: Digit, units: u32) {
        if self.scan.on {
            let d = usize::from(digit.get() - 1) % DIGITS;
            let seen = !self.cell_unit_bits[at_cell(cell)];
            self.scan.singles[d] = (self.scan.singles[d] | units) & seen;
            self.scan.locks[d] &= seen;
            self.scan.pairs[d] &= seen;
        }
    }

    /// The next locked candidates among the units unseen by that rule, digits ascending,
    /// units in index order: the unit, the digit, the crossing unit holding all the digit's
    /// places in the unit, and the crossing unit's other places of the digit (a bitboard,
    /// never empty), which the rule prunes. Units after the one returned stay unseen.
    pub(crate) fn next_lock(&mut self) -> Option<(Unit, Digit, Unit, u128)> {
        let bits = self.unit_boards;
        for d in 0..self.geometry.side().min(DIGITS) {
            let mut units = std::mem::take(&mut self.scan.locks[d]);
            let board = join(*self.digit_cells.get(d)?);
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                let here = bits[u % UNITS];
                let at = board & here;
                // Two places or more (none when placed, one only until hidden singles
                // look), all in one crossing unit: for a box, the row or the column of its
                // first place; for a line, that place's box. They are then at most the b
                // cells the two units share.
                if at & at.wrapping_sub(1) == 0 {
                    continue;
                }
                let first = Cell::new(at.trailing_zeros() as usize);
                let [row, column, boxed] = self.cell_units[at_cell(first)];
                let inside = |unit: Unit| at & !bits[unit.index() % UNITS] == 0;
                let crossing = if u == boxed.index() {
                    if inside(row) {
                        row
                    } else if inside(column) {
                        column
                    } else {
                        continue;
                    }
                } else if inside(boxed) {
                    boxed
                } else {
                    continue;
                };
                let elsewhere = board & bits[crossing.index() % UNITS] & !here;
                if elsewhere == 0 {
                    continue;
                }
                self.scan.locks[d] = units;
                return Some((Unit::new(u), Digit::new(d as u8 + 1)?, crossing, elsewhere));
            }
        }
        None
    }

    /// The next hidden pair that prunes among the units unseen by that rule, digits
    /// ascending, units in index order: the unit, the pair's digits, and its two cells in
    /// unit order, one of which holds another candidate. Units after the one returned
    /// stay unseen.
    pub(crate) fn next_hidden_pair(&mut self) -> Option<(Unit, Domain, [Cell; 2])> {
        let bits = self.unit_boards;
        for d in 0..self.geometry.side().min(DIGITS) {
            let mut units = std::mem::take(&mut self.scan.pairs[d]);
            let board = join(*self.digit_cells.get(d)?);
            while units != 0 {
                let u = units.trailing_zeros() as usize;
                units &= units - 1;
                let here = bits[u % UNITS];
                let at = board & here;
                // Exactly two places: the lowest bit, and the only one left without it.
                let rest = at & at.wrapping_sub(1);
                if rest == 0 || rest & rest.wrapping_sub(1) != 0 {
                    continue;
                }
                let (one, other) = (
                    Cell::new(at.trailing_zeros() as usize),
                    Cell::new(rest.trailing_zeros() as usize),
                );
                let (da, db) = (self.domain(one), self.domain(other));
                if da.is_pair() && db.is_pair() {
                    continue;
                }
                let digit = Digit::new(d as u8 + 1)?;
                // A partner is a candidate of both cells with the same two places.
                let Some(partner) = da
                    .and(db)
                    .without(digit)
                    .iter()
                    .find(|&p| self.digit_cells(p).is_some_and(|ps| ps & here == at))
                else {
                    continue;
                };
                self.scan.pairs[d] = units;
                return Some((
                    Unit::new(u),
                    Domain::single(digit).with(partner),
                    [one, other],
                ));
            }
        }
        None
    }

    /// Forgets every unseen unit: after a backtrack the grid is back at a fixpoint.
    pub(super) fn settle_scan(&mut self) {
        self.scan = Unseen {
            singles: [0; DIGITS],
            locks: [0; DIGITS],
            pairs: [0; DIGITS],
            ..self.scan
        };
    }
}
