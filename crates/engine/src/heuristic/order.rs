//! Cell orders: static (reading order, reverse, initial domain size) and dynamic (MRV and its
//! tie-breaks), each scanning the cells in a base sequence (reading order by default). What
//! an order is (its sequence, score, key, ranking) is here; each selector is a file of
//! `select/`.

use super::select::dom_deg::dom_deg_select;
use super::select::first_open::first_open;
use super::select::mrv::{mrv, mrv_in};
use super::select::tie_break::{best_by_key, mrv_tie_break};
use crate::event::Score;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::strategy::{CellOrder, Sequence};

/// A cell with the score the cell order gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// The cell.
    pub cell: Cell,
    /// Its score.
    pub score: Score,
}

impl CellOrder {
    /// Whether the order is fixed before the search starts (then `static_order` is used).
    pub fn is_static(self) -> bool {
        matches!(
            self,
            CellOrder::RowMajor | CellOrder::Reverse | CellOrder::StaticDomain
        )
    }

    /// The cells in the order this cell order scans them over `grid` (after the initial
    /// propagation): a static order's fixed sequence, built on the `base` sequence; a
    /// dynamic order's base sequence, or nothing for reading order, which dynamic orders
    /// walk without a table.
    pub fn sequence(self, grid: &Grid, base: Sequence) -> Vec<Cell> {
        let g = grid.geometry();
        let mut cells: Vec<Cell> = match base.cells(g) {
            Some(cells) => cells.to_vec(),
            None if self.is_static() => g.cells().collect(),
            None => return Vec::new(),
        };
        match self {
            CellOrder::Reverse => cells.reverse(),
            // Stable: equal domains keep the base sequence's order.
            CellOrder::StaticDomain => cells.sort_by_key(|&c| grid.domain(c).len()),
            _ => {}
        }
        cells
    }

    /// The open cell to decide next, or `None` when every cell holds a digit.
    /// `sequence` is [`CellOrder::sequence`]: the cells to scan, in order, or none for a
    /// dynamic order in reading order.
    /// `floor` is the smallest domain an open cell can have (2 when arc consistency has
    /// assigned every single, else 1): MRV stops scanning at the first cell that small,
    /// which is the cell a full scan would choose too.
    #[inline]
    pub fn select(self, grid: &Grid, sequence: &[Cell], floor: usize) -> Option<Ranked> {
        if grid.open_count() == 0 {
            return None;
        }
        let cell = match self {
            CellOrder::RowMajor | CellOrder::Reverse | CellOrder::StaticDomain => {
                first_open(grid, sequence)?
            }
            CellOrder::Mrv if sequence.is_empty() => mrv(grid, floor),
            CellOrder::Mrv => mrv_in(grid, sequence, floor)?,
            CellOrder::MrvDegree | CellOrder::MrvConstraints => match grid.open_cells() {
                Some(open) if sequence.is_empty() => {
                    mrv_tie_break(grid, open, self == CellOrder::MrvDegree)?
                }
                _ => best_by_key(self, grid, sequence)?,
            },
            CellOrder::MostConstraints => best_by_key(self, grid, sequence)?,
            // Without a search's weights (a view ranking cells), every constraint weighs 1.
            CellOrder::DomWdeg | CellOrder::DomWdegLc => dom_deg_select(grid, sequence)?,
        };
        Some(Ranked {
            cell,
            score: self.score(grid, cell),
        })
    }

    /// The heuristic's score of open `cell`.
    pub fn score(self, grid: &Grid, cell: Cell) -> Score {
        let tie_break = match self {
            CellOrder::MrvDegree | CellOrder::DomWdeg | CellOrder::DomWdegLc => grid.degree(cell),
            CellOrder::MostConstraints | CellOrder::MrvConstraints => grid.constraints(cell),
            _ => 0,
        };
        Score {
            candidates: grid.domain(cell).len() as u8,
            tie_break: tie_break as u16,
        }
    }

    /// The best `k` open cells in the order's preference, best first: what the order
    /// weighed when it chose. Static orders rank by their sequence; dynamic ones break ties
    /// in theirs (`sequence` as for [`CellOrder::select`]).
    pub fn rank(self, grid: &Grid, sequence: &[Cell], k: usize) -> Vec<Ranked> {
        let scan: Vec<Cell> = if sequence.is_empty() {
            grid.geometry().cells().collect()
        } else {
            sequence.to_vec()
        };
        let mut open: Vec<(usize, usize, Cell)> = scan
            .into_iter()
            .filter(|&c| grid.is_open(c))
            .enumerate()
            .map(|(at, c)| {
                let key = if self.is_static() {
                    at
                } else {
                    self.key(grid, c)
                };
                (key, at, c)
            })
            .collect();
        open.sort_unstable();
        open.into_iter()
            .take(k)
            .map(|(_, _, cell)| Ranked {
                cell,
                score: self.score(grid, cell),
            })
            .collect()
    }

    /// Lower is preferred; ties go to the earlier cell in the sequence. dom/wdeg, a ratio,
    /// is ranked here by domain size, then degree (its ratio with every weight 1 orders
    /// cells differently; see `solver::learn`).
    pub fn key(self, grid: &Grid, cell: Cell) -> usize {
        let size = grid.domain(cell).len();
        match self {
            CellOrder::MrvDegree | CellOrder::DomWdeg | CellOrder::DomWdegLc => {
                size * 256 + (255 - grid.degree(cell))
            }
            CellOrder::MostConstraints => 255 - grid.constraints(cell),
            CellOrder::MrvConstraints => size * 256 + (255 - grid.constraints(cell)),
            _ => size,
        }
    }
}
