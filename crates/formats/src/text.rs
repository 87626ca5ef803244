//! dokuscope's own variant text: one constraint a line, puzzles apart by `---`.
//!
//! ```text
//! size 9
//! givens ...........8.5...
//! cage 23 r1c1 r1c2 r1c3
//! thermo r9c4 r8c3 r7c2
//! arrow r1c1 > r1c2 r1c3
//! ```
//!
//! The grammar, every keyword and an example are in docs/variants.md.

use std::sync::Arc;

use dokuscope_engine::domain::{Digit, Domain};
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::variant::{Constraint, Dot, Group, Variant};

use crate::board::{Board, Builder, number_regions};
use crate::error::{FormatError, FormatErrorKind as Kind};
use crate::names::{decimal_rc, number, sum};

/// Every keyword that starts a line.
const KEYWORDS: [&str; 25] = [
    "size",
    "givens",
    "candidates",
    "jigsaw",
    "noboxes",
    "cage",
    "littlekiller",
    "diagonal",
    "windoku",
    "disjoint",
    "region",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "thermo",
    "arrow",
    "white",
    "black",
    "x",
    "v",
    "negative",
    "even",
    "odd",
    "---",
    "dokuscope",
];

/// Whether a first word starts dokuscope's text.
pub(crate) fn looks_like(word: &str) -> bool {
    KEYWORDS.contains(&word.to_ascii_lowercase().as_str())
}

/// One line's words, each with its column (from 1).
struct Line<'a> {
    no: usize,
    words: Vec<(usize, &'a str)>,
}

impl Line<'_> {
    fn keyword(&self) -> String {
        self.words[0].1.to_ascii_lowercase()
    }
}

fn split_line(no: usize, line: &str) -> Line<'_> {
    let line = line.split('#').next().unwrap_or_default();
    let mut words = Vec::new();
    let mut start = None;
    for (i, (byte, c)) in line.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, byte)),
            (true, Some((col, from))) => {
                words.push((col + 1, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        words.push((col + 1, &line[from..]));
    }
    Line { no, words }
}

/// Reads every puzzle of `text`.
pub(crate) fn read(source: &Arc<str>, text: &str) -> Result<Vec<Variant>, FormatError> {
    let mut puzzles = Vec::new();
    let mut current: Vec<Line<'_>> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = split_line(i + 1, raw);
        if line.words.is_empty() {
            continue;
        }
        if line.words[0].1 == "---" {
            if !current.is_empty() {
                puzzles.push(puzzle(source, &std::mem::take(&mut current))?);
            }
            continue;
        }
        current.push(line);
    }
    if !current.is_empty() {
        puzzles.push(puzzle(source, &current)?);
    }
    if puzzles.is_empty() {
        return Err(FormatError::new(source, Kind::NoPuzzle));
    }
    Ok(puzzles)
}

fn located(source: &Arc<str>, line: &Line<'_>, col: usize, kind: Kind) -> FormatError {
    FormatError::new(source, kind)
        .at(line.no, Some(col))
        .within(line.keyword())
}

/// The board side: a `size` line, else the length of `givens` or `jigsaw`, else 9.
fn side(source: &Arc<str>, lines: &[Line<'_>]) -> Result<usize, FormatError> {
    for line in lines {
        let key = line.keyword();
        if key == "size" {
            let (col, word) = *line.words.get(1).ok_or_else(|| {
                located(
                    source,
                    line,
                    line.words[0].0,
                    Kind::Syntax("size needs a number".into()),
                )
            })?;
            let n = number(word.split(['x', 'X']).next().unwrap_or_default())
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| located(source, line, col, bad(word, "a board side")))?;
            return Ok(n);
        }
    }
    for line in lines {
        if matches!(line.keyword().as_str(), "givens" | "jigsaw") {
            if let Some(&(col, word)) = line.words.get(1) {
                let cells = word.chars().count();
                return (2..=5usize)
                    .map(|b| b * b)
                    .find(|s| s * s == cells)
                    .ok_or_else(|| {
                        let kind =
                            Kind::Syntax(format!("{cells} cells: a board has 16, 81, 256 or 625"));
                        located(source, line, col, kind)
                    });
            }
        }
    }
    Ok(9)
}

fn bad(found: &str, expected: &str) -> Kind {
    Kind::BadValue {
        found: found.to_string(),
        expected: expected.to_string(),
    }
}

fn puzzle(source: &Arc<str>, lines: &[Line<'_>]) -> Result<Variant, FormatError> {
    let n = side(source, lines)?;
    let board = Board::new(n).map_err(|k| {
        let line = &lines[0];
        located(source, line, line.words[0].0, k)
    })?;
    let mut builder = Builder::new(board);
    let mut negative = [false; 4];
    for line in lines {
        apply(&mut builder, line, &mut negative)
            .map_err(|(col, kind)| located(source, line, col, kind))?;
    }
    let [white, black, x, v] = negative;
    let fail = |k: Kind| match lines.iter().find(|l| l.keyword() == "negative") {
        Some(l) => located(source, l, l.words[0].0, k),
        None => FormatError::new(source, k),
    };
    if white || black {
        builder
            .push(Constraint::KropkiNegative { white, black })
            .map_err(fail)?;
    }
    if x || v {
        builder
            .push(Constraint::XvNegative { x, v })
            .map_err(fail)?;
    }
    Ok(builder.finish())
}

type Located = (usize, Kind);

fn cell(board: Board, (col, word): (usize, &str)) -> Result<Cell, Located> {
    let (r, c) = decimal_rc(word).ok_or((col, Kind::BadCell(word.to_string())))?;
    board.checked(r, c, word).map_err(|k| (col, k))
}

fn cells(board: Board, words: &[(usize, &str)]) -> Result<Vec<Cell>, Located> {
    words.iter().map(|&w| cell(board, w)).collect()
}

fn two(board: Board, line: &Line<'_>) -> Result<[Cell; 2], Located> {
    match &line.words[1..] {
        [a, b] => Ok([cell(board, *a)?, cell(board, *b)?]),
        _ => Err((
            line.words[0].0,
            Kind::Syntax(format!("{} takes two cells", line.keyword())),
        )),
    }
}

fn symbols_digits(board: Board, (col, word): (usize, &str)) -> Result<Domain, Located> {
    let mut digits = Domain::EMPTY;
    for (i, c) in word.chars().enumerate() {
        let d = Digit::from_symbol(c, board.size())
            .ok_or((col + i, bad(&c.to_string(), "a digit of this board")))?;
        digits = digits.with(d);
    }
    Ok(digits)
}

#[expect(
    clippy::too_many_lines,
    reason = "one arm a keyword: the whole grammar in one place"
)]
fn apply(builder: &mut Builder, line: &Line<'_>, negative: &mut [bool; 4]) -> Result<(), Located> {
    let board = builder.board();
    let key = line.keyword();
    let kw_col = line.words[0].0;
    let args = &line.words[1..];
    let needs = |n: usize, what: &str| -> Result<(), Located> {
        if args.len() < n {
            return Err((kw_col, Kind::Syntax(format!("{key} needs {what}"))));
        }
        Ok(())
    };
    let push = |builder: &mut Builder, c: Constraint| builder.push(c).map_err(|k| (kw_col, k));
    match key.as_str() {
        "size" | "dokuscope" => {}
        "givens" => {
            needs(1, "a line of n² symbols")?;
            let (col, word) = args[0];
            let chars: Vec<char> = word.chars().collect();
            if chars.len() != board.size().cells() {
                return Err((
                    col,
                    Kind::Syntax(format!(
                        "{} givens, expected {}",
                        chars.len(),
                        board.size().cells()
                    )),
                ));
            }
            for (i, &c) in chars.iter().enumerate() {
                if matches!(c, '.' | '0' | '_' | '-') {
                    continue;
                }
                let d = Digit::from_symbol(c, board.size())
                    .ok_or((col + i, bad(&c.to_string(), "a digit or an empty cell")))?;
                builder.give(Cell::new(i), d).map_err(|k| (col + i, k))?;
            }
        }
        "candidates" => {
            needs(2, "a cell and its digits")?;
            let cell = cell(board, args[0])?;
            let digits = symbols_digits(board, args[1])?;
            push(builder, Constraint::Candidates { cell, digits })?;
        }
        "jigsaw" => {
            needs(1, "a layout of n² region symbols")?;
            let (col, word) = args[0];
            let chars: Vec<char> = word.chars().collect();
            let layout = number_regions(board, &chars).map_err(|k| (col, k))?;
            builder.set_jigsaw(layout).map_err(|k| (col, k))?;
        }
        "noboxes" => builder.set_no_boxes(),
        "cage" => {
            needs(2, "a sum (or ?) and cells")?;
            let (col, word) = args[0];
            let total = if word == "?" {
                None
            } else {
                Some(sum(word).ok_or((col, bad(word, "a sum or ?")))?)
            };
            let cells = cells(board, &args[1..])?;
            push(builder, Constraint::Cage { cells, sum: total })?;
        }
        "littlekiller" => {
            needs(3, "a sum, the first cell and a direction (dr, dl, ur, ul)")?;
            let (col, word) = args[0];
            let total = sum(word).ok_or((col, bad(word, "a sum")))?;
            let first = cell(board, args[1])?;
            let (dcol, dir) = args[2];
            let (dr, dc) =
                direction(dir).ok_or((dcol, bad(dir, "a direction: dr, dl, ur or ul")))?;
            let cells = diagonal_from_edge(board, first, dr, dc).map_err(|k| (args[1].0, k))?;
            push(builder, Constraint::LittleKiller { cells, sum: total })?;
        }
        "diagonal" => {
            needs(1, "main or anti")?;
            let (col, word) = args[0];
            let (kind, anti) = match word.to_ascii_lowercase().as_str() {
                "main" => (Group::Diagonal, false),
                "anti" => (Group::AntiDiagonal, true),
                _ => return Err((col, bad(word, "main or anti"))),
            };
            push(
                builder,
                Constraint::Distinct {
                    kind,
                    cells: board.diagonal(anti),
                },
            )?;
        }
        "windoku" => {
            for cells in board.windows() {
                push(
                    builder,
                    Constraint::Distinct {
                        kind: Group::Region,
                        cells,
                    },
                )?;
            }
        }
        "disjoint" => {
            for cells in board.disjoint_groups() {
                push(
                    builder,
                    Constraint::Distinct {
                        kind: Group::Disjoint,
                        cells,
                    },
                )?;
            }
        }
        "region" => {
            let cells = cells(board, args)?;
            push(
                builder,
                Constraint::Distinct {
                    kind: Group::Region,
                    cells,
                },
            )?;
        }
        "antiknight" => push(builder, Constraint::AntiKnight)?,
        "antiking" => push(builder, Constraint::AntiKing)?,
        "nonconsecutive" => push(builder, Constraint::NonConsecutive)?,
        "thermo" => {
            let cells = cells(board, args)?;
            push(builder, Constraint::Thermo { cells })?;
        }
        "arrow" => {
            let split = args.iter().position(|(_, w)| *w == ">").ok_or((
                kw_col,
                Kind::Syntax("arrow needs its circle, then >, then its line".into()),
            ))?;
            let circle = cells(board, &args[..split])?;
            let line_cells = cells(board, &args[split + 1..])?;
            push(
                builder,
                Constraint::Arrow {
                    circle,
                    line: line_cells,
                },
            )?;
        }
        "white" | "black" => {
            let dot = if key == "white" {
                Dot::White
            } else {
                Dot::Black
            };
            let cells = two(board, line)?;
            push(builder, Constraint::Kropki { cells, dot })?;
        }
        "x" | "v" => {
            let total = if key == "x" { 10 } else { 5 };
            let cells = two(board, line)?;
            push(builder, Constraint::Xv { cells, sum: total })?;
        }
        "negative" => {
            needs(1, "white, black, x or v")?;
            for &(col, word) in args {
                let i = ["white", "black", "x", "v"]
                    .iter()
                    .position(|k| *k == word.to_ascii_lowercase())
                    .ok_or((col, bad(word, "white, black, x or v")))?;
                negative[i] = true;
            }
        }
        "even" | "odd" => {
            needs(1, "cells")?;
            for &w in args {
                let cell = cell(board, w)?;
                push(
                    builder,
                    Constraint::Parity {
                        cell,
                        even: key == "even",
                    },
                )?;
            }
        }
        _ => {
            return Err((
                kw_col,
                Kind::Syntax(format!(
                    "'{}' is not a keyword of dokuscope's variant text",
                    line.words[0].1
                )),
            ));
        }
    }
    Ok(())
}

fn direction(word: &str) -> Option<(isize, isize)> {
    match word.to_ascii_lowercase().as_str() {
        "dr" => Some((1, 1)),
        "dl" => Some((1, -1)),
        "ur" => Some((-1, 1)),
        "ul" => Some((-1, -1)),
        _ => None,
    }
}

/// The diagonal from `first` in direction (dr, dc) to the far edge; `first` must be where a
/// clue outside the grid points in (the cell before it is off the board).
pub(crate) fn diagonal_from_edge(
    board: Board,
    first: Cell,
    dr: isize,
    dc: isize,
) -> Result<Vec<Cell>, Kind> {
    let (r, c) = board.row_col(first);
    let n = board.side();
    let before_on_board = r.checked_add_signed(-dr).is_some_and(|rr| rr < n)
        && c.checked_add_signed(-dc).is_some_and(|cc| cc < n);
    if before_on_board {
        return Err(Kind::Syntax(format!(
            "{} is not where a little killer clue outside the grid points in",
            board.name(first)
        )));
    }
    Ok(board.ray(r, c, dr, dc))
}
