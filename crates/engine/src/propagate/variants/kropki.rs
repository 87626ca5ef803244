//! Kropki dots between two side-by-side cells: white, the digits are consecutive; black,
//! one is double the other. Each dot is a [`Pair`] at arc consistency.

use super::Pair;
use crate::geometry::{BoxSize, Cell};
use crate::variant::Dot;

/// The dot `dot` between `cells`, constraint number `constraint`.
pub(crate) fn dot(constraint: u16, cells: [Cell; 2], dot: Dot, size: BoxSize) -> Pair {
    Pair::new(constraint, cells, size, |a, b| dot.holds(a, b))
}
