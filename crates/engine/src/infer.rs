//! Inference: the rules that prune domains after each assignment, run to a fixpoint.
//!
//! Forward checking (and arc consistency's naked singles) drain a queue of assigned cells;
//! the unit rules (hidden singles, naked pairs, hidden pairs) run only when that queue is
//! empty, so every rule sees domains consistent with every assignment made so far.

mod forward;
mod givens;
mod locked;
mod mac;
mod pairs;
mod singles;

pub(crate) use mac::Mac;

use super::search::{Contradiction, Engine, Sink};

impl Engine {
    /// Applies the strategy's rules until none changes anything, or a wipeout.
    pub(crate) fn propagate<S: Sink>(&mut self, sink: &mut S) -> Result<(), Contradiction> {
        let inference = self.strategy.inference;
        if !inference.forward_check {
            return Ok(());
        }
        if self.mac.is_some() {
            return self.maintain_arc_consistency(sink);
        }
        // On a contradiction the queues keep what was pending: the search backtracks next,
        // and `Engine::backtrack` clears them with the rest of the bookkeeping.
        loop {
            self.drain(sink)?;
            if self.state.grid().open_count() == 0 {
                // A full grid leaves the unit rules nothing: every unit holds every digit
                // (forward checking let no two peers share one), so no noted pair is a
                // hidden single or a wipeout, and no open cell has a candidate to prune.
                // Skipping them changes no event; they would only read the notes.
                return Ok(());
            }
            // The unit rules read the place counts: from here on they are kept.
            self.state
                .grid_mut()
                .catch_up(inference.locked_candidates, inference.hidden_pairs);
            if inference.hidden_singles {
                if self.hidden_singles(sink)? {
                    if !self.state.grid().scans() {
                        continue;
                    }
                    // On a grid that scans, hidden singles returned only once they had
                    // nothing left to look at, each single propagated: going round again
                    // would find the queue empty and no unit unseen by them, and make no
                    // event (callgrind, `fast`: 0.4 % of hardest's instructions, 0.5 % of
                    // top95's).
                    if self.state.grid().open_count() == 0 {
                        return Ok(());
                    }
                }
            } else {
                self.state.grid_mut().hand_notes(true);
            }
            if inference.locked_candidates && self.locked_candidates(sink)? {
                continue;
            }
            if inference.naked_pairs && self.naked_pairs(sink)? {
                continue;
            }
            if inference.hidden_pairs && self.hidden_pairs(sink)? {
                continue;
            }
            return Ok(());
        }
    }
}
