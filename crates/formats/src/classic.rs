//! Classic Sudoku text, read by the engine's own reader and handed on as classic variants.

use std::sync::Arc;

use dokuscope_engine::parse::PuzzleReader;
use dokuscope_engine::variant::Variant;

use crate::error::{FormatError, FormatErrorKind as Kind};

/// Reads every puzzle (one a line, or laid out in blocks).
pub(crate) fn read(source: &Arc<str>, text: &str) -> Result<Vec<Variant>, FormatError> {
    let mut puzzles = Vec::new();
    for entry in PuzzleReader::new(source, text.as_bytes()) {
        match entry {
            Ok(entry) => puzzles.push(Variant::classic(entry.puzzle)),
            Err(e) => {
                return Err(
                    FormatError::new(source, Kind::Classic(e.kind)).at(e.location.line, e.column)
                );
            }
        }
    }
    if puzzles.is_empty() {
        return Err(FormatError::new(source, Kind::NoPuzzle));
    }
    Ok(puzzles)
}
