//! One digit's places in all 27 units of a 9×9 board at once, counted band by band, so that
//! the scans of `grid/scan.rs` test a unit only where a rule can find something there.
//!
//! A band is three rows (27 cells, bit 9r + c of its word). Each band's minirows (the
//! three cells a row shares with a box) and minicolumns (the three a column shares with a
//! box) are counted as bit slices (at least one, two or three places), and those counts
//! are summed by row, box and column, without a branch: which units hold what is as
//! unpredictable as the search. Which minirows and minicolumns hold a place also gives
//! where locked candidates prune: a line whose places lie in one box that has places
//! elsewhere, or a box whose places lie in one line that has.
//!
//! The three bands are three lanes of an SSE2 register, which every x86-64 processor has;
//! elsewhere, of an array (`classify/lanes.rs`).

mod lanes;

use std::ops::{BitAnd, BitOr, Shr};

use lanes::Lanes;
pub(super) use lanes::nonzero;

/// The lanes this machine counts in: an SSE2 register where there is one.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
type Native = lanes::sse::Sse;
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
type Native = lanes::plain::Plain;

/// Three bit-sliced counts at once: bit i of `at_least[n - 1]` is set where the count is at
/// least n (up to three).
#[derive(Clone, Copy)]
struct Count<T> {
    at_least: [T; 3],
}

impl<T: Copy + Shr<u32, Output = T>> Count<T> {
    /// The counts of the bits `by` places up.
    #[inline]
    fn from(self, by: u32) -> Count<T> {
        let [one, two, three] = self.at_least;
        Count {
            at_least: [one >> by, two >> by, three >> by],
        }
    }
}

/// How many of three one-bit inputs are set, as a count.
#[inline]
fn count_bits<T>(a: T, b: T, c: T) -> Count<T>
where
    T: Copy + BitAnd<Output = T> + BitOr<Output = T>,
{
    Count {
        at_least: [a | b | c, (a & b) | (c & (a | b)), a & b & c],
    }
}

/// The sum of three counts, saturated at three.
#[inline]
fn add<T>(a: Count<T>, b: Count<T>, c: Count<T>) -> Count<T>
where
    T: Copy + BitAnd<Output = T> + BitOr<Output = T>,
{
    let [a1, a2, a3] = a.at_least;
    let [b1, b2, b3] = b.at_least;
    let [c1, c2, c3] = c.at_least;
    let one = count_bits(a1, b1, c1);
    Count {
        at_least: [
            one.at_least[0],
            a2 | b2 | c2 | one.at_least[1],
            a3 | b3 | c3 | (a2 & (b1 | c1)) | (b2 & (a1 | c1)) | (c2 & (a1 | b1)) | one.at_least[2],
        ],
    }
}

/// The first cell of each row of a band.
const ROW_STARTS: u32 = 1 | 1 << 9 | 1 << 18;
/// The first cell of each box's top row in a band.
const BOX_STARTS: u32 = 1 | 1 << 3 | 1 << 6;

/// Unit flags of one kind per band (rows at each row's first cell, boxes at each box's) as
/// unit bits: row r of band k at 3k + r, column c at 9 + c, box b of band k at 18 + 3k + b.
#[inline]
fn units<L: Lanes>(rows: L, columns: u32, boxes: L) -> u32 {
    let rows = rows & L::splat(ROW_STARTS);
    let boxes = boxes & L::splat(BOX_STARTS);
    // Bits 0 to 2 of each lane: rows in the low half, boxes in the high one.
    let gathered = (rows | rows >> 8 | rows >> 16) & L::splat(7)
        | ((boxes | boxes >> 2 | boxes >> 4) & L::splat(7)) << 16;
    // Band k's three flags moved up by 3k, and the bands put together.
    let spread = gathered.times([1, 8, 64, 0]);
    let all = (spread | spread.rotate() | spread.rotate().rotate()).first();
    (all & 0x1ff) | (columns & 0x1ff) << 9 | (all >> 16 & 0x1ff) << 18
}

/// A digit's places counted by row, box and column (up to three), and the units where
/// locked candidates prune, with the three bands in lanes of `L`. Every count is taken at
/// every bit, and read only where it counts a minirow, row, box or column.
struct Tally<L> {
    row: Count<L>,
    boxed: Count<L>,
    /// In the first lane.
    column: Count<L>,
    /// Rows whose places are in one box, which has places in other rows (at the row's
    /// first cell).
    row_locked: L,
    /// Boxes whose places are in one row or one column, which has places in other boxes
    /// (at the box's first cell).
    box_locked: L,
    /// Columns whose places are in one box, which has places in other columns (in the
    /// first lane).
    column_locked: L,
}

#[allow(clippy::inline_always)]
#[inline(always)]
fn tally<L: Lanes>(board: u128) -> Tally<L> {
    let band = |k: u32| (board >> (27 * k)) as u32 & 0x7ff_ffff;
    let cells = L::new([band(0), band(1), band(2), 0]);
    // Minirows, counted at their first cell; rows: three minirows 3 cells apart; boxes:
    // three minirows 9 cells apart.
    let minirow = count_bits(cells, cells >> 1, cells >> 2);
    let (a, b, c) = (minirow, minirow.from(3), minirow.from(6));
    let row = add(a, b, c);
    let (a, b, c) = (minirow, minirow.from(9), minirow.from(18));
    let boxed = add(a, b, c);
    // Minicolumns, counted in the band's first row.
    let minicolumn = count_bits(cells, cells >> 9, cells >> 18);
    // Columns: the three bands' minicolumns, summed in the first lane.
    let turn = |count: Count<L>| {
        let [one, two, three] = count.at_least;
        Count {
            at_least: [one.rotate(), two.rotate(), three.rotate()],
        }
    };
    let (a, b) = (minicolumn, turn(minicolumn));
    let column = add(a, b, turn(b));

    // Locked candidates, from which minirows and minicolumns hold places. At each
    // minirow's first cell: whether the other two minirows of its row hold any, and the
    // other two of its box.
    let occupied = minirow.at_least[0];
    let others = |by: u32, starts: [u32; 3]| {
        let [first, middle, last] = starts.map(L::splat);
        (occupied >> by & (first | middle))
            | (occupied >> (2 * by) & first)
            | (occupied << by & (middle | last))
            | (occupied << (2 * by) & last)
    };
    let in_row = others(3, [0o1_001_001, 0o10_010_010, 0o100_100_100]);
    let in_box = others(9, [0o111, 0o111_000, 0o111_000_000]);
    let row_claims = occupied & !in_row & in_box;
    let box_points = occupied & !in_box & in_row;
    // The same of each minicolumn (at its cell in the band's first row): the other two of
    // its box, and of its column (in the other bands).
    let occupied = minicolumn.at_least[0];
    let in_stack = {
        let [first, middle, last] = [0o111, 0o222, 0o444].map(L::splat);
        (occupied >> 1 & (first | middle))
            | (occupied >> 2 & first)
            | (occupied << 1 & (middle | last))
            | (occupied << 2 & last)
    };
    let in_column = occupied.rotate() | occupied.rotate().rotate();
    let column_claims = occupied & !in_column & in_stack;
    let box_points_down = occupied & !in_stack & in_column;
    Tally {
        row,
        boxed,
        column,
        row_locked: row_claims | row_claims >> 3 | row_claims >> 6,
        box_locked: box_points
            | box_points >> 9
            | box_points >> 18
            | box_points_down
            | box_points_down >> 1
            | box_points_down >> 2,
        column_locked: column_claims | column_claims.rotate() | column_claims.rotate().rotate(),
    }
}

impl<L: Lanes> Tally<L> {
    /// The units where the count is at least `n` (1 to 3).
    #[inline]
    fn at_least(&self, n: usize) -> u32 {
        units(
            self.row.at_least[n - 1],
            self.column.at_least[n - 1].first(),
            self.boxed.at_least[n - 1],
        )
    }
}

/// The units where a digit whose open cells are `board` has exactly two places, in lanes
/// of `L`.
#[inline]
fn two_in<L: Lanes>(board: u128) -> u32 {
    let tally = tally::<L>(board);
    // Taken at every bit before the units are gathered, which keep each bit apart: one
    // gather instead of two.
    let two = |count: Count<L>| count.at_least[1] & !count.at_least[2];
    units(two(tally.row), two(tally.column).first(), two(tally.boxed))
}

/// The units where the places of a digit whose open cells are `board` (one or more) all
/// lie in one crossing unit that has places elsewhere, in lanes of `L`. Only which
/// minirows and minicolumns hold a place is taken: the counts go unused.
#[inline]
fn crossing_in<L: Lanes>(board: u128) -> u32 {
    let tally = tally::<L>(board);
    units(
        tally.row_locked,
        tally.column_locked.first(),
        tally.box_locked,
    )
}

/// The units where a digit whose open cells are `board` has one place or none, in lanes
/// of `L`.
#[inline]
fn at_most_one_in<L: Lanes>(board: u128) -> u32 {
    !tally::<L>(board).at_least(2) & 0x7ff_ffff
}

/// Whether the scans look in vector lanes. In an array a look costs more than the tests it
/// saves (callgrind on x86-64, when one look served both pair rules: 816 instructions a
/// digit, against 313 in SSE2), so where it would the scans test every unit instead.
pub(super) const IN_LANES: bool = cfg!(all(target_arch = "x86_64", target_feature = "sse2"));

/// The units of a 9×9 board where a digit whose open cells are `board` has exactly two
/// places: where a hidden pair can be.
#[inline]
pub(super) fn two(board: u128) -> u32 {
    two_in::<Native>(board)
}

/// The units of a 9×9 board where locked candidates can prune a digit whose open cells are
/// `board`: its places there all lie in one crossing unit (a line's in one box, a box's in
/// one line) that has places for it elsewhere. A unit with one place is among them: the
/// rule tests the unit, and finds nothing there with fewer than two.
#[inline]
pub(super) fn crossing(board: u128) -> u32 {
    crossing_in::<Native>(board)
}

/// The units of a 9×9 board where a digit whose open cells are `board` has one place or
/// none: where a hidden single or a wipeout can be.
#[inline]
pub(super) fn at_most_one(board: u128) -> u32 {
    at_most_one_in::<Native>(board)
}

#[cfg(test)]
mod tests {
    use super::lanes::plain::{self, Plain};
    use super::{at_most_one, at_most_one_in, crossing, crossing_in, nonzero, two, two_in};
    use crate::grid::xorshift;

    /// Counted cell by cell, unit by unit: the units with exactly two places, those where
    /// locked candidates can prune, and those with one place or none.
    fn counted(board: u128) -> (u32, u32, u32) {
        let (mut pairs, mut locks, mut few) = (0, 0, 0);
        for unit in 0..27 {
            let cells: Vec<usize> = (0..81)
                .filter(|&cell| {
                    let (row, column) = (cell / 9, cell % 9);
                    match unit {
                        0..9 => row == unit,
                        9..18 => column == unit - 9,
                        _ => (row / 3) * 3 + column / 3 == unit - 18,
                    }
                })
                .filter(|&cell| board >> cell & 1 == 1)
                .collect();
            let bit = 1 << unit;
            if cells.len() <= 1 {
                few |= bit;
            }
            if cells.len() == 2 {
                pairs |= bit;
            }
            // Locked candidates prune where the places lie in one crossing unit that has
            // places elsewhere.
            let row_of = |c: usize| c / 9;
            let column_of = |c: usize| 9 + c % 9;
            let box_of = |c: usize| 18 + (c / 27) * 3 + c % 9 / 3;
            let elsewhere = |crossing: usize| {
                (0..81).any(|c| {
                    board >> c & 1 == 1
                        && [row_of(c), column_of(c), box_of(c)].contains(&crossing)
                        && ![row_of(c), column_of(c), box_of(c)].contains(&unit)
                })
            };
            let locked_in = |of: &dyn Fn(usize) -> usize| {
                let first = of(cells[0]);
                cells.iter().all(|&c| of(c) == first) && elsewhere(first)
            };
            let locked = !cells.is_empty()
                && if unit < 18 {
                    locked_in(&box_of)
                } else {
                    locked_in(&row_of) || locked_in(&column_of)
                };
            if locked {
                locks |= bit;
            }
        }
        (pairs, locks, few)
    }

    /// Each way of counting against [`counted`].
    fn check(board: u128, what: &str) {
        let (pairs, locks, few) = counted(board);
        assert_eq!(two(board), pairs, "{what}");
        assert_eq!(two_in::<Plain>(board), pairs, "{what}");
        assert_eq!(crossing(board), locks, "{what}");
        assert_eq!(crossing_in::<Plain>(board), locks, "{what}");
        assert_eq!(at_most_one(board), few, "{what}");
        assert_eq!(at_most_one_in::<Plain>(board), few, "{what}");
    }

    /// Which words are not zero, in the lanes this machine counts in and word by word:
    /// every single word set, none, all, and random mixes with zeros among them.
    #[test]
    fn nonzero_words_match_a_look_at_each() {
        let mut next = xorshift(0x2545_f491);
        let mut cases = vec![[0u32; 16], [u32::MAX; 16], [1 << 31; 16]];
        for i in 0..16 {
            let mut words = [0; 16];
            words[i] = 1 << (i * 2);
            cases.push(words);
        }
        for _ in 0..2_000 {
            // About half the words zero, the rest any value, top bit included.
            cases.push(std::array::from_fn(|_| {
                let word = (next(1 << 16) << 16 | next(1 << 16)) as u32;
                if next(2) == 0 { 0 } else { word }
            }));
        }
        for words in cases {
            let looked: u32 = (0..16).filter(|&i| words[i] != 0).map(|i| 1 << i).sum();
            assert_eq!(nonzero(&words), looked, "{words:x?}");
            assert_eq!(plain::nonzero(&words), looked, "{words:x?}");
        }
    }

    /// Random boards of every density, and the boards of one to three cells in a unit.
    #[test]
    fn looks_match_a_count_unit_by_unit() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let all = (1u128 << 81) - 1;
        for round in 0..20_000 {
            let mut board = (u128::from(next()) << 64 | u128::from(next())) & all;
            // Thin the board out to its density: from full to one cell in 32.
            for _ in 0..round % 6 {
                board &= u128::from(next()) << 64 | u128::from(next());
            }
            check(board, &format!("board {board:#x}"));
        }
        for a in 0..81 {
            for b in [a, (a + 1) % 81, (a + 9) % 81, (a + 10) % 81, (a + 27) % 81] {
                let board = 1u128 << a | 1 << b;
                check(board, &format!("cells {a} and {b}"));
            }
        }
    }
}
