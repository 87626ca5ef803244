//! `dokuscope trace`: one search's event stream as JSON Lines (specified in docs/trace-format.md).

use std::io::{self, BufWriter, Write};

use super::args::TraceArgs;
use super::input;
use crate::solver::Event;
use crate::solver::condition::{Bound, Condition, Decisions, GRAMMAR, Probe};
use crate::solver::geometry::Geometry;
use crate::solver::replay::Replay;
use crate::solver::search::{Limits, Search};
use crate::solver::strategy::{LookBack, Restart, Sequence, Strategy};

mod write;

pub use write::EventWriter;

/// Prints the `start` object, then one object per event.
pub fn run(args: &TraceArgs) -> anyhow::Result<u8> {
    let (name, strategy) = args.strategy.resolve()?;
    super::headless::local_refusals(
        strategy,
        args.count,
        args.node_limit,
        args.decide.as_deref(),
    )?;
    let entry = input::nth_puzzle(Some(&args.puzzle), args.index)?;
    let puzzle = &entry.puzzle;
    let count = args.count.unwrap_or(super::headless::DEFAULT_COUNT);
    let search = limited_search(&entry, strategy, count, args.node_limit, None)?;
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
    // A variant's rules, in dokuscope's text (an addition to version 1: see
    // docs/trace-format.md); a classic puzzle's start reads as it always did.
    let variant = dokuscope_formats::board_text(puzzle)
        .map(|text| format!(",\"variant\":{}", serde_json::Value::from(text)))
        .unwrap_or_default();
    let head = format!(
        "{{\"type\":\"start\",\"version\":1,\"source\":{},\"size\":{},\"puzzle\":\"{}\"{variant},\"preset\":{}",
        serde_json::Value::from(entry.location.to_string()),
        g.side(),
        puzzle.to_line(),
        serde_json::Value::from(name),
    );
    let start = match strategy.local() {
        // A local search says so, with its options (informational), and has no order.
        Some(repair) => format!(
            "{head},\"search\":\"local\",\"fill\":\"{}\",\"walk\":{},\"tabu\":{},\"max_steps\":{},\"seed\":{}}}",
            repair.fill,
            repair.walk,
            repair.tabu,
            repair.max_steps,
            strategy.local_seed()
        ),
        None => format!(
            "{head},\"order\":\"{}\",\"values\":\"{}\",\"infer\":\"{}\"{sequence}{}}}",
            strategy.order.name(),
            strategy.values.name(),
            search.strategy().inference,
            looking_back(&strategy),
        ),
    };
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
    let mut writer = EventWriter::new(g, strategy.order);
    let mut hit = false;
    let mut decisions = Decisions::default();
    let written = (|| -> io::Result<()> {
        writeln!(out, "{start}")?;
        let mut step = 0;
        while let Some(event) = search.next() {
            step += 1;
            replay.apply(&event);
            if event == Event::Limit && search.stats().local.is_some_and(|l| l.stuck) {
                // A local search's end before its step limit: no cell in conflict could move.
                writeln!(out, "{{\"step\":{step},\"type\":\"limit\",\"stuck\":true}}")?;
            } else {
                writer.write(&mut out, step, &event, &replay)?;
            }
            if let Some(until) = &until {
                decisions.hear(&event);
                let probe = Probe {
                    event: &event,
                    step: step as u64,
                    depth: replay.depth(),
                    stats: search.stats(),
                    jumped: decisions.jumped(),
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
        if let Some(error) = super::headless::unmet(&search, decide) {
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
    super::headless::local_refusals(strategy, None, node_limit, decide)?;
    if let Some(refusal) = strategy.refuses(entry.puzzle.geometry()) {
        anyhow::bail!("{}: {refusal}", entry.location);
    }
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
    let schedule = super::headless::schedule(decide, puzzle).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(search.with_schedule(schedule))
}

/// The start object's fields for what looks back, where it is not the default:
/// `,"lookback":"cbj","restart":"luby:100","seed":7`.
fn looking_back(strategy: &Strategy) -> String {
    let mut fields = Vec::new();
    if strategy.lookback != LookBack::Chronological {
        fields.push(format!(",\"lookback\":\"{}\"", strategy.lookback));
    }
    if strategy.restart != Restart::Never {
        fields.push(format!(",\"restart\":\"{}\"", strategy.restart));
    }
    if let Some(seed) = strategy.seed {
        fields.push(format!(",\"seed\":{seed}"));
    }
    fields.concat()
}
