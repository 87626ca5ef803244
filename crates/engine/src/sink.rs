//! Where the engine's events go: the iterator's buffer, or counters when running headless.

use std::collections::VecDeque;

use crate::event::{Event, PRUNE_RULES};
use crate::stats::Stats;

/// Where events go: the iterator's buffer, or a counter when running headless.
pub(crate) trait Sink: Sized {
    /// Whether it keeps every event (then a rule's prunes made at once are each pushed).
    const KEEPS_EVENTS: bool;

    /// Takes one event.
    fn push(&mut self, event: Event);

    /// Takes `count` prunes made at once by one rule (`rule` indexes [`PRUNE_RULES`]): a
    /// sink that keeps events has `each` push them, one by one in their order; a counting
    /// sink adds the count and never calls it.
    fn push_prunes(&mut self, rule: usize, count: u64, each: impl FnOnce(&mut Self));
}

impl Sink for VecDeque<Event> {
    const KEEPS_EVENTS: bool = true;

    #[inline]
    fn push(&mut self, event: Event) {
        self.push_back(event);
    }

    #[inline]
    fn push_prunes(&mut self, _rule: usize, _count: u64, each: impl FnOnce(&mut Self)) {
        each(self);
    }
}

/// The headless sink: counts events and keeps none. Prunes, most of the events, are
/// counted by cause alone (one counter each); [`Counting::finish`] adds them to the totals.
pub(crate) struct Counting {
    stats: Stats,
    prunes: [u64; PRUNE_RULES.len()],
}

impl Sink for Counting {
    const KEEPS_EVENTS: bool = false;

    /// Always inlined: the engine's hot loops push through it, and the kind of each event
    /// they push is known there, so each count folds to one counter.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn push(&mut self, event: Event) {
        if let Event::Prune { cause, .. } = event {
            self.prunes[cause.index()] += 1;
        } else {
            self.stats.record(&event);
        }
    }

    #[inline]
    fn push_prunes(&mut self, rule: usize, count: u64, _each: impl FnOnce(&mut Self)) {
        self.prunes[rule] += count;
    }
}

impl Counting {
    /// A sink that goes on from the counters `stats`.
    pub(crate) fn new(stats: &Stats) -> Counting {
        Counting {
            stats: *stats,
            prunes: [0; PRUNE_RULES.len()],
        }
    }

    /// The counters, as [`Stats::record`] would have kept them.
    pub(crate) fn finish(self) -> Stats {
        let mut stats = self.stats;
        for (i, &count) in self.prunes.iter().enumerate() {
            stats.prunes_by_cause.add(i, count);
            stats.prunes += count;
            stats.events += count;
        }
        stats
    }
}

/// The headless sink with a listener: counts as [`Counting`] does, and hands `hear` every
/// event the engine makes one by one, after counting it. The prunes a rule makes in bulk
/// (a hidden single's cell losing its other candidates, the givens' forward checks) are
/// counted and never made one by one, so `hear` never sees them.
pub(crate) struct Hearing<'a, F> {
    pub(crate) counting: Counting,
    pub(crate) hear: &'a mut F,
}

impl<F: FnMut(&Event, &Stats)> Sink for Hearing<'_, F> {
    const KEEPS_EVENTS: bool = false;

    #[inline]
    fn push(&mut self, event: Event) {
        if let Event::Prune { cause, .. } = event {
            self.counting.prunes[cause.index()] += 1;
        } else {
            self.counting.stats.record(&event);
        }
        (self.hear)(&event, &self.counting.stats);
    }

    #[inline]
    fn push_prunes(&mut self, rule: usize, count: u64, _each: impl FnOnce(&mut Self)) {
        self.counting.prunes[rule] += count;
    }
}
