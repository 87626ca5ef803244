//! The orders that break MRV's ties, or rank by constraints alone (seed 002's MRV+MD, seed
//! 003's H3 and H1+H3): the open cell with the lowest key, the first scanned on ties, and
//! MRV's degree tie-break read off the open cells' bitboard.

use crate::geometry::Cell;
use crate::grid::Grid;
use crate::strategy::CellOrder;

/// The open cell with `order`'s lowest [`CellOrder::key`], the earlier in `sequence` (or in
/// reading order when it is empty) on ties.
pub(in crate::heuristic) fn best_by_key(
    order: CellOrder,
    grid: &Grid,
    sequence: &[Cell],
) -> Option<Cell> {
    if sequence.is_empty() {
        grid.geometry()
            .cells()
            .filter(|&c| grid.is_open(c))
            .min_by_key(|&c| (order.key(grid, c), c))
    } else {
        // `min_by_key` keeps the first of equals: the earlier cell in the sequence.
        sequence
            .iter()
            .copied()
            .filter(|&c| grid.is_open(c))
            .min_by_key(|&c| order.key(grid, c))
    }
}

/// Minimum remaining values with a degree tie-break, from the bitboard of `open` cells: the
/// most open peers if `most_open`, else the fewest (the most constraints); first in
/// reading order on ties. The same cell as [`best_by_key`], without counting each cell's
/// peers one by one.
pub(in crate::heuristic) fn mrv_tie_break(
    grid: &Grid,
    open: u128,
    most_open: bool,
) -> Option<Cell> {
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
