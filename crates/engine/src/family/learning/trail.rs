//! The learner's trail: every literal the search made true, in order, with its decision
//! level and why it holds. This is the implication graph conflict analysis walks back
//! over (its edges are the reasons, made when asked for: `analyse.rs`).
//!
//! How the explicit-stack search maps onto decision levels: level k is the k-th decision
//! in effect (`cell=digit`, the first literal of its level) with everything propagated
//! after it; level 0 is the givens and what the root propagation made. A cell's literals
//! `cell≠e` for the digits it still had when it was assigned hold from then on without a
//! prune of their own (the cell holds one digit): they sit on the trail just after the
//! assignment, digits ascending, implied by it. A refuted decision (`cell≠digit` after a
//! failure) is never a decision here: it is the asserting literal of a learned nogood,
//! implied by the nogood at the level the search went back to.

use crate::domain::{Digit, Domain};
use crate::event::{AssignCause, PruneCause};
use crate::geometry::{Cell, Geometry};
use crate::reason::Literal;

/// Why a literal of the trail holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Why {
    /// A decision.
    Decision,
    /// A prune, for its cause.
    Prune(PruneCause),
    /// An inferred assignment, for its cause.
    Assign(AssignCause),
    /// `cell≠e`: the cell was assigned this digit.
    Implied(Digit),
}

/// One literal made true.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) literal: Literal,
    pub(super) level: u16,
    pub(super) why: Why,
}

/// The literals made true so far, with where each is.
#[derive(Clone, Debug)]
pub(super) struct Trail {
    side: usize,
    full: Domain,
    pub(super) entries: Vec<Entry>,
    /// For each (cell, digit), one more than the index of its `≠` literal, or 0.
    differ_at: Vec<u32>,
    /// For each cell, one more than the index of its assignment, or 0.
    equal_at: Vec<u32>,
    /// Where each level from 1 starts (its decision's index).
    starts: Vec<usize>,
}

impl Trail {
    pub(super) fn new(geometry: &'static Geometry) -> Trail {
        let cells = geometry.cell_count();
        Trail {
            side: geometry.side(),
            full: Domain::full(geometry.size()),
            entries: Vec::with_capacity(cells * geometry.side()),
            differ_at: vec![0; cells * geometry.side()],
            equal_at: vec![0; cells],
            starts: Vec::with_capacity(cells),
        }
    }

    fn at(&self, cell: Cell, digit: Digit) -> usize {
        cell.index() * self.side + usize::from(digit.get() - 1)
    }

    fn push(&mut self, literal: Literal, level: u16, why: Why) {
        let index = self.entries.len() as u32 + 1;
        if literal.equal {
            self.equal_at[literal.cell.index()] = index;
        } else {
            let at = self.at(literal.cell, literal.digit);
            self.differ_at[at] = index;
        }
        self.entries.push(Entry {
            literal,
            level,
            why,
        });
    }

    /// `cell=digit` for `why`, then the cell's other digits not yet ruled out.
    fn assigned(&mut self, cell: Cell, digit: Digit, level: u16, why: Why) {
        self.push(Literal::equal(cell, digit), level, why);
        for other in self.full.without(digit) {
            if self.differ_at[self.at(cell, other)] == 0 {
                self.push(Literal::differ(cell, other), level, Why::Implied(digit));
            }
        }
    }

    /// Decision number `level`, `cell=digit`.
    pub(super) fn decide(&mut self, cell: Cell, digit: Digit, level: u16) {
        self.starts.push(self.entries.len());
        self.assigned(cell, digit, level, Why::Decision);
    }

    /// `cell=digit` inferred for `cause`.
    pub(super) fn infer(&mut self, cell: Cell, digit: Digit, cause: AssignCause, level: u16) {
        self.assigned(cell, digit, level, Why::Assign(cause));
    }

    /// `cell≠digit` for `cause`.
    pub(super) fn prune(&mut self, cell: Cell, digit: Digit, cause: PruneCause, level: u16) {
        if self.differ_at[self.at(cell, digit)] == 0 {
            self.push(Literal::differ(cell, digit), level, Why::Prune(cause));
        }
    }

    /// Everything after the first `level` decisions is undone.
    pub(super) fn undo_to(&mut self, level: usize) {
        let Some(&start) = self.starts.get(level) else {
            return;
        };
        for e in self.entries.drain(start..) {
            let l = e.literal;
            if l.equal {
                self.equal_at[l.cell.index()] = 0;
            } else {
                let at = l.cell.index() * self.side + usize::from(l.digit.get() - 1);
                self.differ_at[at] = 0;
            }
        }
        self.starts.truncate(level);
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.differ_at.fill(0);
        self.equal_at.fill(0);
        self.starts.clear();
    }

    /// The index of `literal` on the trail; `None` for a literal true from the start (a
    /// given's).
    pub(super) fn index(&self, literal: Literal) -> Option<usize> {
        let at = if literal.equal {
            self.equal_at[literal.cell.index()]
        } else {
            self.differ_at[self.at(literal.cell, literal.digit)]
        };
        (at as usize).checked_sub(1)
    }

    /// The decision of `level` (from 1).
    pub(super) fn decision(&self, level: usize) -> Option<Literal> {
        let start = *self.starts.get(level.checked_sub(1)?)?;
        Some(self.entries[start].literal)
    }

    /// Decisions in effect.
    pub(super) fn levels(&self) -> usize {
        self.starts.len()
    }
}
