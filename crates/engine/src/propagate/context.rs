//! What a propagator may do: read the domains, prune a digit for a cause, assign a cell for
//! a cause, report a wipeout, and drain the propagators of assignments. Every change is
//! made on the state (so the trail or a snapshot undoes it) and reported as an event.

use super::singles::Singles;
use crate::domain::{Digit, Domain};
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::sink::Sink;
use crate::state::State;

/// A contradiction was found (and reported as a wipeout event).
#[derive(Debug)]
pub(crate) struct Contradiction;

/// The cells assigned and not yet propagated, oldest first: the first tier's work list.
#[derive(Clone, Debug, Default)]
pub(crate) struct Queue {
    cells: Vec<Cell>,
    head: usize,
}

impl Queue {
    /// Room for a board's cells.
    pub(crate) fn with_capacity(cells: usize) -> Queue {
        Queue {
            cells: Vec::with_capacity(cells),
            head: 0,
        }
    }

    /// Queues `cell`.
    #[inline]
    pub(crate) fn push(&mut self, cell: Cell) {
        self.cells.push(cell);
    }

    /// Queues every cell of `cells`.
    pub(crate) fn extend(&mut self, cells: impl IntoIterator<Item = Cell>) {
        self.cells.extend(cells);
    }

    /// The oldest cell not yet taken, taken.
    #[inline]
    pub(crate) fn next(&mut self) -> Option<Cell> {
        let cell = *self.cells.get(self.head)?;
        self.head += 1;
        Some(cell)
    }

    /// Whether no cell waits.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.head == self.cells.len()
    }

    /// Forgets every cell.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.cells.clear();
        self.head = 0;
    }
}

/// The propagators of assignments as a context runs them: to their fixpoint. The
/// registry implements it for its list; the context knows no propagator by name.
pub(crate) trait Drain<S> {
    /// Runs them to their fixpoint through `cx`.
    fn drain(&mut self, cx: &mut Context<'_, S>) -> Result<(), Contradiction>;
}

/// A propagator's view of the search: the state and the actions it may take on it.
pub(crate) struct Context<'a, S> {
    state: &'a mut State,
    sink: &'a mut S,
    queue: &'a mut Queue,
    singles: &'a mut Singles,
    /// Whether a prune that leaves one candidate notes the cell in `singles`.
    note_singles: bool,
    /// The cell whose decision was just refuted, until a propagator takes it.
    refuted: Option<Cell>,
    /// The propagators of assignments, which [`Context::drain`] runs; none while they run.
    eager: Option<&'a mut dyn Drain<S>>,
}

impl<'a, S: Sink> Context<'a, S> {
    /// The context of one propagation.
    pub(crate) fn new(
        state: &'a mut State,
        sink: &'a mut S,
        queue: &'a mut Queue,
        singles: &'a mut Singles,
        note_singles: bool,
        refuted: Option<Cell>,
        eager: Option<&'a mut dyn Drain<S>>,
    ) -> Context<'a, S> {
        Context {
            state,
            sink,
            queue,
            singles,
            note_singles,
            refuted,
            eager,
        }
    }

    /// The domains and values.
    #[inline]
    pub(crate) fn grid(&self) -> &Grid {
        self.state.grid()
    }

    /// The grid's own notes and scans of what changed, for the rules that read them; never
    /// for a domain change, which goes through the actions below.
    #[inline]
    pub(crate) fn grid_mut(&mut self) -> &mut Grid {
        self.state.grid_mut()
    }

    /// The state, for a prune made in bulk on it and reported with
    /// [`Context::report_prune`] or [`Context::push_prunes`].
    #[inline]
    pub(crate) fn state(&mut self) -> &mut State {
        self.state
    }

    /// Decisions in effect.
    #[inline]
    pub(crate) fn depth(&self) -> u16 {
        self.state.depth() as u16
    }

    /// The assigned cells waiting to be propagated.
    #[inline]
    pub(crate) fn queue(&mut self) -> &mut Queue {
        self.queue
    }

    /// The cells noted with one candidate left.
    #[inline]
    pub(crate) fn singles(&mut self) -> &mut Singles {
        self.singles
    }

    /// Whether prunes note the cells they leave with one candidate.
    #[inline]
    pub(crate) fn notes_singles(&self) -> bool {
        self.note_singles
    }

    /// The cell whose decision was just refuted (its digit pruned), taken: a propagator of
    /// assignments that also propagates removals starts from it.
    pub(crate) fn take_refuted(&mut self) -> Option<Cell> {
        self.refuted.take()
    }

    /// Removes `digit` from `cell`'s domain for `cause`, reports it, and returns what is left.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn prune(&mut self, cell: Cell, digit: Digit, cause: PruneCause) -> Domain {
        let left = self.state.prune(cell, digit);
        self.report_prune(cell, digit, cause);
        left
    }

    /// Reports an event that changes no domain (an arc revised).
    #[inline]
    pub(crate) fn push(&mut self, event: Event) {
        self.sink.push(event);
    }

    /// Reports a prune made on the state.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn report_prune(&mut self, cell: Cell, digit: Digit, cause: PruneCause) {
        let depth = self.depth();
        self.sink.push(Event::Prune {
            cell,
            digit,
            depth,
            cause,
        });
    }

    /// Reports `count` prunes made at once by one rule (`rule` indexes
    /// [`crate::event::PRUNE_RULES`]): a sink that keeps events has `each` push them, with
    /// the grid as they left it; a counting sink adds the count and never calls it.
    #[inline]
    pub(crate) fn push_prunes(
        &mut self,
        rule: usize,
        count: u64,
        each: impl FnOnce(&mut S, &Grid),
    ) {
        let grid = self.state.grid();
        self.sink.push_prunes(rule, count, |sink| each(sink, grid));
    }

    /// Prunes, then reports a wipeout if the domain emptied, and notes a cell left with one
    /// candidate (when naked singles are propagated).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn prune_checked(
        &mut self,
        cell: Cell,
        digit: Digit,
        cause: PruneCause,
    ) -> Result<(), Contradiction> {
        let left = self.prune(cell, digit, cause);
        self.check_pruned(cell, left)
    }

    /// Reports a wipeout if `cell` was left with no candidate, and notes it if it was left
    /// with one (when naked singles are propagated).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn check_pruned(&mut self, cell: Cell, left: Domain) -> Result<(), Contradiction> {
        if left.is_empty() {
            return Err(self.wipeout(WipeoutSite::Cell(cell)));
        }
        self.singles
            .push_if(cell, self.note_singles && left.is_single());
        Ok(())
    }

    /// Assigns a single (a cell whose domain is `digit` alone) for `cause`, without queueing
    /// it: the caller propagates it. Inlined: it is a call on every single, the most of the
    /// assignments (measured below the call it was, 3.6k instructions of 207.4k a puzzle on
    /// hardest with `fast`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn infer(&mut self, cell: Cell, digit: Digit, cause: AssignCause) {
        self.state.assign_single(cell, digit);
        let depth = self.depth();
        self.sink.push(Event::Assign {
            cell,
            digit,
            depth,
            cause,
        });
    }

    /// Assigns a single for `cause` and queues it for the propagators of assignments.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn assign(&mut self, cell: Cell, digit: Digit, cause: AssignCause) {
        self.infer(cell, digit, cause);
        self.queue.push(cell);
    }

    /// Reports a contradiction at `site`.
    #[inline]
    pub(crate) fn wipeout(&mut self, site: WipeoutSite) -> Contradiction {
        let depth = self.depth();
        self.sink.push(Event::Wipeout { site, depth });
        Contradiction
    }

    /// Runs the propagators of assignments to their fixpoint: every assignment so far
    /// propagated, every noted single assigned. One call (through [`Drain`]) with the first
    /// tier inlined in it (measured with callgrind, `fast` on top95: each propagator of the
    /// tier a call of its own cost 2 % more instructions, in their entries and exits).
    #[inline]
    pub(crate) fn drain(&mut self) -> Result<(), Contradiction> {
        let Some(eager) = self.eager.take() else {
            return Ok(());
        };
        let drained = eager.drain(self);
        self.eager = Some(eager);
        drained
    }
}
