//! `dokuscope solve`: headless solving, one result per input puzzle, in input order.

mod estimate;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::Instant;

use serde_json::json;

use super::args::{SolveArgs, SolveFormat};
use super::input;
use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVED};
use crate::numbers::{approx, grouped};
use crate::solver::geometry::BoxSize;
use crate::solver::parse::{Entry, ParseError};
use crate::solver::puzzle::Puzzle;
use crate::solver::search::{Batch, Limits, Outcome, Status};

/// One puzzle's result.
#[expect(
    clippy::large_enum_variant,
    reason = "one per puzzle, made and written at once: boxing the outcome costs an allocation per puzzle (callgrind: 0.3 % of solving an easy set)"
)]
enum Verdict {
    Done {
        outcome: Outcome,
        micros: u128,
        /// With `--estimate`: the estimated total at each power of two of decisions.
        estimates: Option<Vec<estimate::Sample>>,
    },
    Invalid {
        error: String,
    },
}

/// Who listens to each search: `--estimate`'s samples, the progress line on a terminal.
#[derive(Clone, Copy)]
struct Listening {
    samples: bool,
    line: bool,
}

impl Listening {
    fn any(self) -> bool {
        self.samples || self.line
    }
}

/// Solves every puzzle of every input. Bad input is reported on stderr with its location
/// and never stops the other puzzles.
pub fn run(args: &SolveArgs) -> anyhow::Result<u8> {
    let (_, strategy) = args.strategy.resolve()?;
    super::headless::local_refusals(
        strategy,
        args.count,
        args.node_limit,
        args.decide.as_deref(),
    )?;
    let format = args.format();
    if args.estimate && format == SolveFormat::Line {
        anyhow::bail!(
            "--estimate writes its estimates in the jsonl and grid formats, not in --format line"
        );
    }
    let listening = Listening {
        samples: args.estimate,
        line: io::stderr().is_terminal(),
    };
    let limits = Limits {
        solutions: args.count.unwrap_or(super::headless::DEFAULT_COUNT),
        nodes: args.node_limit,
        deadline: None,
    };
    let size_hint = args
        .size
        .as_deref()
        .and_then(|s| s.parse().ok())
        .and_then(BoxSize::from_side);
    let inputs: Vec<&str> = if args.puzzles.is_empty() {
        vec!["-"]
    } else {
        args.puzzles.iter().map(String::as_str).collect()
    };
    let mut batch = Batch::new(strategy);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut code = EXIT_OK;
    for arg in inputs {
        let input = match input::open(arg, size_hint) {
            Ok(input) => input,
            Err(err) => {
                eprintln!("dokuscope: {err:#}");
                code = EXIT_BAD_INPUT;
                continue;
            }
        };
        let mut seen = false;
        for item in input.reader {
            seen = true;
            let written = match item {
                Ok(entry) => {
                    if listening.line {
                        // What is written so far shows before a long search's progress line.
                        out.flush()?;
                    }
                    let result = match &args.decide {
                        Some(decide) => solve_forced(strategy, &entry, limits, decide, listening),
                        None => solve_one(&mut batch, &entry, limits, listening),
                    };
                    code = code.max(exit_code(&result));
                    if let Verdict::Invalid { error } = &result {
                        eprintln!("{}: {error}", entry.location);
                    }
                    write_result(&mut out, format, Some(&entry), &result)
                }
                Err(err) => {
                    eprintln!("{err}");
                    code = EXIT_BAD_INPUT;
                    write_parse_error(&mut out, format, &err)
                }
            };
            if let Err(err) = written {
                return if err.kind() == io::ErrorKind::BrokenPipe {
                    Ok(code)
                } else {
                    Err(err.into())
                };
            }
        }
        if !seen {
            eprintln!("{}", input::no_puzzles(arg));
            code = EXIT_BAD_INPUT;
        }
    }
    match out.flush() {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(code),
    }
}

/// Whether a search under `limits` may stop before its whole tree of a puzzle with one
/// solution is searched (at its first solution, or at a node limit): the estimate of the
/// tree is then a bound on it.
fn stops_sooner(limits: Limits) -> bool {
    limits.solutions <= 1 || limits.nodes.is_some()
}

fn solve_one(batch: &mut Batch, entry: &Entry, limits: Limits, listening: Listening) -> Verdict {
    if let Some(error) = batch.strategy().refuses(entry.puzzle.geometry()) {
        return Verdict::Invalid { error };
    }
    let start = Instant::now();
    let (solved, estimates) = if listening.any() {
        // Only a search listened to pays for the listening.
        let mut listener = estimate::Listener::new(
            listening.samples,
            listening.line,
            &entry.location.to_string(),
            estimate::Shape {
                restarts: batch.strategy().restart.cutoff(1).is_some(),
                bound: stops_sooner(limits),
            },
        );
        let solved = batch.solve_with(&entry.puzzle, limits, |e, s| listener.hear(e, s));
        (solved, listener.finish())
    } else {
        (batch.solve(&entry.puzzle, limits), None)
    };
    match solved {
        Ok(outcome) => Verdict::Done {
            outcome,
            micros: start.elapsed().as_micros(),
            estimates,
        },
        Err(conflict) => Verdict::Invalid {
            error: conflict.to_string(),
        },
    }
}

/// One puzzle with its first decisions forced (`--decide`); an illegal one is invalid input.
fn solve_forced(
    strategy: crate::solver::Strategy,
    entry: &Entry,
    limits: Limits,
    decide: &str,
    listening: Listening,
) -> Verdict {
    if let Some(error) = strategy.refuses(entry.puzzle.geometry()) {
        return Verdict::Invalid { error };
    }
    let start = Instant::now();
    let schedule = match super::headless::schedule(decide, &entry.puzzle) {
        Ok(s) => s,
        Err(error) => return Verdict::Invalid { error },
    };
    let mut search = match crate::solver::Search::with_limits(&entry.puzzle, strategy, limits) {
        Ok(search) => search.with_schedule(schedule),
        Err(conflict) => {
            return Verdict::Invalid {
                error: conflict.to_string(),
            };
        }
    };
    let mut listener = estimate::Listener::new(
        listening.samples,
        listening.line,
        &entry.location.to_string(),
        estimate::Shape {
            restarts: strategy.restart.cutoff(1).is_some(),
            bound: stops_sooner(limits),
        },
    );
    let outcome = search.finish_with(|e, s| listener.hear(e, s));
    let estimates = listener.finish();
    match super::headless::unmet(&search, decide) {
        Some(error) => Verdict::Invalid { error },
        None => Verdict::Done {
            outcome,
            micros: start.elapsed().as_micros(),
            estimates,
        },
    }
}

fn exit_code(result: &Verdict) -> u8 {
    match result {
        Verdict::Done { outcome, .. } if outcome.status == Status::Solved => EXIT_OK,
        Verdict::Done { .. } => EXIT_UNSOLVED,
        Verdict::Invalid { .. } => EXIT_BAD_INPUT,
    }
}

fn write_result(
    out: &mut impl Write,
    format: SolveFormat,
    entry: Option<&Entry>,
    result: &Verdict,
) -> io::Result<()> {
    let puzzle = entry.map(|e| &e.puzzle);
    match format {
        SolveFormat::Line => match result {
            Verdict::Done { outcome, .. } => {
                let grid = outcome
                    .solution
                    .as_ref()
                    .or(puzzle)
                    .map_or_else(|| "-".into(), Puzzle::to_line);
                // A local search stopped at its limit says how close it came, or that it
                // was stuck: no cell in conflict could move.
                let plural = |b: u64| if b == 1 { "" } else { "s" };
                let best = match (outcome.status, outcome.stats.local) {
                    (Status::Limit, Some(local)) if local.stuck => format!(
                        " (stuck: no cell in conflict can move; {} conflict{})",
                        local.conflicts,
                        plural(local.conflicts)
                    ),
                    (Status::Limit, Some(local)) => local
                        .best
                        .map(|b| format!(" (best {b} conflict{})", plural(b)))
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                writeln!(out, "{grid} {}{best}", outcome.status.name())
            }
            Verdict::Invalid { .. } => writeln!(
                out,
                "{} invalid",
                puzzle.map_or_else(|| "-".into(), Puzzle::to_line)
            ),
        },
        SolveFormat::Grid => write_grid_result(out, entry, puzzle, result),
        SolveFormat::Jsonl => {
            let source = entry.map(|e| e.location.to_string());
            let value = match result {
                Verdict::Done {
                    outcome,
                    micros,
                    estimates,
                } => {
                    let mut value = json!({
                        "source": source,
                        "puzzle": puzzle.map(Puzzle::to_line),
                        "status": outcome.status.name(),
                        "solution": outcome.solution.as_ref().map(Puzzle::to_line),
                        "solutions": outcome.stats.solutions,
                        "stats": outcome.stats,
                        "micros": micros,
                    });
                    if let Some(samples) = estimates {
                        value["estimates"] = json!(samples);
                    }
                    value
                }
                Verdict::Invalid { error } => json!({
                    "puzzle": puzzle.map(Puzzle::to_line),
                    "status": "invalid",
                    "solution": null,
                    "solutions": 0,
                    "stats": null,
                    "micros": 0,
                    // Located as a parse error's is (`file:line:col: ...`), and as stderr says it.
                    "error": match &source {
                        Some(at) => format!("{at}: {error}"),
                        None => error.clone(),
                    },
                    "source": source,
                }),
            };
            writeln!(out, "{value}")
        }
    }
}

fn write_parse_error(
    out: &mut impl Write,
    format: SolveFormat,
    err: &ParseError,
) -> io::Result<()> {
    match format {
        SolveFormat::Line => writeln!(out, "- invalid"),
        SolveFormat::Grid => writeln!(out, "{err}\n"),
        SolveFormat::Jsonl => {
            let value = json!({
                "source": err.location.to_string(),
                "puzzle": null,
                "status": "invalid",
                "solution": null,
                "solutions": 0,
                "stats": null,
                "micros": 0,
                "error": err.to_string(),
            });
            writeln!(out, "{value}")
        }
    }
}

/// One puzzle's result in the grid format: the counters (a local search's own), the
/// estimates if any, the grid.
fn write_grid_result(
    out: &mut impl Write,
    entry: Option<&Entry>,
    puzzle: Option<&Puzzle>,
    result: &Verdict,
) -> io::Result<()> {
    let source = entry.map_or_else(String::new, |e| e.location.to_string());
    match result {
        Verdict::Done {
            outcome,
            micros,
            estimates,
        } => {
            let s = &outcome.stats;
            match s.local {
                Some(local) => writeln!(
                    out,
                    "{source}  {}  steps {}  conflicts {}  best {}  plateau {}  walks {}  {} µs",
                    if local.stuck {
                        "limit (stuck: no cell in conflict can move)"
                    } else {
                        outcome.status.name()
                    },
                    grouped(local.steps),
                    grouped(local.conflicts),
                    local.best.map_or_else(|| "-".into(), |b| b.to_string()),
                    grouped(local.plateau),
                    grouped(local.walks),
                    grouped(u64::try_from(*micros).unwrap_or(u64::MAX))
                )?,
                None => writeln!(
                    out,
                    "{source}  {}  nodes {}  backtracks {}  prunes {}  max_depth {}  {} µs",
                    outcome.status.name(),
                    grouped(s.nodes),
                    grouped(s.backtracks),
                    grouped(s.prunes),
                    s.max_depth,
                    grouped(u64::try_from(*micros).unwrap_or(u64::MAX))
                )?,
            }
            if let Some(samples) = estimates {
                writeln!(
                    out,
                    "estimated total at 1, 2, 4, … nodes: {}",
                    estimate_list(samples)
                )?;
            }
            if let Some(grid) = outcome.solution.as_ref().or(puzzle) {
                write_grid(out, grid)?;
            }
            writeln!(out)
        }
        Verdict::Invalid { error } => writeln!(out, "{source}  invalid  {error}\n"),
    }
}

/// The estimates of `--format grid`: `?, ?, ~57, ~130, …`.
fn estimate_list(samples: &[estimate::Sample]) -> String {
    #[expect(clippy::cast_precision_loss, reason = "an estimate")]
    let each = |&(_, total): &estimate::Sample| {
        total.map_or_else(|| "?".into(), |t| format!("~{}", approx(t as f64)))
    };
    samples.iter().map(each).collect::<Vec<_>>().join(", ")
}

/// Writes `puzzle` as a block grid with `|` and `-+-` between boxes.
pub fn write_grid(out: &mut impl Write, puzzle: &Puzzle) -> io::Result<()> {
    let size = puzzle.size();
    let (b, n) = (size.get(), size.side());
    let line = puzzle.to_line();
    let symbols: Vec<char> = line.chars().collect();
    for r in 0..n {
        if r > 0 && r % b == 0 {
            let bar = vec!["-".repeat(2 * b - 1); b].join("-+-");
            writeln!(out, "{bar}")?;
        }
        let row: Vec<String> = (0..b)
            .map(|bx| {
                (0..b)
                    .map(|i| symbols[r * n + bx * b + i].to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        writeln!(out, "{}", row.join(" | "))?;
    }
    Ok(())
}
