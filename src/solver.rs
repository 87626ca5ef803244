//! The engine and its readers as one module, for the app, the commands and the tests: the
//! engine crate's modules ([`dokuscope_engine`]) beside the readers' ([`dokuscope_trace`]).

pub use dokuscope_engine::*;
pub use dokuscope_trace::{NodeId, NodeKind, SearchTree};
pub use dokuscope_trace::{Replay, condition, estimate, queue, recursion, replay, stream, tree};
