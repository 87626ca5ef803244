//! The naming schemes dokuscope knows without being told: how the solvers name a cell.
//!
//! | form         | example         | indices                                                  |
//! |--------------|-----------------|----------------------------------------------------------|
//! | `name[i]`    | `x[55] = 8`     | flat, 1-based (MiniZinc arrays: `x[1]` is r1c1, `x[81]` r9c9) |
//! | `var[i]`     | `var[54] = 8`   | flat, 0-based: Gecode's default label for a branching's variable *i* |
//! | `name[r,c]`  | `grid[7,2] = 8` | row and column, 1-based (MiniZinc 2-d arrays)            |
//! | `name[r][c]` | `X[7][2] != 8`  | row and column, 0-based (C, C++, Java, Python arrays)    |
//!
//! A name is letters, digits and underscores, not starting with a digit. Blanks are allowed
//! around brackets and commas.

use super::decision::Cell;

/// The cell a variable such as `x[55]` or `grid[7,2]` names, by the table above.
pub fn cell_of(var: &str) -> Option<Cell> {
    let mut scan = Scan { rest: var.trim() };
    let name = scan.identifier()?;
    scan.expect('[')?;
    let first = scan.number()?;
    let cell = if scan.eat(',') {
        let second = scan.number()?;
        scan.expect(']')?;
        Cell::from_row_col(first.checked_sub(1)?, second.checked_sub(1)?)
    } else {
        scan.expect(']')?;
        if scan.eat('[') {
            let second = scan.number()?;
            scan.expect(']')?;
            Cell::from_row_col(first, second)
        } else if name == "var" {
            Cell::from_index(first)
        } else {
            Cell::from_index(first.checked_sub(1)?)
        }
    };
    scan.rest.trim().is_empty().then_some(cell?)
}

/// Whether `var` is a bare identifier (a FlatZinc name such as `X_INTRODUCED_55_`).
pub fn is_identifier(var: &str) -> bool {
    let mut scan = Scan { rest: var.trim() };
    scan.identifier().is_some() && scan.rest.is_empty()
}

struct Scan<'a> {
    rest: &'a str,
}

impl<'a> Scan<'a> {
    fn identifier(&mut self) -> Option<&'a str> {
        let end = self
            .rest
            .char_indices()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(self.rest.len(), |(i, _)| i);
        let (name, rest) = self.rest.split_at(end);
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        self.rest = rest;
        Some(name)
    }

    fn eat(&mut self, c: char) -> bool {
        match self.rest.trim_start().strip_prefix(c) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    fn expect(&mut self, c: char) -> Option<()> {
        self.eat(c).then_some(())
    }

    fn number(&mut self) -> Option<usize> {
        let text = self.rest.trim_start();
        let end = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        let value = text[..end].parse().ok()?;
        self.rest = &text[end..];
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rc(cell: Option<Cell>) -> Option<(usize, usize)> {
        cell.map(|c| (c.row() + 1, c.col() + 1))
    }

    #[test]
    fn each_builtin_form_names_its_cell() {
        let cases = [
            ("x[1]", Some((1, 1))),
            ("x[55]", Some((7, 1))),
            ("x[81]", Some((9, 9))),
            ("var[0]", Some((1, 1))),
            ("var[54]", Some((7, 1))),
            ("var[80]", Some((9, 9))),
            ("grid[7,2]", Some((7, 2))),
            ("grid[ 7 , 2 ]", Some((7, 2))),
            ("X[7][2]", Some((8, 3))),
            ("X[0][0]", Some((1, 1))),
            ("cells_2[9,9]", Some((9, 9))),
        ];
        for (var, want) in cases {
            assert_eq!(rc(cell_of(var)), want, "{var}");
        }
    }

    #[test]
    fn indices_outside_the_grid_and_other_shapes_name_no_cell() {
        for var in [
            "x[0]",
            "x[82]",
            "var[81]",
            "grid[0,1]",
            "grid[10,1]",
            "X[9][0]",
            "x",
            "x[1",
            "x[1]y",
            "9x[1]",
            "x[-1]",
            "x[1,2,3]",
        ] {
            assert_eq!(cell_of(var), None, "{var}");
        }
    }

    #[test]
    fn identifiers_are_told_from_indexed_names() {
        assert!(is_identifier("X_INTRODUCED_55_"));
        assert!(!is_identifier("x[3]"));
        assert!(!is_identifier("3x"));
        assert!(!is_identifier(""));
    }
}
