//! Variable and value ordering heuristics: which cell to decide next, which digit to try first.

mod order;
mod value;

pub use order::Ranked;
