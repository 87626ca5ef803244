//! The givens' forward checking: candidates removed with no note or trail entry, each open
//! cell's domain in one write, and the place counts taken afresh once it is over.
//!
//! Forward checking from the givens is over half of the prunes on a 17-clue puzzle solved
//! without a decision (sudoku17: 323 of 595 events a puzzle) and over a quarter on top95.
//! No unit rule runs before it is over, so writing a note per place count and per cell left
//! with two candidates would be work thrown away when [`Grid::watch_places`] and
//! [`Grid::watch_bivalue`] take the notes afresh; and nothing made before the first decision
//! is ever undone, so it needs no trail entry either.
//!
//! Measured (callgrind, kaggle10k with `fast`): three place-count decrements per prune were
//! about half of the bulk check's cost. Counting every unit's places afresh instead, a byte
//! per digit summed in one word, each cell's domain added to its three units in one pass
//! ([`Grid::recount_places`]), costs about 3,000 instructions a puzzle, less than the
//! decrements of the 300 to 400 prunes of a typical puzzle; summing each unit's nine cells
//! in turn cost 3,500. Counting them from the digits' bitboards (243 bit counts of 128
//! bits, with no `popcnt` in the baseline x86-64 target) cost 12,000. Each open cell's
//! domain narrowed to the digits its units do not hold, one write a cell, took 6 % fewer
//! instructions on kaggle10k than removing each digit from the cells that see it (17.6k →
//! 16.5k a puzzle; easy50 −3.4 %, sudoku17 −1.2 %).

use super::board::Board;
use super::note::slot;
use super::{DOMAIN_MASK, Grid, PLACED};
use crate::domain::{Digit, Domain};
use crate::geometry::Cell;

impl Grid {
    /// Removes `digit` from open `cell`'s domain and place counts, writing no note, and
    /// returns what is left: the cell must have been taken off the digit's bitboard
    /// ([`Grid::take_off_board`]).
    #[inline]
    pub(crate) fn remove_unnoted(&mut self, cell: Cell, digit: Digit) -> Domain {
        let x = &mut self.cells[super::at_cell(cell)];
        *x &= !Domain::single(digit).bits();
        let left = Domain::from_bits(*x & DOMAIN_MASK);
        if self.counting {
            self.offset_places(cell, digit, |p| p - 1);
        }
        left
    }

    /// Forward checking from every given at once, before the first decision: each open cell
    /// (of `open`, a bitboard) keeps the digits its units do not hold (only givens are
    /// placed yet), one write a cell instead of one a prune. Writes no note and leaves the
    /// place counts stale: [`Grid::recount_places`] takes them afresh. The digits'
    /// bitboards are the caller's to take the same prunes off.
    pub(crate) fn keep_unplaced(&mut self, open: u128) {
        let words: Board = [open as u64, (open >> 64) as u64];
        for (w, mut word) in words.into_iter().enumerate() {
            while word != 0 {
                let cell = Cell::new(w << 6 | word.trailing_zeros() as usize);
                word &= word - 1;
                let [row, column, boxed] = self.cell_units[super::at_cell(cell)];
                let placed = self.placed[super::at_unit(row)].bits()
                    | self.placed[super::at_unit(column)].bits()
                    | self.placed[super::at_unit(boxed)].bits();
                self.cells[super::at_cell(cell)] &= !placed;
            }
        }
    }

    /// Takes every (unit, digit) place count afresh from the cells' domains, with the offset
    /// where the unit holds the digit, before the first decision (every assigned cell is a
    /// given or a single, whose domain is its digit), on boards of at most 9 digits.
    pub(crate) fn recount_places(&mut self) {
        self.stale = false;
        let geometry = self.geometry;
        debug_assert!(
            geometry.side() <= 9 && geometry.unit_count() <= UNITS,
            "a byte per digit in one word and one more, for each of at most 27 units"
        );
        // Per unit, a byte per digit: digits 1-8 in `low`, 9 in `high`, each cell's domain
        // added to its three units' sums in one pass over the cells. A given counts its own
        // digit once: the offset makes up the rest. No sum passes 9 + 64.
        let (mut low, mut high) = ([0u64; UNITS], [0u64; UNITS]);
        for cell in geometry.cells() {
            let domain = self.cells[super::at_cell(cell)];
            let (l, h) = (BYTES[(domain & 0xff) as usize], u64::from(domain >> 8 & 1));
            for unit in self.cell_units[super::at_cell(cell)] {
                low[unit.index() % UNITS] += l;
                high[unit.index() % UNITS] += h;
            }
        }
        for unit in geometry.units() {
            let (mut low, mut high) = (low[unit.index() % UNITS], high[unit.index() % UNITS]);
            let placed = self.placed(unit).bits();
            low += BYTES[(placed & 0xff) as usize] * u64::from(PLACED - 1);
            high += u64::from(placed >> 8 & 1) * u64::from(PLACED - 1);
            let start = slot(unit, 0);
            if let Some(counts) = self.places.get_mut(start..start + 9) {
                counts[..8].copy_from_slice(&low.to_le_bytes());
                counts[8] = high as u8;
            }
        }
    }
}

/// Room for the units of a board with digit bitboards (27 on a 9×9 board), a power of two
/// so that a masked index needs no bounds check.
const UNITS: usize = 32;

/// For each set of 8 digits (a byte of a domain), a byte of 1 for each digit in it.
const BYTES: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut d = 0;
        while d < 8 {
            if bits >> d & 1 == 1 {
                table[bits] |= 1 << (8 * d);
            }
            d += 1;
        }
        bits += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use crate::domain::Domain;
    use crate::grid::Grid;
    use crate::puzzle::Puzzle;

    /// Counting afresh gives the counts that a new grid starts with, on each board size
    /// with bitboards.
    #[test]
    fn recounting_gives_the_counts_kept_one_by_one() {
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "1......2.3.....4",
        ] {
            let puzzle: Puzzle = line.parse().expect("valid puzzle text");
            let kept = Grid::new(&puzzle);
            let mut recounted = Grid::new(&puzzle);
            recounted.places.fill(0);
            recounted.recount_places();
            let geometry = puzzle.geometry();
            for unit in geometry.units() {
                for digit in Domain::full(geometry.size()) {
                    assert_eq!(
                        recounted.open_places(unit, digit),
                        kept.open_places(unit, digit),
                        "{line}: unit {unit:?} digit {digit}"
                    );
                    assert_eq!(recounted.places(unit, digit), kept.places(unit, digit));
                }
            }
        }
    }
}
