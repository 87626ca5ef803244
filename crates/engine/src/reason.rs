//! Literals and reasons: what each prune and each forced assignment follows from.
//!
//! A literal is `r1c2=5` or `r1c2≠5`. The reason of a prune is a set of literals, true
//! when the prune was made, that imply it under the one constraint the propagator
//! enforces: forward checking's is the peer's assignment, a hidden single's is the unit's
//! other cells without the digit, AC-3's revise is the peer's lost digits, a naked pair's
//! the pair's lost digits, a hidden pair's the unit's other cells without the pair's
//! digits, locked candidates' the line's (or box's) cells outside the crossing without
//! the digit. This is the implication graph of lazy clause generation (Ohrimenko, Stuckey
//! and Codish, "Propagation via lazy clause generation", Constraints 14(3), 2009): each
//! literal a propagator sets, with the literals it was set because of.
//!
//! Reasons are made when asked for, from the cause an event carries and the board when it
//! was made ([`explain_prune`], [`explain_assign`]); a search that nobody asks pays
//! nothing for them. A refuted decision has no reason of its own: the search below it
//! refuted it, so the decisions above it are to blame ([`Explained::Decisions`]).

use crate::domain::{Digit, Domain};
use crate::event::{AssignCause, PruneCause};
use crate::geometry::{Cell, Unit};
use crate::grid::Grid;
pub use crate::literal::{Literal, LiteralName};

/// What a reason is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Explained {
    /// The literals written out.
    Literals,
    /// The decisions in effect (a refuted decision: the search below it refuted it).
    Decisions,
    /// Learned nogood `id`'s literals but the one it made false, written out by whoever
    /// keeps the nogood ([`nogood_reason`]): the engine's store, or a trace's `learn` line.
    Nogood {
        /// The nogood's number.
        id: u32,
    },
}

/// The reason of the prune `cell ≠ digit` made because of `cause`, into `out` (cleared
/// first), from `grid` as it was when the prune was made (before or after it: a prune
/// changes none of its own reason's literals).
pub fn explain_prune(
    grid: &Grid,
    cell: Cell,
    digit: Digit,
    cause: PruneCause,
    out: &mut Vec<Literal>,
) -> Explained {
    out.clear();
    let geometry = grid.geometry();
    let all = Domain::full(geometry.size());
    match cause {
        PruneCause::ForwardCheck { from } => out.push(Literal::equal(from, digit)),
        PruneCause::Conflict { with } => out.push(Literal::equal(with, digit)),
        PruneCause::Revise { against } => match grid.value(against) {
            Some(_) => out.push(Literal::equal(against, digit)),
            None => lost(against, all, Domain::single(digit), out),
        },
        PruneCause::HiddenSingle { unit, digit: only } => {
            without(grid, unit, |c| c != cell, only, out);
        }
        PruneCause::NakedPair { unit: _, cells } => {
            let pair = grid.domain(cells[0]).or(grid.domain(cells[1]));
            for p in cells {
                lost(p, all, pair, out);
            }
        }
        PruneCause::HiddenPair { unit, digits } => {
            // The pair's two places: the unit's open cells where either digit still goes.
            let places: Vec<Cell> = geometry
                .unit_cells(unit)
                .iter()
                .copied()
                .filter(|&c| grid.is_open(c) && !grid.domain(c).and(digits).is_empty())
                .collect();
            for d in digits {
                without(grid, unit, |c| !places.contains(&c), d, out);
            }
        }
        PruneCause::LockedCandidates {
            unit,
            crossing,
            digit: locked,
        } => {
            let crossing = geometry.unit_cells(crossing);
            without(grid, unit, |c| !crossing.contains(&c), locked, out);
        }
        PruneCause::Refuted => return Explained::Decisions,
        PruneCause::Nogood { id } => return Explained::Nogood { id },
        PruneCause::Variant { constraint, with } => {
            let Some(c) = geometry
                .rules()
                .and_then(|r| r.constraints().get(usize::from(constraint)))
            else {
                return Explained::Decisions;
            };
            for other in crate::variant::reason_cells(c, cell, with) {
                state_of(grid, other, all, out);
            }
        }
    }
    Explained::Literals
}

/// `cell = v` if `cell` holds `v`, else `cell ≠ d` for every digit `d` of `all` it lost:
/// what `grid` says of the cell.
pub(crate) fn state_of(grid: &Grid, cell: Cell, all: Domain, out: &mut Vec<Literal>) {
    match grid.value(cell) {
        Some(v) => out.push(Literal::equal(cell, v)),
        None => lost(cell, all, grid.domain(cell), out),
    }
}

/// The reason of the assignment `cell = digit` made because of `cause`, into `out`
/// (cleared first), from `grid` as it was just before it. A decision has none.
pub fn explain_assign(
    grid: &Grid,
    cell: Cell,
    digit: Digit,
    cause: AssignCause,
    out: &mut Vec<Literal>,
) -> Explained {
    out.clear();
    match cause {
        AssignCause::Decision | AssignCause::UserDecision => return Explained::Decisions,
        AssignCause::NakedSingle => {
            lost(
                cell,
                Domain::full(grid.geometry().size()),
                Domain::single(digit),
                out,
            );
        }
        AssignCause::HiddenSingle { unit } => without(grid, unit, |c| c != cell, digit, out),
        AssignCause::Nogood { id } => return Explained::Nogood { id },
    }
    Explained::Literals
}

/// The reason a nogood gives for what it forced on `cell`, into `out` (cleared first): its
/// literals that hold on `grid` (every one but the literal on `cell` it made false). A
/// nogood forces one literal at a time, so when it forced something on `cell` every other
/// literal held, and still holds while what it forced stands.
pub fn nogood_reason(grid: &Grid, nogood: &[Literal], cell: Cell, out: &mut Vec<Literal>) {
    out.clear();
    let mut skipped = false;
    for &l in nogood {
        if !skipped && l.cell == cell && !l.holds(grid) {
            skipped = true;
            continue;
        }
        out.push(l);
    }
}

/// `cell ≠ d` for every digit `d` of `all` outside `kept`.
fn lost(cell: Cell, all: Domain, kept: Domain, out: &mut Vec<Literal>) {
    out.extend(all.minus(kept).iter().map(|d| Literal::differ(cell, d)));
}

/// `c ≠ digit` for every cell `c` of `unit` that `keep` keeps.
fn without(
    grid: &Grid,
    unit: Unit,
    keep: impl Fn(Cell) -> bool,
    digit: Digit,
    out: &mut Vec<Literal>,
) {
    let cells = grid.geometry().unit_cells(unit);
    out.extend(
        cells
            .iter()
            .copied()
            .filter(|&c| keep(c))
            .map(|c| Literal::differ(c, digit)),
    );
}
