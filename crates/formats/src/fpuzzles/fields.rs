//! The f-puzzles JSON, field by field, into a [`Variant`].
//!
//! Field names and meanings as f-puzzles writes them and as `SudokuPad`'s decoder
//! (`fpuzzlesdecoder.js`, SudokuPad/sudokutools) and Rangsk's solver (`FPuzzlesBoard`,
//! dclamage/SudokuSolver) read them: `grid` rows of cells with `value` and `given`,
//! `givenPencilMarks` and `region` (a number, or `null` for no region); `killercage`,
//! `littlekillersum` (a clue `cell` outside the grid and a `direction` DR/DL/UR/UL),
//! `arrow` (`cells` of the circle, `lines` from it), `thermometer` (`lines` from the
//! bulb), `difference` (white dots, `value` 1 unless given), `ratio` (black dots, 2),
//! `xv`, `odd`, `even`, `extraregion`, `diagonal+` (bottom left to top right), `diagonal-`,
//! `antiknight`, `antiking`, `disjointgroups`, `nonconsecutive`, and `negative` naming
//! `ratio`, `difference` and `xv`. Titles, rules text and cosmetic shapes (`text`, `line`,
//! `rectangle`, `circle`, `cage`) carry no rule and are passed over; any other field that
//! holds something is a constraint dokuscope does not support, and says so.

use dokuscope_engine::domain::Domain;
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::variant::{Constraint, Dot, Group, Variant};
use serde_json::{Map, Value};

use crate::board::{Board, Builder, is_boxes, number_regions};
use crate::error::FormatErrorKind as Kind;
use crate::names::decimal_rc;

/// An error with the field it is in: `killercage[3]`.
type Fault = (Kind, Option<String>);

/// Fields that are no constraint.
const PASSIVE: [&str; 15] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "successMessage",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
];

/// Fields read as constraints.
const READ: [&str; 17] = [
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "littlekillersum",
    "odd",
    "even",
    "extraregion",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
];

fn at(kind: Kind, context: impl Into<String>) -> Fault {
    (kind, Some(context.into()))
}

fn json(message: &str, context: &str) -> Fault {
    at(Kind::Json(message.to_string()), context)
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::String(s) => s.is_empty(),
        _ => false,
    }
}

fn flag(map: &Map<String, Value>, key: &str) -> bool {
    map.get(key).is_some_and(|v| v == &Value::Bool(true))
}

fn list<'a>(map: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], Fault> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(json("expected a list", key)),
    }
}

fn cell(board: Board, v: &Value, context: &str) -> Result<Cell, Fault> {
    let text = v
        .as_str()
        .ok_or_else(|| json("a cell is a string like \"R1C1\"", context))?;
    let (r, c) = decimal_rc(text).ok_or_else(|| at(Kind::BadCell(text.into()), context))?;
    board.checked(r, c, text).map_err(|k| at(k, context))
}

fn cells(board: Board, v: Option<&Value>, context: &str) -> Result<Vec<Cell>, Fault> {
    let items = v
        .and_then(Value::as_array)
        .ok_or_else(|| json("expected a list of cells", context))?;
    items.iter().map(|c| cell(board, c, context)).collect()
}

/// A clue value written as a string or a number; `None` when absent or empty.
fn value_text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn sum(text: &str, context: &str) -> Result<u32, Fault> {
    crate::names::sum(text).ok_or_else(|| {
        at(
            Kind::BadValue {
                found: text.into(),
                expected: "a sum".into(),
            },
            context,
        )
    })
}

pub(super) fn puzzle(map: &Map<String, Value>) -> Result<Variant, Fault> {
    for (key, value) in map {
        if !PASSIVE.contains(&key.as_str()) && !READ.contains(&key.as_str()) && !is_empty(value) {
            return Err(at(
                Kind::Unsupported(format!("f-puzzles' '{key}'")),
                key.clone(),
            ));
        }
    }
    let side = match map.get("size") {
        None => 9,
        Some(v) => v
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| json("the size is a number", "size"))?,
    };
    let board = Board::new(side).map_err(|k| at(k, "size"))?;
    let mut b = Builder::new(board);
    grid(&mut b, map.get("grid"))?;
    for (key, anti, kind) in [
        ("diagonal-", false, Group::Diagonal),
        ("diagonal+", true, Group::AntiDiagonal),
    ] {
        if flag(map, key) {
            b.push(Constraint::Distinct {
                kind,
                cells: board.diagonal(anti),
            })
            .map_err(|k| at(k, key))?;
        }
    }
    if flag(map, "disjointgroups") {
        for cells in board.disjoint_groups() {
            b.push(Constraint::Distinct {
                kind: Group::Disjoint,
                cells,
            })
            .map_err(|k| at(k, "disjointgroups"))?;
        }
    }
    if flag(map, "antiknight") {
        b.push(Constraint::AntiKnight)
            .map_err(|k| at(k, "antiknight"))?;
    }
    if flag(map, "antiking") {
        b.push(Constraint::AntiKing)
            .map_err(|k| at(k, "antiking"))?;
    }
    cages(&mut b, map)?;
    lines(&mut b, map)?;
    pairs(&mut b, map)?;
    cell_marks(&mut b, map)?;
    negatives(&mut b, map)?;
    Ok(b.finish())
}

fn grid(b: &mut Builder, grid: Option<&Value>) -> Result<(), Fault> {
    let board = b.board();
    let n = board.side();
    let rows = grid
        .and_then(Value::as_array)
        .ok_or_else(|| json("the puzzle has no grid", "grid"))?;
    if rows.len() != n {
        return Err(json(&format!("{} rows, expected {n}", rows.len()), "grid"));
    }
    // Each cell's region: its box unless it names one (a number), or none (null).
    let mut regions: Vec<Option<i64>> = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().filter(|a| a.len() == n).ok_or_else(|| {
            json(
                &format!("expected {n} cells"),
                format!("grid[{r}]").as_str(),
            )
        })?;
        for (c, cell) in row.iter().enumerate() {
            let context = format!("grid[{r}][{c}]");
            let here = board.cell(r, c);
            let empty = Map::new();
            let obj = match cell {
                Value::Object(o) => o,
                Value::Null => &empty,
                _ => return Err(json("a cell is an object", &context)),
            };
            if obj.get("given") == Some(&Value::Bool(true)) {
                if let Some(v) = obj.get("value").filter(|v| !v.is_null()) {
                    let d = v.as_i64().and_then(|v| board.digit(v)).ok_or_else(|| {
                        at(
                            Kind::BadValue {
                                found: v.to_string(),
                                expected: "a digit of this board".into(),
                            },
                            &context,
                        )
                    })?;
                    b.give(here, d).map_err(|k| at(k, &context))?;
                }
            }
            if let Some(marks) = obj
                .get("givenPencilMarks")
                .and_then(Value::as_array)
                .filter(|m| !m.is_empty())
            {
                let mut digits = Domain::EMPTY;
                for m in marks {
                    let d = m.as_i64().and_then(|v| board.digit(v)).ok_or_else(|| {
                        at(
                            Kind::BadValue {
                                found: m.to_string(),
                                expected: "a digit of this board".into(),
                            },
                            &context,
                        )
                    })?;
                    digits = digits.with(d);
                }
                b.push(Constraint::Candidates { cell: here, digits })
                    .map_err(|k| at(k, &context))?;
            }
            let region = match obj.get("region") {
                None => Some(i64::try_from(board.box_of(here)).unwrap_or(0)),
                Some(Value::Null) => None,
                Some(v) => Some(
                    v.as_i64()
                        .ok_or_else(|| json("a region is a number or null", &context))?,
                ),
            };
            regions.push(region);
        }
    }
    if regions.iter().all(Option::is_none) {
        b.set_no_boxes();
        return Ok(());
    }
    if regions.iter().any(Option::is_none) {
        return Err(at(
            Kind::Unsupported("cells in no region beside cells in regions".into()),
            "grid",
        ));
    }
    let symbols: Vec<i64> = regions.iter().map(|r| r.unwrap_or(0)).collect();
    let layout = number_regions(board, &symbols).map_err(|k| at(k, "grid regions"))?;
    if !is_boxes(board, &layout) {
        b.set_jigsaw(layout).map_err(|k| at(k, "grid regions"))?;
    }
    Ok(())
}

fn cages(b: &mut Builder, map: &Map<String, Value>) -> Result<(), Fault> {
    let board = b.board();
    for (i, cage) in list(map, "killercage")?.iter().enumerate() {
        let context = format!("killercage[{i}]");
        let cells = cells(board, cage.get("cells"), &context)?;
        let total = value_text(cage.get("value"))
            .map(|t| sum(&t, &context))
            .transpose()?;
        b.push(Constraint::Cage { cells, sum: total })
            .map_err(|k| at(k, &context))?;
    }
    for (i, lk) in list(map, "littlekillersum")?.iter().enumerate() {
        let context = format!("littlekillersum[{i}]");
        let Some(text) = value_text(lk.get("value")) else {
            continue;
        };
        let total = sum(&text, &context)?;
        let clue = lk
            .get("cell")
            .and_then(Value::as_str)
            .ok_or_else(|| json("a little killer has a clue cell", &context))?;
        let (r, c) = decimal_rc(clue).ok_or_else(|| at(Kind::BadCell(clue.into()), &context))?;
        let (dr, dc) = match lk.get("direction").and_then(Value::as_str) {
            Some("DR") => (1, 1),
            Some("DL") => (1, -1),
            Some("UR") => (-1, 1),
            Some("UL") => (-1, -1),
            _ => return Err(json("a direction is DR, DL, UR or UL", &context)),
        };
        let first = board.checked(r + dr, c + dc, clue).map_err(|_| {
            at(
                Kind::Syntax(format!("the clue at {clue} points at no cell")),
                &context,
            )
        })?;
        let cells = crate::text::diagonal_from_edge(board, first, dr as isize, dc as isize)
            .map_err(|k| at(k, &context))?;
        b.push(Constraint::LittleKiller { cells, sum: total })
            .map_err(|k| at(k, &context))?;
    }
    for (i, region) in list(map, "extraregion")?.iter().enumerate() {
        let context = format!("extraregion[{i}]");
        let cells = cells(board, region.get("cells"), &context)?;
        b.push(Constraint::Distinct {
            kind: Group::Region,
            cells,
        })
        .map_err(|k| at(k, &context))?;
    }
    Ok(())
}

fn lines(b: &mut Builder, map: &Map<String, Value>) -> Result<(), Fault> {
    let board = b.board();
    for (i, thermo) in list(map, "thermometer")?.iter().enumerate() {
        let context = format!("thermometer[{i}]");
        let all = thermo
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| json("a thermometer has lines", &context))?;
        for line in all {
            let cells = cells(board, Some(line), &context)?;
            b.push(Constraint::Thermo { cells })
                .map_err(|k| at(k, &context))?;
        }
    }
    for (i, arrow) in list(map, "arrow")?.iter().enumerate() {
        let context = format!("arrow[{i}]");
        let circle = cells(board, arrow.get("cells"), &context)?;
        let all = arrow
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| json("an arrow has lines", &context))?;
        if all.is_empty() {
            return Err(at(Kind::Syntax("an arrow needs a line".into()), &context));
        }
        for line in all {
            let cells = cells(board, Some(line), &context)?;
            let line: Vec<Cell> = cells
                .into_iter()
                .skip_while(|c| circle.contains(c))
                .collect();
            b.push(Constraint::Arrow {
                circle: circle.clone(),
                line,
            })
            .map_err(|k| at(k, &context))?;
        }
    }
    Ok(())
}

fn pairs(b: &mut Builder, map: &Map<String, Value>) -> Result<(), Fault> {
    let board = b.board();
    for (key, default) in [("difference", "1"), ("ratio", "2"), ("xv", "")] {
        for (i, dot) in list(map, key)?.iter().enumerate() {
            let context = format!("{key}[{i}]");
            let cells = cells(board, dot.get("cells"), &context)?;
            let [a, c] = cells[..] else {
                return Err(json("expected two cells", &context));
            };
            let value = value_text(dot.get("value")).unwrap_or_else(|| default.to_string());
            let constraint = match (key, value.to_ascii_uppercase().as_str()) {
                ("difference", "1") => Constraint::Kropki {
                    cells: [a, c],
                    dot: Dot::White,
                },
                ("ratio", "2") => Constraint::Kropki {
                    cells: [a, c],
                    dot: Dot::Black,
                },
                ("xv", "X") => Constraint::Xv {
                    cells: [a, c],
                    sum: 10,
                },
                ("xv", "V") => Constraint::Xv {
                    cells: [a, c],
                    sum: 5,
                },
                ("difference", v) => {
                    return Err(at(
                        Kind::Unsupported(format!("a white dot of difference {v}")),
                        &context,
                    ));
                }
                ("ratio", v) => {
                    return Err(at(
                        Kind::Unsupported(format!("a black dot of ratio {v}")),
                        &context,
                    ));
                }
                (_, v) => return Err(at(Kind::Unsupported(format!("an XV sign '{v}'")), &context)),
            };
            b.push(constraint).map_err(|k| at(k, &context))?;
        }
    }
    Ok(())
}

fn cell_marks(b: &mut Builder, map: &Map<String, Value>) -> Result<(), Fault> {
    let board = b.board();
    for (key, even) in [("even", true), ("odd", false)] {
        for (i, mark) in list(map, key)?.iter().enumerate() {
            let context = format!("{key}[{i}]");
            let cell = cell(board, mark.get("cell").unwrap_or(&Value::Null), &context)?;
            b.push(Constraint::Parity { cell, even })
                .map_err(|k| at(k, &context))?;
        }
    }
    Ok(())
}

fn negatives(b: &mut Builder, map: &Map<String, Value>) -> Result<(), Fault> {
    let mut named = Vec::new();
    for v in list(map, "negative")? {
        match v.as_str() {
            Some(n @ ("ratio" | "difference" | "xv")) => named.push(n),
            Some(other) => {
                return Err(at(
                    Kind::Unsupported(format!("f-puzzles' negative constraint of '{other}'")),
                    "negative",
                ));
            }
            None => return Err(json("expected names", "negative")),
        }
    }
    let dots = !list(map, "difference")?.is_empty() || !list(map, "ratio")?.is_empty();
    let nonconsecutive = flag(map, "nonconsecutive");
    // Nonconsecutive is the white dots' negative constraint: pairs with any dot are exempt.
    let white = named.contains(&"difference") || (nonconsecutive && dots);
    let black = named.contains(&"ratio");
    if nonconsecutive && !dots {
        b.push(Constraint::NonConsecutive)
            .map_err(|k| at(k, "nonconsecutive"))?;
    }
    if white || black {
        b.push(Constraint::KropkiNegative { white, black })
            .map_err(|k| at(k, "negative"))?;
    }
    if named.contains(&"xv") {
        b.push(Constraint::XvNegative { x: true, v: true })
            .map_err(|k| at(k, "negative"))?;
    }
    Ok(())
}
