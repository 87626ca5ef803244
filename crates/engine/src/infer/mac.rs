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

use super::super::arcs::{ArcQueue, Arcs};
use crate::domain::Domain;
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::geometry::{Cell, Geometry};
use crate::search::{Contradiction, Engine, Sink};
use crate::strategy::ArcConsistency;
use revise::Supports;

/// The state of maintaining arc consistency in one search.
#[derive(Clone, Debug)]
pub(crate) struct Mac {
    arcs: &'static Arcs,
    geometry: &'static Geometry,
    queue: ArcQueue,
    /// The cells a revision left with one candidate, in that order, for the fixpoint to assign.
    singles: Vec<Cell>,
    /// AC-2001's last supports (`None` for AC-3).
    supports: Option<Box<Supports>>,
}

impl Mac {
    /// The state for `algorithm` on boards of `geometry`.
    pub(crate) fn new(geometry: &'static Geometry, algorithm: ArcConsistency) -> Mac {
        let arcs = Arcs::of(geometry.size());
        Mac {
            arcs,
            geometry,
            queue: ArcQueue::new(arcs),
            singles: Vec::new(),
            supports: match algorithm {
                ArcConsistency::Ac3 => None,
                ArcConsistency::Ac2001 => Some(Box::new(Supports::new(arcs, geometry.side()))),
            },
        }
    }

    /// The board's geometry.
    pub(crate) fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// Ready for another puzzle of the same size.
    pub(crate) fn reset(&mut self) {
        self.queue.clear();
        self.singles.clear();
        if let Some(supports) = &mut self.supports {
            supports.reset();
        }
    }

    /// Queues the arcs (Xk, `cell`) from every open peer Xk of `cell`, in reading order;
    /// returns how many were not waiting already.
    fn arcs_into(&mut self, grid: &crate::grid::Grid, cell: Cell, but: Option<Cell>) -> u8 {
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

impl Engine {
    /// Propagates the cells of the engine's queue (the givens, a decision, or a refuted
    /// cell) by maintaining arc consistency, then assigns the cells left with one candidate.
    /// Never inlined: the rules' propagation, which calls it, stays as it was for the
    /// presets that have no arc queue.
    #[inline(never)]
    pub(crate) fn maintain_arc_consistency<S: Sink>(
        &mut self,
        sink: &mut S,
    ) -> Result<(), Contradiction> {
        let mut mac = self
            .mac
            .take()
            .expect("BUG: a strategy that maintains arc consistency has its state");
        let result = self.arc_consistency(&mut mac, sink);
        self.mac = Some(mac);
        result
    }

    fn arc_consistency<S: Sink>(
        &mut self,
        mac: &mut Mac,
        sink: &mut S,
    ) -> Result<(), Contradiction> {
        // What a propagation stopped by a wipeout left is forgotten: the search backtracked.
        mac.queue.clear();
        mac.singles.clear();
        let depth = self.state.depth();
        // The engine's queue holds the givens, or a decision; after a refutation it is
        // empty, and the refuted cell is the top frame's (the backtrack cleared the queue).
        let decided = !self.queue.is_empty() && depth > 0;
        if self.queue.is_empty() {
            if let Some(&cell) = self.frames.last() {
                self.queue.push(cell);
            }
        }
        if let Some(supports) = &mut mac.supports {
            supports.at_depth(depth, decided);
        }
        for i in self.queue_head..self.queue.len() {
            let cell = self.queue[i];
            let grid = self.state.grid();
            if grid.is_open(cell) && grid.domain(cell).is_single() {
                // A refutation that left the cell one candidate.
                mac.singles.push(cell);
            }
            mac.arcs_into(grid, cell, None);
        }
        self.queue.clear();
        self.queue_head = 0;
        // What the refutation's prune noted for seed 003's revise is this algorithm's to do.
        self.singles.clear();
        while let Some(arc) = mac.queue.pop() {
            let waiting = mac.queue.len() + 1;
            let pair = mac.arcs.arc(arc);
            let (xi, xj) = (pair.cell, pair.against);
            let grid = self.state.grid();
            let di = grid.domain(xi);
            // An assigned cell's domain is its digit.
            let dj = grid
                .value(xj)
                .map_or_else(|| grid.domain(xj), Domain::single);
            let (removed, checks) = match &mut mac.supports {
                None => revise::ac3(di, dj),
                Some(supports) => supports.revise(arc, di, dj),
            };
            let digit = removed.first();
            let left = di.minus(removed);
            let requeued = match digit {
                Some(_) if !left.is_empty() => mac.arcs_into(grid, xi, Some(xj)),
                _ => 0,
            };
            sink.push(Event::Revise {
                cell: xi,
                against: xj,
                removed: digit,
                checks: u8::try_from(checks).unwrap_or(u8::MAX),
                queue: u16::try_from(waiting).unwrap_or(u16::MAX),
                requeued,
                depth: self.depth(),
            });
            let Some(digit) = digit else { continue };
            debug_assert_eq!(
                removed,
                Domain::single(digit),
                "≠ removes one digit at most"
            );
            let left = self.prune(sink, xi, digit, PruneCause::Revise { against: xj });
            if left.is_empty() {
                return Err(self.wipeout(sink, WipeoutSite::Cell(xi)));
            }
            if left.is_single() {
                mac.singles.push(xi);
            }
        }
        self.assign_singles(mac, sink);
        Ok(())
    }

    /// Assigns the cells the fixpoint left with one candidate, in the order they came to one.
    fn assign_singles<S: Sink>(&mut self, mac: &mut Mac, sink: &mut S) {
        for i in 0..mac.singles.len() {
            let cell = mac.singles[i];
            let grid = self.state.grid();
            if let (true, Some(digit)) = (grid.is_open(cell), grid.domain(cell).only()) {
                self.infer(sink, cell, digit, AssignCause::NakedSingle);
            }
        }
        mac.singles.clear();
    }
}
