//! "Why this cell": what the cell order weighed at a select (its best cells, the chosen one
//! first; dom/wdeg's ratios from the weights learned by then), and for LCV what each digit
//! would rule out.

use super::Lane;
use crate::app::cursor::Logged;
use crate::solver::heuristic::{Ranked, Sequence};
use crate::solver::{Cell, Digit, Event, ValueOrder};

/// How many candidate cells "why this cell" lists.
pub const WHY_CELLS: usize = 4;

/// Why the last selected cell was chosen: what the cell order weighed, and for LCV what
/// each digit would rule out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// The select event.
    pub select: Logged,
    /// The best cells in the order's preference, the chosen one first.
    pub ranked: Vec<Ranked>,
    /// For least constraining value: each digit with the peer candidates it rules out, in
    /// the order they are tried.
    pub lcv: Vec<(Digit, usize)>,
}

impl Lane {
    pub(super) fn explain_select(&mut self, select: Logged) -> Why {
        let Some(strategy) = self.timeline.strategy() else {
            // A stream's solver weighed what it says it weighed: the chosen cell alone.
            let ranked = match select.event {
                Event::Select { cell, score, .. } => vec![Ranked { cell, score }],
                _ => Vec::new(),
            };
            return Why {
                select,
                ranked,
                lcv: Vec::new(),
            };
        };
        let at = if select.step == self.cursor.step() {
            self.cursor.clone()
        } else {
            self.timeline.cursor_at(select.step)
        };
        let grid = at.replay().grid();
        if (strategy.order.is_static() || strategy.sequence != Sequence::Reading)
            && self.sequence.is_none()
        {
            // The engine fixes a static order's sequence right after the initial
            // propagation, which is the grid at the first select.
            let mut first = self.timeline.cursor_at(0);
            while !matches!(first.last().map(|l| l.event), Some(Event::Select { .. }))
                && self.timeline.advance(&mut first).is_some()
            {}
            self.sequence = Some(
                strategy
                    .order
                    .sequence(first.replay().grid(), strategy.sequence),
            );
        }
        let sequence = self.sequence.as_deref().unwrap_or(&[]);
        let mut ranked = match at.search().filter(|_| strategy.order.learns()) {
            // dom/wdeg ranks by the weights its search has learned at that select.
            Some(search) => by_weight(grid, search),
            None => strategy.order.rank(grid, sequence, WHY_CELLS),
        };
        if let Event::Select { cell, score, .. } = select.event {
            // The chosen cell first, even where the ranking's tie-break differs.
            ranked.retain(|r| r.cell != cell);
            ranked.insert(0, Ranked { cell, score });
            ranked.truncate(WHY_CELLS);
        }
        let lcv = match (strategy.values, select.event) {
            (ValueOrder::Lcv, Event::Select { cell, .. }) => ValueOrder::lcv_scores(grid, cell),
            _ => Vec::new(),
        };
        Why {
            select,
            ranked,
            lcv,
        }
    }
}

/// The best open cells by dom/wdeg's ratio with `search`'s weights, best first; ties in
/// reading order.
fn by_weight(grid: &crate::solver::Grid, search: &crate::solver::Search) -> Vec<Ranked> {
    let mut open: Vec<(u64, u64, Cell)> = grid
        .geometry()
        .cells()
        .filter(|&c| grid.is_open(c))
        .map(|c| {
            let dom = grid.domain(c).len() as u64;
            (dom, u64::from(search.wdeg(c).unwrap_or(0)), c)
        })
        .collect();
    // dom/wdeg compared exactly by cross-multiplying; no open peer is an infinite ratio.
    open.sort_by(|a, b| match (a.1, b.1) {
        (0, 0) => a.0.cmp(&b.0).then(a.2.cmp(&b.2)),
        (0, _) => std::cmp::Ordering::Greater,
        (_, 0) => std::cmp::Ordering::Less,
        (wa, wb) => (a.0 * wb).cmp(&(b.0 * wa)).then(a.2.cmp(&b.2)),
    });
    open.into_iter()
        .take(WHY_CELLS)
        .map(|(dom, wdeg, cell)| Ranked {
            cell,
            score: crate::solver::Score {
                candidates: dom as u8,
                tie_break: u16::try_from(wdeg).unwrap_or(u16::MAX),
            },
        })
        .collect()
}
