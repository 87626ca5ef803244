//! A complete (or filling) assignment and its conflicts: each cell's count of peers holding
//! its digit and the board's total of such pairs, kept as cells are set. The local search
//! moves on it; the stream checker counts a foreign solver's conflicts on it.

use crate::domain::Digit;
use crate::geometry::{Cell, Geometry};
use crate::puzzle::Puzzle;

/// Digits per cell, conflicts per cell and in total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    geometry: &'static Geometry,
    /// Each cell's digit (0: empty).
    values: Vec<u8>,
    /// Whether each cell is a given.
    given: Vec<bool>,
    /// Each cell's conflicts: its peers holding its digit (0 while empty).
    conflicts: Vec<u16>,
    /// Pairs of peers holding the same digit.
    total: u32,
}

impl Assignment {
    /// `puzzle`'s givens placed, every other cell empty (no conflict: the givens must not
    /// clash, [`Puzzle::conflict`]).
    pub fn new(puzzle: &Puzzle) -> Assignment {
        let g = puzzle.geometry();
        let mut board = Assignment {
            geometry: g,
            values: vec![0; g.cell_count()],
            given: vec![false; g.cell_count()],
            conflicts: vec![0; g.cell_count()],
            total: 0,
        };
        for cell in g.cells() {
            if let Some(digit) = puzzle.given(cell) {
                board.given[cell.index()] = true;
                board.set(cell, Some(digit));
            }
        }
        board
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The digit `cell` holds.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// Whether `cell` is one of the puzzle's givens.
    #[inline]
    pub fn is_given(&self, cell: Cell) -> bool {
        self.given[cell.index()]
    }

    /// Conflicts on the board: pairs of peers holding the same digit.
    #[inline]
    pub fn total(&self) -> u32 {
        self.total
    }

    /// `cell`'s conflicts: how many of its peers hold its digit.
    #[inline]
    pub fn conflicts(&self, cell: Cell) -> u16 {
        self.conflicts[cell.index()]
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// For each digit (index 1 to the side), how many peers of `cell` hold it (index 0: how
    /// many are empty): what `cell` would conflict with, digit by digit.
    #[inline]
    pub fn peer_digits(&self, cell: Cell, counts: &mut [u16]) {
        counts.fill(0);
        for &peer in self.geometry.peers(cell) {
            counts[usize::from(self.values[peer.index()])] += 1;
        }
    }

    /// Sets `cell` to `value` (or empties it), keeping every count: the pairs its old digit
    /// made with its peers go, those its new digit makes come.
    pub fn set(&mut self, cell: Cell, value: Option<Digit>) {
        let old = self.values[cell.index()];
        let new = value.map_or(0, Digit::get);
        if old == new {
            return;
        }
        let mut mine = 0;
        for &peer in self.geometry.peers(cell) {
            let v = self.values[peer.index()];
            if v == 0 {
                continue;
            }
            if v == old {
                self.conflicts[peer.index()] -= 1;
                self.total -= 1;
            } else if v == new {
                self.conflicts[peer.index()] += 1;
                self.total += 1;
                mine += 1;
            }
        }
        self.values[cell.index()] = new;
        self.conflicts[cell.index()] = mine;
    }

    /// Swaps the digits of `a` and `b`.
    pub fn swap(&mut self, a: Cell, b: Cell) {
        let (va, vb) = (self.value(a), self.value(b));
        self.set(a, vb);
        self.set(b, va);
    }

    /// The board as a puzzle whose givens are its digits.
    pub fn to_puzzle(&self) -> Puzzle {
        let values = self.geometry.cells().map(|c| self.value(c)).collect();
        Puzzle::new(self.geometry.size(), values)
            .expect("BUG: an assignment has one value slot per cell")
    }
}

/// One cell's conflicts unit by unit: how many other cells of its row, its column and its
/// box hold its digit (a peer sharing a row and a box counts in both), for the board's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitConflicts {
    /// In its row.
    pub row: u8,
    /// In its column.
    pub column: u8,
    /// In its box.
    pub boxed: u8,
    /// Peers holding its digit, each once: the cell's conflicts.
    pub peers: u8,
}

impl UnitConflicts {
    /// `cell`'s conflicts on a board whose digits `value` gives.
    pub fn of(g: &Geometry, cell: Cell, value: impl Fn(Cell) -> Option<Digit>) -> UnitConflicts {
        let Some(digit) = value(cell) else {
            return UnitConflicts::default();
        };
        let [row, column, boxed] = g.units_of(cell).map(|unit| {
            g.unit_cells(unit)
                .iter()
                .filter(|&&c| c != cell && value(c) == Some(digit))
                .count() as u8
        });
        let peers = g
            .peers(cell)
            .iter()
            .filter(|&&c| value(c) == Some(digit))
            .count() as u8;
        UnitConflicts {
            row,
            column,
            boxed,
            peers,
        }
    }
}

/// Conflicts on a board whose digits `value` gives, counted afresh: pairs of peers holding
/// the same digit.
pub fn count(g: &Geometry, value: impl Fn(Cell) -> Option<Digit>) -> u32 {
    let mut total = 0;
    for cell in g.cells() {
        let Some(digit) = value(cell) else { continue };
        total += g
            .peers(cell)
            .iter()
            .filter(|&&p| p > cell && value(p) == Some(digit))
            .count() as u32;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Setting and swapping cells in any order keeps the counts what counting afresh gives.
    #[test]
    fn the_counts_kept_equal_the_counts_taken_afresh() {
        let puzzle: Puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("a puzzle");
        let g = puzzle.geometry();
        let mut board = Assignment::new(&puzzle);
        assert_eq!(board.total(), 0);
        let mut rng = fastrand::Rng::with_seed(5);
        let open: Vec<Cell> = g.cells().filter(|&c| !board.is_given(c)).collect();
        for round in 0..2_000 {
            let cell = open[rng.usize(..open.len())];
            if round % 3 == 0 {
                let other = open[rng.usize(..open.len())];
                board.swap(cell, other);
            } else {
                board.set(cell, Digit::new(rng.u8(0..=9)));
            }
            assert_eq!(board.total(), count(g, |c| board.value(c)), "round {round}");
            for c in g.cells() {
                let expected = UnitConflicts::of(g, c, |x| board.value(x)).peers;
                assert_eq!(u16::from(expected), board.conflicts(c), "round {round}");
            }
        }
    }
}
