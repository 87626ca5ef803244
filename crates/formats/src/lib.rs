//! dokuscope's readers of Sudoku variants: text in, [`Variant`]s out.
//!
//! One entry point, [`read`], reads a file or argument in any of the formats of [`Format`],
//! guessing which when none is named. By role:
//! - the formats: [`format`] (names and detection), `classic` (the engine's own reader),
//!   `text` (dokuscope's variant text), `fpuzzles` (f-puzzles and `SudokuPad` JSON, base64
//!   and links, with [`lzstring`] and `link`), `iss` (the Interactive Sudoku Solver's
//!   strings), `killer_short` and `sudocue` (the killer formats of the solving forums);
//! - what they share: `board` (cells, shapes, the checks every constraint passes), `names`
//!   (cell names), [`error`] (located errors).
//!
//! A constraint dokuscope has no rule for is named in an error, never dropped; a malformed
//! one is located (line, column, which constraint). Input is bounded ([`MAX_INPUT`]), and
//! so is what a compressed puzzle may decompress to.

mod board;
mod classic;
pub mod error;
pub mod format;
mod fpuzzles;
mod iss;
mod killer_short;
mod link;
pub mod lzstring;
mod names;
mod sudocue;
mod text;
mod write;

use std::sync::Arc;

use dokuscope_engine::variant::Variant;

pub use error::{FormatError, FormatErrorKind};
pub use format::{Format, UnknownFormat};
pub use write::board_text;

/// The largest input read, in bytes: far beyond any puzzle file.
pub const MAX_INPUT: usize = 32 * 1024 * 1024;

/// Reads every puzzle of `text`, named `source_name` in errors, in `format` or, when
/// `None`, in the format [`Format::detect`] finds.
pub fn read(
    source_name: &str,
    text: &str,
    format: Option<Format>,
) -> Result<Vec<Variant>, FormatError> {
    let source: Arc<str> = source_name.into();
    if text.len() > MAX_INPUT {
        return Err(FormatError::new(
            &source,
            FormatErrorKind::TooLarge { limit: MAX_INPUT },
        ));
    }
    match format.unwrap_or_else(|| Format::detect(text)) {
        Format::Classic => classic::read(&source, text),
        Format::Dokuscope => text::read(&source, text),
        Format::Fpuzzles => fpuzzles::read(&source, text),
        Format::Iss => iss::read(&source, text),
        Format::KillerShort => killer_short::read(&source, text),
        Format::Sudocue => sudocue::read(&source, text),
    }
}
