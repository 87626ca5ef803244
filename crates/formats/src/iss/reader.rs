//! One paragraph's items read into a variant: each constraint type's arguments checked
//! and turned into the engine's constraints, the givens intersected, the regions settled.

use dokuscope_engine::domain::Domain;
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::variant::{Constraint, Dot, Group, Variant};

use super::items::{Arg, Item};
use super::{Fault, TYPES, little_killer};
use crate::board::{Board, Builder, is_boxes, number_regions};
use crate::error::FormatErrorKind as Kind;
use crate::names::{decimal_rc, number};

pub(super) struct Reader<'a> {
    pub(super) builder: Builder,
    pub(super) board: Board,
    /// Each cell's allowed digits from `Given` items, intersected, in order of first mention.
    pub(super) givens: Vec<(Cell, Domain, &'a Item)>,
    pub(super) no_boxes: bool,
    pub(super) jigsaws: Vec<(Vec<u8>, &'a Item)>,
}

impl<'a> Reader<'a> {
    fn cell(&self, arg: &'a Arg) -> Result<Cell, Fault<'a>> {
        parse_cell(self.board, &arg.text).map_err(|k| (k, Some(arg)))
    }

    fn cells(&self, args: &'a [Arg]) -> Result<Vec<Cell>, Fault<'a>> {
        args.iter().map(|a| self.cell(a)).collect()
    }

    fn push(&mut self, c: Constraint, item: &'a Item) -> Result<(), Fault<'a>> {
        self.builder.push(c).map_err(|k| (k, item.args.first()))
    }

    #[expect(
        clippy::too_many_lines,
        reason = "one arm a constraint type: the supported grammar in one place"
    )]
    pub(super) fn item(&mut self, item: &'a Item) -> Result<(), Fault<'a>> {
        let args = item.args.as_slice();
        let need = |n: usize, what: &str| -> Result<(), Fault<'a>> {
            if args.len() < n {
                return Err((Kind::Syntax(format!("{} needs {what}", item.name)), None));
            }
            Ok(())
        };
        let board = self.board;
        match item.name.as_str() {
            "" | "Given" => {
                for arg in args.iter().filter(|a| !a.text.is_empty()) {
                    let (cell, digits) = self.value_id(arg)?;
                    match self.givens.iter_mut().find(|g| g.0 == cell) {
                        Some(g) => g.1 = g.1.and(digits),
                        None => self.givens.push((cell, digits, item)),
                    }
                }
            }
            "Shape" | "Priority" => {}
            "NoBoxes" => self.no_boxes = true,
            "Jigsaw" => {
                need(1, "a layout")?;
                let arg = &args[args.len() - 1];
                let chars: Vec<char> = arg.text.chars().collect();
                if chars.len() != board.size().cells() {
                    return Err((
                        Kind::Syntax(format!(
                            "a jigsaw layout of {} cells, expected {}",
                            chars.len(),
                            board.size().cells()
                        )),
                        Some(arg),
                    ));
                }
                let layout = number_regions(board, &chars).map_err(|k| (k, Some(arg)))?;
                self.jigsaws.push((layout, item));
            }
            "Windoku" => {
                for cells in board.windows() {
                    self.push(
                        Constraint::Distinct {
                            kind: Group::Region,
                            cells,
                        },
                        item,
                    )?;
                }
            }
            "DisjointSets" => {
                for cells in board.disjoint_groups() {
                    self.push(
                        Constraint::Distinct {
                            kind: Group::Disjoint,
                            cells,
                        },
                        item,
                    )?;
                }
            }
            "AntiKnight" => self.push(Constraint::AntiKnight, item)?,
            "AntiKing" => self.push(Constraint::AntiKing, item)?,
            "AntiConsecutive" => self.push(Constraint::NonConsecutive, item)?,
            "StrictKropki" => self.push(
                Constraint::KropkiNegative {
                    white: true,
                    black: true,
                },
                item,
            )?,
            "StrictXV" => self.push(Constraint::XvNegative { x: true, v: true }, item)?,
            "Diagonal" => {
                need(1, "a direction, 1 or -1")?;
                let (kind, anti) = match args[0].text.as_str() {
                    "1" => (Group::AntiDiagonal, true),
                    "-1" => (Group::Diagonal, false),
                    other => {
                        return Err((
                            Kind::BadValue {
                                found: other.into(),
                                expected: "1 or -1".into(),
                            },
                            Some(&args[0]),
                        ));
                    }
                };
                self.push(
                    Constraint::Distinct {
                        kind,
                        cells: board.diagonal(anti),
                    },
                    item,
                )?;
            }
            "AllDifferent" => {
                let cells = self.cells(args)?;
                self.push(
                    Constraint::Distinct {
                        kind: Group::Region,
                        cells,
                    },
                    item,
                )?;
            }
            "Cage" => {
                need(2, "a sum and cells")?;
                let sum = sum(&args[0])?;
                let cells = self.cells(&args[1..])?;
                self.push(
                    Constraint::Cage {
                        cells,
                        sum: (sum != 0).then_some(sum),
                    },
                    item,
                )?;
            }
            "LittleKiller" => {
                need(2, "a sum and a cell")?;
                let sum = sum(&args[0])?;
                let first = self.cell(&args[1])?;
                let cells = little_killer::diagonal(board, first).ok_or((
                    Kind::Syntax(format!(
                        "no little killer diagonal starts at {}",
                        args[1].text
                    )),
                    Some(&args[1]),
                ))?;
                self.push(Constraint::LittleKiller { cells, sum }, item)?;
            }
            "Thermo" => {
                let cells = self.cells(args)?;
                self.push(Constraint::Thermo { cells }, item)?;
            }
            "Arrow" => {
                need(2, "a circle and a line")?;
                let cells = self.cells(args)?;
                self.push(
                    Constraint::Arrow {
                        circle: cells[..1].to_vec(),
                        line: cells[1..].to_vec(),
                    },
                    item,
                )?;
            }
            "PillArrow" => {
                need(2, "a pill size and cells")?;
                let size = match args[0].text.as_str() {
                    "2" => 2,
                    "3" => 3,
                    other => {
                        return Err((
                            Kind::BadValue {
                                found: other.into(),
                                expected: "a pill size, 2 or 3".into(),
                            },
                            Some(&args[0]),
                        ));
                    }
                };
                let cells = self.cells(&args[1..])?;
                if cells.len() <= size {
                    return Err((
                        Kind::Syntax("a pill arrow needs more cells than its pill".into()),
                        None,
                    ));
                }
                self.push(
                    Constraint::Arrow {
                        circle: cells[..size].to_vec(),
                        line: cells[size..].to_vec(),
                    },
                    item,
                )?;
            }
            "WhiteDot" | "BlackDot" | "X" | "V" => {
                let cells = self.cells(args)?;
                for pair in adjacent_pairs(board, &cells).map_err(|k| (k, args.first()))? {
                    let c = match item.name.as_str() {
                        "WhiteDot" => Constraint::Kropki {
                            cells: pair,
                            dot: Dot::White,
                        },
                        "BlackDot" => Constraint::Kropki {
                            cells: pair,
                            dot: Dot::Black,
                        },
                        "X" => Constraint::Xv {
                            cells: pair,
                            sum: 10,
                        },
                        _ => Constraint::Xv {
                            cells: pair,
                            sum: 5,
                        },
                    };
                    self.push(c, item)?;
                }
            }
            name if TYPES.contains(&name) || name == "Var" => {
                return Err((
                    Kind::Unsupported(format!("the Interactive Sudoku Solver's '{name}'")),
                    None,
                ));
            }
            name => {
                return Err((
                    Kind::Syntax(format!(
                        "'{name}' is not a constraint type of the Interactive Sudoku Solver"
                    )),
                    None,
                ));
            }
        }
        Ok(())
    }

    /// A value id: `R1C1_5` or `R1C1_1_2_3`.
    fn value_id(&self, arg: &'a Arg) -> Result<(Cell, Domain), Fault<'a>> {
        let mut parts = arg.text.split('_');
        let cell =
            parse_cell(self.board, parts.next().unwrap_or_default()).map_err(|k| (k, Some(arg)))?;
        let mut digits = Domain::EMPTY;
        for part in parts {
            let d = number(part).and_then(|v| self.board.digit(v)).ok_or((
                Kind::BadValue {
                    found: part.into(),
                    expected: "a digit of this board".into(),
                },
                Some(arg),
            ))?;
            digits = digits.with(d);
        }
        if digits.is_empty() {
            return Err((
                Kind::Syntax(format!("'{}' gives no digit", arg.text)),
                Some(arg),
            ));
        }
        Ok((cell, digits))
    }

    pub(super) fn finish(mut self) -> Result<Variant, (Kind, &'a Item)> {
        for (cell, digits, item) in std::mem::take(&mut self.givens) {
            let placed = match digits.only() {
                Some(d) => self.builder.give(cell, d),
                None => self.builder.push(Constraint::Candidates { cell, digits }),
            };
            placed.map_err(|k| (k, item))?;
        }
        let board = self.board;
        if self.no_boxes {
            self.builder.set_no_boxes();
        }
        let mut jigsaw_set = false;
        for (layout, item) in std::mem::take(&mut self.jigsaws) {
            let sizes = region_sizes(board, &layout);
            let whole = sizes.iter().all(|&s| s == board.side());
            if whole && self.no_boxes && !jigsaw_set {
                self.builder.set_jigsaw(layout).map_err(|k| (k, item))?;
                jigsaw_set = true;
                continue;
            }
            if whole && !self.no_boxes && is_boxes(board, &layout) {
                continue;
            }
            let odd = sizes
                .iter()
                .filter(|&&s| s != 0 && s != board.side())
                .count();
            if odd > 1 {
                return Err((
                    Kind::Syntax("a jigsaw layout whose regions are not all one size".into()),
                    item,
                ));
            }
            // A piece of full size is an extra region; the one odd piece (a partly drawn
            // layout) constrains nothing, as in the solver.
            for (id, &size) in sizes.iter().enumerate() {
                if size == board.side() {
                    let cells = (0..layout.len())
                        .filter(|&i| usize::from(layout[i]) == id)
                        .map(Cell::new)
                        .collect();
                    self.builder
                        .push(Constraint::Distinct {
                            kind: Group::Region,
                            cells,
                        })
                        .map_err(|k| (k, item))?;
                }
            }
        }
        Ok(self.builder.finish())
    }
}

fn region_sizes(board: Board, layout: &[u8]) -> Vec<usize> {
    let mut sizes = vec![0; board.side()];
    for &r in layout {
        sizes[usize::from(r)] += 1;
    }
    sizes
}

fn sum(arg: &Arg) -> Result<u32, Fault<'_>> {
    crate::names::sum(&arg.text).ok_or((
        Kind::BadValue {
            found: arg.text.clone(),
            expected: "a sum".into(),
        },
        Some(arg),
    ))
}

/// A cell id: `R1C1`, one base-17 character for row and column (`RaCg`), or decimal.
pub(crate) fn parse_cell(board: Board, text: &str) -> Result<Cell, Kind> {
    let b = text.as_bytes();
    let base17 = |c: u8| char::from(c).to_digit(17).map(i64::from);
    let rc = if b.len() == 4 && matches!(b[0], b'R' | b'r') && matches!(b[2], b'C' | b'c') {
        base17(b[1]).zip(base17(b[3]))
    } else {
        decimal_rc(text)
    };
    let (r, c) = rc.ok_or_else(|| Kind::BadCell(text.to_string()))?;
    board.checked(r, c, text)
}

/// The side-by-side pairs among `cells`, as the solver forms them for dots and XV signs;
/// a cell with no neighbour among them is an error.
fn adjacent_pairs(board: Board, cells: &[Cell]) -> Result<Vec<[Cell; 2]>, Kind> {
    let mut pairs = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        if !cells.iter().any(|&b| board.adjacent(a, b)) {
            let other = cells.iter().find(|&&b| b != a).copied().unwrap_or(a);
            return Err(Kind::NotAdjacent(board.name(a), board.name(other)));
        }
        for &b in &cells[i + 1..] {
            if board.adjacent(a, b) {
                pairs.push([a, b]);
            }
        }
    }
    Ok(pairs)
}
