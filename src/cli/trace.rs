//! `dokuscope trace`: one search's event stream as JSON Lines (specified in docs/trace-format.md).

use std::io::{self, BufWriter, Write};

use super::args::TraceArgs;
use super::input;
use crate::solver::condition::{Bound, Condition, GRAMMAR, Probe};
use crate::solver::domain::Digit;
use crate::solver::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::solver::geometry::{CellName, Geometry};
use crate::solver::replay::Replay;
use crate::solver::search::{Limits, Search};
use crate::solver::strategy::{CellOrder, Sequence};

/// Prints the `start` object, then one object per event.
pub fn run(args: &TraceArgs) -> anyhow::Result<u8> {
    let (name, strategy) = args.strategy.resolve()?;
    let entry = input::nth_puzzle(Some(&args.puzzle), args.index)?;
    let puzzle = &entry.puzzle;
    let search = limited_search(&entry, strategy, args.count, args.node_limit, None)?;
    let g = puzzle.geometry();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    // Written by hand so that `type` comes first, as in every other line.
    // The sequence only when it is not reading order, so that traces of reading order are
    // written as before it existed.
    let sequence = if strategy.sequence == Sequence::Reading {
        String::new()
    } else {
        format!(",\"sequence\":\"{}\"", strategy.sequence)
    };
    let start = format!(
        "{{\"type\":\"start\",\"version\":1,\"source\":{},\"size\":{},\"puzzle\":\"{}\",\"preset\":{},\"order\":\"{}\",\"values\":\"{}\",\"infer\":\"{}\"{sequence}}}",
        serde_json::Value::from(entry.location.to_string()),
        g.side(),
        puzzle.to_line(),
        serde_json::Value::from(name),
        strategy.order.name(),
        strategy.values.name(),
        search.strategy().inference,
    );
    let until = args
        .until
        .as_deref()
        .map(|text| condition(text, g))
        .transpose()?;
    let mut search = match &args.decide {
        Some(decide) => forced(search, decide, puzzle)?,
        None => search,
    };
    let mut replay = Replay::new(puzzle);
    let mut hit = false;
    let written = (|| -> io::Result<()> {
        writeln!(out, "{start}")?;
        let mut step = 0;
        while let Some(event) = search.next() {
            step += 1;
            replay.apply(&event);
            write_event(&mut out, g, strategy.order, step, &event, &replay)?;
            if let Some(until) = &until {
                let probe = Probe {
                    event: &event,
                    step: step as u64,
                    depth: replay.depth(),
                    stats: search.stats(),
                };
                if until.holds(&probe) {
                    hit = true;
                    break;
                }
            }
        }
        out.flush()
    })();
    if let (Some(decide), false) = (&args.decide, hit) {
        if let Some(error) = super::solve::unmet(&search, decide) {
            anyhow::bail!("{}: {error}", entry.location);
        }
    }
    match written {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(err.into()),
        _ if until.is_some() && !hit => Ok(super::EXIT_UNSOLVED),
        _ => Ok(super::EXIT_OK),
    }
}

/// `text` parsed and bound to the board, or an error that points at the column and shows
/// the grammar.
pub fn condition(text: &str, g: &Geometry) -> anyhow::Result<Bound> {
    Condition::parse(text)
        .and_then(|c| c.bind(g))
        .map_err(|e| anyhow::anyhow!("bad condition at {e}\n{}\n\n{GRAMMAR}", e.pointed(text)))
}

/// The search of `entry`'s puzzle under `strategy` that `trace` and `tree` run: up to
/// `count` solutions and `node_limit` decisions, the first decisions forced by `decide`.
///
/// # Errors
/// The givens conflict, or `decide` does not parse.
pub fn limited_search(
    entry: &crate::solver::Entry,
    strategy: crate::solver::Strategy,
    count: u64,
    node_limit: Option<u64>,
    decide: Option<&str>,
) -> anyhow::Result<Search> {
    let search = Search::with_limits(
        &entry.puzzle,
        strategy,
        Limits {
            solutions: count,
            nodes: node_limit,
            deadline: None,
        },
    )
    .map_err(|c| anyhow::anyhow!("{}: {c}", entry.location))?;
    match decide {
        Some(decide) => forced(search, decide, &entry.puzzle),
        None => Ok(search),
    }
}

/// `search` with its first decisions forced by `decide` (`r1c2=5,r3c4=1`).
fn forced(search: Search, decide: &str, puzzle: &crate::solver::Puzzle) -> anyhow::Result<Search> {
    let schedule = super::solve::schedule(decide, puzzle).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(search.with_schedule(schedule))
}

/// Writes one event as a JSON object on one line.
pub fn write_event(
    out: &mut impl Write,
    g: &Geometry,
    order: CellOrder,
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
                ",\"cell\":\"{}\",\"depth\":{depth},\"domain\":[{}],\"heuristic\":\"{}\",\"score\":{{\"candidates\":{}",
                cell(c),
                digits.join(","),
                order.name(),
                score.candidates
            )?;
            // Named by what the order breaks ties with ("degree" or "constraints"), present
            // whenever the order has a tie-break, zero included.
            if let Some(tie_break) = order.tie_break() {
                write!(out, ",\"{tie_break}\":{}", score.tie_break)?;
            }
            write!(out, "}}")?;
        }
        Event::Assign {
            cell: c,
            digit,
            depth,
            cause,
        } => {
            write_change(out, cell(c), digit, depth, cause.rule())?;
            match cause {
                AssignCause::HiddenSingle { unit } => {
                    write!(out, ",\"unit\":\"{}\"", g.unit_name(unit))?;
                }
                AssignCause::UserDecision => write!(out, ",\"by\":\"user\"")?,
                AssignCause::Decision | AssignCause::NakedSingle => {}
            }
            write!(out, "}}")?;
        }
        Event::Prune {
            cell: c,
            digit,
            depth,
            cause,
        } => {
            write_change(out, cell(c), digit, depth, cause.rule())?;
            write_prune_cause(out, g, cause)?;
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

/// The fields assign and prune share, up to the open `cause` object: `cell`, `digit`,
/// `depth`, and the cause's `rule`.
fn write_change(
    out: &mut impl Write,
    cell: CellName,
    digit: Digit,
    depth: u16,
    rule: &str,
) -> io::Result<()> {
    write!(
        out,
        ",\"cell\":\"{cell}\",\"digit\":{digit},\"depth\":{depth},\"cause\":{{\"rule\":\"{rule}\""
    )
}

/// The fields that say where a prune's cause comes from, inside its `cause` object.
fn write_prune_cause(out: &mut impl Write, g: &Geometry, cause: PruneCause) -> io::Result<()> {
    match cause {
        PruneCause::ForwardCheck { from } => write!(out, ",\"from\":\"{}\"", g.cell_name(from))?,
        PruneCause::Revise { against } => {
            write!(out, ",\"against\":\"{}\"", g.cell_name(against))?;
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
                g.cell_name(a),
                g.cell_name(b)
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
        PruneCause::LockedCandidates {
            unit,
            crossing,
            digit,
        } => {
            write!(
                out,
                ",\"unit\":\"{}\",\"crossing\":\"{}\",\"digit\":{digit}",
                g.unit_name(unit),
                g.unit_name(crossing)
            )?;
        }
        PruneCause::Conflict { with } => write!(out, ",\"with\":\"{}\"", g.cell_name(with))?,
        PruneCause::Refuted => {}
    }
    Ok(())
}
