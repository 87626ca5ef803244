//! Breakpoint conditions: a small language over one step of a search (`assign r5c3=7`,
//! `depth > 8 and select`), parsed with column-located errors and evaluated as a pure
//! function of the event, its step, the depth and the counters.
//!
//! The grammar is in [`GRAMMAR`] and in `docs/breakpoints.md`. A condition is parsed once
//! ([`Condition::parse`]), bound to a board's geometry ([`Condition::bind`], which checks
//! that its cells and digits exist there) and then evaluated on every step
//! ([`Bound::holds`]). Nothing here knows about terminals.

mod decisions;
mod eval;
mod lex;
mod parse;
mod summary;

use std::fmt;

pub use decisions::Decisions;
pub use eval::{Bound, KINDS, Probe, kind_bit, kind_index};
pub use summary::{summary, words};

/// The grammar, as the prompt, `--help` errors and the docs show it.
pub const GRAMMAR: &str = "\
condition := term { (and | or) term }      and binds tighter than or
term      := not term | ( condition ) | event | measure
event     := assign|decision|prune|backtrack|revise [CELL[=D]]
           | culprit|backjump|skip [CELL[=D]] | select|wipeout [CELL]
           | solution | restart | learn
measure   := depth|step|nodes|backtracks|prunes|wipeouts|assignments [OP] N
           | backjumps|skipped|restarts|learned|size [OP] N | node N
             (node N: decision number N; size: the nogood's, at a learn)
OP        := > >= < <= == !=    (none: ==)      CELL := r5c3      D := 7";

/// A comparison of a measure with a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==` (also `=`, or no operator)
    Eq,
    /// `!=`
    Ne,
}

impl Cmp {
    /// Whether `left OP right`.
    #[inline]
    pub fn test(self, left: u64, right: u64) -> bool {
        match self {
            Cmp::Gt => left > right,
            Cmp::Ge => left >= right,
            Cmp::Lt => left < right,
            Cmp::Le => left <= right,
            Cmp::Eq => left == right,
            Cmp::Ne => left != right,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
        }
    }
}

/// What a measure reads: the step, the depth or a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Events so far, this one included.
    Step,
    /// Decisions in effect after the event.
    Depth,
    /// Decisions made so far.
    Nodes,
    /// Decisions undone so far.
    Backtracks,
    /// Digits removed so far.
    Prunes,
    /// Contradictions so far.
    Wipeouts,
    /// Assignments (decisions and inferred) so far.
    Assignments,
    /// Backtracks that jumped over at least one decision so far.
    Backjumps,
    /// Decisions jumped over by backjumps so far.
    Skipped,
    /// Restarts so far.
    Restarts,
    /// Nogoods learned so far.
    Learned,
    /// The literals of the nogood learned at this step (0 at any other event).
    Size,
}

impl Measure {
    const NAMES: [(&'static str, Measure); 12] = [
        ("depth", Measure::Depth),
        ("step", Measure::Step),
        ("nodes", Measure::Nodes),
        ("backtracks", Measure::Backtracks),
        ("prunes", Measure::Prunes),
        ("wipeouts", Measure::Wipeouts),
        ("assignments", Measure::Assignments),
        ("backjumps", Measure::Backjumps),
        ("skipped", Measure::Skipped),
        ("restarts", Measure::Restarts),
        ("learned", Measure::Learned),
        ("size", Measure::Size),
    ];

    /// Whether the measure grows by at most one per event (the step and every counter
    /// but `skipped`, which a backjump raises by the decisions it jumps over), so that a
    /// run can skip the events before a floor is in reach; the depth goes either way.
    pub fn grows_by_one(self) -> bool {
        !matches!(self, Measure::Depth | Measure::Skipped | Measure::Size)
    }

    fn name(self) -> &'static str {
        Measure::NAMES
            .iter()
            .find(|(_, m)| *m == self)
            .map_or("step", |(n, _)| n)
    }
}

/// The kinds of event a condition can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Any assignment (decision or inferred).
    Assign,
    /// A decision (an assignment the search chose).
    Decision,
    /// A digit removed from a domain.
    Prune,
    /// A decision undone.
    Backtrack,
    /// A cell chosen for the next decision.
    Select,
    /// A contradiction.
    Wipeout,
    /// Every cell holds a digit.
    Solution,
    /// A decision blamed for a failure (conflict-directed backjumping).
    Culprit,
    /// The search starts again from the root.
    Restart,
    /// An arc revision (maintaining arc consistency by an algorithm): of the cell, removing
    /// the digit.
    Revise,
    /// A backjump: a backtrack that jumps over at least one decision; its cell and digit
    /// are the decision it undoes (the jump's target).
    Backjump,
    /// A backjump that jumps over the decision on the cell (with the digit): the decision
    /// is undone without being refuted.
    Skip,
    /// A nogood learned.
    Learn,
}

impl Kind {
    const NAMES: [(&'static str, Kind); 13] = [
        ("assign", Kind::Assign),
        ("decision", Kind::Decision),
        ("prune", Kind::Prune),
        ("backtrack", Kind::Backtrack),
        ("revise", Kind::Revise),
        ("culprit", Kind::Culprit),
        ("backjump", Kind::Backjump),
        ("skip", Kind::Skip),
        ("select", Kind::Select),
        ("wipeout", Kind::Wipeout),
        ("solution", Kind::Solution),
        ("restart", Kind::Restart),
        ("learn", Kind::Learn),
    ];

    fn name(self) -> &'static str {
        Kind::NAMES
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("assign", |(n, _)| n)
    }

    /// Whether the kind can name a digit after its cell (`assign r5c3=7`).
    fn takes_digit(self) -> bool {
        matches!(
            self,
            Kind::Assign
                | Kind::Decision
                | Kind::Prune
                | Kind::Backtrack
                | Kind::Culprit
                | Kind::Revise
                | Kind::Backjump
                | Kind::Skip
        )
    }

    /// Whether the kind can name a cell.
    fn takes_cell(self) -> bool {
        !matches!(self, Kind::Solution | Kind::Restart | Kind::Learn)
    }
}

/// A cell as written, `r5c3` (row and column from 1), with its column in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellRef {
    /// Row, from 1.
    pub row: u64,
    /// Column, from 1.
    pub col: u64,
    /// Where it starts in the condition, from 1.
    pub at: usize,
}

/// A digit as written, with its column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DigitRef {
    /// The digit.
    pub value: u64,
    /// Where it starts in the condition, from 1.
    pub at: usize,
}

/// A parsed condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    /// An event of `kind`, on `cell` (any cell if `None`), with `digit` (any if `None`).
    Event {
        /// Which event.
        kind: Kind,
        /// Its cell, if named.
        cell: Option<CellRef>,
        /// Its digit, if named.
        digit: Option<DigitRef>,
    },
    /// `measure OP n`.
    Compare {
        /// What is measured.
        measure: Measure,
        /// How it is compared.
        cmp: Cmp,
        /// With what.
        value: u64,
    },
    /// The event that makes decision number `n`.
    Node(u64),
    /// Both.
    And(Box<Condition>, Box<Condition>),
    /// Either.
    Or(Box<Condition>, Box<Condition>),
    /// Not.
    Not(Box<Condition>),
}

/// A condition that does not parse, or names a cell or digit the board does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ConditionError {
    /// Where, in characters from 1 (one past the end for a condition cut short).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl ConditionError {
    /// The condition with a caret under the column and the message, for a terminal:
    /// ```text
    /// depth >> 3
    ///        ^ expected a number, found '>'
    /// ```
    pub fn pointed(&self, source: &str) -> String {
        format!(
            "{source}\n{}^ {}",
            " ".repeat(self.column.saturating_sub(1)),
            self.message
        )
    }
}

impl Condition {
    /// Parses `text`.
    pub fn parse(text: &str) -> Result<Condition, ConditionError> {
        let tokens = lex::tokens(text)?;
        parse::Parser::new(&tokens).condition()
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::Event { kind, cell, digit } => {
                f.write_str(kind.name())?;
                if let Some(c) = cell {
                    write!(f, " r{}c{}", c.row, c.col)?;
                }
                if let Some(d) = digit {
                    write!(f, "={}", d.value)?;
                }
                Ok(())
            }
            Condition::Compare {
                measure,
                cmp,
                value,
            } => write!(f, "{} {} {value}", measure.name(), cmp.symbol()),
            Condition::Node(n) => write!(f, "node {n}"),
            Condition::And(a, b) => {
                write_operand(f, a, false)?;
                f.write_str(" and ")?;
                write_operand(f, b, false)
            }
            Condition::Or(a, b) => write!(f, "{a} or {b}"),
            Condition::Not(a) => {
                f.write_str("not ")?;
                write_operand(f, a, true)
            }
        }
    }
}

/// Writes an operand of `and` (or of `not`, `tight`) with the parentheses it needs.
fn write_operand(f: &mut fmt::Formatter<'_>, c: &Condition, tight: bool) -> fmt::Result {
    let wrap = matches!(c, Condition::Or(..)) || (tight && matches!(c, Condition::And(..)));
    if wrap {
        write!(f, "({c})")
    } else {
        write!(f, "{c}")
    }
}
