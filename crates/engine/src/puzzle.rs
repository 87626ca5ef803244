//! A puzzle: the givens on a board of some size, and the check that they break no rule.

use std::fmt;

use super::domain::Digit;
use super::geometry::{BoxSize, Cell, CellName, Geometry};

/// Givens on an n×n board; `None` marks an empty cell. The board is the classic one of
/// its size, or a variant's ([`Puzzle::on`]): its regions and constraints are then the
/// search's too.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    size: BoxSize,
    givens: Vec<Option<Digit>>,
    geometry: &'static Geometry,
}

/// How a puzzle's givens start a search's board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Givens {
    /// Each given is placed in its cell before the search starts (dokuscope's own
    /// searches, and traces by default).
    #[default]
    Placed,
    /// Each given starts as an unassigned cell whose domain is its one digit, and the
    /// solver assigns it like any cell (a trace whose start says `"givens":"domains"`, as
    /// AIMA's Sudoku makes every given a variable).
    Domains,
}

/// Two givens that break a rule: the puzzle is `invalid`, not `unsolvable`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{first} and {second} both hold {digit}")]
pub struct Conflict {
    /// The earlier cell in reading order.
    pub first: CellName,
    /// The later cell.
    pub second: CellName,
    /// The digit they share.
    pub digit: Digit,
}

impl Puzzle {
    /// A puzzle from its givens, row-major; `givens.len()` must be the size's cell count.
    pub fn new(size: BoxSize, givens: Vec<Option<Digit>>) -> Option<Puzzle> {
        (givens.len() == size.cells()).then_some(Puzzle {
            size,
            givens,
            geometry: Geometry::of(size),
        })
    }

    /// The same givens on `geometry`'s board (a variant's), which must be of the same size.
    #[must_use]
    pub fn on(self, geometry: &'static Geometry) -> Puzzle {
        debug_assert_eq!(geometry.size(), self.size, "a board of the puzzle's size");
        if geometry.size() != self.size {
            return self;
        }
        Puzzle { geometry, ..self }
    }

    /// The empty board of `size`.
    pub fn empty(size: BoxSize) -> Puzzle {
        Puzzle {
            size,
            givens: vec![None; size.cells()],
            geometry: Geometry::of(size),
        }
    }

    /// The board size.
    pub fn size(&self) -> BoxSize {
        self.size
    }

    /// The board's tables.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The given in `cell`, if any.
    pub fn given(&self, cell: Cell) -> Option<Digit> {
        self.givens[cell.index()]
    }

    /// All givens, row-major.
    pub fn givens(&self) -> &[Option<Digit>] {
        &self.givens
    }

    /// The number of givens (clues).
    pub fn clue_count(&self) -> usize {
        self.givens.iter().flatten().count()
    }

    /// `cell` with `digit` given, or emptied with `None`.
    #[must_use]
    pub fn with(mut self, cell: Cell, digit: Option<Digit>) -> Puzzle {
        self.givens[cell.index()] = digit;
        self
    }

    /// The first pair of givens that share a unit and a digit, in reading order.
    pub fn conflict(&self) -> Option<Conflict> {
        let g = self.geometry();
        for cell in g.cells() {
            let Some(digit) = self.given(cell) else {
                continue;
            };
            for &peer in g.peers(cell) {
                if peer > cell && self.given(peer) == Some(digit) {
                    return Some(Conflict {
                        first: g.cell_name(cell),
                        second: g.cell_name(peer),
                        digit,
                    });
                }
            }
        }
        None
    }

    /// Whether every cell holds a digit and no unit repeats one.
    pub fn is_complete_solution(&self) -> bool {
        self.givens.iter().all(Option::is_some) && self.conflict().is_none()
    }

    /// The one-line form: n² symbols, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.givens
            .iter()
            .map(|g| g.map_or('.', |d| d.symbol(self.size)))
            .collect()
    }
}

impl fmt::Display for Puzzle {
    /// The one-line form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}
