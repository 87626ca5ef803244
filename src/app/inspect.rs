//! The inspected cell: its domain history, kept current as the view moves.

use super::lane::DomainHistory;
use super::{App, HISTORY_AUTO_LIMIT};
use crate::solver::Cell;

/// A cell whose domain history is shown.
#[derive(Clone, Debug)]
pub struct Inspect {
    /// The pane.
    pub lane: usize,
    /// The cell.
    pub cell: Cell,
    /// Its history, when computed for the pane's current step.
    pub history: Option<DomainHistory>,
}

impl App {
    /// Recomputes the inspected cell's history for the pane's current step: always when
    /// `clicked`, otherwise only while paused and at most [`HISTORY_AUTO_LIMIT`] steps in
    /// (the history replays the search from step 0).
    pub(super) fn refresh_inspect(&mut self, clicked: bool) {
        let running = self.running();
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
        inspect.history = None;
        if clicked || (!running && lane.step() <= HISTORY_AUTO_LIMIT) {
            inspect.history = Some(lane.domain_history(inspect.cell));
        }
    }
}
