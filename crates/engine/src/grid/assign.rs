//! Assignment and its undo: a cell's value, its units' placed digits, and the place counts
//! that stop and start again counting its candidates.

use super::defer::Deferred;
use super::table::{at_cell, at_unit};
use super::{DOMAIN_MASK, Grid, PLACED, VALUE_SHIFT};
use crate::domain::{Digit, Domain};
use crate::geometry::Cell;

impl Grid {
    /// Gives open `cell` the digit; its candidates stop counting as places.
    #[inline]
    pub(crate) fn assign(&mut self, cell: Cell, digit: Digit) {
        let domain = self.domain(cell);
        self.give(cell, digit, domain.contains(digit));
        for d in domain.without(digit) {
            self.mark_digit_cell(cell, d, false);
            self.lose_place(cell, d);
        }
    }

    /// [`Grid::assign`] of open `cell` whose domain is `digit` alone (a naked single, or a
    /// hidden single once its other candidates are pruned): no other candidate loses a
    /// place, so the general loop over the domain is skipped.
    #[inline]
    pub(crate) fn assign_single(&mut self, cell: Cell, digit: Digit) {
        debug_assert_eq!(
            self.domain(cell),
            Domain::single(digit),
            "a single's domain"
        );
        self.give(cell, digit, true);
    }

    /// What every assignment does: the value, the unit's placed digits (and holders), the
    /// digit's place counts (logged while they wait), its bitboard and the open count;
    /// `own` is whether the digit was still in the cell's domain.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn give(&mut self, cell: Cell, digit: Digit, own: bool) {
        self.cells[at_cell(cell)] |= u32::from(digit.get()) << VALUE_SHIFT;
        if self.scan.on {
            // A grid that scans counts no places and keeps no holders: one flag to test on
            // every assignment instead of three.
            debug_assert!(!self.counting && !self.deferring);
            self.place(cell, digit, false);
        } else {
            // The holders are only read without place counts (see `Grid::peer_holding`).
            self.place(cell, digit, self.keeps_holders());
            if self.counting {
                self.count_placed(cell, digit, own);
            } else if self.deferring {
                self.deferred.push(Deferred::Place(cell, digit, own));
            }
        }
        self.mark_digit_cell(cell, digit, false);
        self.open -= 1;
    }

    /// The digit's counts in `cell`'s units take the offset of a placed digit, less the
    /// cell's place if `own` (one step instead of noting a count that is never read).
    #[inline]
    pub(super) fn count_placed(&mut self, cell: Cell, digit: Digit, own: bool) {
        let own = u8::from(own);
        self.offset_places(cell, digit, |p| p + PLACED - own);
    }

    /// Undoes [`Grid::count_placed`].
    #[inline]
    pub(super) fn uncount_placed(&mut self, cell: Cell, digit: Digit, own: bool) {
        let own = u8::from(own);
        self.offset_places(cell, digit, |p| p - PLACED + own);
    }

    /// Whether the placed digits' holders are kept: only while no place is counted, now or
    /// later (see [`Grid::peer_holding`]).
    #[inline]
    pub(super) fn keeps_holders(&self) -> bool {
        !self.counting && !self.deferring && !self.scan.on
    }

    /// Notes `digit` as placed, by `cell`, in the cell's units, and `cell` as its holder there
    /// if `holder`.
    #[inline]
    fn place(&mut self, cell: Cell, digit: Digit, holder: bool) {
        let n = self.geometry.side();
        for unit in self.cell_units[at_cell(cell)] {
            let p = &mut self.placed[at_unit(unit)];
            *p = p.with(digit);
            if !holder {
                continue;
            }
            if let Some(h) = self
                .holders
                .get_mut(unit.index() * n + usize::from(digit.get() - 1))
            {
                *h = cell;
            }
        }
    }

    /// A local search's move: `cell` holds `value` (or nothing), and nothing else changes.
    /// A local search's grid keeps its values (and the open count) alone: its complete
    /// assignment may hold a digit twice in a unit, which the placed digits, place counts
    /// and bitboards of a backtracking search's grid cannot describe, and nothing of a
    /// local search reads them.
    pub(crate) fn set_value(&mut self, cell: Cell, value: Option<Digit>) {
        let slot = &mut self.cells[at_cell(cell)];
        let was_open = *slot >> VALUE_SHIFT == 0;
        *slot = (*slot & DOMAIN_MASK) | (u32::from(value.map_or(0, Digit::get)) << VALUE_SHIFT);
        match (was_open, value.is_some()) {
            (true, true) => self.open -= 1,
            (false, false) => self.open += 1,
            _ => {}
        }
    }

    /// Takes back the digit of `cell`; its candidates count as places again.
    #[inline]
    pub(crate) fn unassign(&mut self, cell: Cell) {
        if let Some(digit) = self.value(cell) {
            self.cells[at_cell(cell)] &= DOMAIN_MASK;
            for unit in self.cell_units[at_cell(cell)] {
                let p = &mut self.placed[at_unit(unit)];
                *p = p.without(digit);
            }
            let domain = self.domain(cell);
            for d in domain.without(digit) {
                self.mark_digit_cell(cell, d, true);
                self.regain_place(cell, d);
            }
            let own = domain.contains(digit);
            if own {
                self.mark_digit_cell(cell, digit, true);
            }
            if self.counting {
                self.uncount_placed(cell, digit, own);
            }
            self.open += 1;
        }
    }
}
