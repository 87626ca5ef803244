//! What the views shade or show on request: the board shaded by dom/wdeg's weights (`W`),
//! the arc queue panel (`A`), and the estimate's chart in place of the depth trace (`E`).

use super::App;

/// The switches, each with its key.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shown {
    /// The weights heat map (`W`), off at first.
    heat: bool,
    /// The arc queue panel (`A`), on at first: it shows only for panes that revise arcs.
    queue: bool,
    /// The chart of how the estimate of the search's size moved (`E`), off at first.
    estimate_trace: bool,
}

impl Default for Shown {
    fn default() -> Shown {
        Shown {
            heat: false,
            queue: true,
            estimate_trace: false,
        }
    }
}

impl App {
    /// Whether the board is shaded by the learned constraint weights.
    pub fn heat(&self) -> bool {
        self.shown.heat
    }

    /// Whether the arc queue panel is shown (for the panes that revise arcs).
    pub fn queue_panel(&self) -> bool {
        self.shown.queue
    }

    /// Whether the depth trace shows how the estimate of the search's size moved instead.
    pub fn estimate_trace(&self) -> bool {
        self.shown.estimate_trace
    }

    pub(super) fn toggle_estimate_trace(&mut self) {
        self.shown.estimate_trace = !self.shown.estimate_trace;
    }

    /// Whether a pane's search revises arcs (its queue can be shown).
    pub fn revises(&self) -> bool {
        self.lanes.iter().any(|l| l.timeline().revises())
    }

    pub(super) fn toggle_heat(&mut self) {
        self.shown.heat = !self.shown.heat;
        let learned = self
            .lanes
            .iter()
            .any(|l| l.cursor().look().heat().is_some());
        self.message = Some(
            match (self.shown.heat, learned) {
                (false, _) => "weights heat map off",
                (true, true) => {
                    "weights heat map: each cell shaded by its constraints' bumps (W: off)"
                }
                (true, false) => {
                    "weights heat map on: no weight learned yet (dom/wdeg learns at each wipeout)"
                }
            }
            .to_string(),
        );
    }

    pub(super) fn toggle_queue(&mut self) {
        self.shown.queue = !self.shown.queue;
        let words = match (self.shown.queue, self.revises()) {
            (false, _) => "arc queue panel off (A: on)",
            (true, true) => {
                "arc queue panel on: the next arcs, the arc revised, the arcs put back (A: off)"
            }
            (true, false) => {
                "arc queue panel on: no search here revises arcs (presets mac, mac-2001)"
            }
        };
        self.message = Some(words.to_string());
    }
}
