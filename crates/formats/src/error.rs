//! What went wrong reading a variant, and where: located errors.

use std::fmt;
use std::sync::Arc;

use dokuscope_engine::parse::ParseErrorKind;

/// What is wrong with a piece of input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatErrorKind {
    /// A constraint or feature dokuscope has no rule for: named, never dropped.
    #[error("{0} is not a constraint dokuscope supports")]
    Unsupported(String),
    /// A word that should name a cell.
    #[error("'{0}' is not a cell")]
    BadCell(String),
    /// A cell beyond the board's edge.
    #[error("{cell} is outside the {side}×{side} board")]
    OutsideBoard {
        /// The cell as written.
        cell: String,
        /// The board's side.
        side: usize,
    },
    /// A cell named twice where each cell counts once.
    #[error("{0} appears twice")]
    RepeatedCell(String),
    /// Two cells that a dot or sign must join but that do not touch side by side.
    #[error("{0} and {1} are not orthogonal neighbours")]
    NotAdjacent(String, String),
    /// A word that should be a number or a digit.
    #[error("'{found}' is not {expected}")]
    BadValue {
        /// What was found.
        found: String,
        /// What was expected ("a sum", "a digit of a 9×9 board", ...).
        expected: String,
    },
    /// A board dokuscope cannot play.
    #[error("a {0}×{0} board: dokuscope plays 4×4, 9×9, 16×16 and 25×25 boards")]
    BoardSize(usize),
    /// Anything else that does not follow the format's grammar.
    #[error("{0}")]
    Syntax(String),
    /// Compressed (lz-string) data that does not decompress.
    #[error("the compressed puzzle does not decompress: {0}")]
    Decompress(String),
    /// JSON that does not parse or lacks what a puzzle needs.
    #[error("{0}")]
    Json(String),
    /// Input beyond the size any puzzle needs.
    #[error("more than {limit} bytes: no puzzle is that large")]
    TooLarge {
        /// The limit.
        limit: usize,
    },
    /// A classic puzzle that does not parse.
    #[error(transparent)]
    Classic(ParseErrorKind),
    /// No puzzle in the input.
    #[error("no puzzle found")]
    NoPuzzle,
}

/// A located error: `killers.txt:3:17: Cage (item 5): R10C1 is outside the 9×9 board`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// The input's name (a path, `-` for standard input, or `argument`).
    pub source: Arc<str>,
    /// Line, from 1, where the format has lines.
    pub line: Option<usize>,
    /// Column (in characters, from 1) when one place is to blame.
    pub column: Option<usize>,
    /// Which constraint or field: `killercage[3]`, `Thermo (item 4)`, `cage`.
    pub context: Option<Box<str>>,
    /// What is wrong.
    pub kind: FormatErrorKind,
}

impl FormatError {
    /// An error in `source` with no place yet.
    pub fn new(source: &Arc<str>, kind: FormatErrorKind) -> FormatError {
        FormatError {
            source: source.clone(),
            line: None,
            column: None,
            context: None,
            kind,
        }
    }

    /// The same error at `line` and `column`.
    #[must_use]
    pub fn at(mut self, line: usize, column: Option<usize>) -> FormatError {
        self.line = Some(line);
        self.column = column;
        self
    }

    /// The same error inside `context` (kept if one was set closer to the fault).
    #[must_use]
    pub fn within(mut self, context: impl Into<String>) -> FormatError {
        if self.context.is_none() {
            self.context = Some(context.into().into_boxed_str());
        }
        self
    }
}

impl std::error::Error for FormatError {}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        write!(f, ": ")?;
        if let Some(context) = &self.context {
            write!(f, "{context}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}
