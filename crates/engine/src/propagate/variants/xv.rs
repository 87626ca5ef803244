//! XV signs between two side-by-side cells: X, the digits add up to 10; V, to 5. Each sign
//! is a [`Pair`] at arc consistency.

use super::Pair;
use crate::geometry::{BoxSize, Cell};

/// The sign adding up to `sum` between `cells`, constraint number `constraint`.
pub(crate) fn sign(constraint: u16, cells: [Cell; 2], sum: u32, size: BoxSize) -> Pair {
    Pair::new(constraint, cells, size, |a, b| {
        u32::from(a.get() + b.get()) == sum
    })
}
