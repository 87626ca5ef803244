//! The unit rules' work found from the digits' bitboards: each prune marks the digit's
//! units (its cell's row, column and box) as unseen, and a rule looks at the marked units
//! of each digit, counting the digit's places there from its bitboard. No place count is
//! kept, and nothing is noted per count.
//!
//! Forward checking marks the units of the peers it prunes, less those of the assigned
//! cell: they now hold the digit, so no rule finds anything for it there, and they are
//! most of the pruned peers' units.
//!
//! On a 9×9 board with SSE2, each rule first takes the digit's places in every unit at once
//! (`grid/classify.rs`) and tests only the unseen units where it can find something: most
//! hold nothing for it, and testing each one was a branch that could not be predicted.
//! Each rule takes only what it needs: hidden singles and hidden pairs count places,
//! locked candidates only see which minirows and minicolumns hold one (callgrind, `fast`:
//! taking both of the pair rules' looks at once, kept for the other, cost 1.5 % more
//! instructions on hardest, 2.6 % more on top95). A look serves until it is used up: after
//! a rule finds something, it next tests the units that look left, not the digit's places
//! taken again (callgrind, `fast`: 1.3 % fewer instructions on hardest and top95, 5.8 % on
//! sudoku17).
//!
//! This is for searches with hidden singles on boards of at most 128 cells. With hidden
//! singles, the node, backtrack and solution counts do not depend on the order the unit
//! rules find things in, only on their common fixpoint; the notes of place counts fixed
//! that order, and cost three counts and three notes on every prune. Hidden pairs without
//! hidden singles reach a fixpoint that depends on the order, so those searches keep the
//! counts and notes.

use super::Grid;
use super::board::join;
use super::classify::{IN_LANES, at_most_one, crossing, nonzero, two};
use super::table::at_cell;
use crate::domain::{Digit, Domain};
use crate::geometry::{Cell, Unit};

/// Digits of the boards that are scanned (4×4 and 9×9), with room to spare, so that a
/// masked digit index needs no bounds check.
const DIGITS: usize = 16;

/// Units of the boards that are scanned (27 on a 9×9 board), a power of two as above.
const UNITS: usize = 32;

/// For each digit, the units (a bitset of unit indexes) where it lost a place since each
/// rule last looked.
#[derive(Clone, Debug)]
pub(super) struct Unseen {
    /// Since hidden singles last looked: every prune marks here.
    singles: [u32; DIGITS],
    /// Since locked candidates last looked (handed on by hidden singles), if it runs.
    locks: [u32; DIGITS],
    /// Since hidden pairs last looked (handed on by hidden singles), if it runs.
    pairs: [u32; DIGITS],
    /// The units holding each digit among the givens: what the scans start without.
    given: [u32; DIGITS],
    /// For each rule, the digit index it last found something for and the units where its
    /// look then said it could find something and which it has not tested yet.
    pending: [(usize, u32); 3],
    /// Whether the grid scans at all.
    pub(super) on: bool,
    keep_locks: bool,
    keep_pairs: bool,
}

impl Default for Unseen {
    fn default() -> Unseen {
        Unseen {
            singles: [0; DIGITS],
            locks: [0; DIGITS],
            pairs: [0; DIGITS],
            given: [0; DIGITS],
            pending: [(0, 0); 3],
            on: false,
            keep_locks: false,
            keep_pairs: false,
        }
    }
}

/// The rules that scan, each with its own unseen units.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    Singles,
    Locks,
    Pairs,
}

impl Unseen {
    /// The unseen units of `rule`, per digit.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn of(&mut self, rule: Rule) -> &mut [u32; DIGITS] {
        match rule {
            Rule::Singles => &mut self.singles,
            Rule::Locks => &mut self.locks,
            Rule::Pairs => &mut self.pairs,
        }
    }

    /// Every unit seen, scanning `on` or not, for the rules asked for.
    pub(super) fn restart(&mut self, on: bool, locks: bool, pairs: bool) {
        self.forget();
        self.on = on;
        self.keep_locks = locks;
        self.keep_pairs = pairs;
    }

    /// Every unit seen by every rule.
    fn forget(&mut self) {
        self.singles = [0; DIGITS];
        self.locks = [0; DIGITS];
        self.pairs = [0; DIGITS];
        self.pending = [(0, 0); 3];
    }

    /// No given noted: the start of a puzzle's reset.
    pub(super) fn forget_givens(&mut self) {
        self.given = [0; DIGITS];
    }

    /// Notes a given holding `digit` in `units` (on boards of more than 16 digits or 32
    /// units the bits wrap, and nothing scans there).
    #[inline]
    pub(super) fn give(&mut self, digit: Digit, units: u32) {
        self.given[usize::from(digit.get() - 1) % DIGITS] |= units;
    }

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
        self.scan.restart(true, locks, pairs);
        // Less each digit's units among the givens: none has a place for it (the givens'
        // forward checking pruned it there), so no rule finds anything for it in them.
        // Measured (callgrind, `fast`): they were most of the units hidden singles tested
        // in vain, about 70 a puzzle on hardest.
        let side = self.geometry.side().min(DIGITS);
        for (units, given) in self.scan.singles[..side].iter_mut().zip(self.scan.given) {
            *units = all & !given;
        }
    }

    /// Whether the unit rules scan the bitboards ([`Grid::scan_units`]).
    #[inline]
    pub(crate) fn scans(&self) -> bool {
        self.scan.on
    }

    /// The next unit unseen by `rule`, digits ascending and units in index order, where
    /// `found` finds something (on a 9×9 board, looking only where the digit's places
    /// say it can: [`Grid::worth_a_look`]), given the unit, the digit, the digit's places in the unit
    /// and its whole bitboard (all as bitboards): the unit, the digit and what was found.
    /// The units looked at are seen by the rule, those after the one returned stay
    /// unseen; hidden singles hand the units they look at on to the other rules.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn next_unseen<T>(
        &mut self,
        rule: Rule,
        found: impl Fn(&Grid, Unit, Digit, u128, u128) -> Option<T>,
    ) -> Option<(Unit, Digit, T)> {
        // First the units left from the look that found the last thing: a look is taken
        // from the digit's bitboard then, and nothing found here since can only have come
        // with a lost place, which marked the unit unseen again.
        let (d, mut pending) = self.scan.pending[rule as usize];
        if pending != 0 {
            let board = join(*self.digit_cells.get(d)?);
            let digit = Digit::new(d as u8 + 1)?;
            let first = self.first_found(&mut pending, digit, board, &found);
            self.scan.pending[rule as usize].1 = pending;
            if let Some((unit, what)) = first {
                return Some((unit, digit, what));
            }
        }
        // The bands' counts assume boxes: a jigsaw's regions are scanned unit by unit.
        let classed = IN_LANES && self.geometry.side() == 9 && !self.geometry.is_jigsaw();
        // The digits with unseen units, found without a branch per digit (which have some
        // is as unpredictable as the search).
        let side = self.geometry.side().min(DIGITS);
        let mut digits = nonzero(self.scan.of(rule)) & ((1 << side) - 1);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let units = std::mem::take(&mut self.scan.of(rule)[d % DIGITS]);
            if rule == Rule::Singles {
                self.scan.locks[d % DIGITS] |=
                    units & u32::from(self.scan.keep_locks).wrapping_neg();
                self.scan.pairs[d % DIGITS] |=
                    units & u32::from(self.scan.keep_pairs).wrapping_neg();
            }
            let board = join(*self.digit_cells.get(d)?);
            let digit = Digit::new(d as u8 + 1)?;
            let mut maybe = if classed {
                units & Grid::worth_a_look(rule, board)
            } else {
                units
            };
            if let Some((unit, what)) = self.first_found(&mut maybe, digit, board, &found) {
                // The digit's other unseen units are seen: those the look ruled out stay
                // so until they lose a place, and the rest are pending.
                self.scan.pending[rule as usize] = (d, maybe);
                return Some((unit, digit, what));
            }
        }
        None
    }

    /// The first of `units` (a bitset of unit indexes, in index order) where `found` finds
    /// something for `digit`, whose open cells are `board`; `units` is left with those
    /// after it, or none.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn first_found<T>(
        &self,
        units: &mut u32,
        digit: Digit,
        board: u128,
        found: &impl Fn(&Grid, Unit, Digit, u128, u128) -> Option<T>,
    ) -> Option<(Unit, T)> {
        while *units != 0 {
            let unit = Unit::new(units.trailing_zeros() as usize);
            *units &= *units - 1;
            let here = self.unit_boards[unit.index() % UNITS];
            if let Some(what) = found(self, unit, digit, board & here, board) {
                return Some((unit, what));
            }
        }
        None
    }

    /// The units of a 9×9 board where `rule` can find something for a digit whose open
    /// cells are `board`, from the digit's places in every unit at once. Each look is taken
    /// afresh: between two looks at a digit its bitboard has mostly changed.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn worth_a_look(rule: Rule, board: u128) -> u32 {
        match rule {
            Rule::Singles => at_most_one(board),
            Rule::Locks => crossing(board),
            Rule::Pairs => two(board),
        }
    }

    /// The next unit, digit and the digit's places there (a bitboard) where the digit has
    /// one place or none and is not placed, among the units unseen by hidden singles.
    pub(crate) fn next_hidden_single(&mut self) -> Option<(Unit, Digit, u128)> {
        // Most units have two places or more; a placed digit's units are seldom unseen
        // (see `Grid::forward_checked`).
        self.next_unseen(Rule::Singles, |grid, unit, digit, at, _| {
            (at & at.wrapping_sub(1) == 0 && !grid.placed(unit).contains(digit)).then_some(at)
        })
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

    /// The next locked candidates among the units unseen by that rule: the unit, the
    /// digit, and [`Grid::locked_crossing`]'s crossing unit and places to prune.
    pub(crate) fn next_lock(&mut self) -> Option<(Unit, Digit, (Unit, u128))> {
        self.next_unseen(Rule::Locks, |grid, unit, _, _, board| {
            grid.locked_crossing(unit, board)
        })
    }

    /// If a digit whose open cells are `board` has two places or more in `unit` (on a board
    /// of at most 128 cells), all in one crossing unit (for a box, the row or the column
    /// of its first place; for a line, that place's box) that has places for it
    /// elsewhere: the crossing unit and those places, which locked candidates prune.
    /// Places all in one crossing unit are at most the b cells the two share.
    #[inline]
    pub(crate) fn locked_crossing(&self, unit: Unit, board: u128) -> Option<(Unit, u128)> {
        let bits = self.unit_boards;
        let here = bits[unit.index() % UNITS];
        let at = board & here;
        if at & at.wrapping_sub(1) == 0 {
            return None;
        }
        let [row, column, boxed] =
            self.cell_units[at_cell(Cell::new(at.trailing_zeros() as usize))];
        let inside = |u: Unit| at & !bits[u.index() % UNITS] == 0;
        let crossing = if unit == boxed {
            [row, column].into_iter().find(|&u| inside(u))?
        } else {
            Some(boxed).filter(|&u| inside(u))?
        };
        let elsewhere = board & bits[crossing.index() % UNITS] & !here;
        (elsewhere != 0).then_some((crossing, elsewhere))
    }

    /// The next hidden pair that prunes, among the units unseen by that rule: the unit,
    /// the digit found first, and [`Grid::hidden_pair_of`]'s digits and cells.
    pub(crate) fn next_hidden_pair(&mut self) -> Option<(Unit, Digit, (Domain, [Cell; 2]))> {
        self.next_unseen(Rule::Pairs, |grid, unit, digit, at, _| {
            grid.hidden_pair_of(unit, digit, at)
        })
    }

    /// If `digit`'s places in `unit` are exactly two (`at`: the lowest bit, and the only
    /// one left without it) and another digit has the same two there: the two digits (the
    /// smallest such partner) and the cells in unit order, when either cell holds another
    /// candidate. A search that counts places asks the same of the counts (the engine's
    /// `useful_hidden_pair`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn hidden_pair_of(&self, unit: Unit, digit: Digit, at: u128) -> Option<(Domain, [Cell; 2])> {
        let rest = at & at.wrapping_sub(1);
        if rest == 0 || rest & rest.wrapping_sub(1) != 0 {
            return None;
        }
        let cells = [
            Cell::new(at.trailing_zeros() as usize),
            Cell::new(rest.trailing_zeros() as usize),
        ];
        let (one, other) = (self.domain(cells[0]), self.domain(cells[1]));
        if one.is_pair() && other.is_pair() {
            return None;
        }
        let here = self.unit_boards[unit.index() % UNITS];
        // A partner is a candidate of both cells with the same two places.
        let partner = one
            .and(other)
            .without(digit)
            .iter()
            .find(|&p| self.digit_cells(p).is_some_and(|ps| ps & here == at))?;
        Some((Domain::single(digit).with(partner), cells))
    }

    /// Forgets every unseen unit: after a backtrack the grid is back at a fixpoint.
    pub(super) fn settle_scan(&mut self) {
        self.scan.forget();
    }
}
