//! Reading a trace as a stream: line by line in bounded memory, each line parsed, checked
//! against the board and turned into events, or into one located error. A trace still
//! being written ([`Stream::open_live`]) has no end until its writer finishes: reading
//! past what has arrived so far only says "nothing yet" ([`Stream::is_waiting`]).

use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;

use super::check::{Batch, Board, Checked, Derived};
use super::claim::{self, Header};
use super::error::{StreamError, StreamErrorKind};
use super::json::{self, Fields};
use super::live::Progress;
use dokuscope_engine::lines::{Got, LineEnds};
use dokuscope_engine::stats::Stats;

/// One line read: its bytes (end of line stripped), or a line too long to read, or one
/// with no end (nothing after it is read), or the end, or (a stream still being written) no
/// whole line yet.
enum Line {
    Text,
    TooLong,
    Endless,
    End,
    Pending,
}

/// How long [`Stream::open_live`] waits between looks at its writer.
const START_WAIT: Duration = Duration::from_millis(200);

/// A trace being read: the start object, then checked events one at a time.
///
/// Memory stays bounded whatever the stream's length: a line buffer of at most
/// [`MAX_LINE`] bytes and one board. [`Stream::detach`] takes a checkpoint (everything but
/// the reader), from which [`Stream::attach`] goes on with a reader at [`Stream::offset`].
#[derive(Clone)]
pub struct Stream<R> {
    source: Arc<str>,
    reader: R,
    bytes: Vec<u8>,
    /// Whether the last line ended in a CR whose LF may come first in the next read.
    ends: LineEnds,
    line: u64,
    /// Bytes consumed, up to the start of the next line.
    offset: u64,
    /// Where the line last read starts.
    line_start: u64,
    header: Header,
    board: Board,
    batch: Batch,
    fields: Fields,
    /// Events of `batch` handed out.
    taken: usize,
    /// The counters of the events handed out: the board counts a whole line at once, and a
    /// line can give two events (a derived wipeout before its backtrack).
    counted: Stats,
    /// No more lines (the end, or an error nothing can follow).
    done: bool,
    /// The writer of a stream still being written; `None` for a finished file.
    live: Option<Arc<Progress>>,
    /// The last read found no whole line yet, the writer still running.
    waiting: bool,
}

impl<R> Stream<R> {
    /// This stream's state without its reader: a checkpoint to go on from with [`Stream::attach`].
    pub fn detach(&self) -> Stream<()> {
        Stream {
            source: self.source.clone(),
            reader: (),
            bytes: Vec::new(),
            ends: self.ends,
            line: self.line,
            offset: self.offset,
            line_start: self.line_start,
            header: self.header.clone(),
            board: self.board.clone(),
            batch: self.batch.clone(),
            fields: self.fields,
            taken: self.taken,
            counted: self.counted,
            done: self.done,
            live: self.live.clone(),
            waiting: self.waiting,
        }
    }

    /// Goes on reading from `reader`, which must be at [`Stream::offset`] of the same input.
    pub fn attach<S>(self, reader: S) -> Stream<S> {
        Stream {
            source: self.source,
            reader,
            bytes: Vec::with_capacity(256),
            ends: self.ends,
            line: self.line,
            offset: self.offset,
            line_start: self.line_start,
            header: self.header,
            board: self.board,
            batch: self.batch,
            fields: self.fields,
            taken: self.taken,
            counted: self.counted,
            done: self.done,
            live: self.live,
            waiting: self.waiting,
        }
    }

    /// The start object.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The stream's name in errors.
    pub fn source(&self) -> &Arc<str> {
        &self.source
    }

    /// The board after the events handed out so far (and any of the current line's).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The counters of the events handed out so far.
    pub fn stats(&self) -> &Stats {
        &self.counted
    }

    /// What the checker derived so far.
    pub fn derived(&self) -> &Derived {
        self.board.derived()
    }

    /// The warnings so far, counted by kind.
    pub fn warning_counts(&self) -> &super::Warnings {
        self.board.warnings()
    }

    /// The warnings about the event last handed out that was [`Checked::warned`] (its
    /// line's), until the next line is read.
    pub fn warnings(&self) -> &[super::Warning] {
        self.batch.warnings()
    }

    /// Whether every event and error has been handed out.
    pub fn is_done(&self) -> bool {
        self.done && self.batch.error().is_none() && self.taken >= self.batch.events().len()
    }

    /// The writer of a stream still being written (`None` for a finished file).
    pub fn progress(&self) -> Option<&Arc<Progress>> {
        self.live.as_ref()
    }

    /// Whether the last read found no further event yet, only because the writer has not
    /// written it yet: more may come.
    pub fn is_waiting(&self) -> bool {
        self.waiting
    }

    /// Lines read so far.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Bytes read so far: where the next line starts.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Where the line last read starts (the line of the events handed out last): a view
    /// reads it again there for what the checker does not keep (a select's own words).
    pub fn line_start(&self) -> u64 {
        self.line_start
    }

    fn error(&self, column: Option<usize>, kind: StreamErrorKind) -> StreamError {
        StreamError {
            file: self.source.clone(),
            line: self.line.max(1),
            column,
            kind,
        }
    }
}

impl<R: BufRead> Stream<R> {
    /// Reads up to and including the start object (blank lines before it are skipped).
    /// An error here is fatal: there is no board to check anything against.
    pub fn open(source: &str, reader: R) -> Result<Stream<R>, StreamError> {
        Stream::open_with(source, reader, None)
    }

    /// [`Stream::open`] on a stream still being written, `reader` reading only what
    /// `progress` makes readable (a [`Tail`](super::live::Tail)): waits for the start
    /// object (or the writer's end). From then on, reading past what has arrived is not
    /// the end while the writer runs ([`Stream::is_waiting`]).
    pub fn open_live(
        source: &str,
        reader: R,
        progress: Arc<Progress>,
    ) -> Result<Stream<R>, StreamError> {
        Stream::open_with(source, reader, Some(progress))
    }

    fn open_with(
        source: &str,
        reader: R,
        live: Option<Arc<Progress>>,
    ) -> Result<Stream<R>, StreamError> {
        let mut stream = Stream {
            source: source.into(),
            reader,
            bytes: Vec::with_capacity(256),
            ends: LineEnds::default(),
            line: 0,
            offset: 0,
            line_start: 0,
            header: Header {
                version: claim::VERSION,
                puzzle: dokuscope_engine::puzzle::Puzzle::empty(dokuscope_engine::BoxSize::FOUR),
                solver: None,
                givens: dokuscope_engine::Givens::Placed,
                names: super::Names::default(),
                local: false,
            },
            board: Board::new(
                &dokuscope_engine::puzzle::Puzzle::empty(dokuscope_engine::BoxSize::FOUR),
                dokuscope_engine::Givens::Placed,
            ),
            batch: Batch::default(),
            fields: Fields::default(),
            taken: 0,
            counted: Stats::default(),
            done: false,
            live,
            waiting: false,
        };
        loop {
            match stream.read_line() {
                Ok(Line::Pending) => {
                    if let Some(p) = &stream.live {
                        p.wait(stream.offset, START_WAIT);
                    }
                }
                Err(kind) => return Err(stream.error(None, kind)),
                Ok(Line::End) => {
                    let kind = StreamErrorKind::Start(if stream.line == 0 {
                        "the stream is empty: it has no start object".into()
                    } else {
                        "the stream has no start object".into()
                    });
                    return Err(stream.error(None, kind));
                }
                Ok(Line::TooLong) => {
                    return Err(stream.error(None, StreamErrorKind::LongLine));
                }
                Ok(Line::Endless) => {
                    return Err(stream.error(None, StreamErrorKind::Endless));
                }
                Ok(Line::Text) if is_blank(&stream.bytes) => {}
                Ok(Line::Text) => break,
            }
        }
        // A UTF-8 byte order mark before the start object, as editors write one.
        if stream.line == 1 && stream.bytes.starts_with(BOM) {
            stream.bytes.drain(..BOM.len());
        }
        let mut fields = Fields::default();
        json::object(&stream.bytes, &mut fields)
            .map_err(|e| stream.error(Some(e.column), StreamErrorKind::Syntax(e.message)))?;
        let header = claim::start(&stream.bytes, &fields).map_err(|k| stream.error(None, k))?;
        stream.board = Board::new(&header.puzzle, header.givens);
        if header.local {
            stream.board.search_locally(&header.puzzle);
        }
        stream.header = header;
        Ok(stream)
    }

    fn read_line(&mut self) -> Result<Line, StreamErrorKind> {
        let mut looked = false;
        let read = loop {
            let read = self
                .ends
                .read(&mut self.reader, &mut self.bytes)
                .map_err(|e| StreamErrorKind::Io(e.to_string()))?;
            // The LF of a CRLF whose CR ended the line before belongs to that line.
            self.offset += read.lead;
            if read.got != Got::End {
                break read;
            }
            let Some(p) = &self.live else {
                return Ok(Line::End);
            };
            if !p.is_finished() {
                return Ok(Line::Pending);
            }
            // Finished: what is readable now is final. The writer may have finished
            // between the read and the look at it, leaving bytes to read still (read them
            // once more; a file shorter than its writer said is its end).
            if looked || p.readable() <= self.offset {
                return match p.error() {
                    Some(e) => Err(StreamErrorKind::Io(e)),
                    None => Ok(Line::End),
                };
            }
            looked = true;
        };
        self.line += 1;
        self.line_start = self.offset;
        self.offset += read.bytes - read.lead;
        Ok(match read.got {
            Got::Long => Line::TooLong,
            Got::Endless => {
                self.done = true;
                Line::Endless
            }
            Got::End | Got::Line => Line::Text,
        })
    }

    /// The next event or error; `None` at the end, or (a stream still being written,
    /// [`Stream::is_waiting`]) when no further whole line has arrived yet: ask again later.
    /// After an error the stream goes on from the line's own claim where it can (an I/O
    /// error ends it).
    pub fn next_event(&mut self) -> Option<Result<Checked, StreamError>> {
        loop {
            if let Some(&(at, _)) = self.batch.error() {
                if at == self.taken {
                    let (_, kind) = self.batch.take_error()?;
                    return Some(Err(self.error(None, kind)));
                }
            }
            if let Some(&event) = self.batch.events().get(self.taken) {
                if let Some(stats) = self.batch.stats_after(self.taken) {
                    self.counted = *stats;
                }
                self.taken += 1;
                return Some(Ok(event));
            }
            if self.done {
                return None;
            }
            self.batch.clear();
            self.taken = 0;
            let line = self.read_line();
            self.waiting = matches!(line, Ok(Line::Pending));
            match line {
                Ok(Line::Pending) => return None,
                Err(kind) => {
                    self.done = true;
                    return Some(Err(self.error(None, kind)));
                }
                Ok(Line::End) => {
                    self.done = true;
                    self.board.finish(self.line, &mut self.batch);
                }
                Ok(Line::TooLong) => {
                    return Some(Err(self.error(None, StreamErrorKind::LongLine)));
                }
                Ok(Line::Endless) => {
                    return Some(Err(self.error(None, StreamErrorKind::Endless)));
                }
                Ok(Line::Text) if is_blank(&self.bytes) => {}
                Ok(Line::Text) => {
                    if let Err(e) = json::object(&self.bytes, &mut self.fields) {
                        return Some(Err(
                            self.error(Some(e.column), StreamErrorKind::Syntax(e.message))
                        ));
                    }
                    let g = self.board.geometry();
                    match claim::event(&self.bytes, &self.fields, g) {
                        Ok(record) => self.board.apply(self.line, record, &mut self.batch),
                        Err(kind) => return Some(Err(self.error(None, kind))),
                    }
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for Stream<R> {
    type Item = Result<Checked, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_event()
    }
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(u8::is_ascii_whitespace)
}

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";
