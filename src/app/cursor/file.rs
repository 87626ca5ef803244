//! The events of a trace file behind a cursor: a checked stream, live with its reader or
//! parked (a checkpoint) at its offset, stopping at its first error.

use std::io::BufReader;

use super::StreamMark;
use crate::solver::Event;
use crate::solver::Stats;
use crate::solver::stream::Stream;
use crate::solver::stream::StreamError;
use crate::solver::stream::live::{Shared, Tail};

/// Read-ahead per reader of a trace file.
pub(super) const READ_BUFFER: usize = 1 << 16;

/// A stream read from a file: live with its reader, or parked (a checkpoint) with only the
/// offset to read on from.
pub(super) enum Attached {
    Live(Stream<BufReader<Tail>>),
    Parked(Stream<()>),
}

/// The events of a trace file, checked; they stop at the first error.
pub(super) struct FileEvents {
    /// The file, shared by every checkpoint: each reads at its own offset.
    pub(super) file: Shared,
    pub(super) stream: Attached,
    pub(super) error: Option<StreamError>,
    /// The mark of the event handed out last.
    pub(super) last: StreamMark,
}

impl Clone for FileEvents {
    fn clone(&self) -> FileEvents {
        let parked = match &self.stream {
            Attached::Live(s) => s.detach(),
            Attached::Parked(s) => s.clone(),
        };
        FileEvents {
            file: self.file.clone(),
            stream: Attached::Parked(parked),
            error: self.error.clone(),
            last: self.last,
        }
    }
}

impl std::fmt::Debug for FileEvents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileEvents")
            .field("line", &self.line())
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl FileEvents {
    /// `live` or `parked` of the stream, whichever it is.
    pub(super) fn with<'a, T>(
        &'a self,
        live: impl FnOnce(&'a Stream<BufReader<Tail>>) -> T,
        parked: impl FnOnce(&'a Stream<()>) -> T,
    ) -> T {
        match &self.stream {
            Attached::Live(s) => live(s),
            Attached::Parked(s) => parked(s),
        }
    }

    pub(super) fn stats(&self) -> &Stats {
        self.with(Stream::stats, Stream::stats)
    }

    pub(super) fn line(&self) -> u64 {
        self.with(Stream::line, Stream::line)
    }

    pub(super) fn is_done(&self) -> bool {
        self.with(Stream::is_done, Stream::is_done)
    }

    pub(super) fn next(&mut self) -> Option<(Event, bool)> {
        if self.error.is_some() {
            return None;
        }
        if let Attached::Parked(parked) = &self.stream {
            let tail = Tail::new(
                self.file.clone(),
                parked.offset(),
                parked.progress().cloned(),
            );
            let live = parked
                .clone()
                .attach(BufReader::with_capacity(READ_BUFFER, tail));
            self.stream = Attached::Live(live);
        }
        let Attached::Live(live) = &mut self.stream else {
            return None;
        };
        match live.next_event()? {
            Ok(checked) => {
                self.last = StreamMark {
                    line: checked.line,
                    offset: live.line_start(),
                    warning: if checked.warned {
                        live.warnings().first().copied()
                    } else {
                        None
                    },
                };
                Some((checked.event, checked.cause_given))
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}
