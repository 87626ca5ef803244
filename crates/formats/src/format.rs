//! The input formats by name (`--format`), and telling them apart when none is named.

use std::fmt;
use std::str::FromStr;

/// An input format dokuscope reads variants from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Classic Sudoku: n² symbols a line, or n rows of n symbols (what dokuscope always read).
    Classic,
    /// dokuscope's own text: one constraint a line (`cage 23 r1c1 r1c2`), see docs/variants.md.
    Dokuscope,
    /// f-puzzles / `SudokuPad`: the JSON, its lz-string base64 export, or an
    /// `f-puzzles.com/?load=` or `sudokupad.app/fpuzzles...` link.
    Fpuzzles,
    /// The Interactive Sudoku Solver's constraint strings (`.Cage~23~R1C1~R1C2`).
    Iss,
    /// The 81-character killer format of the solving forums, each cell pointing towards the
    /// cell of its cage that holds the sum (`G<<L<K<L<^...`).
    KillerShort,
    /// `SudoCue`'s (and `SumoCue`'s "PS") killer format: `3x3:d:k:` and 81 numbers.
    Sudocue,
}

impl Format {
    /// Every format, in the order of the docs.
    pub const ALL: [Format; 6] = [
        Format::Classic,
        Format::Dokuscope,
        Format::Fpuzzles,
        Format::Iss,
        Format::KillerShort,
        Format::Sudocue,
    ];

    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Classic => "classic",
            Format::Dokuscope => "dokuscope",
            Format::Fpuzzles => "fpuzzles",
            Format::Iss => "iss",
            Format::KillerShort => "killer-short",
            Format::Sudocue => "sudocue",
        }
    }

    /// Other names `--format` accepts for it.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Format::Classic => &["sudoku", "plain"],
            Format::Dokuscope => &["text", "variant"],
            Format::Fpuzzles => &["f-puzzles", "sudokupad"],
            Format::Iss => &["interactive-sudoku-solver"],
            Format::KillerShort => &["killer81"],
            Format::Sudocue => &["sumocue", "ps"],
        }
    }

    /// The format `text` is written in, judged from its first meaningful line (classic when
    /// nothing else fits, so every input dokuscope read before still reads the same).
    pub fn detect(text: &str) -> Format {
        let text = text.trim_start_matches('\u{feff}').trim();
        if text.starts_with('{') || text.starts_with('[') {
            return Format::Fpuzzles;
        }
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .unwrap_or_default();
        let word = first.split_whitespace().next().unwrap_or_default();
        if crate::link::is_link(word) {
            return if crate::link::carries_iss(word) {
                Format::Iss
            } else {
                Format::Fpuzzles
            };
        }
        if crate::iss::looks_like(first) {
            return Format::Iss;
        }
        if word.starts_with("3x3:") {
            return Format::Sudocue;
        }
        if crate::text::looks_like(word) {
            return Format::Dokuscope;
        }
        if crate::killer_short::looks_like(word) {
            return Format::KillerShort;
        }
        if crate::iss::looks_like_pencilmarks(word) {
            return Format::Iss;
        }
        if crate::fpuzzles::looks_like_base64(word) {
            return Format::Fpuzzles;
        }
        Format::Classic
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A `--format` name that names no format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown format '{0}': expected one of classic, dokuscope, fpuzzles, iss, killer-short, sudocue"
)]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        let lower = s.trim().to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.name() == lower || f.aliases().contains(&lower.as_str()))
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}
