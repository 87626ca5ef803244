//! Variable and value ordering heuristics: which cell to decide next, which digit to try first.

pub mod jdk_hashmap;
mod order;
mod ratio;
mod sequence;
mod value;

pub use order::Ranked;
pub(crate) use order::in_sequence;
pub use ratio::Ratio;
pub use sequence::Sequence;
