//! The board's side of wasted search: a search that goes on below a contradiction, an
//! assignment a given rules out, a refuted decision tried again. Each is a warning beside
//! the events ([`Warning`]), never an error: the events themselves are legal.

use super::{Batch, Board};
use crate::stream::warn::{Warning, Warnings};
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::WipeoutSite;
use dokuscope_engine::geometry::Cell;

/// What the checker keeps to find wasted search.
#[derive(Clone, Debug, Default)]
pub(super) struct Waste {
    /// The warnings so far, by kind.
    pub(super) counts: Warnings,
    /// Whether the contradiction on the board was warned about already (one warning per
    /// contradiction; a backtrack clears it).
    warned: bool,
    /// Whether the solver counts a digit's places in a unit: it stated a wipeout of a unit
    /// or a hidden single. Only such a solver sees a digit without a place; forward
    /// checking alone never looks, nor do pairs and locked candidates, which look for two
    /// or more places, and those go on rightly.
    pub(super) sees_units: bool,
    /// Whether the solver prunes what assigned peers hold (it stated a forward check or a
    /// revise): only then is an open cell whose candidates all assigned peers hold a
    /// contradiction it has seen. Plain backtracking finds such a cell when it gets there.
    pub(super) sees_peers: bool,
    /// The first open cell since the last backtrack whose every candidate an assigned peer
    /// holds (its domain not empty), and the line that made it so; kept while `sees_peers`.
    dead: Option<(Cell, u64)>,
    /// The decisions refuted under the decisions in effect: the depth each was made at, the
    /// decision, and the line of the backtrack that refuted it. Depths never decrease
    /// along the list: a backtrack to depth d drops the entries deeper than d.
    refuted: Vec<(usize, Cell, Digit, u64)>,
}

impl Board {
    fn warn(&mut self, out: &mut Batch, warning: Warning) {
        self.waste.counts.count(&warning);
        out.warnings.push(warning);
    }

    /// Warns once per contradiction when the search goes on below it: any select, assign or
    /// prune at a cell other than the one left without a candidate; for a digit without a
    /// place in a unit, a select or a decision (`moves_on`) by a solver that sees units, as
    /// the propagation that finds such a contradiction may prune first.
    pub(super) fn goes_on(&mut self, out: &mut Batch, at: Cell, moves_on: bool) {
        if self.waste.warned {
            return;
        }
        let below = match (self.emptied, self.waste.dead, self.contradiction) {
            (Some((cell, since)), _, _) if cell != at => Some(Warning::BelowContradiction {
                site: WipeoutSite::Cell(cell),
                since,
            }),
            (_, Some((cell, since)), _) if moves_on && cell != at => {
                Some(Warning::BelowDeadCell { cell, since })
            }
            (_, _, Some(site @ WipeoutSite::Unit { .. })) if moves_on && self.waste.sees_units => {
                Some(Warning::BelowContradiction {
                    site,
                    since: self.contradiction_line,
                })
            }
            _ => None,
        };
        if let Some(warning) = below {
            self.waste.warned = true;
            self.warn(out, warning);
        }
    }

    /// Whether open `cell` has candidates left and assigned peers hold every one.
    fn is_dead(&self, cell: Cell) -> bool {
        let grid = self.state.grid();
        let domain = grid.domain(cell);
        let [a, b, c] = self.geometry().units_of(cell);
        let held = grid.placed(a).or(grid.placed(b)).or(grid.placed(c));
        grid.is_open(cell) && !domain.is_empty() && domain.minus(held).is_empty()
    }

    /// After `cell` was assigned at `line`: notes the first open peer left with only
    /// candidates assigned peers hold, for a solver that prunes those.
    pub(super) fn note_dead_peers(&mut self, cell: Cell, line: u64) {
        if !self.waste.sees_peers || self.waste.dead.is_some() {
            return;
        }
        let g = self.geometry();
        let dead = g.peers(cell).iter().copied().find(|&p| self.is_dead(p));
        self.waste.dead = dead.map(|p| (p, line));
    }

    /// After a prune of `cell` at `line` that left it candidates: notes it if assigned peers
    /// hold them all, for a solver that prunes those.
    #[inline]
    pub(super) fn note_dead_cell(&mut self, cell: Cell, line: u64) {
        if self.waste.sees_peers && self.waste.dead.is_none() && self.is_dead(cell) {
            self.waste.dead = Some((cell, line));
        }
    }

    /// With givens as domains: warns when `digit` goes to `cell` while a peer is the given
    /// `digit`, not yet assigned (and still able to take it).
    pub(super) fn ruled_out(&mut self, out: &mut Batch, cell: Cell, digit: Digit) {
        let Some(puzzle) = &self.givens else {
            return;
        };
        let g = self.geometry();
        let grid = self.state.grid();
        let given = g.peers(cell).iter().copied().find(|&p| {
            puzzle.given(p) == Some(digit) && grid.is_open(p) && grid.domain(p).contains(digit)
        });
        if let Some(given) = given {
            self.warn(out, Warning::RuledOut { cell, digit, given });
        }
    }

    /// Warns when the decision `cell`=`digit`, about to be made one deeper than the
    /// decisions in effect, was refuted under those same decisions.
    pub(super) fn retried(&mut self, out: &mut Batch, cell: Cell, digit: Digit) {
        let depth = self.decisions.len();
        let refuted_at = self
            .waste
            .refuted
            .iter()
            .rev()
            .take_while(|r| r.0 == depth)
            .find(|r| (r.1, r.2) == (cell, digit))
            .map(|r| r.3);
        if let Some(refuted_at) = refuted_at {
            self.warn(
                out,
                Warning::Retried {
                    cell,
                    digit,
                    refuted_at,
                },
            );
        }
    }

    /// Notes a restart: every decision is undone, so only what was refuted at the root (with
    /// no decision in effect, which a restart keeps) stays refuted.
    pub(super) fn restarted(&mut self) {
        self.waste.refuted.retain(|r| r.0 == 0);
        self.waste.warned = false;
        self.waste.dead = None;
    }

    /// Notes a jump back to `depth` decisions that refuted nothing: what was refuted deeper
    /// no longer is, those decisions having changed.
    pub(super) fn forget_refuted_below(&mut self, depth: usize) {
        let keep = self.waste.refuted.partition_point(|r| r.0 <= depth);
        self.waste.refuted.truncate(keep);
        // The contradictions, if any, are undone with the decisions.
        self.waste.warned = false;
        self.waste.dead = None;
    }

    /// Notes a backtrack at `line` that undid the decision `cell`=`digit` made at `depth`
    /// (and those after it): it is refuted under the decisions left, and what was refuted
    /// deeper no longer is, those decisions having changed.
    pub(super) fn refute(&mut self, depth: usize, cell: Cell, digit: Digit, line: u64) {
        let keep = self.waste.refuted.partition_point(|r| r.0 <= depth);
        let refuted = &mut self.waste.refuted;
        refuted.truncate(keep);
        // Once a decision each (a solver that retries one is warned, not made to grow this).
        let known = refuted
            .iter_mut()
            .rev()
            .take_while(|r| r.0 == depth)
            .find(|r| (r.1, r.2) == (cell, digit));
        match known {
            Some(r) => r.3 = line,
            None => refuted.push((depth, cell, digit, line)),
        }
        // The contradictions, if any, are undone with the decision.
        self.waste.warned = false;
        self.waste.dead = None;
    }
}
