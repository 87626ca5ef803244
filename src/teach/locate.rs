//! Where in a lesson file something is: byte offsets turned into `line:column`, and the
//! located error every lesson check reports (`intro.toml:23:9: stop 4: ...`).

use std::fmt;

/// One thing wrong with a lesson, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LessonError {
    /// The file, as named on the command line.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// A lesson's text with its name: turns byte offsets into located errors.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file's name.
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
}

impl Source<'_> {
    /// The line and column (from 1, in characters) of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = self.text.get(..offset).unwrap_or(self.text);
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before.get(start..).map_or(0, |s| s.chars().count()) + 1;
        (line, column)
    }

    /// An error at byte `offset`.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> LessonError {
        let (line, column) = self.line_col(offset);
        LessonError {
            file: self.file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns_counted_in_characters() {
        let s = Source {
            file: "intro.toml",
            text: "a = 1\nnote = \"é x\"\n",
        };
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(6), (2, 1));
        // `x` is after a two-byte character: column 11, not 12.
        let x = s.text.find('x').unwrap_or_default();
        assert_eq!(s.line_col(x), (2, 11));
        assert_eq!(
            s.error(6, "stop 1: oops").to_string(),
            "intro.toml:2:1: stop 1: oops"
        );
    }
}
