//! Where the engine's events go: the iterator's buffer, or counters when running headless.

use std::collections::VecDeque;

use crate::solver::event::{Event, PRUNE_RULES};
use crate::solver::stats::Stats;

/// Where events go: the iterator's buffer, or a counter when running headless.
pub(crate) trait Sink {
    fn push(&mut self, event: Event);
}

impl Sink for VecDeque<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        self.push_back(event);
    }
}

/// The headless sink: counts events and keeps none. Prunes, most of the events, are
/// counted by cause alone (one counter each); [`Counting::finish`] adds them to the totals.
pub(super) struct Counting {
    stats: Stats,
    prunes: [u64; PRUNE_RULES.len()],
}

impl Sink for Counting {
    #[inline]
    fn push(&mut self, event: Event) {
        if let Event::Prune { cause, .. } = event {
            self.prunes[cause.index()] += 1;
        } else {
            self.stats.record(&event);
        }
    }
}

impl Counting {
    /// A sink that goes on from the counters `stats`.
    pub(super) fn new(stats: Stats) -> Counting {
        Counting {
            stats,
            prunes: [0; PRUNE_RULES.len()],
        }
    }

    /// The counters, as [`Stats::record`] would have kept them.
    pub(super) fn finish(self) -> Stats {
        let mut stats = self.stats;
        for (i, &count) in self.prunes.iter().enumerate() {
            stats.prunes_by_cause.add(i, count);
            stats.prunes += count;
            stats.events += count;
        }
        stats
    }
}
