//! Maintaining arc consistency (MAC) by AC-3 (Mackworth 1977) or AC-2001 (Bessière and
//! Régin 2001), as Russell and Norvig's chapter 6 states it: after an assignment, a FIFO
//! queue of the arcs (Xk, X) from each open peer Xk into the assigned cell X; each arc
//! taken off is revised (`revise` removes every digit of Xk that no digit of X supports),
//! and when Xk loses a digit, the arcs (Xm, Xk) from its other open peers go back on the
//! queue, until the queue is empty (a fixpoint) or a cell has no candidate left (a wipeout).
//!
//! What dokuscope adds to the textbook, each so that the search is `mrv`'s:
//! - Seeds: the givens seed the first propagation as assignments do, one given after the
//!   other in reading order; a refutation (after a decision's subtree failed, its digit is
//!   pruned: d-way branching) seeds the arcs into the refuted cell, which lost a digit.
//! - Only open cells are revised: an assigned cell (a given, a decision, a single) holds its
//!   digit, and against it the only digit without support is that digit.
//! - The cells the fixpoint leaves with one candidate are assigned (naked singles), in the
//!   order they came down to one, before the next decision: so the cell order never decides
//!   a cell with one candidate, and every open cell has two candidates or more at a select,
//!   as with `mrv`'s rules, whose fixpoint this is.
//!
//! Every revision is an [`Event::Revise`], with the digit it removed (the prune follows it),
//! the constraint checks it made, and the queue's length.

mod revise;

use super::context::{Context, Contradiction};
use super::forward_check::queue_givens;
use super::needs::Needs;
use super::propagator::Propagator;
use crate::arcs::{ArcQueue, Arcs};
use crate::domain::Domain;
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::sink::Sink;
use crate::strategy::ArcConsistency as Algorithm;
use revise::Supports;

/// Maintaining arc consistency in one search: the arc queue, the singles its fixpoint
/// leaves, and AC-2001's supports.
#[derive(Clone, Debug)]
pub(crate) struct ArcConsistency {
    arcs: &'static Arcs,
    geometry: &'static Geometry,
    queue: ArcQueue,
    /// The cells a revision left with one candidate, in that order, for the fixpoint to assign.
    singles: Vec<Cell>,
    /// AC-2001's last supports (`None` for AC-3).
    supports: Option<Box<Supports>>,
}

impl ArcConsistency {
    /// The state for `algorithm` on boards of `geometry`.
    pub(crate) fn new(geometry: &'static Geometry, algorithm: Algorithm) -> ArcConsistency {
        let arcs = Arcs::of_geometry(geometry);
        ArcConsistency {
            arcs,
            geometry,
            queue: ArcQueue::new(arcs),
            singles: Vec::new(),
            supports: match algorithm {
                Algorithm::Ac3 => None,
                Algorithm::Ac2001 => Some(Box::new(Supports::new(arcs, geometry.side()))),
            },
        }
    }

    /// Queues the arcs (Xk, `cell`) from every open peer Xk of `cell`, in reading order;
    /// returns how many were not waiting already.
    fn arcs_into(&mut self, grid: &Grid, cell: Cell, but: Option<Cell>) -> u8 {
        let mut pushed = 0u8;
        for (k, &peer) in self.geometry.peers(cell).iter().enumerate() {
            if Some(peer) != but && grid.is_open(peer) {
                let arc = self.arcs.reverse(self.arcs.number(cell, k));
                pushed = pushed.saturating_add(u8::from(self.queue.push(arc)));
            }
        }
        pushed
    }
}

impl Propagator for ArcConsistency {
    fn needs(&self) -> Needs {
        Needs {
            assignments: true,
            leaves_no_single: true,
            snapshots: true,
            ..Needs::default()
        }
    }

    /// The givens seed the first propagation as assignments do.
    fn start<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
        queue_givens(cx);
        Ok(())
    }

    /// Propagates the queued cells (the givens, a decision) or the refuted cell by
    /// maintaining arc consistency, then assigns the cells left with one candidate.
    /// Never inlined: the rules' propagation stays as it was for the presets that have no
    /// arc queue.
    #[inline(never)]
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        // What a propagation stopped by a wipeout left is forgotten: the search backtracked.
        self.queue.clear();
        self.singles.clear();
        let depth = cx.state().depth();
        // The queue holds the givens, or a decision; after a refutation it is empty, and
        // the refuted cell seeds the propagation.
        let decided = !cx.queue().is_empty() && depth > 0;
        if cx.queue().is_empty() {
            match cx.take_refuted() {
                Some(cell) => cx.queue().push(cell),
                None => return Ok(false),
            }
        }
        if let Some(supports) = &mut self.supports {
            supports.at_depth(depth, decided);
        }
        while let Some(cell) = cx.queue().next() {
            let grid = cx.grid();
            if grid.is_open(cell) && grid.domain(cell).is_single() {
                // A refutation that left the cell one candidate.
                self.singles.push(cell);
            }
            self.arcs_into(grid, cell, None);
        }
        cx.queue().clear();
        while let Some(arc) = self.queue.pop() {
            let waiting = self.queue.len() + 1;
            let pair = self.arcs.arc(arc);
            let (xi, xj) = (pair.cell, pair.against);
            let grid = cx.grid();
            let di = grid.domain(xi);
            // An assigned cell's domain is its digit.
            let dj = grid
                .value(xj)
                .map_or_else(|| grid.domain(xj), Domain::single);
            let (removed, checks) = match &mut self.supports {
                None => revise::ac3(di, dj),
                Some(supports) => supports.revise(arc, di, dj),
            };
            let digit = removed.first();
            let left = di.minus(removed);
            let requeued = match digit {
                Some(_) if !left.is_empty() => self.arcs_into(grid, xi, Some(xj)),
                _ => 0,
            };
            let depth = cx.depth();
            cx.push(Event::Revise {
                cell: xi,
                against: xj,
                removed: digit,
                checks: u8::try_from(checks).unwrap_or(u8::MAX),
                queue: u16::try_from(waiting).unwrap_or(u16::MAX),
                requeued,
                depth,
            });
            let Some(digit) = digit else { continue };
            debug_assert_eq!(
                removed,
                Domain::single(digit),
                "≠ removes one digit at most"
            );
            let left = cx.prune(xi, digit, PruneCause::Revise { against: xj });
            if left.is_empty() {
                return Err(cx.wipeout(WipeoutSite::Cell(xi)));
            }
            if left.is_single() {
                self.singles.push(xi);
            }
        }
        self.assign_singles(cx);
        Ok(false)
    }

    fn reset(&mut self) {
        self.queue.clear();
        self.singles.clear();
        if let Some(supports) = &mut self.supports {
            supports.reset();
        }
    }
}

impl ArcConsistency {
    /// Assigns the cells the fixpoint left with one candidate, in the order they came to one.
    fn assign_singles<S: Sink>(&mut self, cx: &mut Context<'_, S>) {
        for i in 0..self.singles.len() {
            let cell = self.singles[i];
            let grid = cx.grid();
            if let (true, Some(digit)) = (grid.is_open(cell), grid.domain(cell).only()) {
                cx.infer(cell, digit, AssignCause::NakedSingle);
            }
        }
        self.singles.clear();
    }
}
