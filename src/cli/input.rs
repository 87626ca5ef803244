//! Where puzzles come from: files, standard input, inline strings, and the bundled puzzle.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::Path;
use std::sync::{Arc, OnceLock};

use anyhow::{Context, bail};
use dokuscope_formats::Format;

use crate::solver::geometry::BoxSize;
use crate::solver::parse::{Entry, Location, ParseError, ParseErrorKind, PuzzleReader};

/// The format every input is read in, from `--input-format`; unset, each input's first
/// line decides (see docs/variants.md).
static INPUT_FORMAT: OnceLock<Format> = OnceLock::new();

/// Reads every input in `format` from here on (`--input-format`).
pub fn force_format(format: Format) {
    let _ = INPUT_FORMAT.set(format);
}

/// An input's puzzles, streamed: a classic input's from the engine's reader, a variant's
/// read whole by the formats' reader.
pub enum Reader {
    /// Classic puzzles, read as they are asked for.
    Classic(PuzzleReader<Box<dyn BufRead + Send>>),
    /// Variants, read and put on their boards.
    Variants(std::vec::IntoIter<Result<Entry, ParseError>>),
}

impl Iterator for Reader {
    type Item = Result<Entry, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Reader::Classic(reader) => reader.next(),
            Reader::Variants(entries) => entries.next(),
        }
    }
}

/// Reads `reader` (named `name`) as its first line's format says, or as forced.
fn reader_of(
    name: &str,
    mut reader: Box<dyn BufRead + Send>,
    size_hint: Option<BoxSize>,
) -> Reader {
    // The first meaningful line decides, read at most PEEK bytes at a time: a longer line
    // (or an endless one) is left to the classic reader, which refuses it at its line.
    const PEEK: usize = 64 * 1024;
    let mut head = Vec::new();
    let mut long = false;
    loop {
        let before = head.len();
        let mut line = Vec::new();
        match (&mut reader).take(PEEK as u64).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        head.extend_from_slice(&line);
        if (!line.ends_with(b"\n") && line.len() >= PEEK) || head.len() > 16 * PEEK {
            // A line too long to peek, or a megabyte of comments: the classic reader's.
            long = true;
            break;
        }
        let text = String::from_utf8_lossy(&head[before..]);
        let text = text.trim();
        if !text.is_empty() && !text.starts_with('#') {
            break;
        }
    }
    let format = INPUT_FORMAT.get().copied().unwrap_or_else(|| {
        let text = String::from_utf8_lossy(&head);
        // An event trace (`{"type":...`) is not a variant: the classic reader refuses it
        // with a hint to `watch --events`.
        if long || text.trim_start().starts_with('{') && text.contains("\"type\"") {
            Format::Classic
        } else {
            Format::detect(&text)
        }
    });
    let rest: Box<dyn BufRead + Send> = Box::new(Cursor::new(head).chain(reader));
    if format == Format::Classic {
        return Reader::Classic(PuzzleReader::new(name, rest).with_size_hint(size_hint));
    }
    let source: Arc<str> = name.into();
    let error = |line: usize, column: Option<usize>, message: String| ParseError {
        location: Location {
            source: source.clone(),
            line,
        },
        column,
        kind: ParseErrorKind::Variant(message),
    };
    let mut text = String::new();
    let limit = dokuscope_formats::MAX_INPUT as u64 + 1;
    if let Err(err) = rest.take(limit).read_to_string(&mut text) {
        return Reader::Variants(vec![Err(error(1, None, err.to_string()))].into_iter());
    }
    let entries = match dokuscope_formats::read(name, &text, Some(format)) {
        Ok(variants) => variants
            .iter()
            .map(|v| {
                v.puzzle()
                    .map(|puzzle| Entry {
                        location: Location {
                            source: source.clone(),
                            line: 1,
                        },
                        puzzle,
                    })
                    .map_err(|e| error(1, None, e.to_string()))
            })
            .collect(),
        Err(e) => {
            let message = match &e.context {
                Some(context) => format!("{context}: {}", e.kind),
                None => e.kind.to_string(),
            };
            vec![Err(error(e.line.unwrap_or(1), e.column, message))]
        }
    };
    Reader::Variants(entries.into_iter())
}

/// The puzzle `watch` and `compare` open when given none: seed 003's example.
pub const BUNDLED: &str = include_str!("../../puzzles/seed003_example.txt");
/// The name the bundled puzzle goes by in locations.
pub const BUNDLED_NAME: &str = "puzzles/seed003_example.txt";

/// One input named on the command line, opened.
pub struct Input {
    /// Its name in locations.
    pub name: String,
    /// Its puzzles, streamed.
    pub reader: Reader,
}

/// Whether `arg` reads as a puzzle written on the command line rather than a path.
fn looks_inline(arg: &str) -> bool {
    let symbols = arg
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '|' | '+'))
        .count();
    symbols >= 16
        && !Path::new(arg).exists()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-_|+ \n\r\t".contains(c))
}

/// Opens `arg`: `-` is standard input, an existing path is a file, a string of puzzle
/// symbols is a puzzle. A missing file is an error naming it.
pub fn open(arg: &str, size_hint: Option<BoxSize>) -> anyhow::Result<Input> {
    let (name, reader): (String, Box<dyn BufRead + Send>) = if arg == "-" {
        ("-".into(), Box::new(BufReader::new(io::stdin())))
    } else if looks_inline(arg) {
        (
            "argument".into(),
            Box::new(Cursor::new(arg.replace(' ', "").into_bytes())),
        )
    } else {
        let file = File::open(arg).with_context(|| format!("cannot open '{arg}'"))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            bail!("cannot open '{arg}': it is a directory");
        }
        (
            arg.into(),
            Box::new(BufReader::with_capacity(64 * 1024, file)),
        )
    };
    let reader = reader_of(&name, reader, size_hint);
    Ok(Input { name, reader })
}

/// The message for an input that holds no puzzle (empty, or only comments).
pub fn no_puzzles(arg: &str) -> String {
    let name = if arg == "-" { "standard input" } else { arg };
    format!("{name}: no puzzles")
}

/// The `index`-th puzzle (from 1) of `arg`, or of the bundled puzzles when `arg` is
/// `None`; a parse error on the way there is returned as is.
pub fn nth_puzzle(arg: Option<&str>, index: usize) -> anyhow::Result<Entry> {
    let reader = match arg {
        Some(arg) => open(arg, None)?.reader,
        None => Reader::Classic(PuzzleReader::new(
            BUNDLED_NAME,
            Box::new(Cursor::new(BUNDLED.as_bytes())),
        )),
    };
    Puzzles::new(arg.unwrap_or(BUNDLED_NAME), reader, false).nth(index)
}

/// A parse error, with a hint when the input reads as an event trace rather than puzzles:
/// a line that starts with `{` (`dokuscope watch -` fed a solver's events).
fn as_trace(error: crate::solver::parse::ParseError, name: &str) -> anyhow::Error {
    let json = matches!(
        error.kind,
        crate::solver::parse::ParseErrorKind::BadSymbol { symbol: '{' }
    ) && error.column == Some(1);
    if !json {
        return error.into();
    }
    let shown = if name == "-" { "-" } else { name };
    anyhow::anyhow!(
        "{error}: this reads as an event trace (JSON Lines), not puzzles; `dokuscope watch --events {shown}` plays a trace and `dokuscope check {shown}` checks it"
    )
}

/// The puzzles of one input read as far as asked. With `keep`, those read are kept, for an
/// input that cannot be read again (standard input): asking for an earlier one, or again
/// for the same, costs no reading.
pub struct Puzzles {
    name: String,
    reader: Reader,
    keep: bool,
    kept: Vec<Entry>,
    seen: usize,
}

impl Puzzles {
    /// `reader`'s puzzles, named `name` in messages.
    pub fn new(name: &str, reader: Reader, keep: bool) -> Puzzles {
        Puzzles {
            name: name.to_string(),
            reader,
            keep,
            kept: Vec::new(),
            seen: 0,
        }
    }

    /// Standard input's puzzles, each kept once read: `o` in watch goes on through them.
    pub fn stdin() -> Puzzles {
        let reader: Box<dyn BufRead + Send> = Box::new(BufReader::new(io::stdin()));
        Puzzles::new("-", reader_of("-", reader, None), true)
    }

    /// The `index`-th puzzle (from 1); a parse error on the way there is returned as is.
    pub fn nth(&mut self, index: usize) -> anyhow::Result<Entry> {
        if index == 0 {
            bail!("--index counts from 1");
        }
        if let Some(entry) = self.kept.get(index - 1) {
            return Ok(entry.clone());
        }
        for item in self.reader.by_ref() {
            let entry = item.map_err(|e| as_trace(e, &self.name))?;
            self.seen += 1;
            if self.keep {
                self.kept.push(entry.clone());
            }
            if self.seen == index {
                return Ok(entry);
            }
        }
        let (name, seen) = (self.name.as_str(), self.seen);
        if seen == 0 {
            bail!("{}", no_puzzles(name));
        }
        bail!(
            "{} holds {seen} puzzle{}, so there is no puzzle {index}",
            if name == "-" { "standard input" } else { name },
            if seen == 1 { "" } else { "s" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(text: &'static str, keep: bool) -> Puzzles {
        let reader: Box<dyn BufRead + Send> = Box::new(Cursor::new(text.as_bytes()));
        Puzzles::new("-", Reader::Classic(PuzzleReader::new("-", reader)), keep)
    }

    const THREE: &str =
        "1...\n....\n....\n....\n\n.2..\n....\n....\n....\n\n..3.\n....\n....\n....\n";

    #[test]
    fn standard_input_is_read_on_and_what_was_read_is_kept() {
        let mut puzzles = kept(THREE, true);
        let at = |p: &mut Puzzles, i: usize| p.nth(i).map(|e| e.location.to_string());
        assert_eq!(at(&mut puzzles, 2).ok().as_deref(), Some("-:6"));
        assert_eq!(at(&mut puzzles, 3).ok().as_deref(), Some("-:11"));
        // Read once only: the earlier ones come from what was kept.
        assert_eq!(at(&mut puzzles, 1).ok().as_deref(), Some("-:1"));
        let past = puzzles.nth(4).map(|_| ()).map_err(|e| e.to_string());
        assert_eq!(
            past,
            Err("standard input holds 3 puzzles, so there is no puzzle 4".into())
        );
        // A file is read again from its start instead: nothing is kept.
        let mut file = kept(THREE, false);
        assert!(file.nth(3).is_ok());
        assert!(
            file.nth(1).is_err(),
            "a reader that keeps nothing cannot go back"
        );
    }
}
