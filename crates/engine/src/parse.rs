//! Reading puzzles: one per line, or laid out in blocks over several lines; streamed, with located errors.
//!
//! Line format: n² symbols as the first word of a line (anything after white space is a
//! comment); `#` lines are comments. Block format: n rows of n symbols, with or without
//! `|`, `+`, spaces and `-`/`+`/`=` separator lines, puzzles apart by blank lines or not.
//! Digits are `1`-`9` (then `A`-`G` on 16×16; `A`-`Y` on 25×25); `.`, `0`, `_` and `-`
//! mark empty cells. A UTF-8 BOM is accepted, and any line end: LF, CRLF or a bare CR
//! ([`lines`](super::lines)). A line over [`MAX_LINE`] bytes is reported and skipped; one
//! with no end within [`MAX_ENDLESS`] bytes, or an input whose first [`MAX_NO_PUZZLE`] bytes
//! hold no puzzle, ends the reading with an error: no endless input is read forever.

use std::io::BufRead;
use std::str::FromStr;
use std::sync::Arc;

use super::domain::Digit;
use super::geometry::BoxSize;
use super::lines::{Got, LineEnds};
use super::puzzle::Puzzle;

mod error;

pub use error::{Location, ParseError, ParseErrorKind};

pub use super::lines::{MAX_ENDLESS, MAX_LINE};

/// Bytes read without finding a puzzle after which an input is not read further: what
/// holds no puzzle in its first megabyte is no puzzle file (`/dev/urandom`).
pub const MAX_NO_PUZZLE: u64 = 1 << 20;

/// One puzzle read from an input, with where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// File and line where the puzzle starts.
    pub location: Location,
    /// The puzzle.
    pub puzzle: Puzzle,
}

struct Block {
    start: usize,
    side: usize,
    rows: usize,
    symbols: Vec<(char, usize)>,
}

/// Streams puzzles out of a reader, one [`Entry`] or [`ParseError`] at a time, in constant memory.
pub struct PuzzleReader<R> {
    source: Arc<str>,
    reader: R,
    line_no: usize,
    bytes: Vec<u8>,
    ends: LineEnds,
    /// Bytes read so far, and puzzles found: an input that keeps giving neither a puzzle
    /// nor an end is not read past [`MAX_NO_PUZZLE`].
    read: u64,
    found: usize,
    block: Option<Block>,
    /// After a bad block row: how many more rows of that block to pass over, and their width.
    skip_rows: usize,
    skip_side: usize,
    /// An item read while reporting another, returned next.
    pending: Option<Result<Entry, ParseError>>,
    size_hint: Option<BoxSize>,
    finished: bool,
}

const EMPTY_SYMBOLS: [char; 4] = ['.', '0', '_', '-'];

impl<R: BufRead> PuzzleReader<R> {
    /// Reads from `reader`, naming it `source` in locations.
    pub fn new(source: &str, reader: R) -> PuzzleReader<R> {
        PuzzleReader {
            source: source.into(),
            reader,
            line_no: 0,
            bytes: Vec::with_capacity(128),
            ends: LineEnds::default(),
            read: 0,
            found: 0,
            block: None,
            skip_rows: 0,
            skip_side: 0,
            pending: None,
            size_hint: None,
            finished: false,
        }
    }

    /// Reads 16-symbol lines as rows of 16×16 puzzles rather than as whole 4×4 puzzles
    /// when `size` is 16×16.
    #[must_use]
    pub fn with_size_hint(mut self, size: Option<BoxSize>) -> PuzzleReader<R> {
        self.size_hint = size;
        self
    }

    fn location(&self, line: usize) -> Location {
        Location {
            source: self.source.clone(),
            line,
        }
    }

    fn error(&self, line: usize, column: Option<usize>, kind: ParseErrorKind) -> ParseError {
        ParseError {
            location: self.location(line),
            column,
            kind,
        }
    }

    /// Reads the next line into `self.bytes` (its end left out); `Ok(false)` at the end of
    /// input. A line too long is an error, and one with no end ends the reading.
    fn read_line(&mut self) -> Result<bool, ParseError> {
        if self.found == 0 && self.read > MAX_NO_PUZZLE {
            self.finished = true;
            return Err(self.error(self.line_no, None, ParseErrorKind::NoPuzzles));
        }
        let read = self
            .ends
            .read(&mut self.reader, &mut self.bytes)
            .map_err(|e| self.error(self.line_no + 1, None, ParseErrorKind::Io(e.to_string())))?;
        self.read += read.bytes;
        if read.got == Got::End {
            return Ok(false);
        }
        self.line_no += 1;
        match read.got {
            Got::Long => Err(self.error(self.line_no, None, ParseErrorKind::LongLine)),
            Got::Endless => {
                self.finished = true;
                Err(self.error(self.line_no, None, ParseErrorKind::Endless))
            }
            Got::End | Got::Line => Ok(true),
        }
    }

    fn finish_block_early(&mut self) -> Option<ParseError> {
        let block = self.block.take()?;
        Some(self.error(
            block.start,
            None,
            ParseErrorKind::ShortBlock {
                rows: block.rows,
                expected: block.side,
            },
        ))
    }

    fn handle_line(&mut self, line: &str) -> Option<Result<Entry, ParseError>> {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            self.skip_rows = 0;
            return self.finish_block_early().map(Err);
        }
        if trimmed.starts_with('#') {
            return None;
        }
        if self.skip_rows > 0 {
            // Pass over the rest of a broken block: its separators and rows of its width.
            // Any other line ends the broken block and is read as usual.
            if is_separator(trimmed, Some(self.skip_side)) {
                return None;
            }
            if row_symbols(line).len() == self.skip_side {
                self.skip_rows -= 1;
                return None;
            }
            self.skip_rows = 0;
        }
        let block_side = self.block.as_ref().map(|b| b.side);
        if block_side.is_some() && is_separator(trimmed, block_side) {
            return None;
        }
        let first_word = trimmed.split_whitespace().next().unwrap_or_default();
        let word_len = first_word.chars().count();
        let whole_line = BoxSize::from_cells(word_len).is_some()
            && !first_word.contains(['|', '+'])
            && block_side != Some(word_len)
            && !(word_len == 16 && self.reads_as_16_row(first_word));
        if whole_line {
            let offset = line.chars().take_while(|c| c.is_whitespace()).count();
            let entry = self.line_puzzle(first_word, offset);
            // A whole puzzle inside a block ends that block early.
            return match self.finish_block_early() {
                Some(err) => {
                    self.pending = Some(entry);
                    Some(Err(err))
                }
                None => Some(entry),
            };
        }
        if is_separator(trimmed, block_side) {
            return None;
        }
        self.block_row(line)
    }

    /// Drops the block in progress after a bad row, and passes over the rest of its rows.
    fn break_block(&mut self, side: usize) {
        let rows = self.block.take().map_or(0, |b| b.rows);
        self.skip_rows = side.saturating_sub(rows + 1);
        self.skip_side = side;
    }

    fn reads_as_16_row(&self, word: &str) -> bool {
        if self.size_hint == Some(BoxSize::SIXTEEN) {
            return true;
        }
        let beyond_four = word
            .chars()
            .any(|c| cell_symbol(c, BoxSize::FOUR).is_none());
        beyond_four && word.chars().all(|c| is_symbol(c, 16))
    }

    fn line_puzzle(&self, word: &str, offset: usize) -> Result<Entry, ParseError> {
        let n = word.chars().count();
        let Some(size) = BoxSize::from_cells(n) else {
            return Err(self.error(
                self.line_no,
                None,
                ParseErrorKind::CellCount {
                    found: n,
                    expected: nearest_cells(n),
                },
            ));
        };
        let givens = word
            .chars()
            .enumerate()
            .map(|(i, c)| cell_symbol(c, size).map(Symbol::given).ok_or(i))
            .collect::<Result<Vec<_>, usize>>()
            .map_err(|i| {
                let symbol = word.chars().nth(i).unwrap_or('?');
                self.error(
                    self.line_no,
                    Some(offset + i + 1),
                    ParseErrorKind::BadSymbol { symbol },
                )
            })?;
        let puzzle = Puzzle::new(size, givens).expect("BUG: the cell count was checked");
        Ok(Entry {
            location: self.location(self.line_no),
            puzzle,
        })
    }

    /// The error for a row that starts no block: its first character that is no cell
    /// symbol on any board, or else its length against the nearest board (a whole-line
    /// puzzle beyond 25 symbols, a row up to 25).
    fn unknown_width(&self, symbols: &[(char, usize)]) -> ParseError {
        let found = symbols.len();
        if let Some(&(symbol, col)) = symbols
            .iter()
            .find(|(c, _)| !is_symbol(*c, 25) && !is_symbol(*c, 16))
        {
            return self.error(
                self.line_no,
                Some(col),
                ParseErrorKind::BadSymbol { symbol },
            );
        }
        let kind = if found > 25 {
            ParseErrorKind::CellCount {
                found,
                expected: nearest_cells(found),
            }
        } else {
            ParseErrorKind::RowLength {
                found,
                expected: nearest_side(found),
            }
        };
        self.error(self.line_no, None, kind)
    }

    fn block_row(&mut self, line: &str) -> Option<Result<Entry, ParseError>> {
        let symbols = row_symbols(line);
        let found = symbols.len();
        let side = match &self.block {
            Some(b) => b.side,
            None => match BoxSize::from_side(found) {
                Some(size) => size.side(),
                None => return Some(Err(self.unknown_width(&symbols))),
            },
        };
        if let Some(&(symbol, col)) = symbols.iter().find(|(c, _)| !is_symbol(*c, side)) {
            self.break_block(side);
            return Some(Err(self.error(
                self.line_no,
                Some(col),
                ParseErrorKind::BadSymbol { symbol },
            )));
        }
        if found != side {
            self.break_block(side);
            return Some(Err(self.error(
                self.line_no,
                None,
                ParseErrorKind::RowLength {
                    found,
                    expected: side,
                },
            )));
        }
        let block = self.block.get_or_insert_with(|| Block {
            start: self.line_no,
            side,
            rows: 0,
            symbols: Vec::new(),
        });
        block.symbols.extend(symbols);
        block.rows += 1;
        if block.rows < side {
            return None;
        }
        let block = self.block.take()?;
        let board = BoxSize::from_side(side).expect("BUG: the block's side is a board side");
        let givens = block
            .symbols
            .iter()
            .map(|&(c, _)| cell_symbol(c, board).and_then(Symbol::given))
            .collect();
        let puzzle = Puzzle::new(board, givens).expect("BUG: n rows of n cells");
        Some(Ok(Entry {
            location: self.location(block.start),
            puzzle,
        }))
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Entry, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(item) = self.pending.take() {
            return Some(item);
        }
        while !self.finished {
            match self.read_line() {
                Ok(true) => {}
                Ok(false) => {
                    self.finished = true;
                    return self.finish_block_early().map(Err);
                }
                Err(e) => {
                    if matches!(e.kind, ParseErrorKind::Io(_)) {
                        self.finished = true;
                    }
                    return Some(Err(e));
                }
            }
            let bytes = std::mem::take(&mut self.bytes);
            let text = String::from_utf8_lossy(&bytes);
            let mut line: &str = &text;
            if self.line_no == 1 {
                line = line.strip_prefix('\u{feff}').unwrap_or(line);
            }
            let item = self.handle_line(line);
            drop(text);
            self.bytes = bytes;
            if let Some(item) = item {
                self.found += usize::from(item.is_ok());
                return Some(item);
            }
        }
        None
    }
}

/// The cell symbols of a block row with their columns (from 1): everything but white
/// space, `|` and `+`.
fn row_symbols(line: &str) -> Vec<(char, usize)> {
    line.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace() && !matches!(c, '|' | '+'))
        .map(|(i, c)| (c, i + 1))
        .collect()
}

/// What one input character stands for on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symbol {
    Empty,
    Given(Digit),
}

impl Symbol {
    fn given(self) -> Option<Digit> {
        match self {
            Symbol::Empty => None,
            Symbol::Given(d) => Some(d),
        }
    }
}

/// The symbol `c` is on a board of `size`, or `None` if it is not a cell symbol there.
fn cell_symbol(c: char, size: BoxSize) -> Option<Symbol> {
    if EMPTY_SYMBOLS.contains(&c) {
        Some(Symbol::Empty)
    } else {
        Digit::from_symbol(c, size).map(Symbol::Given)
    }
}

fn is_symbol(c: char, side: usize) -> bool {
    BoxSize::from_side(side).is_some_and(|size| cell_symbol(c, size).is_some())
}

/// Whether a line is a frame between block rows rather than a row of empty (`-`) cells:
/// it holds `+`, `=` or `*`, or a run of dashes (`--`) that is not exactly a row of the
/// block in progress. Dashes apart (`- - -`, `-|-`) are cells.
fn is_separator(line: &str, side: Option<usize>) -> bool {
    let only_frame = line
        .chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|' | '*') || c.is_whitespace());
    if !only_frame {
        return false;
    }
    if line.contains(['+', '=', '*']) {
        return true;
    }
    let dashes = line.chars().filter(|&c| c == '-').count();
    line.contains("--") && Some(dashes) != side
}

fn nearest_cells(n: usize) -> usize {
    [16usize, 81, 256, 625]
        .into_iter()
        .min_by_key(|&c| c.abs_diff(n))
        .unwrap_or(81)
}

fn nearest_side(n: usize) -> usize {
    [4usize, 9, 16, 25]
        .into_iter()
        .min_by_key(|&c| c.abs_diff(n))
        .unwrap_or(9)
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// One puzzle, in either format.
    fn from_str(s: &str) -> Result<Puzzle, ParseError> {
        let mut reader = PuzzleReader::new("argument", s.as_bytes());
        match reader.next() {
            Some(Ok(entry)) => Ok(entry.puzzle),
            Some(Err(e)) => Err(e),
            None => Err(ParseError {
                location: Location {
                    source: "argument".into(),
                    line: 1,
                },
                column: None,
                kind: ParseErrorKind::Empty,
            }),
        }
    }
}
