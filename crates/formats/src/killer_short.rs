//! The 81-character killer format of the solving forums: each cell either holds its cage's
//! sum or points at a neighbour, and following the pointers from any cell of a cage leads to
//! the one cell that holds the sum.
//!
//! From the thread "Understandable snarfable killer cages" (forum.enjoysudoku.com, t6119),
//! as the Interactive Sudoku Solver reads it (`_parseShortKillerFormatToAst` in its
//! `js/sudoku_parser.js`, MIT): `<` `>` `^` `v` point left, right, up and down; `` ` `` up
//! and left, `'` up and right, `,` down and left, `.` down and right; `0`-`9` are sums 0-9,
//! `A`-`Z` 10-35 and `a`-`j` 36-45; a sum of 0 is a cage that shows no sum. One puzzle a
//! line (its first word; the rest is a comment), `#` lines are comments.

use std::sync::Arc;

use dokuscope_engine::geometry::Cell;
use dokuscope_engine::variant::{Constraint, Variant};

use crate::board::{Board, Builder};
use crate::error::{FormatError, FormatErrorKind as Kind};

const CELLS: usize = 81;

/// Whether `word` is a puzzle in this format.
pub(crate) fn looks_like(word: &str) -> bool {
    word.chars().count() == CELLS
        && word
            .chars()
            .any(|c| matches!(c, '<' | '>' | '^' | 'v' | '`' | '\'' | ','))
        && word
            .chars()
            .all(|c| pointer(c).is_some() || total(c).is_some())
}

fn pointer(c: char) -> Option<(isize, isize)> {
    Some(match c {
        '<' => (0, -1),
        '>' => (0, 1),
        '^' => (-1, 0),
        'v' => (1, 0),
        '`' => (-1, -1),
        '\'' => (-1, 1),
        ',' => (1, -1),
        '.' => (1, 1),
        _ => return None,
    })
}

fn total(c: char) -> Option<u32> {
    let v = u32::from(c);
    Some(match c {
        '0'..='9' => v - u32::from('0'),
        'A'..='Z' => v - u32::from('A') + 10,
        'a'..='j' => v - u32::from('a') + 36,
        _ => return None,
    })
}

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
            FormatError::new(source, kind).at(i + 1, col.map(|c| c + offset + 1))
        })?;
        puzzles.push(puzzle);
    }
    if puzzles.is_empty() {
        return Err(FormatError::new(source, Kind::NoPuzzle));
    }
    Ok(puzzles)
}

fn parse(word: &str) -> Result<Variant, (Option<usize>, Kind)> {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() != CELLS {
        return Err((
            None,
            Kind::Syntax(format!("{} cells, expected {CELLS}", chars.len())),
        ));
    }
    let board = Board::new(9).map_err(|k| (None, k))?;
    let mut next = Vec::with_capacity(CELLS);
    for (i, &c) in chars.iter().enumerate() {
        let (r, col) = board.row_col(Cell::new(i));
        let to = match pointer(c) {
            Some((dr, dc)) => {
                let target = r.checked_add_signed(dr).zip(col.checked_add_signed(dc));
                match target {
                    Some((tr, tc)) if tr < 9 && tc < 9 => board.cell(tr, tc).index(),
                    _ => {
                        return Err((
                            Some(i),
                            Kind::Syntax(format!(
                                "{} points off the board",
                                board.name(Cell::new(i))
                            )),
                        ));
                    }
                }
            }
            None if total(c).is_some() => i,
            None => {
                return Err((
                    Some(i),
                    Kind::BadValue {
                        found: c.to_string(),
                        expected: "a pointer or a cage sum".into(),
                    },
                ));
            }
        };
        next.push(to);
    }
    // Cages keyed by the cell holding the sum, in the order their first cell is met.
    let mut cages: Vec<(usize, Vec<Cell>)> = Vec::new();
    for i in 0..CELLS {
        let mut at = i;
        let mut steps = 0;
        while next[at] != at {
            at = next[at];
            steps += 1;
            if steps > CELLS {
                return Err((
                    Some(i),
                    Kind::Syntax(format!(
                        "the pointers from {} go round in a loop",
                        board.name(Cell::new(i))
                    )),
                ));
            }
        }
        match cages.iter_mut().find(|(root, _)| *root == at) {
            Some((_, cells)) => cells.push(Cell::new(i)),
            None => cages.push((at, vec![Cell::new(i)])),
        }
    }
    let mut builder = Builder::new(board);
    for (root, cells) in cages {
        let sum = total(chars[root]).filter(|&s| s > 0);
        builder
            .push(Constraint::Cage { cells, sum })
            .map_err(|k| (Some(root), k))?;
    }
    Ok(builder.finish())
}
