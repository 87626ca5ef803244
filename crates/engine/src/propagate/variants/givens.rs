//! Constraints on one cell: even or odd, and pencilmark givens (the cell holds one of
//! some digits). Domain consistency, once, before the first decision: the cell loses the
//! digits the constraint does not allow (a root prune, never undone). A given that breaks
//! one is a wipeout of the constraint.

use super::super::context::{Context, Contradiction};
use super::super::needs::Needs;
use super::super::propagator::Propagator;
use super::{fail, narrow};
use crate::domain::Domain;
use crate::geometry::Cell;
use crate::sink::Sink;

/// Every one-cell constraint of the board: the constraint's number, the cell, the digits
/// it allows.
#[derive(Clone, Debug, Default)]
pub(crate) struct Givens {
    cells: Vec<(u16, Cell, Domain)>,
}

impl Givens {
    /// Notes constraint number `constraint`: `cell` holds a digit of `allowed`.
    pub(crate) fn push(&mut self, constraint: u16, cell: Cell, allowed: Domain) {
        self.cells.push((constraint, cell, allowed));
    }

    /// Whether there is none.
    pub(crate) fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

impl Propagator for Givens {
    fn needs(&self) -> Needs {
        Needs::default()
    }

    fn start<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
        for &(constraint, cell, allowed) in &self.cells {
            if let Some(v) = cx.grid().value(cell) {
                if !allowed.contains(v) {
                    return Err(fail(cx, constraint));
                }
            }
            narrow(cx, cell, allowed, constraint, cell)?;
        }
        Ok(())
    }

    fn propagate<S: Sink>(&mut self, _cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        Ok(false)
    }
}
