//! `--cells PATTERN`: a user's naming of the cells, for models the built-in forms miss.
//!
//! A pattern is the variable's text with placeholders: `{row}`, `{col}` and `{index}` match a
//! 1-based number, `{row0}`, `{col0}` and `{index0}` a 0-based one; the rest must match
//! exactly. It has `{index}` (flat, row by row) or both `{row}` and `{col}`, each once, and two
//! placeholders never touch (`{row}{col}` could split `12` two ways). Examples:
//! `cell_{row}_{col}`, `q[{index0}]`, `board({row},{col})`.

use super::decision::Cell;

/// A parsed `--cells` pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellPattern {
    pieces: Vec<Piece>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Row,
    Col,
    Index,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Number { slot: Slot, base: usize },
}

/// A pattern that cannot name cells; `column` counts characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// `{` without `}`.
    #[error("column {column}: '{{' is not closed")]
    Unclosed {
        /// Where the `{` is.
        column: usize,
    },
    /// A placeholder other than row, col, index (and their 0-based forms).
    #[error(
        "column {column}: unknown placeholder {{{name}}} (row, col, index; row0, col0, index0 for 0-based)"
    )]
    UnknownPlaceholder {
        /// Where the `{` is.
        column: usize,
        /// The name inside the braces.
        name: String,
    },
    /// A placeholder given twice.
    #[error("column {column}: {{{name}}} appears twice")]
    Repeated {
        /// Where the second `{` is.
        column: usize,
        /// The placeholder.
        name: String,
    },
    /// Two placeholders with nothing between them.
    #[error("column {column}: two placeholders touch; put text between them")]
    Adjacent {
        /// Where the second `{` is.
        column: usize,
    },
    /// Neither `{index}` nor both `{row}` and `{col}`, or `{index}` with one of them.
    #[error("a pattern needs {{index}} or both {{row}} and {{col}}")]
    Incomplete,
}

impl CellPattern {
    /// Parses a pattern such as `cell_{row}_{col}`.
    pub fn parse(pattern: &str) -> Result<Self, PatternError> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut chars = pattern.char_indices().peekable();
        let column_of = |byte: usize| pattern[..byte].chars().count() + 1;
        while let Some((at, c)) = chars.next() {
            if c != '{' {
                text.push(c);
                continue;
            }
            let column = column_of(at);
            let close = pattern[at..]
                .find('}')
                .ok_or(PatternError::Unclosed { column })?;
            let name = &pattern[at + 1..at + close];
            let (slot, base) = match name {
                "row" => (Slot::Row, 1),
                "col" => (Slot::Col, 1),
                "index" => (Slot::Index, 1),
                "row0" => (Slot::Row, 0),
                "col0" => (Slot::Col, 0),
                "index0" => (Slot::Index, 0),
                _ => {
                    return Err(PatternError::UnknownPlaceholder {
                        column,
                        name: name.to_owned(),
                    });
                }
            };
            if pieces
                .iter()
                .any(|p| matches!(p, Piece::Number { slot: s, .. } if *s == slot))
            {
                return Err(PatternError::Repeated {
                    column,
                    name: name.to_owned(),
                });
            }
            if text.is_empty() && matches!(pieces.last(), Some(Piece::Number { .. })) {
                return Err(PatternError::Adjacent { column });
            }
            if !text.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
            }
            pieces.push(Piece::Number { slot, base });
            while chars.next_if(|&(i, _)| i <= at + close).is_some() {}
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        let has = |slot| {
            pieces
                .iter()
                .any(|p| matches!(p, Piece::Number { slot: s, .. } if *s == slot))
        };
        let (row, col, index) = (has(Slot::Row), has(Slot::Col), has(Slot::Index));
        if index == (row || col) || row != col {
            return Err(PatternError::Incomplete);
        }
        Ok(Self { pieces })
    }

    /// The cell `var` names under this pattern (blanks around `var` ignored).
    pub fn cell_of(&self, var: &str) -> Option<Cell> {
        let mut rest = var.trim();
        let (mut row, mut col, mut index) = (None, None, None);
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => rest = rest.strip_prefix(text.as_str())?,
                Piece::Number { slot, base } => {
                    let end = rest
                        .find(|c: char| !c.is_ascii_digit())
                        .unwrap_or(rest.len());
                    let value = rest[..end].parse::<usize>().ok()?.checked_sub(*base)?;
                    rest = &rest[end..];
                    *match slot {
                        Slot::Row => &mut row,
                        Slot::Col => &mut col,
                        Slot::Index => &mut index,
                    } = Some(value);
                }
            }
        }
        if !rest.is_empty() {
            return None;
        }
        match (index, row, col) {
            (Some(index), _, _) => Cell::from_index(index),
            (None, Some(row), Some(col)) => Cell::from_row_col(row, col),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_name_cells_with_their_bases() {
        let cases = [
            ("cell_{row}_{col}", "cell_7_2", Some((6, 1))),
            ("q[{index0}]", "q[80]", Some((8, 8))),
            ("q[{index}]", "q[81]", Some((8, 8))),
            ("board({row0},{col0})", "board(0,8)", Some((0, 8))),
            ("cell_{row}_{col}", "cell_0_2", None),
            ("cell_{row}_{col}", "cell_7_2x", None),
            ("cell_{row}_{col}", "cel_7_2", None),
            ("q[{index}]", "q[]", None),
        ];
        for (pattern, var, want) in cases {
            let parsed = CellPattern::parse(pattern).expect("the pattern parses");
            assert_eq!(
                parsed.cell_of(var).map(|c| (c.row(), c.col())),
                want,
                "{pattern} on {var}"
            );
        }
    }

    #[test]
    fn bad_patterns_say_where() {
        let cases = [
            ("x_{row", PatternError::Unclosed { column: 3 }),
            (
                "x_{r}_{col}",
                PatternError::UnknownPlaceholder {
                    column: 3,
                    name: "r".into(),
                },
            ),
            (
                "{row}_{row}",
                PatternError::Repeated {
                    column: 7,
                    name: "row".into(),
                },
            ),
            ("x{row}{col}", PatternError::Adjacent { column: 7 }),
            ("x_{row}", PatternError::Incomplete),
            ("x_{index}_{row}_{col}", PatternError::Incomplete),
            ("plain", PatternError::Incomplete),
        ];
        for (pattern, want) in cases {
            assert_eq!(CellPattern::parse(pattern), Err(want), "{pattern}");
        }
    }
}
