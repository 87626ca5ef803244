//! Foreign solvers' event streams: reading a JSON Lines trace (docs/trace-format.md) and
//! checking every event against the board, in bounded memory.
//!
//! [`Stream`] reads the start object, then yields [`Checked`] events (the engine's own
//! [`Event`](dokuscope_engine::Event)s, with what the stream left out derived) or located
//! [`StreamError`]s; [`Board`] is the checker behind it, and notes wasted search as
//! [`Warning`]s beside the events.

pub mod batch;
mod cause;
pub mod check;
pub mod claim;
pub mod error;
pub mod json;
pub mod live;
pub mod reader;
pub mod warn;

pub use check::{Board, Checked, Derived};
pub use claim::{Header, Names, VERSION};
pub use error::{StreamError, StreamErrorKind};
pub use reader::Stream;
pub use warn::{Warning, Warnings};

/// Longest line read; a longer one is reported and skipped, and one with no end within
/// [`MAX_ENDLESS`](dokuscope_engine::lines::MAX_ENDLESS) bytes ends the stream.
pub use dokuscope_engine::lines::MAX_LINE;
