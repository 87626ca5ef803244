//! What the status line says the app is doing: its first word.

use super::{App, Lane};

/// What the status line says the app is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Stopped mid-search.
    Paused,
    /// Playing or running to a goal.
    Running,
    /// One pane, at its solution.
    Solved,
    /// One pane, at the end of a search without solution.
    Exhausted,
    /// One pane, a local search stopped by its step limit: it proved nothing.
    Limit,
    /// Several panes, all at their ends.
    Finished,
    /// One pane, an event stream stopped at a bad event.
    Stopped,
    /// Stopped at a breakpoint.
    Break,
    /// A manual pane (preset `you`) waits for the viewer to choose its next cell.
    Choose,
    /// A question waits for the student's answer (the quiz, a lesson).
    Quiz,
}

impl Phase {
    /// The status line's word.
    pub fn word(self) -> &'static str {
        match self {
            Phase::Paused => "PAUSED",
            Phase::Running => "RUNNING",
            Phase::Solved => "SOLVED",
            Phase::Exhausted => "EXHAUSTED",
            Phase::Limit => "LIMIT",
            Phase::Finished => "FINISHED",
            Phase::Stopped => "STOPPED",
            Phase::Break => "BREAK",
            Phase::Choose => "CHOOSE",
            Phase::Quiz => "QUIZ",
        }
    }
}

impl App {
    /// The status line's first word.
    pub fn phase(&self) -> Phase {
        if self.teach.open.is_some() {
            Phase::Quiz
        } else if self.lanes.iter().any(Lane::awaits_pick) {
            Phase::Choose
        } else if self.running() {
            Phase::Running
        } else if self.hit().is_some() {
            Phase::Break
        } else if self.all_finished() {
            match self.lanes.as_slice() {
                [one] if one.timeline().error().is_some() => Phase::Stopped,
                [one] if one.cursor().solved() => Phase::Solved,
                [one] if one.is_local() => Phase::Limit,
                [_] => Phase::Exhausted,
                _ => Phase::Finished,
            }
        } else {
            Phase::Paused
        }
    }
}
