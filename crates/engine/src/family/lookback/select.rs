//! The cell a learning search decides next: dom/wdeg's ratio, last-conflict reasoning, and
//! any dynamic order's ties broken at random from a seed.

use std::cmp::Ordering;

use super::state::LookBack;
use crate::event::Score;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::heuristic::{Ranked, Ratio, in_sequence};
use crate::strategy::CellOrder;

impl LookBack {
    /// The open cell to decide next, or `None` when every cell holds a digit. Static
    /// orders keep their sequence (no seed is allowed with them).
    pub(super) fn choose(
        &mut self,
        grid: &Grid,
        order: CellOrder,
        sequence: &[Cell],
        floor: usize,
    ) -> Option<Ranked> {
        if grid.open_count() == 0 {
            return None;
        }
        if order.is_static() || (!order.learns() && self.seed.is_none()) {
            return order.select(grid, sequence, floor);
        }
        if order == CellOrder::DomWdegLc {
            if let Some(cell) = self.last_conflict.take().filter(|&c| grid.is_open(c)) {
                return Some(self.ranked(grid, order, cell));
            }
        }
        let open = in_sequence(grid, sequence).filter(|&c| grid.is_open(c));
        let best = if order.learns() {
            let weights = self.weights.as_ref().expect("BUG: dom/wdeg keeps weights");
            let ratio = |c: Cell| Ratio {
                dom: grid.domain(c).len() as u32,
                wdeg: weights.wdeg(grid, c),
            };
            pick(open, &mut self.rng, self.seed.is_some(), ratio, |a, b| {
                a.cmp_ratio(*b)
            })
        } else {
            pick(open, &mut self.rng, true, |c| order.key(grid, c), Ord::cmp)
        }?;
        Some(self.ranked(grid, order, best))
    }

    fn ranked(&self, grid: &Grid, order: CellOrder, cell: Cell) -> Ranked {
        let score = match (order.learns(), &self.weights) {
            (true, Some(weights)) => Score {
                candidates: grid.domain(cell).len() as u8,
                tie_break: u16::try_from(weights.wdeg(grid, cell)).unwrap_or(u16::MAX),
            },
            _ => order.score(grid, cell),
        };
        Ranked { cell, score }
    }
}

/// The least of `cells` by `cmp` on their `key`s: the first among equals, or, when
/// `random`, one of them chosen uniformly (reservoir sampling, one draw per tie). Each
/// cell's key is worked out once, the best one's kept (dom/wdeg's weighted degree sums a
/// cell's constraints: worked out again for the best at every comparison, it was half of
/// the choice's cost).
fn pick<K>(
    cells: impl Iterator<Item = Cell>,
    rng: &mut fastrand::Rng,
    random: bool,
    key: impl Fn(Cell) -> K,
    cmp: impl Fn(&K, &K) -> Ordering,
) -> Option<Cell> {
    let mut best: Option<(Cell, K)> = None;
    let mut ties = 0usize;
    for cell in cells {
        let k = key(cell);
        match best.as_ref().map(|(_, b)| cmp(&k, b)) {
            None | Some(Ordering::Less) => {
                best = Some((cell, k));
                ties = 1;
            }
            Some(Ordering::Equal) if random => {
                ties += 1;
                if rng.usize(..ties) == 0 {
                    best = Some((cell, k));
                }
            }
            Some(_) => {}
        }
    }
    best.map(|(cell, _)| cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_compare_exactly_and_no_open_peer_comes_last() {
        let r = |dom, wdeg| Ratio { dom, wdeg };
        assert_eq!(r(2, 10).cmp_ratio(r(3, 15)), Ordering::Equal);
        assert_eq!(r(2, 11).cmp_ratio(r(3, 15)), Ordering::Less);
        assert_eq!(r(1, 0).cmp_ratio(r(9, 1)), Ordering::Greater);
        assert_eq!(r(1, 0).cmp_ratio(r(2, 0)), Ordering::Less);
    }

    #[test]
    fn random_ties_pick_every_tied_cell_and_only_tied_cells() {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut seen = [0u32; 6];
        for _ in 0..600 {
            // Cells 1, 3 and 5 tie for the least key.
            let best = pick(
                (0..6).map(Cell::new),
                &mut rng,
                true,
                |c| c.index() % 2 == 0,
                Ord::cmp,
            )
            .expect("a cell");
            seen[best.index()] += 1;
        }
        assert_eq!((seen[0], seen[2], seen[4]), (0, 0, 0));
        assert!(seen[1] > 150 && seen[3] > 150 && seen[5] > 150, "{seen:?}");
        let first = pick(
            (0..6).map(Cell::new),
            &mut rng,
            false,
            |c| c.index() % 2 == 0,
            Ord::cmp,
        );
        assert_eq!(first, Some(Cell::new(1)));
    }
}
