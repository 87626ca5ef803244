//! Looking back at failures: conflict sets for conflict-directed backjumping (Prosser
//! 1993), the constraint weights of dom/wdeg (Boussemart et al. 2004), last-conflict
//! reasoning (Lecoutre et al. 2009), restarts (Luby, geometric), and ties broken at random.
//!
//! One family for all of them, each in a file of its own: a strategy that looks back in
//! any of these ways builds a [`LookBack`]; one that does not never builds one, and its
//! search hears nothing.

mod conflicts;
mod jump;
mod select;
mod state;
mod weights;

use super::hooks::{Answer, Family};
use crate::domain::Digit;
use crate::event::{Event, PruneCause, WipeoutSite};
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::heuristic::Ranked;
use crate::sink::Sink;
use crate::strategy::CellOrder;
pub(crate) use state::LookBack;
pub(crate) use weights::Weights;

impl Family for LookBack {
    /// Forward checking's prunes build the conflict sets, and any prune can be the one a
    /// wipeout's weight is bumped for.
    const HEARS_PRUNES: bool = true;

    fn select(
        &mut self,
        grid: &Grid,
        order: CellOrder,
        sequence: &[Cell],
        floor: usize,
    ) -> Option<Ranked> {
        self.choose(grid, order, sequence, floor)
    }

    fn culprit(&mut self, grid: &Grid, cell: Cell, digit: Digit) -> Option<Cell> {
        if self.backjumps() {
            // Conflict-directed backjumping blames the earliest assigned holder.
            self.blame(grid, cell, digit)
        } else {
            grid.peer_holding(cell, digit)
        }
    }

    fn answer(&mut self, depth: usize) -> Answer {
        self.after(depth)
    }

    fn decision_at(&self, level: usize) -> Option<Cell> {
        self.decisions
            .get(level.checked_sub(1)?)
            .map(|&(cell, _)| cell)
    }

    fn on_select(&mut self, cell: Cell, depth: u16) {
        // A new frame: its decisions will take level depth + 1.
        self.conf.clear(usize::from(depth) + 1);
        self.frame = Some(cell);
    }

    fn on_decision(&mut self, cell: Cell, digit: Digit, depth: u16) {
        self.decisions.push((cell, digit));
        self.level[cell.index()] = depth;
        if self.backjumps() {
            self.hold(cell, digit);
        }
    }

    fn on_prune(&mut self, cell: Cell, _digit: Digit, cause: PruneCause, depth: u16) {
        let culprit = match cause {
            PruneCause::ForwardCheck { from } => Some(from),
            PruneCause::Revise { against } => Some(against),
            PruneCause::Conflict { with } => Some(with),
            _ => None,
        };
        self.last_prune = Some((cell, culprit));
        if let PruneCause::Variant { .. } = cause {
            // A variant's propagator keeps no conflict set: every decision in effect may
            // be behind its prune, so every one is in the cell's (a superset is sound).
            if self.backjumps() {
                for level in 1..=usize::from(depth) {
                    self.past.insert(cell.index(), level);
                }
            }
            return;
        }
        if let Some(culprit) = culprit {
            let level = usize::from(self.level[culprit.index()]);
            if level > 0 {
                match cause {
                    // The check of the frame's own digit against an assigned peer.
                    PruneCause::Conflict { .. } => {
                        self.conf.insert(usize::from(depth) + 1, level);
                    }
                    _ => self.past.insert(cell.index(), level),
                }
            }
        }
    }

    /// The failure's conflict set is found as the wipeout is: its culprits come first, so
    /// that the wipeout is shown with them and its jump target; the weight it bumped after.
    fn on_conflict<S: Sink>(&mut self, site: WipeoutSite, depth: u16, sink: &mut S) {
        self.fail(site, usize::from(depth));
        for culprit in self.culprits(depth) {
            sink.push(culprit);
        }
        sink.push(Event::Wipeout { site, depth });
        if let Some(weight) = self.taught() {
            sink.push(weight);
        }
    }

    fn on_backtrack(&mut self, cell: Cell, depth: u16) {
        self.undo_to(usize::from(depth));
        self.frame = Some(cell);
    }

    fn on_restart(&mut self, run: u32) {
        self.undo_to(0);
        self.frame = None;
        self.run = run;
        self.failures = 0;
    }

    fn on_solution(&mut self) {
        self.solved = true;
    }
}
