//! Literals: `r1c2=5` or `r1c2≠5`, what reasons and learned nogoods are made of.

use std::fmt;

use crate::domain::Digit;
use crate::geometry::Cell;
use crate::grid::Grid;

/// `cell = digit` or `cell ≠ digit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
    /// `true` for `cell = digit`, `false` for `cell ≠ digit`.
    pub equal: bool,
}

impl Literal {
    /// `cell = digit`.
    pub fn equal(cell: Cell, digit: Digit) -> Literal {
        Literal {
            cell,
            digit,
            equal: true,
        }
    }

    /// `cell ≠ digit`.
    pub fn differ(cell: Cell, digit: Digit) -> Literal {
        Literal {
            cell,
            digit,
            equal: false,
        }
    }

    /// The opposite literal.
    #[must_use]
    pub fn negated(self) -> Literal {
        Literal {
            equal: !self.equal,
            ..self
        }
    }

    /// Whether the literal holds on `grid`: `c=d` when `c` is assigned `d` or has `d` as
    /// its only candidate; `c≠d` when `c` is assigned another digit or has lost `d`.
    pub fn holds(self, grid: &Grid) -> bool {
        let (value, domain) = (grid.value(self.cell), grid.domain(self.cell));
        if self.equal {
            value.map_or(domain.only() == Some(self.digit), |v| v == self.digit)
        } else {
            value.map_or(!domain.contains(self.digit), |v| v != self.digit)
        }
    }

    /// Whether the literal holds on `grid` as a search has set it: `c=d` when `c` is
    /// assigned `d` (an open cell left with `d` alone is not yet); `c≠d` as in
    /// [`Literal::holds`]. Learned nogoods are read this way.
    pub fn is_set(self, grid: &Grid) -> bool {
        match grid.value(self.cell) {
            Some(v) => (v == self.digit) == self.equal,
            None => !self.equal && !grid.domain(self.cell).contains(self.digit),
        }
    }

    /// The literal as written on the board's terms (`r1c2=5`), for a board of `grid`'s size.
    pub fn display(self, grid: &Grid) -> LiteralName {
        let geometry = grid.geometry();
        LiteralName {
            literal: self,
            cell: geometry.row_col(self.cell),
            symbol: self.digit.symbol(geometry.size()),
        }
    }
}

/// A literal with its cell's row and column and its digit's symbol, for display.
#[derive(Clone, Copy, Debug)]
pub struct LiteralName {
    literal: Literal,
    cell: (usize, usize),
    symbol: char,
}

impl fmt::Display for LiteralName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let relation = if self.literal.equal { '=' } else { '≠' };
        let (row, col) = self.cell;
        write!(f, "r{}c{}{relation}{}", row + 1, col + 1, self.symbol)
    }
}
