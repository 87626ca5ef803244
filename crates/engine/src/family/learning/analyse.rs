//! Conflict analysis to the first unique implication point (1-UIP), as GRASP defines it
//! (J. P. Marques-Silva and K. A. Sakallah, "GRASP: a search algorithm for propositional
//! satisfiability", IEEE Transactions on Computers 48(5), 1999) and `MiniSat` computes it
//! (N. Eén and N. Sörensson, "An extensible SAT-solver", SAT 2003, `Solver::analyze`).
//!
//! Start from the literals that cannot hold together at the conflict (a cell's `≠`
//! literals, a unit's, or a nogood's). Walking the trail back from its end, replace the
//! latest literal of the conflict's level by its reason, until one literal of that level
//! is left: the UIP. The nogood is the UIP with the literals of earlier levels met on the
//! way (level-0 literals left out: they always hold). It is asserting: after going back
//! to the highest level among the others, every literal but the UIP holds, so the nogood
//! forces the UIP's negation. Nothing is minimised: the nogood is the 1-UIP cut as is.

use super::trail::{Trail, Why};
use crate::event::WipeoutSite;
use crate::geometry::Cell;
use crate::grid::Grid;
use crate::propagate::Propagation;
use crate::reason::{Explained, Literal, explain_assign, explain_prune, nogood_reason};

/// The analysis's buffers, kept between conflicts.
#[derive(Clone, Debug, Default)]
pub(super) struct Analysis {
    /// Marks by literal key.
    seen: Vec<bool>,
    touched: Vec<usize>,
    /// Literals of earlier levels met, with their level and trail index.
    lower: Vec<(Literal, u16, usize)>,
    reason: Vec<Literal>,
    /// The cells of the literals met (for VSIDS), one per literal.
    pub(super) met: Vec<Cell>,
}

/// A learned nogood: its literals (the UIP first, then by level, highest first), the level
/// to go back to and its literal block distance.
pub(super) struct Cut {
    pub(super) level: u16,
    pub(super) lbd: u16,
}

impl Analysis {
    /// The 1-UIP nogood of the conflict at `site`, with `depth` decisions in effect, into
    /// `out`.
    pub(super) fn analyse(
        &mut self,
        trail: &Trail,
        grid: &Grid,
        propagation: &Propagation,
        site: WipeoutSite,
        depth: u16,
        out: &mut Vec<Literal>,
    ) -> Cut {
        let width = grid.geometry().side();
        let keys = grid.geometry().cell_count() * width * 2;
        if self.seen.len() != keys {
            self.seen = vec![false; keys];
        }
        self.lower.clear();
        self.met.clear();
        let mut reason = std::mem::take(&mut self.reason);
        conflict(grid, propagation, site, &mut reason);
        let mut count = 0usize;
        for &l in &reason {
            count += self.meet(trail, width, l, depth);
        }
        let mut i = trail.entries.len();
        let uip = loop {
            i = i
                .checked_sub(1)
                .expect("BUG: the conflict's level has its decision on the trail");
            let e = trail.entries[i];
            if e.level != depth || !self.seen[key(width, e.literal)] {
                continue;
            }
            count -= 1;
            if count == 0 {
                break e.literal;
            }
            explain(trail, grid, propagation, i, &mut reason);
            for &l in &reason {
                count += self.meet(trail, width, l, depth);
            }
        };
        for k in self.touched.drain(..) {
            self.seen[k] = false;
        }
        self.reason = reason;
        // The other literals by level, highest first (latest first among a level's).
        self.lower.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
        out.clear();
        out.push(uip);
        out.extend(self.lower.iter().map(|&(l, _, _)| l));
        let level = self.lower.first().map_or(0, |&(_, level, _)| level);
        let mut levels: Vec<u16> = self.lower.iter().map(|&(_, level, _)| level).collect();
        levels.push(depth);
        levels.dedup();
        Cut {
            level,
            lbd: levels.len() as u16,
        }
    }

    /// Meets literal `l` of a reason: marks it, keeps it if it is of an earlier level;
    /// returns 1 if it is a new literal of the conflict's level.
    fn meet(&mut self, trail: &Trail, side: usize, l: Literal, depth: u16) -> usize {
        let Some(index) = trail.index(l) else {
            return 0;
        };
        let level = trail.entries[index].level;
        let k = key(side, l);
        if level == 0 || self.seen[k] {
            return 0;
        }
        self.seen[k] = true;
        self.touched.push(k);
        self.met.push(l.cell);
        if level == depth {
            1
        } else {
            self.lower.push((l, level, index));
            0
        }
    }
}

/// A literal's place in the tables: (cell, digit, relation).
fn key(side: usize, l: Literal) -> usize {
    (l.cell.index() * side + usize::from(l.digit.get() - 1)) * 2 + usize::from(l.equal)
}

/// The literals that cannot hold together at `site`, into `out`.
fn conflict(grid: &Grid, propagation: &Propagation, site: WipeoutSite, out: &mut Vec<Literal>) {
    out.clear();
    let geometry = grid.geometry();
    match site {
        WipeoutSite::Cell(cell) => out.extend(
            crate::domain::Domain::full(geometry.size())
                .iter()
                .map(|d| Literal::differ(cell, d)),
        ),
        WipeoutSite::Unit { unit, digit } => out.extend(
            geometry
                .unit_cells(unit)
                .iter()
                .map(|&c| Literal::differ(c, digit)),
        ),
        WipeoutSite::Nogood { id } => out.extend_from_slice(
            propagation
                .nogoods()
                .and_then(|n| n.get(id))
                .expect("BUG: a violated nogood is kept"),
        ),
        // A variant's constraint with no way left to hold: the domains of its cells, each
        // cell's value or the digits it has lost, cannot hold together.
        WipeoutSite::Constraint { constraint } => {
            let c = geometry
                .rules()
                .and_then(|r| r.constraints().get(usize::from(constraint)))
                .expect("BUG: a constraint's wipeout names one of the board's rules");
            let all = crate::domain::Domain::full(geometry.size());
            for cell in crate::variant::scope(c, geometry) {
                crate::reason::state_of(grid, cell, all, out);
            }
        }
    }
}

/// The reason of the trail's entry `i`, into `out`.
fn explain(
    trail: &Trail,
    grid: &Grid,
    propagation: &Propagation,
    i: usize,
    out: &mut Vec<Literal>,
) {
    let e = trail.entries[i];
    let (cell, digit) = (e.literal.cell, e.literal.digit);
    let explained = match e.why {
        // The decision is the first literal of its level: the walk stops there at latest.
        Why::Decision => None,
        Why::Implied(held) => {
            out.clear();
            out.push(Literal::equal(cell, held));
            Some(Explained::Literals)
        }
        Why::Prune(cause) => Some(explain_prune(grid, cell, digit, cause, out)),
        Why::Assign(cause) => Some(explain_assign(grid, cell, digit, cause, out)),
    };
    match explained.expect("BUG: a decision is the last literal of its level left") {
        Explained::Literals => {}
        Explained::Nogood { id } => {
            let nogood = propagation
                .nogoods()
                .and_then(|n| n.get(id))
                .expect("BUG: a nogood that is a reason is kept");
            nogood_reason(grid, nogood, cell, out);
        }
        // A search that learns refutes no decision (its refutations are asserted literals);
        // were one refuted, every decision before it would be its reason.
        Explained::Decisions => {
            out.clear();
            out.extend((1..=usize::from(e.level)).filter_map(|l| trail.decision(l)));
        }
    }
}
