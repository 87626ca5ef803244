//! What a constraint is about: the cells whose state is the reason of its prunes, and its
//! name for people (`cage r1c1 (23)`, `thermometer r9c4`), as the event log, the
//! why-this-digit panel and the tree's labels write it.

use std::fmt;

use super::{Constraint, Dot, Group};
use crate::geometry::{Cell, Geometry};

/// The cells whose domains (or digits) a prune of `cell` by `constraint` follows from,
/// `with` being the cell the prune names: every other cell of a cage, a little killer, a
/// thermometer, an arrow or a group (their propagators read them all); the other cell of
/// a dot or a sign; the neighbour `with` for the rules of the whole board
/// (non-consecutive, the negative constraints); none for a cell's own parity or
/// pencilmarks.
pub fn reason_cells(constraint: &Constraint, cell: Cell, with: Cell) -> Vec<Cell> {
    let others = |cells: &[Cell]| cells.iter().copied().filter(|&c| c != cell).collect();
    match constraint {
        Constraint::Cage { cells, .. }
        | Constraint::LittleKiller { cells, .. }
        | Constraint::Distinct { cells, .. }
        | Constraint::Thermo { cells } => others(cells),
        Constraint::Arrow { circle, line } => {
            let all: Vec<Cell> = circle.iter().chain(line).copied().collect();
            others(&all)
        }
        Constraint::Kropki { cells, .. } | Constraint::Xv { cells, .. } => others(cells),
        Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::NonConsecutive
        | Constraint::KropkiNegative { .. }
        | Constraint::XvNegative { .. } => {
            if with == cell {
                Vec::new()
            } else {
                vec![with]
            }
        }
        Constraint::Parity { .. } | Constraint::Candidates { .. } => Vec::new(),
    }
}

/// The cells `constraint` reads: its own, or every cell of `geometry`'s board for a rule
/// of the whole board (anti-knight, non-consecutive, the negative constraints).
pub fn scope(constraint: &Constraint, geometry: &Geometry) -> Vec<Cell> {
    match constraint {
        Constraint::Cage { cells, .. }
        | Constraint::LittleKiller { cells, .. }
        | Constraint::Distinct { cells, .. }
        | Constraint::Thermo { cells } => cells.clone(),
        Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
        Constraint::Kropki { cells, .. } | Constraint::Xv { cells, .. } => cells.to_vec(),
        Constraint::Parity { cell, .. } | Constraint::Candidates { cell, .. } => vec![*cell],
        Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::NonConsecutive
        | Constraint::KropkiNegative { .. }
        | Constraint::XvNegative { .. } => geometry.cells().collect(),
    }
}

/// A constraint named for people on a board: `cage r1c1 (23)`.
#[derive(Clone, Copy, Debug)]
pub struct Label<'a> {
    constraint: &'a Constraint,
    geometry: &'a Geometry,
}

impl<'a> Label<'a> {
    /// The name of `constraint` on `geometry`'s board.
    pub fn new(constraint: &'a Constraint, geometry: &'a Geometry) -> Label<'a> {
        Label {
            constraint,
            geometry,
        }
    }
}

impl fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: &Cell| self.geometry.cell_name(*c);
        let first = |cells: &[Cell]| cells.iter().min().map(name);
        match self.constraint {
            Constraint::Cage { cells, sum } => {
                write!(f, "cage")?;
                if let Some(c) = first(cells) {
                    write!(f, " {c}")?;
                }
                match sum {
                    Some(s) => write!(f, " ({s})"),
                    None => Ok(()),
                }
            }
            Constraint::LittleKiller { cells, sum } => {
                write!(f, "little killer")?;
                if let Some(c) = cells.first() {
                    write!(f, " {}", name(c))?;
                }
                write!(f, " ({sum})")
            }
            Constraint::Distinct { kind, cells } => match kind {
                Group::Diagonal => write!(f, "diagonal"),
                Group::AntiDiagonal => write!(f, "anti-diagonal"),
                Group::Region | Group::Disjoint => {
                    let word = if *kind == Group::Region {
                        "region"
                    } else {
                        "disjoint group"
                    };
                    match first(cells) {
                        Some(c) => write!(f, "{word} {c}"),
                        None => write!(f, "{word}"),
                    }
                }
            },
            Constraint::AntiKnight => write!(f, "anti-knight"),
            Constraint::AntiKing => write!(f, "anti-king"),
            Constraint::NonConsecutive => write!(f, "non-consecutive"),
            Constraint::Thermo { cells } => match cells.first() {
                Some(c) => write!(f, "thermometer {}", name(c)),
                None => write!(f, "thermometer"),
            },
            Constraint::Arrow { circle, .. } => match circle.first() {
                Some(c) => write!(f, "arrow {}", name(c)),
                None => write!(f, "arrow"),
            },
            Constraint::Kropki { cells, dot } => {
                let colour = match dot {
                    Dot::White => "white",
                    Dot::Black => "black",
                };
                write!(f, "{colour} dot {}-{}", name(&cells[0]), name(&cells[1]))
            }
            Constraint::Xv { cells, sum } => {
                let sign = if *sum == 10 { "X" } else { "V" };
                write!(f, "{sign} {}-{}", name(&cells[0]), name(&cells[1]))
            }
            Constraint::KropkiNegative { .. } => write!(f, "no dot"),
            Constraint::XvNegative { .. } => write!(f, "no XV sign"),
            Constraint::Parity { cell, even } => {
                write!(f, "{} {}", if *even { "even" } else { "odd" }, name(cell))
            }
            Constraint::Candidates { cell, .. } => write!(f, "pencilmarks {}", name(cell)),
        }
    }
}
