//! The negative constraints: every white (black) dot is given, so side-by-side cells with
//! no dot are not consecutive (not one double the other); every X (V) is given, so
//! side-by-side cells with no sign do not add up to 10 (5). A pair carrying any dot is
//! exempt from the dots' negative, any sign from the signs' (as the Interactive Sudoku
//! Solver and f-puzzles read them). Each pair left is a [`Pair`] at arc consistency.

use super::Pair;
use crate::geometry::Geometry;
use crate::variant::{Constraint, has_mark, orthogonal_pairs};

/// The pairs of `geometry`'s board that the negative constraint number `constraint` of
/// `rules` covers.
pub(crate) fn pairs(constraint: u16, geometry: &Geometry, rules: &[Constraint]) -> Vec<Pair> {
    let Some(c) = rules.get(usize::from(constraint)) else {
        return Vec::new();
    };
    let (dots, forbid): (bool, Box<dyn Fn(u8, u8) -> bool>) = match *c {
        Constraint::KropkiNegative { white, black } => (
            true,
            Box::new(move |a, b| {
                white && a.abs_diff(b) == 1 || black && (a == 2 * b || b == 2 * a)
            }),
        ),
        Constraint::XvNegative { x, v } => (
            false,
            Box::new(move |a, b| x && a + b == 10 || v && a + b == 5),
        ),
        _ => return Vec::new(),
    };
    orthogonal_pairs(geometry)
        .into_iter()
        .filter(|&p| !has_mark(rules, p, dots))
        .map(|cells| {
            Pair::new(constraint, cells, geometry.size(), |a, b| {
                !forbid(a.get(), b.get())
            })
        })
        .collect()
}
