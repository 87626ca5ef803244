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
