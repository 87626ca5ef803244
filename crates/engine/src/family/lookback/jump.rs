//! Where a failure sends a look-back search: the culprit of a rejected digit, the
//! failure's conflict set and its jump target, and whether to restart.
//!
//! Conflict-directed backjumping as Prosser states it (P. Prosser, "Hybrid algorithms for
//! the constraint satisfaction problem", Computational Intelligence 9(3), 1993): BT-CBJ's
//! `conf-set[i]` collects, for each value of variable i rejected by the check against the
//! past variables h = 1..i-1 in order, the first h that rejects it; FC-CBJ's `past-fc[j]`
//! collects the past variables whose forward checks reduced j's domain. When i has no value
//! left, the search jumps back to h = max(conf-set[i] ∪ past-fc[i]), merges the rest of the
//! set into `conf-set[h]`, and undoes every variable between without trying its other
//! values. Here a variable's number is its decision level, the givens are constants (level
//! 0, never blamed), and a forward check's wipeout of a future cell j sends the search to
//! the latest decision of `past-fc[j]` (the one being checked), as FC-CBJ's label does.

use super::conflicts::{self, Levels};
use super::state::LookBack;
use crate::domain::Digit;
use crate::event::WipeoutSite;
use crate::family::Answer;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::strategy::LookBack as Jumps;

impl LookBack {
    /// Whether failures jump by their conflict sets.
    pub(super) fn backjumps(&self) -> bool {
        self.jumps == Jumps::Cbj
    }

    /// The assigned peer of `cell` that rules out `digit`, as Prosser's check finds it: the
    /// past variables in the order they were assigned, so a given (assigned before every
    /// decision) first, then the earliest decision; among givens, the first in reading
    /// order. Asked only without forward checking, where every assigned cell is a given or
    /// a decision.
    pub(super) fn blame(&mut self, grid: &Grid, cell: Cell, digit: Digit) -> Option<Cell> {
        if self.geometry.has_extra_peers() {
            // A variant's peers beyond the units (a diagonal, a cage, a knight's move):
            // the holders by unit do not see them, so the peers are read.
            return self
                .geometry
                .peers(cell)
                .iter()
                .copied()
                .filter(|&p| grid.value(p) == Some(digit))
                .min_by_key(|&p| (self.level[p.index()], p.index()));
        }
        if !self.holders_ready {
            self.note_givens(grid);
        }
        let side = self.geometry.side();
        let at = |unit: crate::geometry::Unit| unit.index() * side + usize::from(digit.get() - 1);
        self.geometry
            .units_of(cell)
            .into_iter()
            .filter(|&unit| grid.placed(unit).contains(digit))
            .map(|unit| self.holders[at(unit)])
            .min_by_key(|&p| (self.level[p.index()], p.index()))
    }

    /// `cell` holds `digit` in each of its units. An entry is current whenever its unit has
    /// the digit placed: a given's is never overwritten (nothing else places its digit in
    /// its units), and a decision's holder was undone before another could place the digit.
    pub(super) fn hold(&mut self, cell: Cell, digit: Digit) {
        let side = self.geometry.side();
        for unit in self.geometry.units_of(cell) {
            self.holders[unit.index() * side + usize::from(digit.get() - 1)] = cell;
        }
    }

    /// The givens, the assigned cells at level 0, into the holders.
    fn note_givens(&mut self, grid: &Grid) {
        for cell in self.geometry.cells() {
            if let (Some(digit), 0) = (grid.value(cell), self.level[cell.index()]) {
                self.hold(cell, digit);
            }
        }
        self.holders_ready = true;
    }

    /// The conflict set of a wipeout at `site` with `depth` decisions in effect, into
    /// `self.culprits`: the levels whose checks emptied the cell, and if it is the cell
    /// being decided, its frame's own conflict set.
    pub(super) fn find_conflict_set(&mut self, site: WipeoutSite, depth: usize) {
        // The set is made in a buffer kept between failures: no allocation a failure.
        let mut set = std::mem::take(&mut self.scratch);
        set.clear();
        set.resize(self.past.words(), 0);
        match site {
            WipeoutSite::Cell(cell) => {
                Levels::union_from(&mut set, &self.past, cell.index());
                if self.frame == Some(cell) && self.level[cell.index()] == 0 {
                    Levels::union_from(&mut set, &self.conf, depth + 1);
                }
            }
            // No rule of a backjumping search finds a digit without a place; were one to,
            // every decision would be to blame. A variant's constraint that fails blames
            // them all too: its propagators keep no conflict sets.
            WipeoutSite::Unit { .. }
            | WipeoutSite::Nogood { .. }
            | WipeoutSite::Constraint { .. } => {
                for level in 1..=depth {
                    set[level / 64] |= 1 << (level % 64);
                }
            }
        }
        self.culprits.extend(conflicts::levels(&set));
        self.scratch = set;
    }

    /// How the backtrack after the step's failure (or solution) goes, with `depth`
    /// decisions in effect. A jump merges the rest of its conflict set into its target's.
    pub(super) fn after(&mut self, depth: usize) -> Answer {
        let failed = std::mem::take(&mut self.failed);
        if failed && depth > 0 && !self.solved {
            if let Some(cutoff) = self.restart.cutoff(self.run) {
                if self.failures >= cutoff {
                    let run = self.run + 1;
                    let next = self.restart.cutoff(run).unwrap_or(0);
                    return Answer::Restart {
                        run,
                        cutoff: u32::try_from(next).unwrap_or(u32::MAX),
                    };
                }
            }
        }
        if !self.backjumps() {
            return Answer::Chronological;
        }
        if !failed {
            // After a solution the latest decision is refuted, and every earlier one is
            // to blame for what its frame finds next: from there on the search goes back
            // chronologically and finds every further solution.
            for level in 1..depth {
                self.conf.insert(depth, level);
            }
            return Answer::Chronological;
        }
        let target = self.culprits.last().copied();
        if let Some((&target, rest)) = self.culprits.split_last() {
            for &level in rest {
                self.conf.insert(target, level);
            }
        }
        Answer::Jump(target)
    }
}
