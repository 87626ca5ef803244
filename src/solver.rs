//! The engine: Sudoku as a constraint satisfaction problem, searched by an event-yielding
//! iterator. Nothing here knows about terminals or the command line.

pub mod arcs;
pub mod condition;
pub mod domain;
pub mod estimate;
pub mod event;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod heuristic;
mod infer;
pub(crate) mod learn;
pub mod lines;
pub mod local;
pub mod parse;
pub mod preset;
pub mod puzzle;
pub mod recursion;
pub mod replay;
pub mod search;
pub mod state;
pub mod stats;
pub mod strategy;
pub mod stream;
pub mod tree;

pub use domain::{Digit, Domain};
pub use event::{AssignCause, Event, PruneCause, Score, WipeoutSite};
pub use geometry::{BoxSize, Cell, Geometry, Unit};
pub use grid::Grid;
pub use parse::{Entry, Location, ParseError, PuzzleReader};
pub use preset::Preset;
pub use puzzle::{Conflict, Givens, Puzzle};
pub use replay::Replay;
pub use search::{Batch, Limits, Outcome, Search, Status};
pub use stats::Stats;
pub use strategy::{CellOrder, Inference, Sequence, Strategy, ValueOrder};
pub use tree::{NodeId, NodeKind, SearchTree};
