//! Where a cursor's events come from: the engine's search, or a stream read from a file,
//! behind one `next`.

use super::file::FileEvents;
use crate::solver::{Event, Search, Stats};

/// Where a cursor's events come from: the engine's search, or a stream read from a file.
#[derive(Clone, Debug)]
#[expect(
    clippy::large_enum_variant,
    reason = "the engine's search is the hot variant: kept inline, advancing it costs no indirection"
)]
pub(super) enum Events {
    Engine(Search),
    /// Boxed: a cursor on the engine stays as small as before.
    File(Box<FileEvents>),
}

impl Events {
    /// Whether the search's policy restarts it (a stream's restarts are heard as they come).
    pub(super) fn restarts(&self) -> bool {
        matches!(self, Events::Engine(search) if search.strategy().restart.cutoff(1).is_some())
    }

    /// The next event, and whether its cause was given.
    #[inline]
    pub(super) fn next(&mut self) -> Option<(Event, bool)> {
        match self {
            Events::Engine(search) => search.next().map(|e| (e, true)),
            Events::File(file) => file.next(),
        }
    }

    #[inline]
    pub(super) fn is_finished(&self) -> bool {
        match self {
            Events::Engine(search) => search.is_finished(),
            Events::File(file) => file.error.is_some() || file.is_done(),
        }
    }

    pub(super) fn stats(&self) -> &Stats {
        match self {
            Events::Engine(search) => search.stats(),
            Events::File(file) => file.stats(),
        }
    }
}
