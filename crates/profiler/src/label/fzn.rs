//! The cells of a FlatZinc model: its `output_array` annotation maps Chuffed's names to cells.
//!
//! MiniZinc flattens `array[1..9, 1..9] of var 1..9: X` into one statement such as
//!
//! ```text
//! array [1..81] of var int: X:: output_array([1..9,1..9]) = [6,X_INTRODUCED_1_,7,...];
//! ```
//!
//! whose elements, row by row, are the cells: a name for a cell to solve, a number for a given.
//! Chuffed's labels and nogoods name those variables (`X_INTRODUCED_1_==5`).

use std::collections::HashMap;

use super::decision::Cell;

/// An `output_array` of a FlatZinc model: the model's name for it, its index ranges and elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputArray {
    /// The model's array name (`X`).
    pub name: String,
    /// The index ranges of `output_array([1..9,1..9])`.
    pub dims: Vec<(i64, i64)>,
    /// The elements: FlatZinc variable names, or the text of constants (the givens).
    pub elements: Vec<String>,
    /// The line of the .fzn where the statement starts (1 for the first).
    pub line: usize,
}

/// A .fzn whose `output_array` cannot be a Sudoku grid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FznError {
    /// An `output_array` statement that does not read as `... : NAME :: output_array([...]) = [...]`.
    #[error("line {line}: an output_array statement that does not read ({reason})")]
    Malformed {
        /// Its line.
        line: usize,
        /// What is missing.
        reason: &'static str,
    },
    /// No `output_array` of 81 elements (or none of the name asked for).
    #[error("no output_array of 81 elements{}; the model's arrays: {found}", .wanted.as_ref().map(|w| format!(" named {w}")).unwrap_or_default())]
    NoGrid {
        /// The name asked for, if any.
        wanted: Option<String>,
        /// The arrays found, `name (n elements)`, comma-separated.
        found: String,
    },
}

/// Every `output_array` statement of a .fzn text, in order.
pub fn output_arrays(fzn: &str) -> Result<Vec<OutputArray>, FznError> {
    let mut arrays = Vec::new();
    let mut line = 1;
    for statement in fzn.split(';') {
        let leading = statement.len() - statement.trim_start().len();
        let start_line = line + statement[..leading].matches('\n').count();
        line += statement.matches('\n').count();
        let text = statement.trim();
        if text.starts_with("array") && text.contains("output_array") {
            arrays.push(parse_statement(text, start_line)?);
        }
    }
    Ok(arrays)
}

fn parse_statement(text: &str, line: usize) -> Result<OutputArray, FznError> {
    let malformed = |reason| FznError::Malformed { line, reason };
    // The name sits between the type's ':' and the annotations' '::'.
    let annotations = text.find("::").ok_or(malformed("no '::'"))?;
    let colon = text[..annotations]
        .rfind(':')
        .ok_or(malformed("no ':' before the name"))?;
    let name = text[colon + 1..annotations].trim().to_owned();
    let open = text
        .find("output_array(")
        .ok_or(malformed("no 'output_array('"))?
        + "output_array(".len();
    let close = text[open..]
        .find(')')
        .ok_or(malformed("output_array( is not closed"))?
        + open;
    let dims = text[open..close]
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(|range| {
            let (low, high) = range.split_once("..")?;
            Some((low.trim().parse().ok()?, high.trim().parse().ok()?))
        })
        .collect::<Option<Vec<_>>>()
        .ok_or(malformed("output_array's ranges are not a..b"))?;
    let equals = text[close..]
        .find('=')
        .ok_or(malformed("no '=' before the elements"))?
        + close;
    let body = text[equals + 1..].trim();
    let body = body
        .strip_prefix('[')
        .and_then(|b| b.strip_suffix(']'))
        .ok_or(malformed("the elements are not [...]"))?;
    let elements = body
        .split(',')
        .map(|e| e.trim().to_owned())
        .filter(|e| !e.is_empty())
        .collect();
    Ok(OutputArray {
        name,
        dims,
        elements,
        line,
    })
}

/// The map from FlatZinc variable names to the cells they are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FznCells {
    /// The model's array it was read from.
    pub array: String,
    by_name: HashMap<String, Cell>,
}

impl FznCells {
    /// Reads the grid from a .fzn text: the `output_array` named `wanted`, or else the first one
    /// with 81 elements.
    pub fn parse(fzn: &str, wanted: Option<&str>) -> Result<Self, FznError> {
        let arrays = output_arrays(fzn)?;
        let grid = arrays
            .iter()
            .find(|a| a.elements.len() == 81 && wanted.is_none_or(|w| a.name == w))
            .ok_or_else(|| FznError::NoGrid {
                wanted: wanted.map(str::to_owned),
                found: arrays
                    .iter()
                    .map(|a| format!("{} ({} elements)", a.name, a.elements.len()))
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        let by_name = grid
            .elements
            .iter()
            .enumerate()
            .filter(|(_, e)| super::builtin::is_identifier(e))
            .filter_map(|(i, e)| Some((e.clone(), Cell::from_index(i)?)))
            .collect();
        Ok(Self {
            array: grid.name.clone(),
            by_name,
        })
    }

    /// The cell a FlatZinc name is, if it is one of the grid's.
    pub fn cell_of(&self, name: &str) -> Option<Cell> {
        self.by_name.get(name.trim()).copied()
    }

    /// Cells with a variable (the others are givens).
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// Whether every cell is a given.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FZN: &str = "var 1..9: X_INTRODUCED_1_;\narray [1..3] of var int: Y:: output_array([1..3]) = [a,b,c];\n\
        array [1..81] of var int: X:: output_array([1..9,1..9]) = [6,X_INTRODUCED_1_,7,X_INTRODUCED_3_,\
        8,4,X_6,X_7,3,4,X_10,X_11,X_12,X_13,X_14,X_15,5,X_17,X_18,X_19,3,X_21,X_22,X_23,X_24,X_25,X_26,7,2,\
        X_29,X_30,X_31,X_32,X_33,X_34,X_35,3,X_37,9,X_39,X_40,7,X_42,X_43,X_44,X_45,X_46,X_47,X_48,4,X_50,\
        X_51,2,5,X_54,X_55,X_56,X_57,X_58,X_59,X_60,X_61,2,X_63,X_64,X_65,X_66,3,5,X_69,X_70,6,X_72,3,2,\
        X_75,7,X_77,9,X_79,X_80];\nsolve satisfy;\n";

    #[test]
    fn the_grid_array_maps_names_to_cells_and_skips_givens() {
        let cells = FznCells::parse(FZN, None).expect("the grid is found");
        assert_eq!(cells.array, "X");
        assert_eq!(
            cells.cell_of("X_INTRODUCED_1_").map(|c| (c.row(), c.col())),
            Some((0, 1))
        );
        assert_eq!(
            cells.cell_of("X_80").map(|c| (c.row(), c.col())),
            Some((8, 8))
        );
        assert_eq!(cells.cell_of("a"), None);
        assert_eq!(cells.len(), 81 - 24);
    }

    #[test]
    fn statements_are_located_and_ranges_read() {
        let arrays = output_arrays(FZN).expect("arrays read");
        assert_eq!(arrays.len(), 2);
        assert_eq!(
            (
                arrays[0].name.as_str(),
                arrays[0].line,
                arrays[0].dims.as_slice()
            ),
            ("Y", 2, &[(1, 3)][..])
        );
        assert_eq!(
            (arrays[1].line, arrays[1].dims.as_slice()),
            (3, &[(1, 9), (1, 9)][..])
        );
    }

    #[test]
    fn a_model_without_a_grid_or_with_a_broken_statement_says_so() {
        let none = FznCells::parse(
            "array [1..3] of var int: Y:: output_array([1..3]) = [a,b,c];",
            None,
        );
        assert_eq!(
            none,
            Err(FznError::NoGrid {
                wanted: None,
                found: "Y (3 elements)".into()
            })
        );
        let named = FznCells::parse(FZN, Some("Z"));
        assert!(matches!(named, Err(FznError::NoGrid { wanted: Some(w), .. }) if w == "Z"));
        let broken =
            output_arrays("\n\narray [1..3] of var int: Y:: output_array([1..3]) [a,b,c];");
        assert_eq!(
            broken,
            Err(FznError::Malformed {
                line: 3,
                reason: "no '=' before the elements"
            })
        );
    }
}
