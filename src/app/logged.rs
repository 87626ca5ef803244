//! One event as the view's log keeps it: the event, its step, and what its words need
//! that the event does not carry.

use crate::solver::Event;

/// One event as the log shows it, with what the words need that the event does not carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Logged {
    /// Its step, from 1.
    pub step: u64,
    /// The event.
    pub event: Event,
    /// For a decision: the candidates its cell had; for a naked pair: the pair's digits as
    /// bits; for a backtrack: the decisions it skipped (a backjump); for a culprit: its
    /// decision's depth; for a wipeout after culprits: its jump (see [`super::event_words::jump`]).
    pub aux: u32,
    /// Whether the event's cause was given: always for the engine's; for a stream's assign
    /// or prune, whether its line gave one (else the cause in `event` is a stand-in).
    pub cause_given: bool,
}
