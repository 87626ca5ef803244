//! dokuscope's engine: Sudoku as a constraint satisfaction problem, searched by an
//! explicit-stack iterator that yields every assign, prune, wipeout and backtrack as an
//! event. Nothing here knows about terminals, JSON or the command line.
//!
//! The crate by role:
//! - the model: [`geometry`] (cells, units, peers), [`domain`] (digits and their sets),
//!   [`puzzle`] and [`parse`] (givens and the text formats), [`grid`] and [`state`] (domains,
//!   values, the trail), [`literal`] (`r1c2=5`, `r1c2≠5`);
//! - the search: [`search`] (the iterator and its steps), [`event`] (what it yields),
//!   [`strategy`] and [`preset`] (what a search is made of, by name), [`heuristic`] (cell and
//!   value orders), [`stats`] (counters), [`arcs`] (the ≠ constraints' arcs and AC-3's queue),
//!   [`local`] (min-conflicts), [`generate`] (puzzles made by search).

pub mod arcs;
pub mod domain;
pub mod event;
mod family;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod heuristic;
pub mod lines;
pub mod literal;
pub mod local;
pub mod parse;
pub mod preset;
mod propagate;
pub mod puzzle;
pub mod reason;
pub mod search;
mod sink;
pub mod state;
pub mod stats;
pub mod strategy;
pub mod variant;

pub use domain::{Digit, Domain};
pub use event::{AssignCause, Event, PruneCause, Score, WipeoutSite};
pub use geometry::{BoxSize, Cell, Geometry, Unit};
pub use grid::Grid;
pub use parse::{Entry, Location, ParseError, PuzzleReader};
pub use preset::Preset;
pub use puzzle::{Conflict, Givens, Puzzle};
pub use search::{Batch, Limits, Outcome, Search, Status};
pub use stats::Stats;
pub use strategy::{CellOrder, Inference, Sequence, Strategy, ValueOrder};
