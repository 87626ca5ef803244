//! Non-consecutive: no two side-by-side cells hold consecutive digits. Each pair of
//! orthogonal neighbours is a [`Pair`] at arc consistency (a cell holding 5 takes 4 and 6
//! from its neighbours).

use super::Pair;
use crate::geometry::Geometry;
use crate::variant::{Dot, orthogonal_pairs};

/// Every neighbouring pair of `geometry`'s board, for constraint number `constraint`.
pub(crate) fn pairs(constraint: u16, geometry: &Geometry) -> Vec<Pair> {
    orthogonal_pairs(geometry)
        .into_iter()
        .map(|cells| {
            Pair::new(constraint, cells, geometry.size(), |a, b| {
                !Dot::White.holds(a, b)
            })
        })
        .collect()
}
