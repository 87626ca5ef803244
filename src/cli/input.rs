//! Where puzzles come from: files, standard input, inline strings, and the bundled puzzle.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor};
use std::path::Path;

use anyhow::{Context, bail};

use crate::solver::geometry::BoxSize;
use crate::solver::parse::{Entry, PuzzleReader};

/// The puzzle `watch` and `compare` open when given none: seed 003's example.
pub const BUNDLED: &str = include_str!("../../puzzles/seed003_example.txt");
/// The name the bundled puzzle goes by in locations.
pub const BUNDLED_NAME: &str = "puzzles/seed003_example.txt";

/// One input named on the command line, opened.
pub struct Input {
    /// Its name in locations.
    pub name: String,
    /// Its puzzles, streamed.
    pub reader: PuzzleReader<Box<dyn BufRead + Send>>,
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
    let reader = PuzzleReader::new(&name, reader).with_size_hint(size_hint);
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
    if index == 0 {
        bail!("--index counts from 1");
    }
    let mut reader: PuzzleReader<Box<dyn BufRead + Send>> = match arg {
        Some(arg) => open(arg, None)?.reader,
        None => PuzzleReader::new(BUNDLED_NAME, Box::new(Cursor::new(BUNDLED.as_bytes()))),
    };
    let name = arg.unwrap_or(BUNDLED_NAME);
    let mut seen = 0;
    for item in reader.by_ref() {
        let entry = item?;
        seen += 1;
        if seen == index {
            return Ok(entry);
        }
    }
    if seen == 0 {
        bail!("{}", no_puzzles(name));
    }
    bail!(
        "{name} holds {seen} puzzle{}, so there is no puzzle {index}",
        if seen == 1 { "" } else { "s" }
    )
}
