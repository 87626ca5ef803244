//! Cell orders: static (reading order, reverse, initial domain size) and dynamic (MRV and its
//! tie-breaks), each scanning the cells in a base sequence (reading order by default).

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
                sequence.iter().copied().find(|&c| grid.is_open(c))?
            }
            CellOrder::Mrv if sequence.is_empty() => mrv(grid, floor),
            CellOrder::Mrv => mrv_in(grid, sequence, floor)?,
            CellOrder::MrvDegree | CellOrder::MrvConstraints => match grid.open_cells() {
                Some(open) if sequence.is_empty() => {
                    mrv_tie_break(grid, open, self == CellOrder::MrvDegree)?
                }
                _ => self.best_by_key(grid, sequence)?,
            },
            CellOrder::MostConstraints => self.best_by_key(grid, sequence)?,
            // Without a search's weights (a view ranking cells), every constraint weighs 1:
            // the weighted degree is the degree. Ties go to the earlier in the sequence.
            CellOrder::DomWdeg | CellOrder::DomWdegLc => in_sequence(grid, sequence)
                .filter(|&c| grid.is_open(c))
                .reduce(|a, b| {
                    if dom_deg(grid, b).cmp_ratio(dom_deg(grid, a)).is_lt() {
                        b
                    } else {
                        a
                    }
                })?,
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

    fn best_by_key(self, grid: &Grid, sequence: &[Cell]) -> Option<Cell> {
        if sequence.is_empty() {
            grid.geometry()
                .cells()
                .filter(|&c| grid.is_open(c))
                .min_by_key(|&c| (self.key(grid, c), c))
        } else {
            // `min_by_key` keeps the first of equals: the earlier cell in the sequence.
            sequence
                .iter()
                .copied()
                .filter(|&c| grid.is_open(c))
                .min_by_key(|&c| self.key(grid, c))
        }
    }
}

/// Minimum remaining values with a degree tie-break, from the bitboard of `open` cells: the
/// most open peers if `most_open`, else the fewest (the most constraints); first in
/// reading order on ties. The same cell as [`CellOrder::best_by_key`], without counting
/// each cell's peers one by one.
fn mrv_tie_break(grid: &Grid, open: u128, most_open: bool) -> Option<Cell> {
    let cells = |mut bits: u128| {
        std::iter::from_fn(move || {
            let cell = Cell::new(bits.trailing_zeros() as usize);
            (bits != 0).then(|| {
                bits &= bits - 1;
                cell
            })
        })
    };
    let smallest = cells(open).map(|c| grid.domain(c).len()).min()?;
    let geometry = grid.geometry();
    let open_peers = |c: Cell| (open & geometry.peer_bits(c).unwrap_or(0)).count_ones();
    let tied = cells(open).filter(|&c| grid.domain(c).len() == smallest);
    if most_open {
        // `max_by_key` keeps the last of equals; reading order wants the first.
        tied.min_by_key(|&c| std::cmp::Reverse(open_peers(c)))
    } else {
        tied.min_by_key(|&c| open_peers(c))
    }
}

/// The cells in `sequence` order, or in reading order when it is empty.
pub(crate) fn in_sequence<'a>(
    grid: &'a Grid,
    sequence: &'a [Cell],
) -> Box<dyn Iterator<Item = Cell> + 'a> {
    if sequence.is_empty() {
        Box::new(grid.geometry().cells())
    } else {
        Box::new(sequence.iter().copied())
    }
}

/// dom/deg: dom/wdeg's ratio with every constraint weighing 1.
fn dom_deg(grid: &Grid, cell: Cell) -> super::ratio::Ratio {
    super::ratio::Ratio {
        dom: grid.domain(cell).len() as u32,
        wdeg: grid.degree(cell) as u32,
    }
}

/// Minimum remaining values, first in reading order on ties; stops at a domain of `floor`.
#[inline]
fn mrv(grid: &Grid, floor: usize) -> Cell {
    let mut best = Cell::new(0);
    let mut best_len = usize::MAX;
    for cell in grid.geometry().cells() {
        let domain = grid.open_domain(cell);
        if !domain.is_empty() || grid.is_open(cell) {
            let len = domain.len();
            if len < best_len {
                best = cell;
                best_len = len;
                if len <= floor {
                    break;
                }
            }
        }
    }
    best
}

/// Minimum remaining values over `sequence`, the first in it on ties (seed 003 keeps "the
/// variable with the lowest score" as it scans); stops at a domain of `floor`.
fn mrv_in(grid: &Grid, sequence: &[Cell], floor: usize) -> Option<Cell> {
    let mut best = None;
    let mut best_len = usize::MAX;
    for &cell in sequence {
        if grid.is_open(cell) {
            let len = grid.domain(cell).len();
            if len < best_len {
                best = Some(cell);
                best_len = len;
                if len <= floor {
                    break;
                }
            }
        }
    }
    best
}
