//! `dokuscope check`: validates event streams headless and prints each one's counters,
//! warnings of wasted search and verdict (exit 0 all consistent, 1 an inconsistency or,
//! with `--strict`, a warning, 2 unreadable).

mod implied;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};

use serde_json::json;

use super::args::{CheckArgs, CheckFormat};
use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVED};
use crate::numbers::{grouped, plural};
use crate::solver::stats::Stats;
use crate::solver::stream::{Derived, Stream, Warnings};

/// How many warnings a stream prints without `--all`.
const SHOWN_WARNINGS: usize = 10;

/// One stream's verdict.
struct Report {
    source: String,
    solver: Option<String>,
    puzzle: Option<String>,
    errors: Vec<String>,
    /// The warnings printed (all of them with `--all`), located.
    warnings: Vec<String>,
    warning_counts: Warnings,
    unreadable: bool,
    strict: bool,
    stats: Stats,
    derived: Derived,
}

impl Report {
    fn code(&self) -> u8 {
        if self.unreadable {
            EXIT_BAD_INPUT
        } else if self.errors.is_empty() && !self.fails_strictly() {
            EXIT_OK
        } else {
            EXIT_UNSOLVED
        }
    }

    /// Whether `--strict` fails a stream whose events are all legal.
    fn fails_strictly(&self) -> bool {
        self.strict && self.warning_counts.total() > 0
    }

    fn verdict(&self) -> &'static str {
        match self.code() {
            EXIT_OK => "consistent",
            EXIT_UNSOLVED if self.errors.is_empty() => "wasteful",
            EXIT_UNSOLVED => "inconsistent",
            _ => "unreadable",
        }
    }
}

/// What `check` prints as it reads, and how much.
struct Options {
    all: bool,
    strict: bool,
}

/// Checks every stream in turn; the exit code is the worst verdict.
pub fn run(args: &CheckArgs) -> anyhow::Result<u8> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut code = EXIT_OK;
    let options = Options {
        all: args.all,
        strict: args.strict,
    };
    for file in &args.files {
        if super::received::is_received(file) {
            // A search received from a CP-Profiler client: its lines and its tree are checked.
            let jsonl = args.format == CheckFormat::Jsonl;
            code = code.max(match super::received::check(file, jsonl, &mut out) {
                Ok(code) => code,
                Err(err) => {
                    let _ = writeln!(out, "{err}");
                    EXIT_BAD_INPUT
                }
            });
            continue;
        }
        let report = match open(file) {
            Ok(reader) => check(file, reader, &options, &mut |line| {
                if args.format == CheckFormat::Text {
                    // Errors and warnings are the command's output, printed as they are found.
                    let _ = writeln!(out, "{line}");
                }
            }),
            Err(err) => {
                // As every other command says it, printed like a stream's fatal error.
                let error = format!("cannot open '{file}': {err}");
                if args.format == CheckFormat::Text {
                    let _ = writeln!(out, "{error}");
                }
                unreadable(file, error, options.strict)
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

fn unreadable(file: &str, error: String, strict: bool) -> Report {
    Report {
        source: file.to_string(),
        solver: None,
        puzzle: None,
        errors: vec![error],
        warnings: Vec::new(),
        warning_counts: Warnings::default(),
        unreadable: true,
        strict,
        stats: Stats::default(),
        derived: Derived::default(),
    }
}

/// Reads one stream to its end (or its first error unless `all`), handing each error and
/// each warning shown, located, to `seen`.
fn check(
    file: &str,
    reader: impl BufRead,
    options: &Options,
    seen: &mut dyn FnMut(&str),
) -> Report {
    let mut stream = match Stream::open(file, reader) {
        Ok(stream) => stream,
        Err(err) => {
            let text = err.to_string();
            seen(&text);
            return unreadable(file, text, options.strict);
        }
    };
    let g = stream.header().puzzle.geometry();
    // Under --strict, every learned nogood is checked to be implied once the stream ends.
    let mut implied = options
        .strict
        .then(|| implied::Implied::new(&stream.header().puzzle, stream.header().givens));
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut unreadable = false;
    while let Some(item) = stream.next_event() {
        match item {
            Err(err) => {
                let text = err.to_string();
                seen(&text);
                unreadable |= err.kind.is_fatal();
                errors.push(text);
                if !options.all {
                    break;
                }
            }
            Ok(checked) if checked.warned => {
                if let Some(implied) = &mut implied {
                    implied.hear(&checked);
                }
                for warning in stream.warnings() {
                    if options.all || warnings.len() < SHOWN_WARNINGS {
                        // Located as errors are: `run.jsonl:4410: the search goes on ...`.
                        let text = format!(
                            "{}:{}: {}",
                            stream.source(),
                            checked.line,
                            warning.sentence(g)
                        );
                        seen(&text);
                        warnings.push(text);
                    }
                }
            }
            Ok(checked) => {
                if let Some(implied) = &mut implied {
                    implied.hear(&checked);
                }
            }
        }
    }
    if let Some(implied) = implied.filter(|_| errors.is_empty()) {
        for error in implied.errors(stream.source().as_ref()) {
            seen(&error);
            errors.push(error);
        }
    }
    Report {
        source: file.to_string(),
        solver: stream.header().solver.clone(),
        puzzle: Some(stream.header().puzzle.to_line()),
        errors,
        warnings,
        warning_counts: *stream.warning_counts(),
        unreadable,
        strict: options.strict,
        stats: *stream.stats(),
        derived: *stream.derived(),
    }
}

/// The counters after a trace's verdict: a local search's own, or a backtracking search's
/// (with its arc revisions, when it made some).
fn counters(s: &crate::solver::Stats) -> String {
    // Assignments of givens (a trace whose givens start as domains): a given may be
    // assigned again after every backtrack over it, so this counts assignments, not givens.
    let givens = if s.givens > 0 {
        format!(" ({} of givens)", grouped(s.givens))
    } else {
        String::new()
    };
    let arcs = if s.revisions > 0 {
        format!(
            "  revisions {}  effective_revisions {}  checks {}  queue_peak {}",
            s.revisions, s.effective_revisions, s.checks, s.queue_peak
        )
    } else {
        String::new()
    };
    match &s.local {
        // A local search's trace: its own counters.
        Some(l) => format!(
            "events {}  steps {}  conflicts {}  best {}  plateau {}  walks {}  restarts {}  solutions {}",
            grouped(s.events),
            grouped(l.steps),
            grouped(l.conflicts),
            l.best.map_or_else(|| "-".into(), |b| b.to_string()),
            grouped(l.plateau),
            grouped(l.walks),
            grouped(s.restarts),
            grouped(s.solutions)
        ),
        None => format!(
            "events {}  nodes {}  assignments {}{givens}  backtracks {}  prunes {}  wipeouts {}  max_depth {}  solutions {}{arcs}",
            grouped(s.events),
            grouped(s.nodes),
            grouped(s.assignments),
            grouped(s.backtracks),
            grouped(s.prunes),
            grouped(s.wipeouts),
            s.max_depth,
            grouped(s.solutions)
        ),
    }
}

fn write_text(out: &mut impl Write, r: &Report) -> io::Result<()> {
    if r.unreadable && r.stats.events == 0 {
        return writeln!(out, "{}: unreadable", r.source);
    }
    let w = &r.warning_counts;
    let mut counts = Vec::new();
    match r.errors.len() {
        0 => {}
        1 => counts.push("1 error".to_string()),
        n => counts.push(format!("{n} errors")),
    }
    if w.total() > 0 {
        counts.push(plural(w.total(), "warning", "warnings"));
    }
    let counts = if counts.is_empty() {
        String::new()
    } else {
        format!(" ({})", counts.join(", "))
    };
    let counters = counters(&r.stats);
    writeln!(out, "{}: {}{counts}  {counters}", r.source, r.verdict())?;
    let mut wasted = Vec::new();
    if w.below_contradiction > 0 {
        wasted.push(plural(
            w.below_contradiction,
            "search below a contradiction",
            "searches below a contradiction",
        ));
    }
    if w.ruled_out > 0 {
        wasted.push(plural(
            w.ruled_out,
            "assignment ruled out by a given",
            "assignments ruled out by a given",
        ));
    }
    if w.retried > 0 {
        wasted.push(plural(
            w.retried,
            "refuted decision tried again",
            "refuted decisions tried again",
        ));
    }
    if !wasted.is_empty() {
        let hidden = w.total().saturating_sub(r.warnings.len() as u64);
        let more = if hidden > 0 {
            format!(" ({} not shown; --all shows every one)", grouped(hidden))
        } else {
            String::new()
        };
        writeln!(out, "  wasted search: {}{more}", wasted.join(", "))?;
    }
    let d = &r.derived;
    let mut notes = Vec::new();
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
        "warnings": r.warnings,
        "warning_counts": r.warning_counts,
        "stats": r.stats,
        "derived": r.derived,
    });
    writeln!(out, "{value}")
}
