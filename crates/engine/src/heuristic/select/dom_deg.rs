//! dom/wdeg's selector without a search's weights (a view ranking cells): every constraint
//! weighs 1, so the weighted degree is the degree and the ratio is dom/deg. The search's own
//! dom/wdeg, which learns weights, is the look-back family's (`family/lookback/select.rs`).

use super::in_sequence;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::heuristic::ratio::Ratio;

/// The open cell with the smallest dom/deg, the earlier in `sequence` on ties.
pub(in crate::heuristic) fn dom_deg_select(grid: &Grid, sequence: &[Cell]) -> Option<Cell> {
    in_sequence(grid, sequence)
        .filter(|&c| grid.is_open(c))
        .reduce(|a, b| {
            if dom_deg(grid, b).cmp_ratio(dom_deg(grid, a)).is_lt() {
                b
            } else {
                a
            }
        })
}

/// dom/deg: dom/wdeg's ratio with every constraint weighing 1.
fn dom_deg(grid: &Grid, cell: Cell) -> Ratio {
    Ratio {
        dom: grid.domain(cell).len() as u32,
        wdeg: grid.degree(cell) as u32,
    }
}
