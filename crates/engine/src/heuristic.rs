//! Variable and value ordering heuristics: which cell to decide next, which digit to try first.

pub mod jdk_hashmap;
mod order;
mod sequence;
mod value;

pub use crate::learn::Ratio;
pub use order::Ranked;
pub(crate) use order::in_sequence;
pub use sequence::Sequence;
