//! AC-3's queue as a view derives it from the events, without the solver: the arcs into
//! each assigned cell (the givens at step 0, a decision) or refuted cell go on the queue
//! from its open peers in reading order, each revision takes the first arc off, and a
//! removal puts back the arcs into the cell that lost the digit, as the engine does
//! (docs/presets.md). A foreign solver whose revisions follow the same discipline shows its
//! queue too; one whose revision is not the next arc makes the propagation's queue
//! underivable, and the view then shows the revisions alone.

use dokuscope_engine::arcs::{ArcQueue, Arcs, ConstraintArc};
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::{Event, PruneCause};
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::grid::Grid;

/// The last revision, as the view shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Revised {
    /// The arc.
    pub arc: ConstraintArc,
    /// The digit it removed, if any.
    pub removed: Option<Digit>,
    /// Its constraint checks.
    pub checks: u8,
}

/// The queue after some events (part of a cursor, so that checkpoints keep it and a step
/// back regenerates it exactly).
#[derive(Clone, Debug)]
pub struct QueueView {
    arcs: &'static Arcs,
    queue: ArcQueue,
    /// Whether every revision of the propagation under way was the queue's next arc.
    derivable: bool,
    /// The revision of the last event, or of the one before it when that event is its prune.
    revised: Option<Revised>,
    /// How many arcs at the queue's end the last event put back.
    put_back: usize,
    /// A revision that removed a digit: its prune comes next, and puts arcs back.
    pending: Option<ConstraintArc>,
    /// Revisions seen so far.
    revisions: u64,
}

impl QueueView {
    /// The queue before the first event of a search on `grid` (the puzzle's initial state):
    /// the arcs into every given, givens in reading order.
    pub fn new(grid: &Grid) -> QueueView {
        let arcs = Arcs::of_geometry(grid.geometry());
        let mut view = QueueView {
            arcs,
            queue: ArcQueue::new(arcs),
            derivable: true,
            revised: None,
            put_back: 0,
            pending: None,
            revisions: 0,
        };
        for cell in grid.geometry().cells() {
            if !grid.is_open(cell) {
                view.seed(grid, cell, None);
            }
        }
        view
    }

    /// Queues the arcs into `cell` from its open peers but `but`; returns how many.
    fn seed(&mut self, grid: &Grid, cell: Cell, but: Option<Cell>) -> usize {
        let mut pushed = 0;
        for (k, &peer) in grid.geometry().peers(cell).iter().enumerate() {
            if Some(peer) != but && grid.is_open(peer) {
                let arc = self.arcs.reverse(self.arcs.number(cell, k));
                pushed += usize::from(self.queue.push(arc));
            }
        }
        pushed
    }

    /// A propagation begins afresh from `cell`.
    fn begin(&mut self, grid: &Grid, cell: Cell) {
        self.queue.clear();
        self.derivable = true;
        self.put_back = self.seed(grid, cell, None);
    }

    /// Takes in `event`, already applied to `grid`.
    pub fn hear(&mut self, event: &Event, grid: &Grid) {
        let kept = self.revised.take();
        self.put_back = 0;
        match *event {
            Event::Assign { cell, cause, .. } if cause.is_decision() => self.begin(grid, cell),
            Event::Prune {
                cell,
                cause: PruneCause::Refuted,
                ..
            } => self.begin(grid, cell),
            Event::Prune {
                cell,
                cause: PruneCause::Revise { against },
                ..
            } if self.pending == Some(ConstraintArc { cell, against }) => {
                self.pending = None;
                self.revised = kept;
                if !grid.domain(cell).is_empty() {
                    self.put_back = self.seed(grid, cell, Some(against));
                }
            }
            Event::Revise {
                cell,
                against,
                removed,
                checks,
                ..
            } => {
                self.revisions += 1;
                let arc = ConstraintArc { cell, against };
                let next = self.queue.iter().next().map(|a| self.arcs.arc(a));
                if next == Some(arc) {
                    self.queue.pop();
                } else {
                    self.derivable = false;
                }
                self.revised = Some(Revised {
                    arc,
                    removed,
                    checks,
                });
                self.pending = removed.map(|_| arc);
            }
            // The search moves on from the propagation: its queue is empty (at a fixpoint)
            // or forgotten (after a wipeout).
            Event::Select { .. }
            | Event::Backtrack { .. }
            | Event::Restart { .. }
            | Event::Solution { .. }
            | Event::Exhausted
            | Event::Limit => {
                self.queue.clear();
                self.pending = None;
            }
            _ => {}
        }
    }

    /// Arcs waiting.
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    /// Whether no arc waits.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// The arcs waiting, next first.
    pub fn arcs(&self) -> impl ExactSizeIterator<Item = ConstraintArc> + '_ {
        self.queue.iter().map(|a| self.arcs.arc(a))
    }

    /// The arcs the last event put back (a removal, a decision, a refutation), oldest first.
    pub fn put_back(&self) -> impl Iterator<Item = ConstraintArc> + '_ {
        let skip = self.queue.len() - self.put_back.min(self.queue.len());
        self.arcs().skip(skip)
    }

    /// How many arcs the last event put back.
    pub fn put_back_len(&self) -> usize {
        self.put_back
    }

    /// The revision the last event is (or whose prune it is).
    pub fn revised(&self) -> Option<Revised> {
        self.revised
    }

    /// Whether the queue shown is the solver's: every revision of the propagation under way
    /// took the queue's next arc.
    pub fn derivable(&self) -> bool {
        self.derivable
    }

    /// Revisions seen so far.
    pub fn revisions(&self) -> u64 {
        self.revisions
    }
}

#[cfg(test)]
mod tests {
    #![expect(clippy::expect_used, reason = "tests fail by panicking")]

    use super::*;
    use crate::Replay;
    use dokuscope_engine::{Puzzle, Search, preset};

    /// On the engine's own events the derived queue is the engine's at every revision: the
    /// revised arc is always the next, and its length and the arcs put back are those the
    /// event states.
    #[test]
    fn the_derived_queue_is_the_engines() {
        let puzzle: Puzzle =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .expect("valid puzzle text");
        for name in ["mac", "mac-2001"] {
            let strategy = preset::find(name).expect("a preset").strategy;
            let mut replay = Replay::new(&puzzle);
            let mut view = QueueView::new(replay.grid());
            let mut last = None;
            for event in Search::new(&puzzle, strategy)
                .expect("no clash")
                .take(200_000)
            {
                let before = view.len();
                replay.apply(&event);
                view.hear(&event, replay.grid());
                if let Event::Revise {
                    queue, requeued, ..
                } = event
                {
                    assert!(view.derivable(), "{event:?}");
                    assert_eq!(before, usize::from(queue), "{event:?}");
                    last = Some(requeued);
                }
                if let Event::Prune {
                    cause: PruneCause::Revise { .. },
                    ..
                } = event
                {
                    let requeued = last.take().expect("a revision before its prune");
                    let emptied = view
                        .revised()
                        .is_some_and(|r| replay.grid().domain(r.arc.cell).is_empty());
                    if !emptied {
                        assert_eq!(view.put_back_len(), usize::from(requeued), "{event:?}");
                    }
                }
            }
            assert!(view.revisions() > 10_000, "{name}");
        }
    }
}
