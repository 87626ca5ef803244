//! Reading a branching label as a decision on a Sudoku cell: `x[55] = 8` is r7c1 = 8.
//!
//! A label is a variable, a relation (`=`, `==`, `!=`, `<=`, `>=`, `<`, `>`) and an integer,
//! with or without blanks between them (Gecode writes `var[54] = 8`, Chuffed
//! `X_INTRODUCED_55_==8`). The variable names a cell by the user's `--cells` pattern if one is
//! given, else by the .fzn's `output_array` if one is given, else by the built-in forms
//! ([`builtin`]). A label that names no cell is no decision: the caller keeps it as text.

pub mod builtin;
pub mod decision;
pub mod fzn;
pub mod pattern;

pub use decision::{Cell, Decision, Relation};
pub use fzn::{FznCells, FznError, OutputArray};
pub use pattern::{CellPattern, PatternError};

/// Reads labels and nogoods with the naming the user gave.
#[derive(Clone, Debug, Default)]
pub struct LabelReader {
    pattern: Option<CellPattern>,
    fzn: Option<FznCells>,
}

/// One literal of a nogood: a decision on a cell, or text that names none (`B_3_=true`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Literal<'a> {
    /// A literal on a cell.
    Decision(Decision),
    /// A literal on something else, as sent.
    Text(&'a str),
}

impl LabelReader {
    /// A reader of the built-in forms only.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads variables with the user's `--cells` pattern first.
    #[must_use]
    pub fn with_pattern(mut self, pattern: CellPattern) -> Self {
        self.pattern = Some(pattern);
        self
    }

    /// Reads FlatZinc names with a .fzn's grid.
    #[must_use]
    pub fn with_fzn(mut self, cells: FznCells) -> Self {
        self.fzn = Some(cells);
        self
    }

    /// The decision a label says, if its variable is a cell and its value a digit.
    pub fn read(&self, label: &str) -> Option<Decision> {
        let (var, relation, value) = split(label)?;
        let cell = self
            .pattern
            .as_ref()
            .and_then(|p| p.cell_of(var))
            .or_else(|| self.fzn.as_ref().and_then(|f| f.cell_of(var)))
            .or_else(|| builtin::cell_of(var))?;
        Decision::new(cell, relation, value)
    }

    /// The literals of a nogood: blank-separated, each read as a label (Chuffed's form).
    pub fn read_nogood<'a>(&self, nogood: &'a str) -> Vec<Literal<'a>> {
        nogood
            .split_whitespace()
            .map(|literal| {
                self.read(literal)
                    .map_or(Literal::Text(literal), Literal::Decision)
            })
            .collect()
    }
}

/// A label's variable, relation and value: the relation is the first of `=!<>`.
pub fn split(label: &str) -> Option<(&str, Relation, i32)> {
    let at = label.find(['=', '!', '<', '>'])?;
    let (relation, length) = Relation::parse_prefix(&label[at..])?;
    let value = label[at + length..].trim().parse().ok()?;
    let var = label[..at].trim();
    (!var.is_empty()).then_some((var, relation, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(decision: Option<Decision>) -> Option<String> {
        decision.map(|d| d.to_string())
    }

    #[test]
    fn the_solvers_labels_read_as_decisions() {
        let reader = LabelReader::new();
        let cases = [
            ("x[55] = 8", Some("r7c1 = 8")),
            ("var[54] = 8", Some("r7c1 = 8")),
            ("var[54] != 8", Some("r7c1 != 8")),
            ("grid[7,2] = 8", Some("r7c2 = 8")),
            ("X[7][2] != 8", Some("r8c3 != 8")),
            ("x[1]<=4", Some("r1c1 <= 4")),
            ("x[1] >= 5", Some("r1c1 >= 5")),
            ("x[1] < 10", Some("r1c1 < 10")),
            ("x[1] > 0", Some("r1c1 > 0")),
            ("x[1] = 10", None),
            ("x[1] = 0", None),
            ("x[1] = ", None),
            ("x[1]", None),
            ("= 3", None),
            ("X_INTRODUCED_55_==8", None),
            ("B_3_=true", None),
            ("", None),
        ];
        for (label, want) in cases {
            assert_eq!(show(reader.read(label)).as_deref(), want, "{label:?}");
        }
    }

    #[test]
    fn a_pattern_comes_before_the_builtin_forms() {
        let pattern = CellPattern::parse("x[{index0}]").expect("the pattern parses");
        let reader = LabelReader::new().with_pattern(pattern);
        assert_eq!(show(reader.read("x[55] = 8")).as_deref(), Some("r7c2 = 8"));
        assert_eq!(
            show(reader.read("grid[7,2] = 8")).as_deref(),
            Some("r7c2 = 8")
        );
    }

    #[test]
    fn flatzinc_names_read_through_the_fzn_and_nogoods_split_into_literals() {
        let fzn = format!(
            "array [1..81] of var int: X:: output_array([1..9,1..9]) = [{}];",
            (0..81)
                .map(|i| format!("X_INTRODUCED_{i}_"))
                .collect::<Vec<_>>()
                .join(",")
        );
        let reader = LabelReader::new().with_fzn(FznCells::parse(&fzn, None).expect("grid"));
        assert_eq!(
            show(reader.read("X_INTRODUCED_55_==8")).as_deref(),
            Some("r7c2 = 8")
        );
        let literals = reader.read_nogood(" X_INTRODUCED_5_!=2 X_INTRODUCED_18_>=7 B_1_=true");
        assert_eq!(literals.len(), 3);
        assert!(matches!(literals[0], Literal::Decision(d) if d.to_string() == "r1c6 != 2"));
        assert!(matches!(literals[1], Literal::Decision(d) if d.to_string() == "r3c1 >= 7"));
        assert_eq!(literals[2], Literal::Text("B_1_=true"));
    }
}
