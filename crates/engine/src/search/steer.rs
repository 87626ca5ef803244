//! Forced decisions: a schedule "the k-th cell the search selects is `cell`, tried first
//! with `digit`" owned by the search, so that a clone (a timeline checkpoint) re-runs
//! identically. A forced decision opens a node like any other: when it is refuted, the
//! strategy's value order tries the cell's other digits. `--decide`, a fork and a
//! caller's own cell order all force decisions through it; a forced decision is an
//! ordinary decision event with the cause [`AssignCause::UserDecision`].

use std::fmt;

use crate::domain::Digit;
#[cfg(doc)]
use crate::event::AssignCause;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::heuristic::Ranked;
use crate::strategy::CellOrder;

/// Decisions to force, by the number of the select they replace (from 1, in the order the
/// search selects cells; retrying another digit after a backtrack is not a select).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    forced: Vec<(u64, Cell, Digit)>,
}

/// A forced decision that was not legal when its turn came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Which decision (from 1).
    pub number: u64,
    /// Its cell.
    pub cell: Cell,
    /// Its digit.
    pub digit: Digit,
    /// Why, in a sentence ("r1c2 already holds 5 (a given)").
    pub reason: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "decision {}: {}", self.number, self.reason)
    }
}

/// A `--decide` list that does not parse: the column (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct ScheduleError {
    /// Where, in characters from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl Schedule {
    /// `cell = digit` as decision number `number`, replacing any decision of that number.
    pub fn insert(&mut self, number: u64, cell: Cell, digit: Digit) {
        match self.forced.binary_search_by_key(&number, |f| f.0) {
            Ok(i) => self.forced[i] = (number, cell, digit),
            Err(i) => self.forced.insert(i, (number, cell, digit)),
        }
    }

    /// Drops the decisions numbered `number` and later (a fork replaces that future).
    pub fn truncate(&mut self, number: u64) {
        self.forced.retain(|f| f.0 < number);
    }

    /// The forced decisions, by number.
    pub fn decisions(&self) -> &[(u64, Cell, Digit)] {
        &self.forced
    }

    /// Decision `number`, if forced.
    pub fn at(&self, number: u64) -> Option<(Cell, Digit)> {
        self.forced
            .binary_search_by_key(&number, |f| f.0)
            .ok()
            .map(|i| (self.forced[i].1, self.forced[i].2))
    }

    /// `r1c2=5,r3c4=1` on a board of `geometry`: decisions 1, 2, ... in that order.
    pub fn parse(text: &str, geometry: &Geometry) -> Result<Schedule, ScheduleError> {
        let mut schedule = Schedule::default();
        let mut column = 1;
        for (k, item) in text.split(',').enumerate() {
            let lead = item.chars().take_while(|c| c.is_whitespace()).count();
            let at = column + lead;
            let word = item.trim().to_ascii_lowercase();
            let bad = |message: String| ScheduleError {
                column: at,
                message,
            };
            let (cell, digit) = word
                .strip_prefix('r')
                .and_then(|w| w.split_once('c'))
                .and_then(|(r, rest)| rest.split_once('=').map(|(c, d)| (r, c, d)))
                .and_then(|(r, c, d)| {
                    Some((
                        r.parse::<usize>().ok()?,
                        c.parse::<usize>().ok()?,
                        d.parse::<u8>().ok()?,
                    ))
                })
                .map(|(r, c, d)| ((r, c), d))
                .ok_or_else(|| {
                    bad(format!(
                        "expected a decision like r5c3=7, found '{}'",
                        item.trim()
                    ))
                })?;
            let side = geometry.side();
            let ((r, c), d) = (cell, digit);
            if !(1..=side).contains(&r) || !(1..=side).contains(&c) {
                return Err(bad(format!("r{r}c{c} is off the {side}×{side} board")));
            }
            let digit = Digit::new(d)
                .filter(|_| usize::from(d) <= side)
                .ok_or_else(|| bad(format!("{d} is not a digit of a {side}×{side} board")))?;
            schedule.insert(k as u64 + 1, geometry.cell_at(r - 1, c - 1), digit);
            column += item.chars().count() + 1;
        }
        Ok(schedule)
    }
}

/// Why `cell = digit` cannot be decided on `grid` now, if it cannot.
pub fn illegal(grid: &Grid, cell: Cell, digit: Digit) -> Option<String> {
    let g = grid.geometry();
    let name = g.cell_name(cell);
    let size = g.size();
    let sym = |d: Digit| d.symbol(size);
    if let Some(value) = grid.value(cell) {
        return Some(format!("{name} already holds {}", sym(value)));
    }
    let domain = grid.domain(cell);
    if !domain.contains(digit) {
        let left: Vec<String> = domain.iter().map(|d| sym(d).to_string()).collect();
        return Some(format!(
            "{} is not in {name}'s domain {{{}}}",
            sym(digit),
            left.join(",")
        ));
    }
    grid.peer_holding(cell, digit).map(|peer| {
        format!(
            "{} is already held by {name}'s peer {}",
            sym(digit),
            g.cell_name(peer)
        )
    })
}

/// The engine's side of forcing: the schedule, the digit of a forced select, a refusal.
#[derive(Clone, Debug, Default)]
pub(crate) struct Steer {
    pub(super) schedule: Schedule,
    pub(super) next: Option<(Cell, Digit)>,
    pub(super) selects: u64,
    pub(super) pending: Option<Digit>,
    pub(super) refusal: Option<Refusal>,
}

impl Steer {
    /// The digit of a forced select, once.
    pub(super) fn take_pending(&mut self) -> Option<Digit> {
        self.pending.take()
    }
}

impl Steer {
    /// The ranked cell to select on `grid`: `ranked` (the order's choice), unless the next
    /// decision is forced, then the forced cell scored by `order`. `None` when the forced
    /// decision is illegal (the search then ends, with the refusal).
    pub(super) fn select(
        &mut self,
        grid: &Grid,
        order: CellOrder,
        ranked: Ranked,
    ) -> Option<Ranked> {
        self.selects += 1;
        let number = self.selects;
        let Some((cell, digit)) = self.next.take().or_else(|| self.schedule.at(number)) else {
            return Some(ranked);
        };
        if let Some(reason) = illegal(grid, cell, digit) {
            self.refusal = Some(Refusal {
                number,
                cell,
                digit,
                reason,
            });
            return None;
        }
        self.pending = Some(digit);
        // The cell's score as the order would give it (its degree, say), not a zero.
        Some(Ranked {
            cell,
            score: order.score(grid, cell),
        })
    }

    /// Back to the start of the schedule.
    pub(super) fn restart(&mut self) {
        self.next = None;
        self.selects = 0;
        self.pending = None;
        self.refusal = None;
    }
}
