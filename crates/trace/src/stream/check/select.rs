//! The board's side of a select: the cell is open, and a stated domain or candidate count
//! is the cell's.

use super::{Batch, Board, Check, board};
use crate::stream::cause::list;
use dokuscope_engine::domain::Domain;
use dokuscope_engine::event::{Event, Score};
use dokuscope_engine::geometry::Cell;

impl Board {
    pub(super) fn select(
        &mut self,
        line: u64,
        out: &mut Batch,
        cell: Cell,
        domain: Option<Domain>,
        depth: Option<u16>,
        candidates: Option<i64>,
    ) -> Check {
        let g = self.geometry();
        let grid = self.state.grid();
        let what = || format!("select {}", g.cell_name(cell));
        let actual = grid.domain(cell);
        let d = self.depth();
        let event = Event::Select {
            cell,
            domain: actual,
            depth: d,
            score: Score {
                candidates: actual.len() as u8,
                tie_break: 0,
            },
        };
        let verdict = if !grid.is_open(cell) {
            Err(board(format!("{}, but {}", what(), self.holder(cell))))
        } else if domain.is_some_and(|given| given != actual) {
            Err(board(format!(
                "{} with domain {}, but its candidates are {}",
                what(),
                list(domain.unwrap_or_default()),
                list(actual)
            )))
        } else if candidates.is_some_and(|c| usize::try_from(c).ok() != Some(actual.len())) {
            Err(board(format!(
                "{} with {} candidates, but it has {}",
                what(),
                candidates.unwrap_or_default(),
                actual.len()
            )))
        } else {
            Self::check_depth(&what, depth, d)
        };
        if verdict.is_ok() {
            self.goes_on(out, cell, true);
        }
        self.selected = Some(cell);
        self.stated(out, line, event, true);
        verdict
    }
}
