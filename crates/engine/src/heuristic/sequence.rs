//! The base cell sequence: the order in which the cell orders scan the cells and break ties.
//!
//! Reading order is the default. Seed 003 kept its cells in a JDK 1.6 `HashMap` keyed
//! `row * 10 + col` (11 to 99) and scanned them as the map iterates; `hashmap` is that
//! order, computed from the map itself ([`super::jdk_hashmap`]).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use super::jdk_hashmap::JdkHashMap;
use crate::geometry::{Cell, Geometry};
use crate::strategy::UnknownName;

/// The order the cells are scanned in and ties broken by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sequence {
    /// Row by row, left to right.
    #[default]
    Reading,
    /// Seed 003's: the iteration order of a JDK 1.6 `HashMap` whose keys are the cells.
    HashMap,
}

impl Sequence {
    /// Every sequence.
    pub const ALL: [Sequence; 2] = [Sequence::Reading, Sequence::HashMap];

    /// Its `--sequence` name.
    pub fn name(self) -> &'static str {
        match self {
            Sequence::Reading => "reading",
            Sequence::HashMap => "hashmap",
        }
    }

    /// The cells of `geometry` in this sequence, or `None` for reading order (which the
    /// cell orders walk without a table).
    pub fn cells(self, geometry: &Geometry) -> Option<&'static [Cell]> {
        match self {
            Sequence::Reading => None,
            Sequence::HashMap => Some(hashmap_cells(geometry)),
        }
    }
}

impl fmt::Display for Sequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Sequence {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Sequence, UnknownName> {
        Sequence::ALL
            .into_iter()
            .find(|q| q.name() == s)
            .ok_or_else(|| UnknownName::among("cell sequence", s, &["reading", "hashmap"]))
    }
}

/// The key of the cell at `row`, `col` (from 0) on a board of `side`: the row and the column
/// from 1, written one after the other, `row * 10 + col` as seed 003 keys its 9×9 cells.
/// On 16×16 and 25×25 boards, whose columns take two digits, `row * 100 + col` (the seed
/// ran none of these; see docs/seeds.md).
pub fn hashmap_key(side: usize, row: usize, col: usize) -> i32 {
    let base = if side <= 9 { 10 } else { 100 };
    i32::try_from((row + 1) * base + col + 1).expect("BUG: a 25×25 board's keys are at most 2525")
}

/// The cells in the order a `new HashMap()` iterates them after every cell's key was put
/// in reading order (as the seed reads a puzzle), computed once per board size.
fn hashmap_cells(geometry: &Geometry) -> &'static [Cell] {
    static CELLS: [OnceLock<Vec<Cell>>; 4] = [const { OnceLock::new() }; 4];
    CELLS[geometry.size().get() - 2].get_or_init(|| {
        let side = geometry.side();
        let key = |c: Cell| {
            let (row, col) = geometry.row_col(c);
            hashmap_key(side, row, col)
        };
        let map = JdkHashMap::from_keys(geometry.cells().map(key));
        let mut by_key: Vec<(i32, Cell)> = geometry.cells().map(|c| (key(c), c)).collect();
        by_key.sort_unstable();
        map.keys()
            .into_iter()
            .map(|k| {
                let at = by_key
                    .binary_search_by_key(&k, |&(key, _)| key)
                    .expect("BUG: the map holds only the cells' keys");
                by_key[at].1
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoxSize;

    #[test]
    fn the_hash_sequence_holds_every_cell_once_on_every_board() {
        for b in 2..=5 {
            let geometry = Geometry::of(BoxSize::new(b).expect("a box size"));
            let cells = Sequence::HashMap.cells(geometry).expect("a table");
            let mut seen: Vec<usize> = cells.iter().map(|c| c.index()).collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..geometry.cell_count()).collect::<Vec<_>>(), "{b}");
        }
        assert_eq!(Sequence::Reading.cells(Geometry::of(BoxSize::NINE)), None);
    }

    #[test]
    fn a_4x4_board_takes_the_order_its_growing_map_gives() {
        // By hand. Keys 11 to 44 hash to `k ^ (k >>> 4)`: 11, 12, 13, 14, 20, 23, 22, 25,
        // 30, 34, 35, 32, 43, 40, 41, 46. In 16 buckets, 31 joins 14's chain (bucket 14,
        // newest first: 31, 14); the 13th key, 41, joins 11's (41, 11) and the table doubles:
        // the move walks each chain from its head, so 11's comes out 11, 41, and 31 leaves
        // for bucket 30. 42, 43 and 44 come after: 44 joins 14's chain at its head.
        let geometry = Geometry::of(BoxSize::FOUR);
        let cells = Sequence::HashMap.cells(geometry).expect("a table");
        let keys: Vec<i32> = cells
            .iter()
            .map(|&c| {
                let (r, col) = geometry.row_col(c);
                hashmap_key(4, r, col)
            })
            .collect();
        assert_eq!(
            keys,
            [
                34, 32, 33, 42, 43, 11, 41, 12, 13, 44, 14, 21, 23, 22, 24, 31
            ]
        );
    }
}
