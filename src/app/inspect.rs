//! The inspected cell: its domain history, kept current as the view moves.

use super::App;
use super::lane::DomainHistory;
use crate::solver::Cell;

/// A cell whose domain history is shown.
#[derive(Clone, Debug)]
pub struct Inspect {
    /// The pane.
    pub lane: usize,
    /// The cell.
    pub cell: Cell,
    /// Its history at the pane's current step.
    pub history: Option<DomainHistory>,
}

impl App {
    /// Shows the domain history of `cell` in pane `lane`, or hides it for the same cell.
    pub(super) fn toggle_inspect(&mut self, lane: usize, cell: Cell) {
        if self
            .inspect
            .as_ref()
            .is_some_and(|i| i.lane == lane && i.cell == cell)
        {
            self.inspect = None;
        } else if lane < self.lanes.len() {
            self.inspect = Some(Inspect {
                lane,
                cell,
                history: None,
            });
            self.refresh_inspect();
        }
    }

    /// Recomputes the inspected cell's history when the pane's step changed (a few
    /// checkpoint spans of replay at most, so it follows the view even at full speed).
    pub(super) fn refresh_inspect(&mut self) {
        let Some(inspect) = &mut self.inspect else {
            return;
        };
        let Some(lane) = self.lanes.get_mut(inspect.lane) else {
            return;
        };
        let current = inspect
            .history
            .as_ref()
            .is_some_and(|h| h.step == lane.step() && h.cell == inspect.cell);
        if current {
            return;
        }
        inspect.history = Some(lane.domain_history(inspect.cell));
    }
}
