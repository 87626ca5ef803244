//! `SudoCue`'s killer format (`SumoCue`'s "PS" format): `3x3:d:k:` then 81 numbers, each
//! cage sum × 256 + cage number, colon after each.
//!
//! Ruud van der Werf's definition, quoted on `SudoCue`'s forum ("Killer formats",
//! sudocue.net/forum/viewtopic.php?f=1&t=519): the fields are the format `3x3`, `d` when
//! the diagonals are constraints (else empty), `k` for killer, then 81 fields holding
//! "(cageID * 256) + cageSum, reversed", that is sum × 256 + cage number. A field whose sum
//! is 0 is a cell in no cage, as the Interactive Sudoku Solver reads it
//! (`_parseLongKillerFormatToAst`). One puzzle a line; `#` lines are comments.

use std::sync::Arc;

use dokuscope_engine::geometry::Cell;
use dokuscope_engine::variant::{Constraint, Group, Variant};

use crate::board::{Board, Builder};
use crate::error::{FormatError, FormatErrorKind as Kind};

/// Reads one puzzle a line.
pub(crate) fn read(source: &Arc<str>, text: &str) -> Result<Vec<Variant>, FormatError> {
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start_matches('\u{feff}').trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let offset = line
            .chars()
            .take_while(|c| c.is_whitespace() || *c == '\u{feff}')
            .count();
        let word = trimmed.split_whitespace().next().unwrap_or_default();
        let puzzle = parse(word).map_err(|(col, kind)| {
            FormatError::new(source, kind).at(i + 1, Some(col + offset + 1))
        })?;
        puzzles.push(puzzle);
    }
    if puzzles.is_empty() {
        return Err(FormatError::new(source, Kind::NoPuzzle));
    }
    Ok(puzzles)
}

/// Parses one puzzle; errors carry the column (from 0) of the field at fault.
fn parse(word: &str) -> Result<Variant, (usize, Kind)> {
    let mut fields = Vec::new();
    let mut col = 0;
    for field in word.split(':') {
        fields.push((col, field));
        col += field.chars().count() + 1;
    }
    if fields.last().is_some_and(|(_, f)| f.is_empty()) {
        fields.pop();
    }
    let syntax = |col: usize, m: &str| (col, Kind::Syntax(m.to_string()));
    if fields.len() < 3 || fields[0].1 != "3x3" {
        return Err(syntax(0, "a SudoCue puzzle starts with 3x3:"));
    }
    let diagonals = match fields[1].1 {
        "" => false,
        "d" => true,
        other => {
            return Err((
                fields[1].0,
                Kind::BadValue {
                    found: other.into(),
                    expected: "d or nothing".into(),
                },
            ));
        }
    };
    if fields[2].1 != "k" {
        return Err((
            fields[2].0,
            Kind::Unsupported(format!(
                "a SudoCue puzzle of kind '{}' (only killers, k,)",
                fields[2].1
            )),
        ));
    }
    let values = &fields[3..];
    if values.len() != 81 {
        return Err(syntax(
            word.len(),
            &format!("{} cells, expected 81", values.len()),
        ));
    }
    let board = Board::new(9).map_err(|k| (0, k))?;
    let mut builder = Builder::new(board);
    if diagonals {
        for anti in [false, true] {
            let kind = if anti {
                Group::AntiDiagonal
            } else {
                Group::Diagonal
            };
            builder
                .push(Constraint::Distinct {
                    kind,
                    cells: board.diagonal(anti),
                })
                .map_err(|k| (fields[1].0, k))?;
        }
    }
    // (cage number, sum, cells, column of its first field)
    let mut cages: Vec<(u32, u32, Vec<Cell>, usize)> = Vec::new();
    for (i, &(col, field)) in values.iter().enumerate() {
        let value: u32 = crate::names::number(field)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or((
                col,
                Kind::BadValue {
                    found: field.into(),
                    expected: "a number".into(),
                },
            ))?;
        let (sum, id) = (value / 256, value % 256);
        if sum == 0 {
            continue;
        }
        match cages.iter_mut().find(|c| c.0 == id) {
            Some(cage) if cage.1 != sum => {
                return Err((
                    col,
                    Kind::Syntax(format!("cage {id} has sums {} and {sum}", cage.1)),
                ));
            }
            Some(cage) => cage.2.push(Cell::new(i)),
            None => cages.push((id, sum, vec![Cell::new(i)], col)),
        }
    }
    for (_, sum, cells, col) in cages {
        builder
            .push(Constraint::Cage {
                cells,
                sum: Some(sum),
            })
            .map_err(|k| (col, k))?;
    }
    Ok(builder.finish())
}
