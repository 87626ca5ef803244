//! Variable and value ordering heuristics: which cell to decide next, which digit to try first.

pub mod jdk_hashmap;
mod order;
mod ratio;
mod select;
mod sequence;
mod value;

pub use order::Ranked;
pub use ratio::Ratio;
pub(crate) use select::in_sequence;
pub use sequence::Sequence;
