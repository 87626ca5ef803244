//! What is wrong with a trace, and where: `run.jsonl:1234: prune 7 from r1c1, but ...`.

use std::fmt;
use std::sync::Arc;

/// What is wrong with one line of a trace, in one sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StreamErrorKind {
    /// The line is not one JSON object (the column says where it went wrong).
    #[error("{0}")]
    Syntax(&'static str),
    /// A line over [`MAX_LINE`](super::MAX_LINE) bytes; it is skipped.
    #[error("the line is longer than 64 KiB")]
    LongLine,
    /// A line with no end within [`MAX_ENDLESS`](dokuscope_engine::lines::MAX_ENDLESS) bytes:
    /// nothing after it is read.
    #[error(
        "the line is longer than 64 KiB, with no end in its first MiB: the rest of the stream is not read"
    )]
    Endless,
    /// The stream could not be read.
    #[error("{0}")]
    Io(String),
    /// The start object is missing or unusable: nothing after it can be checked.
    #[error("{0}")]
    Start(String),
    /// A field is missing, of the wrong type or out of range, or the type or rule is unknown.
    #[error("{0}")]
    Field(String),
    /// The event contradicts the board as the events before it left it.
    #[error("{0}")]
    Board(String),
    /// Steps out of order, or an event after the search ended.
    #[error("{0}")]
    Order(String),
}

impl StreamErrorKind {
    /// Whether reading cannot go on after this error (no board to check against, or no input).
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            StreamErrorKind::Io(_) | StreamErrorKind::Start(_) | StreamErrorKind::Endless
        )
    }
}

/// A located stream error: `source:line[:column]: sentence`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct StreamError {
    /// The stream's name (a path, or `-` for standard input).
    pub file: Arc<str>,
    /// Line number, from 1.
    pub line: u64,
    /// Column (in bytes, from 1) for JSON syntax errors.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: StreamErrorKind,
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "{}:{}:{column}: {}", self.file, self.line, self.kind),
            None => write!(f, "{}:{}: {}", self.file, self.line, self.kind),
        }
    }
}
