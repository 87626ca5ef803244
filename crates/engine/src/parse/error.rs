//! Where input is, and what is wrong with it: located parse errors.

use std::fmt;
use std::sync::Arc;

use super::MAX_LINE;

/// Where a puzzle or an error is: `file:line`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The input's name (a path, `-` for standard input, or `argument`).
    pub source: Arc<str>,
    /// Line number, from 1.
    pub line: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.source, self.line)
    }
}

/// What is wrong with a piece of input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// A character that stands for no digit and no empty cell.
    #[error("'{symbol}' is not a cell symbol")]
    BadSymbol {
        /// The character.
        symbol: char,
    },
    /// A line puzzle of the wrong length.
    #[error("{found} cells, expected {expected}")]
    CellCount {
        /// Cells found.
        found: usize,
        /// Cells of the nearest board size.
        expected: usize,
    },
    /// A block row of the wrong length.
    #[error("{found} cells in a row, expected {expected}")]
    RowLength {
        /// Cells found.
        found: usize,
        /// Cells a row of this board has.
        expected: usize,
    },
    /// A block puzzle cut short.
    #[error("the puzzle ends after {rows} row{}, expected {expected}", if *rows == 1 { "" } else { "s" })]
    ShortBlock {
        /// Rows read.
        rows: usize,
        /// Rows expected.
        expected: usize,
    },
    /// A line over [`MAX_LINE`] bytes, passed over.
    #[error("line longer than {MAX_LINE} bytes")]
    LongLine,
    /// A line with no end within [`MAX_ENDLESS`](super::MAX_ENDLESS) bytes: the reading stops there.
    #[error(
        "line longer than {MAX_LINE} bytes, with no end in its first MiB: the rest of the input is not read"
    )]
    Endless,
    /// No puzzle in the first [`MAX_NO_PUZZLE`](super::MAX_NO_PUZZLE) bytes: the reading stops there.
    #[error("no puzzle in the first MiB of the input: the rest of it is not read")]
    NoPuzzles,
    /// The input could not be read.
    #[error("{0}")]
    Io(String),
    /// No puzzle in an inline argument.
    #[error("no puzzle found")]
    Empty,
    /// A variant's input that its reader refused, or a board the engine cannot search:
    /// the message names the constraint.
    #[error("{0}")]
    Variant(String),
}

/// A located parse error: `top.txt:12:37: 'x' is not a cell symbol`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// File and line.
    pub location: Location,
    /// Column (in characters, from 1) when one character is to blame.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(col) => write!(f, "{}:{col}: {}", self.location, self.kind),
            None => write!(f, "{}: {}", self.location, self.kind),
        }
    }
}
