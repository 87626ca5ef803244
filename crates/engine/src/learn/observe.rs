//! The sink through which a learning search hears its own events.

use super::Learner;
use crate::event::Event;
use crate::sink::Sink;

/// Passes every event to the learner, then to the search's own sink. A wipeout is preceded
/// by its culprits (conflict-directed backjumping) and followed by the constraint weight
/// it bumped (dom/wdeg).
pub(crate) struct Observe<'a, S> {
    pub(crate) sink: &'a mut S,
    pub(crate) learner: &'a mut Learner,
}

impl<S: Sink> Sink for Observe<'_, S> {
    #[inline]
    fn push(&mut self, event: Event) {
        self.learner.hear(&event);
        if let Event::Wipeout { depth, .. } = event {
            // The conflict set is found as the wipeout is: its culprits come first, so that
            // the wipeout is shown with them and its jump target.
            for culprit in self.learner.culprits(depth) {
                self.sink.push(culprit);
            }
            self.sink.push(event);
            if let Some(weight) = self.learner.taught() {
                self.sink.push(weight);
            }
            return;
        }
        self.sink.push(event);
    }

    #[inline]
    fn push_prunes(&mut self, _rule: usize, _count: u64, each: impl FnOnce(&mut Self)) {
        // The learner hears each prune: its culprit may join a conflict set.
        each(self);
    }

    #[inline]
    fn learner(&mut self) -> Option<&mut Learner> {
        Some(self.learner)
    }
}
