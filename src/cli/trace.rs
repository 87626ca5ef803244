//! `dokuscope trace`: one search's event stream as JSON Lines (schema in the README).

use std::io::{self, BufWriter, Write};

use super::args::TraceArgs;
use super::input;
use crate::solver::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::solver::geometry::Geometry;
use crate::solver::replay::Replay;
use crate::solver::search::{Limits, Search};

/// Prints the `start` object, then one object per event.
pub fn run(args: &TraceArgs) -> anyhow::Result<u8> {
    let (name, strategy) = args.strategy.resolve()?;
    let entry = input::nth_puzzle(Some(&args.puzzle), args.index)?;
    let puzzle = &entry.puzzle;
    let search = Search::with_limits(
        puzzle,
        strategy,
        Limits {
            solutions: args.count,
            nodes: args.node_limit,
            deadline: None,
        },
    )
    .map_err(|c| anyhow::anyhow!("{}: {c}", entry.location))?;
    let g = puzzle.geometry();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    // Written by hand so that `type` comes first, as in every other line.
    let start = format!(
        "{{\"type\":\"start\",\"source\":{},\"size\":{},\"puzzle\":\"{}\",\"preset\":{},\"order\":\"{}\",\"values\":\"{}\",\"infer\":\"{}\"}}",
        serde_json::Value::from(entry.location.to_string()),
        g.side(),
        puzzle.to_line(),
        serde_json::Value::from(name),
        strategy.order.name(),
        strategy.values.name(),
        search.strategy().inference,
    );
    let mut replay = Replay::new(puzzle);
    let written = (|| -> io::Result<()> {
        writeln!(out, "{start}")?;
        for (step, event) in search.enumerate() {
            replay.apply(&event);
            write_event(&mut out, g, step + 1, &event, &replay)?;
        }
        out.flush()
    })();
    match written {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(super::EXIT_OK),
    }
}

/// Writes one event as a JSON object on one line.
#[expect(
    clippy::too_many_lines,
    reason = "one arm per event and cause, mirroring the schema table in the README"
)]
pub fn write_event(
    out: &mut impl Write,
    g: &Geometry,
    step: usize,
    event: &Event,
    replay: &Replay,
) -> io::Result<()> {
    let cell = |c| g.cell_name(c);
    write!(out, "{{\"step\":{step},\"type\":\"{}\"", event.kind())?;
    match *event {
        Event::Select {
            cell: c,
            domain,
            depth,
            score,
        } => {
            let digits: Vec<String> = domain.iter().map(|d| d.to_string()).collect();
            write!(
                out,
                ",\"cell\":\"{}\",\"depth\":{depth},\"domain\":[{}],\"score\":{{\"candidates\":{}",
                cell(c),
                digits.join(","),
                score.candidates
            )?;
            if score.tie_break > 0 {
                write!(out, ",\"tie_break\":{}", score.tie_break)?;
            }
            write!(out, "}}")?;
        }
        Event::Assign {
            cell: c,
            digit,
            depth,
            cause,
        } => {
            write!(
                out,
                ",\"cell\":\"{}\",\"digit\":{digit},\"depth\":{depth},\"cause\":{{\"rule\":\"{}\"",
                cell(c),
                cause.rule()
            )?;
            if let AssignCause::HiddenSingle { unit } = cause {
                write!(out, ",\"unit\":\"{}\"", g.unit_name(unit))?;
            }
            write!(out, "}}")?;
        }
        Event::Prune {
            cell: c,
            digit,
            depth,
            cause,
        } => {
            write!(
                out,
                ",\"cell\":\"{}\",\"digit\":{digit},\"depth\":{depth},\"cause\":{{\"rule\":\"{}\"",
                cell(c),
                cause.rule()
            )?;
            match cause {
                PruneCause::ForwardCheck { from } => write!(out, ",\"from\":\"{}\"", cell(from))?,
                PruneCause::Revise { against } => {
                    write!(out, ",\"against\":\"{}\"", cell(against))?;
                }
                PruneCause::HiddenSingle { unit, digit } => {
                    write!(out, ",\"unit\":\"{}\",\"digit\":{digit}", g.unit_name(unit))?;
                }
                PruneCause::NakedPair {
                    unit,
                    cells: [a, b],
                } => {
                    write!(
                        out,
                        ",\"unit\":\"{}\",\"cells\":[\"{}\",\"{}\"]",
                        g.unit_name(unit),
                        cell(a),
                        cell(b)
                    )?;
                }
                PruneCause::HiddenPair { unit, digits } => {
                    let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
                    write!(
                        out,
                        ",\"unit\":\"{}\",\"digits\":[{}]",
                        g.unit_name(unit),
                        ds.join(",")
                    )?;
                }
                PruneCause::Conflict { with } => write!(out, ",\"with\":\"{}\"", cell(with))?,
                PruneCause::Refuted => {}
            }
            write!(out, "}}")?;
        }
        Event::Wipeout { site, depth } => match site {
            WipeoutSite::Cell(c) => write!(out, ",\"cell\":\"{}\",\"depth\":{depth}", cell(c))?,
            WipeoutSite::Unit { unit, digit } => write!(
                out,
                ",\"unit\":\"{}\",\"digit\":{digit},\"depth\":{depth}",
                g.unit_name(unit)
            )?,
        },
        Event::Backtrack {
            cell: c,
            digit,
            depth,
        } => write!(
            out,
            ",\"cell\":\"{}\",\"digit\":{digit},\"depth\":{depth}",
            cell(c)
        )?,
        Event::Solution { depth } => write!(
            out,
            ",\"depth\":{depth},\"grid\":\"{}\"",
            replay.grid().to_puzzle().to_line()
        )?,
        Event::Exhausted | Event::Limit => {}
    }
    writeln!(out, "}}")
}
