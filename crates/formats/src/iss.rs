//! The Interactive Sudoku Solver's constraint strings: `.Type~arg~arg...` items, white
//! space ignored, `.~R1C1_5` for givens (`R1C1_1_2_3` for pencilmark givens).
//!
//! Written from its source (sigh/Interactive-Sudoku-Solver, MIT: `js/sudoku_parser.js`,
//! `js/sudoku_constraint.js`, `js/solver/sudoku_builder.js`, `js/grid_shape.js`), which
//! fixes each type's arguments: `Cage~sum~cells` (sum 0 shows none), `Arrow~circle~line`,
//! `PillArrow~2|3~pill~line`, `LittleKiller~sum~first cell`, `Diagonal~1` (╱) and `~-1`
//! (╲), dots and XV signs over every side-by-side pair of their cells, `StrictKropki` and
//! `StrictXV` for the negative constraints, `Jigsaw~layout` (with `NoBoxes` it replaces the
//! boxes; without, its pieces are extra regions). Cell ids are `R<row>C<col>` with one
//! base-17 character each (`RaCg` is r10c16); decimal rows (`R10C12`) are read too. A file
//! holds one puzzle a paragraph (puzzles apart by blank lines); a paragraph may also be a
//! `?q=` link or a 729-character pencilmark grid, as the solver accepts.

mod items;
mod little_killer;
mod reader;

use std::sync::Arc;

use dokuscope_engine::domain::Domain;
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::variant::{Constraint, Variant};

use crate::board::{Board, Builder};
use crate::error::{FormatError, FormatErrorKind as Kind};
use crate::names::number;
use items::{Arg, Item};
use reader::Reader;

/// Every constraint type the solver knows, supported here or not, so that an unsupported
/// one is named as such and a misspelt one as unknown.
const TYPES: [&str; 72] = [
    "Container",
    "Or",
    "And",
    "End",
    "Jigsaw",
    "Thermo",
    "Whisper",
    "Renban",
    "Modular",
    "Entropic",
    "RegionSumLine",
    "Between",
    "Lockout",
    "Palindrome",
    "Zipper",
    "SumLine",
    "Regex",
    "NFA",
    "NoBoxes",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosMultiArrow",
    "RegionSize",
    "RegionSameValues",
    "StrictKropki",
    "StrictXV",
    "Shape",
    "Windoku",
    "DisjointSets",
    "AntiKnight",
    "Doppelganger",
    "AntiKing",
    "AntiTaxicab",
    "AntiConsecutive",
    "GlobalEntropy",
    "GlobalMod",
    "FullRankTies",
    "DutchFlatmates",
    "Diagonal",
    "WhiteDot",
    "BlackDot",
    "GreaterThan",
    "X",
    "ValueIndexing",
    "V",
    "Arrow",
    "DoubleArrow",
    "PillArrow",
    "Cage",
    "RellikCage",
    "EqualityCage",
    "Sum",
    "LittleKiller",
    "XSum",
    "Sandwich",
    "Lunchbox",
    "Skyscraper",
    "HiddenSkyscraper",
    "NumberedRoom",
    "FullRank",
    "AllDifferent",
    "ContainAtLeast",
    "ContainExact",
    "SameValues",
    "Quad",
    "Binary",
    "BinaryX",
    "Pair",
    "PairX",
    "Indexing",
    "CountingCircles",
    "Given",
];

/// Whether a line is a constraint string: it starts with `.` and its first item is givens
/// or a type the solver knows.
pub(crate) fn looks_like(line: &str) -> bool {
    let Some(rest) = line.trim().strip_prefix('.') else {
        return false;
    };
    let name: String = rest.chars().take_while(char::is_ascii_alphabetic).collect();
    if name.is_empty() {
        // `.~` (givens), or an empty item before a typed one (`..Cage`); a classic line
        // of dots and digits (`.......1.4...`) is neither.
        return rest.starts_with('~') || (rest.starts_with('.') && looks_like(rest));
    }
    TYPES.contains(&name.as_str()) || name == "Var" || name == "Priority"
}

/// Whether a word is a grid of pencilmarks: n digits-or-dots for each of n² cells.
pub(crate) fn looks_like_pencilmarks(word: &str) -> bool {
    matches!(word.len(), 64 | 729) && word.bytes().all(|b| b == b'.' || b.is_ascii_digit())
}

/// Reads one puzzle a paragraph.
pub(crate) fn read(source: &Arc<str>, text: &str) -> Result<Vec<Variant>, FormatError> {
    let mut puzzles = Vec::new();
    for paragraph in items::paragraphs(text) {
        puzzles.push(puzzle(source, &paragraph)?);
    }
    if puzzles.is_empty() {
        return Err(FormatError::new(source, Kind::NoPuzzle));
    }
    Ok(puzzles)
}

fn puzzle(source: &Arc<str>, paragraph: &items::Paragraph) -> Result<Variant, FormatError> {
    let at =
        |kind: Kind, line: usize, col: usize| FormatError::new(source, kind).at(line, Some(col));
    let joined: String = paragraph.chars.iter().map(|p| p.0).collect();
    if crate::link::is_link(&joined) {
        let (line, col) = paragraph.start();
        let payload = crate::link::iss_payload(&joined).map_err(|k| at(k, line, col))?;
        let inner = items::Paragraph::inline(&payload, line);
        return puzzle(source, &inner).map_err(|e| e.within("the link's ?q= puzzle"));
    }
    if looks_like_pencilmarks(&joined) {
        let (line, col) = paragraph.start();
        return pencilmarks(&joined).map_err(|k| at(k, line, col));
    }
    let items = items::split(paragraph).map_err(|(k, line, col)| at(k, line, col))?;
    let board = shape(&items).map_err(|(k, line, col)| at(k, line, col))?;
    let mut reader = Reader {
        builder: Builder::new(board),
        board,
        givens: Vec::new(),
        no_boxes: false,
        jigsaws: Vec::new(),
    };
    for item in &items {
        reader.item(item).map_err(|(k, arg)| {
            let (line, col) = arg.map_or((item.line, item.col), |a| (a.line, a.col));
            at(k, line, col).within(if item.name.is_empty() {
                "givens".to_string()
            } else {
                item.name.clone()
            })
        })?;
    }
    reader
        .finish()
        .map_err(|(k, item)| at(k, item.line, item.col).within(item.name.clone()))
}

pub(super) type Fault<'a> = (Kind, Option<&'a Arg>);

/// The board a `Shape` item names (9×9 when none does).
fn shape(items: &[Item]) -> Result<Board, (Kind, usize, usize)> {
    let Some(item) = items.iter().find(|i| i.name == "Shape") else {
        return Board::new(9).map_err(|k| (k, 1, 1));
    };
    let spec: Vec<&str> = item.args.iter().map(|a| a.text.as_str()).collect();
    let fail = |k: Kind| (k, item.line, item.col);
    let dims = spec.first().copied().unwrap_or_default();
    let (rows, cols) = dims
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((number(r)?, number(c)?)))
        .ok_or_else(|| {
            fail(Kind::BadValue {
                found: dims.into(),
                expected: "a shape like 9x9".into(),
            })
        })?;
    if rows != cols {
        return Err(fail(Kind::Unsupported(format!("a {rows}×{cols} board"))));
    }
    let side = usize::try_from(rows).unwrap_or(0);
    if let Some(range) = spec.get(1) {
        let default = [side.to_string(), format!("1-{side}")];
        if !default.contains(&(*range).to_string()) {
            return Err(fail(Kind::Unsupported(format!(
                "the digit range '{range}' on a {side}×{side} board"
            ))));
        }
    }
    Board::new(side).map_err(fail)
}

/// A 729-character (9×9) or 64-character (4×4) grid of pencilmarks.
fn pencilmarks(word: &str) -> Result<Variant, Kind> {
    let side = if word.len() == 729 { 9 } else { 4 };
    let board = Board::new(side)?;
    let mut builder = Builder::new(board);
    let bytes = word.as_bytes();
    for (i, chunk) in bytes.chunks(side).enumerate() {
        let mut digits = Domain::EMPTY;
        for &b in chunk.iter().filter(|b| b.is_ascii_digit()) {
            let d = board
                .digit(i64::from(b - b'0'))
                .ok_or_else(|| Kind::BadValue {
                    found: char::from(b).to_string(),
                    expected: "a digit of this board".into(),
                })?;
            digits = digits.with(d);
        }
        let cell = Cell::new(i);
        match digits.only() {
            Some(d) => builder.give(cell, d)?,
            None if digits == Domain::full(board.size()) => {}
            None => builder.push(Constraint::Candidates { cell, digits })?,
        }
    }
    Ok(builder.finish())
}
