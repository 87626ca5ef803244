//! Sudoku variants as data: the regions that replace the boxes, and the constraints beyond
//! "all different in each row, column and box" that a puzzle carries (killer cages,
//! thermometers, arrows, kropki dots, ...). What the readers of the sharing formats make,
//! and what the propagators of the variants read.

mod fits;
mod scope;

pub(crate) use fits::{has_mark, orthogonal_pairs};
pub use fits::{holds, satisfiable};
pub use scope::{Label, reason_cells, scope};

use crate::domain::{Digit, Domain};
use crate::geometry::{BoxSize, Cell, Geometry, Unsupported};
use crate::puzzle::Puzzle;

/// A Sudoku puzzle with its variant rules: the givens, the regions where the classic grid
/// has boxes, and the extra constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The givens (digits placed at the start).
    pub givens: Puzzle,
    /// What stands in for the boxes.
    pub regions: Regions,
    /// Every other constraint, in the order the source gave them.
    pub constraints: Vec<Constraint>,
}

impl Variant {
    /// The classic puzzle `givens`, with boxes and no other constraint.
    pub fn classic(givens: Puzzle) -> Variant {
        Variant {
            givens,
            regions: Regions::Boxes,
            constraints: Vec::new(),
        }
    }

    /// The board's box size (its side is the box size squared).
    pub fn size(&self) -> BoxSize {
        self.givens.size()
    }

    /// The givens on the variant's board (its regions, peers and constraints), for a search.
    ///
    /// # Errors
    /// A board the engine cannot search ([`Unsupported`]).
    pub fn puzzle(&self) -> Result<Puzzle, Unsupported> {
        Ok(self.givens.clone().on(Geometry::of_variant(self)?))
    }

    /// Whether this is a classic Sudoku: boxes and no other constraint.
    pub fn is_classic(&self) -> bool {
        self.regions == Regions::Boxes && self.constraints.is_empty()
    }
}

/// What stands in for the boxes: every region holds each digit once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Regions {
    /// The classic boxes.
    Boxes,
    /// Jigsaw (irregular) regions: each cell's region number, from 0, row-major; each region
    /// has as many cells as a row.
    Jigsaw(Vec<u8>),
    /// No regions at all: only rows and columns (a Latin square with the other constraints).
    None,
}

/// A constraint beyond rows, columns and regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// A killer cage: its digits all differ and, with a sum, add up to it.
    Cage {
        /// The cage's cells.
        cells: Vec<Cell>,
        /// The sum, if the cage shows one.
        sum: Option<u32>,
    },
    /// A little killer sum: the digits along a diagonal, clued from outside the grid, add
    /// up to the sum; digits may repeat.
    LittleKiller {
        /// The diagonal's cells, from the clue inwards: the whole diagonal, from a cell on
        /// the grid's edge to the opposite edge, so its first two cells give the direction.
        cells: Vec<Cell>,
        /// The sum.
        sum: u32,
    },
    /// Cells that must all differ beyond the rows, columns and regions: a main diagonal, an
    /// extra region (windoku), a disjoint group.
    Distinct {
        /// What the group is, for naming and drawing.
        kind: Group,
        /// Its cells.
        cells: Vec<Cell>,
    },
    /// No two cells a chess knight's move apart hold the same digit.
    AntiKnight,
    /// No two cells a chess king's move apart (diagonally touching) hold the same digit.
    AntiKing,
    /// No two orthogonally adjacent cells hold consecutive digits.
    NonConsecutive,
    /// A thermometer: the digits strictly increase from the bulb along the line.
    Thermo {
        /// The cells from the bulb.
        cells: Vec<Cell>,
    },
    /// An arrow: the digits along the line add up to the number in the circle (a pill of
    /// two or more cells reads as a number of that many digits, the first cell its most
    /// significant digit). Digits on the line may repeat.
    Arrow {
        /// The circle's cells.
        circle: Vec<Cell>,
        /// The line's cells, from the circle out.
        line: Vec<Cell>,
    },
    /// A kropki dot between two orthogonally adjacent cells.
    Kropki {
        /// The two cells.
        cells: [Cell; 2],
        /// White (consecutive digits) or black (one double the other).
        dot: Dot,
    },
    /// An XV sign between two orthogonally adjacent cells: their digits add up to 10 (X) or
    /// 5 (V).
    Xv {
        /// The two cells.
        cells: [Cell; 2],
        /// 10 or 5.
        sum: u32,
    },
    /// The negative constraint of the dots: between two orthogonally adjacent cells that
    /// carry no dot at all (of either colour), the digits are not in the relation of a
    /// colour whose dots are all given. A pair with a black dot is exempt from the white
    /// negative and the other way round (1 and 2 may sit on a black dot when every white dot
    /// is given), as the Interactive Sudoku Solver's `StrictKropki` and f-puzzles' negative
    /// constraint read it.
    KropkiNegative {
        /// Every white dot is given.
        white: bool,
        /// Every black dot is given.
        black: bool,
    },
    /// The negative constraint of XV: between two orthogonally adjacent cells that carry no
    /// X and no V, the digits do not add up to 10 (if every X is given) nor to 5 (if every V
    /// is given). A pair with either sign is exempt from both, as the Interactive Sudoku
    /// Solver's `StrictXV` and f-puzzles' negative constraint read it.
    XvNegative {
        /// Every X is given.
        x: bool,
        /// Every V is given.
        v: bool,
    },
    /// A cell that holds an even (or odd) digit.
    Parity {
        /// The cell.
        cell: Cell,
        /// Even, or odd.
        even: bool,
    },
    /// A cell restricted to some digits (a pencilmark given).
    Candidates {
        /// The cell.
        cell: Cell,
        /// The digits it may hold.
        digits: Domain,
    },
}

/// What a group of distinct cells is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The diagonal from the top left to the bottom right.
    Diagonal,
    /// The diagonal from the top right to the bottom left.
    AntiDiagonal,
    /// An extra region (windoku's four, or any other).
    Region,
    /// A disjoint group: the cells at the same place in every box.
    Disjoint,
}

/// A kropki dot's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dot {
    /// The digits are consecutive.
    White,
    /// One digit is double the other.
    Black,
}

impl Dot {
    /// Whether digits `a` and `b` are in this dot's relation.
    pub fn holds(self, a: Digit, b: Digit) -> bool {
        let (a, b) = (a.get(), b.get());
        match self {
            Dot::White => a.abs_diff(b) == 1,
            Dot::Black => a == 2 * b || b == 2 * a,
        }
    }
}
