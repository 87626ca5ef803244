//! Where a run-to stops.

use crate::solver::Event;

/// Where to stop a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// After the next decision.
    Decision,
    /// After the next backtrack.
    Backtrack,
    /// After the next wipeout (before its backtrack).
    Wipeout,
    /// At the end of the propagation under way: its fixpoint (the next select, or the
    /// solution) or its wipeout.
    Propagation,
    /// At the solution or the end.
    End,
    /// At this position (a step; a decision count with `--lock nodes`).
    At(u64),
    /// At the next step where a breakpoint holds (the breakpoints decide, not the goal).
    Break,
}

impl Goal {
    /// Whether `event` ends the run.
    pub fn stops(self, event: &Event) -> bool {
        match self {
            Goal::Decision => event.is_decision(),
            Goal::Backtrack => matches!(event, Event::Backtrack { .. }),
            Goal::Wipeout => matches!(event, Event::Wipeout { .. }),
            Goal::Propagation => matches!(
                event,
                Event::Select { .. }
                    | Event::Solution { .. }
                    | Event::Wipeout { .. }
                    | Event::Exhausted
                    | Event::Limit
            ),
            Goal::End => matches!(
                event,
                Event::Solution { .. } | Event::Exhausted | Event::Limit
            ),
            Goal::At(_) | Goal::Break => false,
        }
    }

    /// Whether `event`, which brought `cursor` where it is, ends the run: as
    /// [`Goal::stops`], and a decision's goal stops a local search, which makes none, at
    /// each step to fewer conflicts than ever (a new best).
    pub fn stops_at(self, event: &Event, cursor: &super::cursor::Cursor) -> bool {
        self.stops(event) || (self == Goal::Decision && cursor.improved())
    }
}
