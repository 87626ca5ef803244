//! The trait every inference rule implements.

use super::context::{Context, Contradiction};
use super::needs::Needs;
use crate::sink::Sink;

/// An inference rule: what it reads from the grid, what it does when the search starts, and
/// how it propagates.
pub(crate) trait Propagator {
    /// What the rule reads from the grid beyond the domains (see [`Needs`]).
    fn needs(&self) -> Needs;

    /// Its part of the propagation before the first decision, when the givens are placed
    /// (forward checking takes the givens as its first assignments).
    fn start<S: Sink>(&mut self, _cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
        Ok(())
    }

    /// Propagates what changed since it last ran, to its own fixpoint. Returns whether the
    /// rules before it must run again (it changed something they have first claim on).
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction>;

    /// Forgets what it kept of a search, ready for another puzzle of the same size.
    fn reset(&mut self) {}
}
