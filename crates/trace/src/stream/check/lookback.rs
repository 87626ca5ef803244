//! The board's side of searches that look back: culprits (a decision in effect blamed for
//! the coming failure), a backjump's conflict set, constraint weights, and restarts.

use super::{Batch, Board, Check, board};
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::Event;
use dokuscope_engine::geometry::Cell;

impl Board {
    /// The decision in effect on `cell`, if one is: its level (from 0) and digit.
    fn decision_on(&self, cell: Cell) -> Option<(usize, Digit)> {
        self.decisions
            .iter()
            .position(|&(c, _, _)| c == cell)
            .map(|i| (i, self.decisions[i].1))
    }

    pub(super) fn culprit(
        &mut self,
        line: u64,
        out: &mut Batch,
        cell: Cell,
        digit: Option<Digit>,
        depth: Option<u16>,
    ) -> Check {
        let g = self.geometry();
        let name = g.cell_name(cell);
        let what = || format!("culprit {name}");
        let Some((_, held)) = self.decision_on(cell) else {
            return Err(board(format!(
                "culprit {name}, but no decision on {name} is in effect"
            )));
        };
        let verdict = match digit {
            Some(d) if d != held => Err(board(format!(
                "culprit {name}={d}, but the decision in effect there is {name}={held}"
            ))),
            _ => Self::check_depth(&what, depth, self.depth()),
        };
        self.culprits.push(cell);
        let event = Event::Culprit {
            cell,
            digit: held,
            depth: self.depth(),
        };
        self.stated(out, line, event, true);
        verdict
    }

    /// Checks a backjump's conflict set before its backtrack is applied: every cell is a
    /// decision in effect, and the set equals the culprits stated before it, if any were;
    /// when none were, the culprits are derived from it.
    pub(super) fn conflict_set(&mut self, line: u64, out: &mut Batch, conflict: &[Cell]) -> Check {
        let g = self.geometry();
        let mut levels = Vec::with_capacity(conflict.len());
        for &cell in conflict {
            let Some((level, _)) = self.decision_on(cell) else {
                let name = g.cell_name(cell);
                return Err(board(format!(
                    "backjump's conflict set names {name}, but no decision on {name} is in effect"
                )));
            };
            levels.push(level);
        }
        if !self.culprits.is_empty() {
            let names = |cells: &[Cell]| {
                cells
                    .iter()
                    .map(|&c| g.cell_name(c).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut stated = self.culprits.clone();
            let mut given = conflict.to_vec();
            stated.sort_unstable();
            given.sort_unstable();
            if stated != given {
                return Err(board(format!(
                    "backjump's conflict set {{{}}} differs from the culprits stated before it ({})",
                    names(conflict),
                    names(&self.culprits)
                )));
            }
            return Ok(());
        }
        // Derived in the order of their decisions, as the engine reports them.
        levels.sort_unstable();
        for level in levels {
            let (cell, digit, _) = self.decisions[level];
            let depth = self.depth();
            self.derive(out, line, Event::Culprit { cell, digit, depth });
        }
        Ok(())
    }

    pub(super) fn weight(
        &mut self,
        line: u64,
        out: &mut Batch,
        [a, b]: [Cell; 2],
        weight: u32,
        depth: Option<u16>,
    ) -> Check {
        let g = self.geometry();
        let what = || format!("weight of {}≠{}", g.cell_name(a), g.cell_name(b));
        let verdict = if g.are_peers(a, b) {
            Self::check_depth(&what, depth, self.depth())
        } else {
            Err(board(format!(
                "{}, but {} and {} are not peers: no constraint links them",
                what(),
                g.cell_name(a),
                g.cell_name(b)
            )))
        };
        let event = Event::Weight {
            cells: [a, b],
            weight,
            depth: self.depth(),
        };
        self.stated(out, line, event, true);
        verdict
    }

    pub(super) fn restart(
        &mut self,
        line: u64,
        out: &mut Batch,
        run: Option<u32>,
        cutoff: Option<u32>,
    ) -> Check {
        self.derive_wipeout(line, out);
        self.runs += 1;
        let expected = self.runs + 1;
        let verdict = match run {
            Some(run) if run != expected => Err(board(format!(
                "restart begins run {run}, but it is restart {} (run {expected})",
                self.runs
            ))),
            _ => Ok(()),
        };
        self.state.backtrack_to(0, |_| {});
        self.decisions.clear();
        self.restarted();
        self.contradiction = None;
        self.emptied = None;
        self.reported = false;
        self.full = false;
        self.selected = None;
        let event = Event::Restart {
            run: expected,
            cutoff: cutoff.unwrap_or(0),
        };
        self.stated(out, line, event, true);
        verdict
    }
}
