//! The sink a tree search's events go through: to the search's own sink, and heard by its
//! family on the way.

use super::hooks::Family;
use crate::event::Event;
use crate::sink::Sink;

/// Passes every event to the family's hook for it, then to the search's own sink (a
/// wipeout the family reports itself, with what it adds before and after it).
pub(crate) struct Heard<'a, S, F> {
    pub(crate) sink: &'a mut S,
    pub(crate) family: &'a mut F,
}

impl<S: Sink, F: Family> Sink for Heard<'_, S, F> {
    const KEEPS_EVENTS: bool = S::KEEPS_EVENTS || F::HEARS_PRUNES;

    /// Always inlined, as the sinks it passes to are: where the kind of the event is known,
    /// the match folds to its one arm (and to nothing for a family that hears nothing).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn push(&mut self, event: Event) {
        match event {
            Event::Select { cell, depth, .. } => self.family.on_select(cell, depth),
            Event::Assign {
                cell,
                digit,
                depth,
                cause,
            } if cause.is_decision() => self.family.on_decision(cell, digit, depth),
            Event::Assign {
                cell,
                digit,
                depth,
                cause,
            } => self.family.on_infer(cell, digit, cause, depth),
            Event::Prune {
                cell,
                digit,
                depth,
                cause,
            } => self.family.on_prune(cell, digit, cause, depth),
            Event::Wipeout { site, depth } => {
                self.family.on_conflict(site, depth, self.sink);
                return;
            }
            Event::Backtrack { cell, depth, .. } => self.family.on_backtrack(cell, depth),
            Event::Restart { run, .. } => self.family.on_restart(run),
            Event::Solution { .. } => self.family.on_solution(),
            _ => {}
        }
        self.sink.push(event);
    }

    #[inline]
    fn push_prunes(&mut self, rule: usize, count: u64, each: impl FnOnce(&mut Self)) {
        if Self::KEEPS_EVENTS {
            each(self);
        } else {
            // A sink that keeps no event adds the count and never calls `each`.
            self.sink.push_prunes(rule, count, |_| {});
        }
    }
}
