//! The hooks a tree search calls: what a family decides, and what it hears.

use crate::domain::Digit;
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::heuristic::Ranked;
use crate::propagate::Propagation;
use crate::reason::Literal;
use crate::sink::Sink;
use crate::strategy::CellOrder;

/// Where the search goes back to after a failure or a solution, as a family answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// Back to the latest decision, as chronological backtracking does.
    Chronological,
    /// Begin run `run`, with `cutoff` failures (0: unbounded), from the root.
    Restart {
        /// The run that starts.
        run: u32,
        /// Its cutoff.
        cutoff: u32,
    },
    /// Back to the decision at this level (from 1), or, with none, no further solution.
    Jump(Option<usize>),
    /// A nogood was learned ([`Family::learned`]): back to `level` decisions (or, with
    /// `restart`, to the root, as [`Answer::Restart`] says), where the propagators keep the
    /// nogood and it forces what it forces.
    Learn {
        /// The decisions kept.
        level: usize,
        /// The run and cutoff of a restart made instead of the jump.
        restart: Option<(u32, u32)>,
    },
}

/// A search family. Every method has the answer of chronological backtracking, which hears
/// nothing; a family overrides what it decides and what it needs to hear.
pub(crate) trait Family {
    /// Whether it hears every prune (a rule's prunes made in bulk are then reported one by
    /// one).
    const HEARS_PRUNES: bool = false;

    /// The open cell to decide next, or `None` when every cell holds a digit: `order`'s
    /// choice over `sequence` (see [`CellOrder::select`]).
    #[inline]
    fn select(
        &mut self,
        grid: &Grid,
        order: CellOrder,
        sequence: &[Cell],
        floor: usize,
    ) -> Option<Ranked> {
        order.select(grid, sequence, floor)
    }

    /// The assigned peer of `cell` that rules out `digit`, when no propagator keeps the
    /// domains consistent with the assignments and the digit is checked before it is tried.
    #[inline]
    fn culprit(&mut self, grid: &Grid, cell: Cell, digit: Digit) -> Option<Cell> {
        grid.peer_holding(cell, digit)
    }

    /// Where the search goes back to after the failure (or solution) it has just heard,
    /// with `depth` decisions in effect.
    #[inline]
    fn answer(&mut self, _depth: usize) -> Answer {
        Answer::Chronological
    }

    /// Where the search goes back to after the failure (or solution) it has just heard,
    /// with `depth` decisions in effect, the board as the failure left it and the
    /// propagators that made it: a family that learns reads the reasons there, and reports
    /// what it learned into `sink`. Without one, [`Family::answer`].
    #[inline]
    fn look_back_at<S: Sink>(
        &mut self,
        _grid: &Grid,
        _propagation: &Propagation,
        depth: usize,
        _sink: &mut S,
    ) -> Answer {
        self.answer(depth)
    }

    /// The nogood of [`Answer::Learn`]: its number and literals, the asserting one first.
    fn learned(&self) -> Option<(u32, &[Literal])> {
        None
    }

    /// The nogoods to delete, taken (into `out`).
    fn forgotten(&mut self, _out: &mut Vec<u32>) {}

    /// The cell of the decision at `level` (from 1), for a family that jumps.
    fn decision_at(&self, _level: usize) -> Option<Cell> {
        None
    }

    /// The order chose `cell`, with `depth` decisions in effect.
    #[inline]
    fn on_select(&mut self, _cell: Cell, _depth: u16) {}

    /// The search decided `cell` = `digit`, its decision number `depth`.
    #[inline]
    fn on_decision(&mut self, _cell: Cell, _digit: Digit, _depth: u16) {}

    /// `cell` was assigned `digit` by inference, for `cause`.
    #[inline]
    fn on_infer(&mut self, _cell: Cell, _digit: Digit, _cause: AssignCause, _depth: u16) {}

    /// `digit` was pruned from `cell` for `cause`.
    #[inline]
    fn on_prune(&mut self, _cell: Cell, _digit: Digit, _cause: PruneCause, _depth: u16) {}

    /// A contradiction at `site`, with `depth` decisions in effect: the family reports the
    /// wipeout into `sink`, with what it makes of it before and after (its explanation,
    /// what it learned).
    #[inline]
    fn on_conflict<S: Sink>(&mut self, site: WipeoutSite, depth: u16, sink: &mut S) {
        sink.push(Event::Wipeout { site, depth });
    }

    /// The decision at `cell` was undone; `depth` decisions remain.
    #[inline]
    fn on_backtrack(&mut self, _cell: Cell, _depth: u16) {}

    /// Run `run` starts from the root.
    #[inline]
    fn on_restart(&mut self, _run: u32) {}

    /// A solution was found.
    #[inline]
    fn on_solution(&mut self) {}
}

/// Chronological backtracking: every answer the trait's, nothing heard.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Chronological;

impl Family for Chronological {}
