//! The grid's fixed-size tables: cells, place counts and each cell's units, sized for the
//! largest board and indexed by masked indexes, so that the compiler sees every index in
//! bounds.
//!
//! Measured (callgrind, `fast`): the bounds checks of the prunes and assignments on the
//! cells, the place counts and the geometry's unit table were about 6 % of the instructions
//! (sudoku17 first 2000: 250.6 M -> 234.4 M with the three tables; `forum_hardest_1106`
//! first 60: 211.0 M -> 200.3 M). A grid pays 8 KB for its two tables; the units table is
//! shared by every grid of a board size.

use crate::geometry::{Cell, Geometry, Unit};

/// The cell table's size: a power of two above the most cells a board has (625).
pub(super) const CELL_SLOTS: usize = 1024;

/// The cell table's index of `cell`: its index, masked so that the compiler sees it in
/// bounds (every cell index is below the table's size).
#[inline]
pub(super) fn at_cell(cell: Cell) -> usize {
    cell.index() & (CELL_SLOTS - 1)
}

/// The placed-digit table's size: a power of two above the most units a board has (75).
pub(super) const UNIT_SLOTS: usize = 128;

/// The placed-digit table's index of `unit`: its index, masked so that the compiler sees
/// it in bounds.
#[inline]
pub(super) fn at_unit(unit: Unit) -> usize {
    unit.index() & (UNIT_SLOTS - 1)
}

/// The place table's size: a power of two above the most slots a board uses (75 units of
/// 32 slots on a 25×25 board).
pub(super) const PLACE_SLOTS: usize = 4096;

/// The place table's index of `slot`: the same index (every slot is below the table's size),
/// masked so that the compiler sees it in bounds.
#[inline]
pub(super) fn in_table(slot: usize) -> usize {
    slot & (PLACE_SLOTS - 1)
}

/// The table of each cell's units on boards of `geometry` (see `Grid::cell_units`), made
/// once per board (kept with the geometry).
pub(super) fn units_table(geometry: &'static Geometry) -> &'static [[Unit; 3]; CELL_SLOTS] {
    geometry.cache.units.get_or_init(|| {
        let mut table = Box::new([[Unit::new(0); 3]; CELL_SLOTS]);
        for cell in geometry.cells() {
            table[at_cell(cell)] = geometry.units_of(cell);
        }
        table
    })
}

/// Each cell's units as a bitset of unit indexes, in a table as [`units_table`]'s (one per
/// board size, shared by every grid); only boards of at most 32 units read it, and the
/// bits of larger boards' units wrap.
pub(super) fn unit_bits_table(geometry: &'static Geometry) -> &'static [u32; CELL_SLOTS] {
    geometry.cache.unit_bits.get_or_init(|| {
        let mut table = Box::new([0; CELL_SLOTS]);
        for cell in geometry.cells() {
            table[at_cell(cell)] = geometry
                .units_of(cell)
                .iter()
                .fold(0, |bits, unit| bits | 1 << (unit.index() % 32));
        }
        table
    })
}

/// Each unit's cells as a bitboard, for the unit indexes below 32 (boards of at most 128
/// cells have 27 units at most; others read none), in a table of fixed length as above.
pub(super) fn unit_boards_table(geometry: &'static Geometry) -> &'static [u128; 32] {
    geometry.cache.unit_boards.get_or_init(|| {
        let mut table = [0; 32];
        for unit in geometry.units().take(32) {
            table[unit.index()] = geometry.unit_cell_bits(unit).unwrap_or(0);
        }
        table
    })
}

/// Makes `items` `len` copies of `value`, in the memory it has.
pub(super) fn refill<T: Copy>(items: &mut Vec<T>, len: usize, value: T) {
    items.clear();
    items.resize(len, value);
}
