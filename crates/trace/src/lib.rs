//! dokuscope's readers of events: everything that reads a search's events and knows no
//! more of the engine than its vocabulary (events, cells, digits, domains).
//!
//! - [`stream`]: the trace format of JSON Lines (docs/trace-format.md): reader, writer's
//!   names, and the checker that holds a stream to the board;
//! - [`replay`]: events applied to and undone from a state, the model every view steps;
//! - [`tree`]: the search tree in Gist's terms, built, folded, stored, exported, queried;
//! - [`condition`]: breakpoint conditions, parsed and evaluated on events;
//! - [`estimate`]: the online estimate of a search's size;
//! - [`queue`]: AC-3's queue as a view derives it from the events;
//! - [`recursion`]: a recursive solver's count of its calls, read off the events;
//! - [`numbers`]: how counts, estimates and durations are written for people.

pub mod condition;
pub mod estimate;
pub mod numbers;
pub mod queue;
pub mod recursion;
pub mod replay;
pub mod stream;
pub mod tree;

pub use replay::Replay;
pub use tree::{NodeId, NodeKind, SearchTree};
