//! Setting a grid up for a puzzle, in the memory it already has: the givens placed, every
//! empty cell with its full domain, then what the rules read, counted once it is known
//! which rules run.

use super::bivalue::FreshPairs;
use super::board::{Board, board_bit};
use super::note::{STRIDE_BITS, slot};
use super::table::{at_cell, at_unit, in_table, unit_bits_table, unit_boards_table, units_table};
use super::{Grid, PLACED, pack};
use crate::domain::Domain;
use crate::geometry::Cell;
use crate::puzzle::Puzzle;

impl Grid {
    /// Makes this grid what [`Grid::new`] makes of `puzzle`, in the memory it already has
    /// (a search restarted on the next puzzle of a set allocates nothing), but for the room
    /// of its notes, kept for the search to size again. Returns whether two givens share a
    /// unit and a digit, in which case the grid is not to be searched.
    pub(crate) fn reset(&mut self, puzzle: &Puzzle) -> bool {
        let clash = self.reset_values(puzzle);
        self.count_places();
        self.note_holders();
        clash
    }

    /// [`Grid::reset`] but for the place counts and the givens' holders, for a search, which
    /// takes the counts afresh after the givens' forward checking in bulk, or asks for them
    /// with [`Grid::count_places`], or stops counting and has the holders noted
    /// ([`Grid::stop_counting_places`]). Measured (callgrind, kaggle10k with `fast`): the
    /// counts and holders made here were thrown away, 2,700 instructions a puzzle (7 %).
    pub(crate) fn reset_values(&mut self, puzzle: &Puzzle) -> bool {
        let geometry = puzzle.geometry();
        let n = geometry.side();
        let full = Domain::full(puzzle.size()).bits();
        self.cell_units = units_table(geometry);
        self.cell_unit_bits = unit_bits_table(geometry);
        self.unit_boards = unit_boards_table(geometry);
        self.geometry = geometry;
        self.cell_len = geometry.cell_count();
        self.cells[..self.cell_len].fill(full);
        self.unit_len = geometry.unit_count();
        self.placed[..self.unit_len].fill(Domain::EMPTY);
        self.scan.forget_givens();
        // Each unit's first n counts are written when counted, and the rest of its stride
        // is never read; a holder is only read while its unit holds the digit, after it was
        // written.
        self.place_len = geometry.unit_count() << STRIDE_BITS;
        self.holders.resize(geometry.unit_count() * n, Cell::new(0));
        self.open = geometry.cell_count();
        // The notes' room keeps its length: nothing is noted before the search either sizes
        // and restarts it (`watch_places`) or stops counting places.
        self.watched = 0;
        self.bivalue.clear();
        self.bivalued = 0;
        self.fresh_pairs = FreshPairs::default();
        self.two_places.clear();
        self.paired = 0;
        self.locked_units = [0; 2];
        self.locks.clear();
        self.low = 2;
        let mut clash = false;
        let mut open_cells: Board = [0; 2];
        // The units come from the grid's fixed table, and the clash test is folded into
        // the placing.
        for (i, given) in puzzle.givens().iter().enumerate() {
            let cell = Cell::new(i);
            let Some(digit) = *given else {
                let (word, bit) = board_bit(cell);
                open_cells[word] |= bit;
                continue;
            };
            self.cells[at_cell(cell)] = pack(Domain::single(digit), Some(digit));
            self.scan.give(digit, self.cell_unit_bits[at_cell(cell)]);
            for unit in self.cell_units[at_cell(cell)] {
                let p = &mut self.placed[at_unit(unit)];
                clash |= p.contains(digit);
                *p = p.with(digit);
            }
            self.open -= 1;
        }
        self.digit_cells.clear();
        if geometry.cell_count() <= 128 {
            self.digit_cells.resize(n, open_cells);
        }
        self.counting = true;
        self.deferring = false;
        self.deferred.clear();
        self.stale = false;
        self.scan.restart(false, false, false);
        clash
    }

    /// Counts every (unit, digit)'s places before the first prune: every open cell still
    /// has every digit, so a digit's places in a unit are its open cells (one per digit not
    /// given there, the givens not conflicting), with the offset where the unit holds the
    /// digit.
    pub(crate) fn count_places(&mut self) {
        let geometry = self.geometry;
        let n = geometry.side();
        for unit in geometry.units() {
            let placed = self.placed(unit);
            let start = slot(unit, 0);
            // The whole stride at once: a fixed length is two vector stores, where a fill
            // of the side's length is a call; the rest of the stride is never read.
            if let Some(stride) = self.places.get_mut(start..start + (1 << STRIDE_BITS)) {
                stride.fill((n - placed.len()) as u8);
            }
            for digit in placed {
                self.places[in_table(slot(unit, usize::from(digit.get() - 1)))] += PLACED;
            }
        }
    }

    /// Notes each assigned cell as its digit's holder in its units.
    pub(super) fn note_holders(&mut self) {
        let n = self.geometry.side();
        for cell in self.geometry.cells() {
            let Some(digit) = self.value(cell) else {
                continue;
            };
            let d = usize::from(digit.get() - 1);
            for unit in self.cell_units[at_cell(cell)] {
                if let Some(h) = self.holders.get_mut(unit.index() * n + d) {
                    *h = cell;
                }
            }
        }
    }
}
