//! What the checker hands out: checked events, a line's batch of them with its error, and
//! the counts of what it derived.

use super::error::StreamErrorKind;
use super::warn::Warning;
use dokuscope_engine::event::Event;
use dokuscope_engine::stats::Stats;

/// One event of a checked stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The event, with every field filled in.
    pub event: Event,
    /// The line it comes from (for a derived event, the line that revealed it).
    pub line: u64,
    /// Whether the stream gave the cause (assign and prune); when not, the cause in
    /// `event` is a stand-in (a decision, or [`PruneCause::Refuted`](dokuscope_engine::PruneCause::Refuted)) to show as "no cause given".
    pub cause_given: bool,
    /// Whether the stream left this event out and the checker derived it (a wipeout or a solution).
    pub derived: bool,
    /// Whether the checker warned about this event (its line's [`Batch::warnings`]).
    pub warned: bool,
}

/// What one line gave: up to three events, an error that comes before `error.0` of them,
/// and the warnings about its stated event (the last).
#[derive(Clone, Debug, Default)]
pub struct Batch {
    pub(super) events: Vec<Checked>,
    /// The counters just after each event: a line's events are checked at once, but a view
    /// shows them one at a time, each with the counts of its own step.
    pub(super) after: Vec<Stats>,
    error: Option<(usize, StreamErrorKind)>,
    pub(super) warnings: Vec<Warning>,
}

impl Batch {
    /// Empties the batch for the next line.
    pub fn clear(&mut self) {
        self.events.clear();
        self.after.clear();
        self.error = None;
        self.warnings.clear();
    }

    /// The warnings about the line's stated event.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The events, in order.
    pub fn events(&self) -> &[Checked] {
        &self.events
    }

    /// The counters just after event `i` of the batch.
    pub fn stats_after(&self, i: usize) -> Option<&Stats> {
        self.after.get(i)
    }

    /// The line's first error, and how many of the events come before it.
    pub fn error(&self) -> Option<&(usize, StreamErrorKind)> {
        self.error.as_ref()
    }

    /// Takes the error out.
    pub fn take_error(&mut self) -> Option<(usize, StreamErrorKind)> {
        self.error.take()
    }

    pub(super) fn fail(&mut self, kind: StreamErrorKind) {
        if self.error.is_none() {
            self.error = Some((self.events.len(), kind));
        }
    }
}

/// Counters of what the stream left out and the checker derived.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Derived {
    /// Wipeouts inferred before a backtrack that followed no wipeout or solution.
    pub wipeouts: u64,
    /// Solutions inferred when the grid was full.
    pub solutions: u64,
    /// Prunes given without a cause.
    pub prunes_without_cause: u64,
    /// Decisions with no select before them.
    pub decisions_without_select: u64,
}
