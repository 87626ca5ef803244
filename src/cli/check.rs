//! `dokuscope check`: validates event streams headless and prints each one's counters and
//! verdict (exit 0 all consistent, 1 an inconsistency, 2 unreadable).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};

use serde_json::json;

use super::args::{CheckArgs, CheckFormat};
use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVED};
use crate::solver::stats::Stats;
use crate::solver::stream::{Derived, Stream, StreamError};

/// One stream's verdict.
struct Report {
    source: String,
    solver: Option<String>,
    puzzle: Option<String>,
    errors: Vec<String>,
    unreadable: bool,
    stats: Stats,
    derived: Derived,
}

impl Report {
    fn code(&self) -> u8 {
        if self.unreadable {
            EXIT_BAD_INPUT
        } else if self.errors.is_empty() {
            EXIT_OK
        } else {
            EXIT_UNSOLVED
        }
    }

    fn verdict(&self) -> &'static str {
        match self.code() {
            EXIT_OK => "consistent",
            EXIT_UNSOLVED => "inconsistent",
            _ => "unreadable",
        }
    }
}

/// Checks every stream in turn; the exit code is the worst verdict.
pub fn run(args: &CheckArgs) -> anyhow::Result<u8> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut code = EXIT_OK;
    for file in &args.files {
        let report = match open(file) {
            Ok(reader) => check(file, reader, args.all, &mut |e| {
                if args.format == CheckFormat::Text {
                    // Errors are the command's output, printed as they are found.
                    let _ = writeln!(out, "{e}");
                }
            }),
            Err(err) => {
                // As every other command says it, printed like a stream's fatal error.
                let error = format!("cannot open '{file}': {err}");
                if args.format == CheckFormat::Text {
                    let _ = writeln!(out, "{error}");
                }
                unreadable(file, error)
            }
        };
        code = code.max(report.code());
        let written = match args.format {
            CheckFormat::Text => write_text(&mut out, &report),
            CheckFormat::Jsonl => write_json(&mut out, &report),
        };
        if let Err(err) = written {
            return if err.kind() == io::ErrorKind::BrokenPipe {
                Ok(code)
            } else {
                Err(err.into())
            };
        }
    }
    match out.flush() {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(code),
    }
}

fn open(file: &str) -> io::Result<Box<dyn BufRead>> {
    if file == "-" {
        return Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin())));
    }
    let opened = File::open(file)?;
    if opened.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(io::Error::other("it is a directory"));
    }
    Ok(Box::new(BufReader::with_capacity(1 << 16, opened)))
}

fn unreadable(file: &str, error: String) -> Report {
    Report {
        source: file.to_string(),
        solver: None,
        puzzle: None,
        errors: vec![error],
        unreadable: true,
        stats: Stats::default(),
        derived: Derived::default(),
    }
}

/// Reads one stream to its end (or its first error unless `all`), handing each error to `seen`.
fn check(
    file: &str,
    reader: impl BufRead,
    all: bool,
    seen: &mut dyn FnMut(&StreamError),
) -> Report {
    let mut stream = match Stream::open(file, reader) {
        Ok(stream) => stream,
        Err(err) => {
            seen(&err);
            return unreadable(file, err.to_string());
        }
    };
    let mut errors = Vec::new();
    let mut unreadable = false;
    while let Some(item) = stream.next_event() {
        if let Err(err) = item {
            seen(&err);
            unreadable |= err.kind.is_fatal();
            errors.push(err.to_string());
            if !all {
                break;
            }
        }
    }
    Report {
        source: file.to_string(),
        solver: stream.header().solver.clone(),
        puzzle: Some(stream.header().puzzle.to_line()),
        errors,
        unreadable,
        stats: *stream.stats(),
        derived: *stream.derived(),
    }
}

fn write_text(out: &mut impl Write, r: &Report) -> io::Result<()> {
    if r.unreadable && r.stats.events == 0 {
        return writeln!(out, "{}: unreadable", r.source);
    }
    let s = &r.stats;
    let errors = match r.errors.len() {
        0 => String::new(),
        1 => " (1 error)".to_string(),
        n => format!(" ({n} errors)"),
    };
    writeln!(
        out,
        "{}: {}{errors}  events {}  nodes {}  assignments {}  backtracks {}  prunes {}  wipeouts {}  max_depth {}  solutions {}",
        r.source,
        r.verdict(),
        s.events,
        s.nodes,
        s.assignments,
        s.backtracks,
        s.prunes,
        s.wipeouts,
        s.max_depth,
        s.solutions
    )?;
    let d = &r.derived;
    let mut notes = Vec::new();
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    if d.wipeouts > 0 {
        notes.push(plural(d.wipeouts, "wipeout derived", "wipeouts derived"));
    }
    if d.solutions > 0 {
        notes.push(plural(d.solutions, "solution derived", "solutions derived"));
    }
    if d.prunes_without_cause > 0 {
        notes.push(plural(d.prunes_without_cause, "prune", "prunes") + " without a cause");
    }
    if d.decisions_without_select > 0 {
        notes.push(
            plural(d.decisions_without_select, "decision", "decisions") + " without a select",
        );
    }
    if !notes.is_empty() {
        writeln!(out, "  {}", notes.join(", "))?;
    }
    Ok(())
}

fn write_json(out: &mut impl Write, r: &Report) -> io::Result<()> {
    let value = json!({
        "source": r.source,
        "verdict": r.verdict(),
        "solver": r.solver,
        "puzzle": r.puzzle,
        "errors": r.errors,
        "stats": r.stats,
        "derived": r.derived,
    });
    writeln!(out, "{value}")
}
