//! The state of the CSP at one moment: each cell's domain and value, each unit's placed digits
//! and how many places each digit has left in each unit.

use super::domain::{Digit, Domain};
use super::geometry::{Cell, Geometry, Unit};
use super::puzzle::Puzzle;

mod assign;
mod bivalue;
mod board;
mod classify;
mod defer;
mod hidden;
mod note;
mod peers;
mod quiet;
mod reset;
mod scan;
mod snapshot;
mod table;
mod watch;

use board::{Board, board_bit, join};
use defer::Deferred;
pub(crate) use note::Note;
use note::slot;
pub(crate) use snapshot::Snapshots;
use table::{
    CELL_SLOTS, PLACE_SLOTS, UNIT_SLOTS, at_cell, at_unit, in_table, unit_bits_table,
    unit_boards_table, units_table,
};

/// Bits of a packed cell that hold the domain; the value sits above them.
const DOMAIN_MASK: u32 = (1 << 25) - 1;
const VALUE_SHIFT: u32 = 27;

/// Added to a (unit, digit) place count while the unit holds the digit: such counts are
/// never read, and with the offset they never look low, so noting a count that drops to
/// two or fewer needs no check of the unit's placed digits.
const PLACED: u8 = 64;

/// Domains and values of every cell. Givens start assigned; every empty cell starts with
/// its full domain. Only [`State`](super::state::State) changes a grid, so every change is
/// on the trail.
///
/// Each cell is one `u32`: its domain in the low 25 bits and its value (0 while open) in
/// the top 5, so the hot loops read both with one load.
#[derive(Clone, Debug)]
pub struct Grid {
    geometry: &'static Geometry,
    /// A fixed table, as the place table, indexed by [`at_cell`]; the first `cell_len` are
    /// the board's.
    cells: Box<[u32; CELL_SLOTS]>,
    cell_len: usize,
    /// Each cell's row, column and box, as [`Geometry::units_of`] gives them, in a fixed
    /// table indexed by [`at_cell`] (one per board size, shared by every grid): read on
    /// every prune, without the geometry's bounds check.
    cell_units: &'static [[Unit; 3]; CELL_SLOTS],
    /// Each cell's row, column and box as a bitset of unit indexes, in the same kind of
    /// table: what a prune marks while the unit rules scan (see `grid/scan.rs`).
    cell_unit_bits: &'static [u32; CELL_SLOTS],
    /// Each unit's cells as a bitboard, in a fixed table (one per board size) read without
    /// a bounds check by the scans of `grid/scan.rs`.
    unit_boards: &'static [u128; 32],
    /// Each unit's placed digits, in a fixed table indexed by [`at_unit`]; the first
    /// `unit_len` are the board's.
    placed: [Domain; UNIT_SLOTS],
    unit_len: usize,
    /// For each digit, the open cells with it as a candidate as a bitboard (bit i for cell
    /// i); empty on boards of more than 128 cells.
    digit_cells: Vec<Board>,
    /// Places left per (unit, digit), at [`slot`]: a fixed table, so that a slot masked to
    /// its size needs no bounds check (three per prune); the first `place_len` are used.
    places: Box<[u8; PLACE_SLOTS]>,
    place_len: usize,
    /// For each (unit, digit), the cell that holds it; valid while the unit's `placed` has it,
    /// and kept only while places are not counted (see [`Grid::peer_holding`]).
    holders: Vec<Cell>,
    open: usize,
    /// The (unit, digit) pairs whose places dropped to a few, newest last: the first
    /// `watched` entries. Empty (so nothing is noted) until the search asks for it (a reset
    /// keeps the room it made).
    watch: Vec<Note>,
    watched: usize,
    /// Open cells left with two candidates since the naked-pair rule last looked, newest
    /// last: the first `bivalued` entries. Empty (so nothing is noted) unless the search
    /// asks for it.
    bivalue: Vec<Cell>,
    bivalued: usize,
    /// On a grid that scans, what the naked-pair rule has seen of the cells left with two
    /// candidates, taken from the bitboards instead of noted (see `grid/bivalue.rs`).
    fresh_pairs: bivalue::FreshPairs,
    /// The noted (unit, digit) pairs left with two places, for the hidden-pair rule,
    /// newest last: the first `paired` entries. Empty (so nothing is kept) unless the rule
    /// asked for them.
    two_places: Vec<Note>,
    paired: usize,
    /// The units where a digit's places dropped to a few (two up to the box side) since
    /// locked candidates last looked, as a bitset of unit indexes in two words (setting a
    /// bit of a `u128` by a variable shift is several instructions, on every note).
    locked_units: Board,
    /// For each unit, the digits whose places there dropped to a few since locked
    /// candidates last looked: valid for the units in `locked_units`. Empty (so nothing
    /// is marked) unless the search asks for it.
    locks: Vec<Domain>,
    /// Place counts at or below this are noted: two for the pair rules, the box side when
    /// locked candidates look too.
    low: u8,
    counting: bool,
    /// Whether the place counts wait for a unit rule to read them (see `grid/defer.rs`), and
    /// the changes they have to catch up on.
    deferring: bool,
    deferred: Vec<Deferred>,
    /// Whether the place counts were left stale by the givens' forward checking in bulk, to
    /// be taken afresh when they are first read.
    stale: bool,
    /// Whether the unit rules find their work from the digits' bitboards instead of place
    /// counts and notes, and what each rule has still to look at (see `grid/scan.rs`).
    scan: scan::Unseen,
}

impl PartialEq for Grid {
    /// Same board, domains and values (the derived counts follow from those).
    fn eq(&self, other: &Grid) -> bool {
        self.geometry == other.geometry
            && self.cells[..self.cell_len] == other.cells[..other.cell_len]
    }
}

impl Eq for Grid {}

impl Grid {
    /// The initial state of `puzzle`: givens placed, every empty cell with its full domain.
    /// The givens are assumed not to conflict ([`Puzzle::conflict`]).
    pub fn new(puzzle: &Puzzle) -> Grid {
        let mut grid = Grid::empty(puzzle.geometry());
        grid.reset(puzzle);
        grid
    }

    /// A grid to [`Grid::reset`] before use.
    pub(crate) fn empty(geometry: &'static Geometry) -> Grid {
        Grid {
            geometry,
            cells: Box::new([0; CELL_SLOTS]),
            cell_len: 0,
            cell_units: units_table(geometry),
            cell_unit_bits: unit_bits_table(geometry),
            unit_boards: unit_boards_table(geometry),
            placed: [Domain::EMPTY; UNIT_SLOTS],
            unit_len: 0,
            digit_cells: Vec::new(),
            places: Box::new([0; PLACE_SLOTS]),
            place_len: 0,
            holders: Vec::new(),
            open: 0,
            watch: Vec::new(),
            watched: 0,
            bivalue: Vec::new(),
            bivalued: 0,
            fresh_pairs: bivalue::FreshPairs::default(),
            two_places: Vec::new(),
            paired: 0,
            locked_units: [0; 2],
            locks: Vec::new(),
            low: 2,
            counting: false,
            deferring: false,
            deferred: Vec::new(),
            stale: false,
            scan: scan::Unseen::default(),
        }
    }

    /// The open cells with `digit` as a candidate, as a bitboard (bit i for cell i), on
    /// boards of at most 128 cells.
    #[inline]
    pub(crate) fn digit_cells(&self, digit: Digit) -> Option<u128> {
        self.digit_cells
            .get(usize::from(digit.get() - 1))
            .map(|&b| join(b))
    }

    /// The open cells as a bitboard (every open cell has a candidate, and an assigned cell
    /// is in no digit's bitboard), on boards of at most 128 cells while places are kept.
    #[inline]
    pub(crate) fn open_cells(&self) -> Option<u128> {
        if self.digit_cells.is_empty() {
            return None;
        }
        Some(self.digit_cells.iter().fold(0, |open, &b| open | join(b)))
    }

    /// Sets or clears `cell` in `digit`'s bitboard.
    #[inline]
    fn mark_digit_cell(&mut self, cell: Cell, digit: Digit, on: bool) {
        if let Some(board) = self.digit_cells.get_mut(usize::from(digit.get() - 1)) {
            let (word, bit) = board_bit(cell);
            board[word] = if on {
                board[word] | bit
            } else {
                board[word] & !bit
            };
        }
    }

    /// The board's tables.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The candidates left in `cell` (for an assigned cell, what was left when it was assigned).
    #[inline]
    pub fn domain(&self, cell: Cell) -> Domain {
        Domain::from_bits(self.cells[at_cell(cell)] & DOMAIN_MASK)
    }

    /// The digit assigned to `cell`, if any.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new((self.cells[at_cell(cell)] >> VALUE_SHIFT) as u8)
    }

    /// Whether `cell` has no digit yet.
    #[inline]
    pub fn is_open(&self, cell: Cell) -> bool {
        self.cells[at_cell(cell)] >> VALUE_SHIFT == 0
    }

    /// The domain of `cell` if it is open, else the empty set: one load for both questions.
    #[inline]
    pub fn open_domain(&self, cell: Cell) -> Domain {
        let x = self.cells[at_cell(cell)];
        // Branch-free: an assigned cell's value bits make the mask zero.
        Domain::from_bits(x & (u32::from(x >> VALUE_SHIFT == 0) * DOMAIN_MASK))
    }

    /// The digits assigned in `unit`.
    #[inline]
    pub fn placed(&self, unit: Unit) -> Domain {
        self.placed[at_unit(unit)]
    }

    /// How many open cells of `unit` still have `digit` as a candidate: kept only for the
    /// search's hidden-single and hidden-pair rules (replays do not keep it).
    #[inline]
    pub fn places(&self, unit: Unit, digit: Digit) -> usize {
        let count = self.places[in_table(slot(unit, usize::from(digit.get() - 1)))];
        usize::from(count % PLACED)
    }

    /// [`Grid::places`] if `unit` does not hold `digit`: one load and one comparison for
    /// both questions.
    #[inline]
    pub(crate) fn open_places(&self, unit: Unit, digit: Digit) -> Option<usize> {
        let count = self.places[in_table(slot(unit, usize::from(digit.get() - 1)))];
        (count < PLACED).then_some(usize::from(count))
    }

    /// Whether [`Grid::places`] is kept up to date.
    #[inline]
    pub(crate) fn counts_places(&self) -> bool {
        self.counting
    }

    /// How many cells have no digit yet.
    pub fn open_count(&self) -> usize {
        self.open
    }

    /// The board as a puzzle whose givens are the current values.
    pub fn to_puzzle(&self) -> Puzzle {
        let values = self.geometry.cells().map(|c| self.value(c)).collect();
        Puzzle::new(self.geometry.size(), values)
            .expect("BUG: a grid has one value slot per cell")
            .on(self.geometry)
    }

    /// Stops keeping [`Grid::places`] and the digits' cell bitboards up to date (a search
    /// without the unit rules never reads them, and plain backtracking would pay for them
    /// on every decision).
    pub(crate) fn stop_counting_places(&mut self) {
        self.counting = false;
        self.digit_cells.clear();
        self.note_holders();
    }

    // Measured (callgrind, top95 with `fast`): left to the compiler, this stays a call on
    // every prune and the run costs 4 % more instructions.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn lose_place(&mut self, cell: Cell, digit: Digit) {
        self.lose_place_as(cell, digit, true);
    }

    /// [`Grid::lose_place`], marking the cell's units for the scans only if `mark` (forward
    /// checking marks its peers' units at once, see [`Grid::forward_checked`]).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn lose_place_as(&mut self, cell: Cell, digit: Digit, mark: bool) {
        if !self.counting {
            if self.scan.on {
                if mark {
                    self.scan.touch(digit, self.cell_unit_bits[at_cell(cell)]);
                }
            } else if self.deferring {
                self.deferred.push(Deferred::Lose(cell, digit));
            }
            return;
        }
        let d = usize::from(digit.get() - 1);
        let units = self.cell_units[at_cell(cell)];
        count_down(
            &mut self.places,
            &mut self.watch,
            &mut self.watched,
            units.map(|unit| slot(unit, d)),
            self.low,
        );
    }

    #[inline]
    fn regain_place(&mut self, cell: Cell, digit: Digit) {
        if self.counting {
            self.offset_places(cell, digit, |p| p + 1);
        }
    }

    /// Adds `offset` to the place counts of `digit` in `cell`'s units.
    #[inline]
    fn offset_places(&mut self, cell: Cell, digit: Digit, offset: impl Fn(u8) -> u8) {
        let d = usize::from(digit.get() - 1);
        for unit in self.cell_units[at_cell(cell)] {
            let p = &mut self.places[in_table(slot(unit, d))];
            *p = offset(*p);
        }
    }

    /// Removes `digit` from open `cell`'s domain, and returns what is left.
    #[inline]
    pub(crate) fn remove(&mut self, cell: Cell, digit: Digit) -> Domain {
        self.mark_digit_cell(cell, digit, false);
        self.remove_off_board(cell, digit)
    }

    /// Takes `cells` out of `digit`'s bitboard at once (boards of at most 128 cells), for
    /// forward checking's loop over peers: it removes the digit from each of them with
    /// [`Grid::remove_off_board`], and puts back with [`Grid::put_on_board`] those it stops
    /// before.
    #[inline]
    pub(crate) fn take_off_board(&mut self, digit: Digit, cells: u128) {
        if let Some(board) = self.digit_cells.get_mut(usize::from(digit.get() - 1)) {
            board[0] &= !(cells as u64);
            board[1] &= !((cells >> 64) as u64);
        }
    }

    /// Puts `cells` back into `digit`'s bitboard (see [`Grid::take_off_board`]).
    #[inline]
    pub(crate) fn put_on_board(&mut self, digit: Digit, cells: u128) {
        if let Some(board) = self.digit_cells.get_mut(usize::from(digit.get() - 1)) {
            board[0] |= cells as u64;
            board[1] |= (cells >> 64) as u64;
        }
    }

    /// [`Grid::remove`] of a cell already taken off the digit's bitboard
    /// ([`Grid::take_off_board`]). Inlined: its variant [`Grid::remove_peer`] is forward
    /// checking's, most of the prunes (measured there).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn remove_off_board(&mut self, cell: Cell, digit: Digit) -> Domain {
        self.remove_off_board_as(cell, digit, true)
    }

    /// [`Grid::remove_off_board`] for forward checking's loop, which marks the units of
    /// the peers it prunes for the scans once, after the loop ([`Grid::forward_checked`]):
    /// marking each prune's units in turn made each wait for the last one's store.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn remove_peer(&mut self, cell: Cell, digit: Digit) -> Domain {
        self.remove_off_board_as(cell, digit, false)
    }

    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn remove_off_board_as(&mut self, cell: Cell, digit: Digit, mark: bool) -> Domain {
        let x = &mut self.cells[at_cell(cell)];
        *x &= !Domain::single(digit).bits();
        let left = Domain::from_bits(*x & DOMAIN_MASK);
        self.lose_place_as(cell, digit, mark);
        self.note_bivalue(cell, left.is_pair());
        left
    }

    /// [`Grid::remove_peer`] on a grid that scans, which counts no places and defers
    /// nothing: no flag tested.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn remove_swept(&mut self, cell: Cell, digit: Digit) -> Domain {
        debug_assert!(self.scan.on && !self.counting && !self.deferring);
        let x = &mut self.cells[at_cell(cell)];
        *x &= !Domain::single(digit).bits();
        // No note for the naked-pair rule: it takes its cells from the bitboards.
        Domain::from_bits(*x & DOMAIN_MASK)
    }

    /// `cell`'s row, column and box as a bitset of unit indexes (on boards of at most 32
    /// units).
    #[inline]
    pub(crate) fn unit_bits(&self, cell: Cell) -> u32 {
        self.cell_unit_bits[at_cell(cell)]
    }

    /// Notes `cell` for the naked-pair rule if `pair` (and the rule asked for notes).
    /// Branch-free (whether a cell is left with two is unpredictable): the cell is always
    /// written, and kept only if it has two candidates left.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn note_bivalue(&mut self, cell: Cell, pair: bool) {
        if let Some(noted) = self.bivalue.get_mut(self.bivalued) {
            *noted = cell;
            self.bivalued += usize::from(pair);
        }
    }

    /// Puts `digit` back into open `cell`'s domain.
    #[inline]
    pub(crate) fn restore(&mut self, cell: Cell, digit: Digit) {
        self.cells[at_cell(cell)] |= Domain::single(digit).bits();
        self.mark_digit_cell(cell, digit, true);
        self.regain_place(cell, digit);
    }
}

/// Takes a place off each of the three place-table `slots`, noting each count in `notes`
/// from `watched` on, kept if at or below `low`. Branch-free (whether a count is low is
/// unpredictable): the note is always written, and kept only if low; a placed digit's count
/// never looks low. Measured (callgrind, `fast`): as a function of its own, inlined, the
/// notes cannot alias the counts or the note index, which then stay in registers, where
/// within the grid's method each note's store reloaded them: 1.5-2.3 % fewer instructions
/// (`kaggle10k`, `sudoku17`, `forum_hardest_1106`).
#[allow(clippy::inline_always)]
#[inline(always)]
fn count_down(
    places: &mut [u8; PLACE_SLOTS],
    notes: &mut [Note],
    watched: &mut usize,
    slots: [usize; 3],
    low: u8,
) {
    let mut w = *watched;
    for i in slots {
        let p = &mut places[in_table(i)];
        *p -= 1;
        let left = *p;
        if let Some(note) = notes.get_mut(w) {
            *note = Note::new(i, left);
            w += usize::from(left <= low);
        }
    }
    *watched = w;
}

/// A small deterministic generator for the grid's tests: each call gives a number below
/// its argument (xorshift32).
#[cfg(test)]
fn xorshift(mut seed: u32) -> impl FnMut(usize) -> usize {
    move |below| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed as usize % below
    }
}

fn pack(domain: Domain, value: Option<Digit>) -> u32 {
    domain.bits() | value.map_or(0, |d| u32::from(d.get()) << VALUE_SHIFT)
}
