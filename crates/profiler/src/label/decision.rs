//! A decision on a Sudoku cell read from a label: the cell, the relation and the digit.

use std::fmt;

/// One of the 81 cells, numbered 0..81 row by row (r1c1 is 0, r9c9 is 80).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell at a 0-based row-major index, if it is below 81.
    pub fn from_index(index: usize) -> Option<Self> {
        u8::try_from(index).ok().filter(|&i| i < 81).map(Self)
    }

    /// The cell at a 0-based row and column, if both are below 9.
    pub fn from_row_col(row: usize, col: usize) -> Option<Self> {
        (row < 9 && col < 9).then(|| Self((row * 9 + col) as u8))
    }

    /// The 0-based row-major index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The 0-based row.
    pub fn row(self) -> usize {
        usize::from(self.0 / 9)
    }

    /// The 0-based column.
    pub fn col(self) -> usize {
        usize::from(self.0 % 9)
    }
}

impl fmt::Display for Cell {
    /// `r3c7`, 1-based as Sudoku players write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// How a decision relates the cell to the digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// `=` or `==`: assign.
    Eq,
    /// `!=`: prune.
    Ne,
    /// `<=`.
    Le,
    /// `>=`.
    Ge,
    /// `<`.
    Lt,
    /// `>`.
    Gt,
}

impl Relation {
    /// The relation at the start of `text` and the bytes it takes (`==` before `=`).
    pub fn parse_prefix(text: &str) -> Option<(Self, usize)> {
        const TOKENS: [(&str, Relation); 7] = [
            ("==", Relation::Eq),
            ("!=", Relation::Ne),
            ("<=", Relation::Le),
            (">=", Relation::Ge),
            ("=", Relation::Eq),
            ("<", Relation::Lt),
            (">", Relation::Gt),
        ];
        TOKENS
            .iter()
            .find(|(token, _)| text.starts_with(token))
            .map(|&(token, r)| (r, token.len()))
    }

    /// The ASCII symbol: `=`, `!=`, `<=`, `>=`, `<`, `>`.
    pub fn symbol(self) -> &'static str {
        match self {
            Self::Eq => "=",
            Self::Ne => "!=",
            Self::Le => "<=",
            Self::Ge => ">=",
            Self::Lt => "<",
            Self::Gt => ">",
        }
    }

    /// Whether `digit` satisfies `digit <relation> value`.
    pub fn holds(self, digit: i32, value: i32) -> bool {
        match self {
            Self::Eq => digit == value,
            Self::Ne => digit != value,
            Self::Le => digit <= value,
            Self::Ge => digit >= value,
            Self::Lt => digit < value,
            Self::Gt => digit > value,
        }
    }
}

/// A branching decision on a cell: `r8c3 = 8`, `r1c1 != 4`, `r5c5 <= 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// The cell.
    pub cell: Cell,
    /// The relation.
    pub relation: Relation,
    /// The digit (1–9 for `=` and `!=`; 0–10 for the bounds, so `x < 10` still reads).
    pub value: i32,
}

impl Decision {
    /// A decision, if the value fits a Sudoku digit for this relation.
    pub fn new(cell: Cell, relation: Relation, value: i32) -> Option<Self> {
        let fits = match relation {
            Relation::Eq | Relation::Ne => (1..=9).contains(&value),
            _ => (0..=10).contains(&value),
        };
        fits.then_some(Self {
            cell,
            relation,
            value,
        })
    }

    /// The digits (1–9) the decision leaves the cell.
    pub fn allowed_digits(self) -> impl Iterator<Item = u8> {
        (1..=9u8).filter(move |&d| self.relation.holds(i32::from(d), self.value))
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.cell, self.relation.symbol(), self.value)
    }
}
