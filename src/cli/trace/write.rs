//! The trace's event lines: one JSON object per event, as docs/trace-format.md specifies.

use std::io::{self, Write};

use crate::solver::domain::Digit;
use crate::solver::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::solver::geometry::{Cell, CellName, Geometry};
use crate::solver::reason::Literal;
use crate::solver::replay::Replay;
use crate::solver::strategy::CellOrder;

/// Writes events as JSON objects, one a line, remembering what a later line needs: the
/// culprits of a failure, which its backtrack carries as its cause, and a nogood's
/// literals, which its `learn` line lists (a nogood's `learnt` events make no line of
/// their own, so lines are numbered apart from events).
#[derive(Clone, Debug)]
pub struct EventWriter {
    geometry: &'static Geometry,
    order: CellOrder,
    culprits: Vec<Cell>,
    gathering: bool,
    nogood: Vec<Literal>,
    /// The `learnt` events so far, which made no line: a line's step is its event's
    /// number less these.
    folded: usize,
}

impl EventWriter {
    /// A writer for a search on boards of `geometry` whose cell order is `order`.
    pub fn new(geometry: &'static Geometry, order: CellOrder) -> EventWriter {
        EventWriter {
            geometry,
            order,
            culprits: Vec::new(),
            gathering: false,
            nogood: Vec::new(),
            folded: 0,
        }
    }

    /// Writes event number `step` (from 1), with `replay` the state after it, on one line
    /// (a nogood's literal waits for its `learn` line).
    pub fn write(
        &mut self,
        out: &mut impl Write,
        step: usize,
        event: &Event,
        replay: &Replay,
    ) -> io::Result<()> {
        if let Event::Learnt { literal, .. } = *event {
            self.nogood.push(literal);
            self.folded += 1;
            return Ok(());
        }
        let step = step - self.folded;
        if let Event::Learn { .. } = *event {
            write!(out, "{{\"step\":{step},\"type\":\"learn\"")?;
            write_learn(out, self.geometry, event, &self.nogood)?;
            self.nogood.clear();
            return writeln!(out, "}}");
        }
        match *event {
            Event::Culprit { cell, .. } => {
                if !self.gathering {
                    self.culprits.clear();
                }
                self.culprits.push(cell);
            }
            Event::Wipeout { .. } | Event::Weight { .. } | Event::Backtrack { .. } => {}
            _ => self.culprits.clear(),
        }
        self.gathering = matches!(event, Event::Culprit { .. });
        write_event(
            out,
            self.geometry,
            self.order,
            step,
            event,
            replay,
            &self.culprits,
        )
    }
}

/// Writes one event as a JSON object on one line; a backtrack after culprits carries them.
fn write_event(
    out: &mut impl Write,
    g: &Geometry,
    order: CellOrder,
    step: usize,
    event: &Event,
    replay: &Replay,
    culprits: &[Cell],
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
                AssignCause::Nogood { id } => write!(out, ",\"id\":{id}")?,
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
            WipeoutSite::Nogood { id } => write!(out, ",\"nogood\":{id},\"depth\":{depth}")?,
            WipeoutSite::Constraint { constraint } => {
                write!(out, ",\"constraint\":{constraint},\"depth\":{depth}")?;
            }
        },
        Event::Backtrack {
            cell: c,
            digit,
            depth,
        } => {
            write!(
                out,
                ",\"cell\":\"{}\",\"digit\":{digit},\"depth\":{depth}",
                cell(c)
            )?;
            if !culprits.is_empty() {
                let names: Vec<String> = culprits
                    .iter()
                    .map(|&c| format!("\"{}\"", cell(c)))
                    .collect();
                write!(
                    out,
                    ",\"cause\":{{\"rule\":\"backjump\",\"conflict\":[{}]}}",
                    names.join(",")
                )?;
            }
        }
        Event::Culprit { .. } | Event::Weight { .. } | Event::Restart { .. } => {
            write_look(out, g, event)?;
        }
        Event::Set { .. } | Event::Swap { .. } => write_move(out, g, event, replay)?,
        Event::Revise { .. } => write_revise(out, g, event)?,
        Event::Solution { depth } => write!(
            out,
            ",\"depth\":{depth},\"grid\":\"{}\"",
            replay.grid().to_puzzle().to_line()
        )?,
        // Written by the writer itself (the literals gathered into the learn line).
        Event::Learnt { .. } | Event::Learn { .. } | Event::Exhausted | Event::Limit => {}
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
        PruneCause::Nogood { id } => write!(out, ",\"id\":{id}")?,
        PruneCause::Refuted => {}
        PruneCause::Variant { constraint, with } => write!(
            out,
            ",\"constraint\":{constraint},\"with\":\"{}\"",
            g.cell_name(with)
        )?,
    }
    Ok(())
}

/// `r1c2=5` or `r1c2!=5`, as a trace writes a literal.
pub fn literal(g: &Geometry, l: Literal) -> String {
    let relation = if l.equal { "=" } else { "!=" };
    format!("{}{relation}{}", g.cell_name(l.cell), l.digit)
}

/// The fields of a `learn` line: the nogood's number, its literals (the asserting one
/// first, and named again), the level the search goes back to, its LBD and the depth.
fn write_learn(
    out: &mut impl Write,
    g: &Geometry,
    event: &Event,
    nogood: &[Literal],
) -> io::Result<()> {
    let Event::Learn {
        id,
        lbd,
        level,
        depth,
        ..
    } = *event
    else {
        return Ok(());
    };
    let names: Vec<String> = nogood
        .iter()
        .map(|&l| format!("\"{}\"", literal(g, l)))
        .collect();
    write!(out, ",\"id\":{id},\"nogood\":[{}]", names.join(","))?;
    if let Some(&first) = nogood.first() {
        write!(out, ",\"asserting\":\"{}\"", literal(g, first))?;
    }
    write!(out, ",\"level\":{level},\"lbd\":{lbd},\"depth\":{depth}")
}

/// The fields of an arc revision: the arc, the digit removed (a list, empty when none),
/// the constraint checks, the queue's length when the arc was taken off (itself included)
/// and the arcs its removal put back.
fn write_revise(out: &mut impl Write, g: &Geometry, event: &Event) -> io::Result<()> {
    let Event::Revise {
        cell,
        against,
        removed,
        checks,
        queue,
        requeued,
        depth,
    } = *event
    else {
        return Ok(());
    };
    let removed = removed.map(|d| d.to_string()).unwrap_or_default();
    write!(
        out,
        ",\"cell\":\"{}\",\"against\":\"{}\",\"removed\":[{removed}],\"checks\":{checks},\"queue\":{queue},\"requeued\":{requeued},\"depth\":{depth}",
        g.cell_name(cell),
        g.cell_name(against)
    )
}

/// The fields of the events a search that looks back adds: a culprit, a weight, a restart.
fn write_look(out: &mut impl Write, g: &Geometry, event: &Event) -> io::Result<()> {
    let cell = |c| g.cell_name(c);
    match *event {
        Event::Culprit {
            cell: c,
            digit,
            depth,
        } => write!(
            out,
            ",\"cell\":\"{}\",\"digit\":{digit},\"depth\":{depth}",
            cell(c)
        ),
        Event::Weight {
            cells: [a, b],
            weight,
            depth,
        } => write!(
            out,
            ",\"cells\":[\"{}\",\"{}\"],\"weight\":{weight},\"depth\":{depth}",
            cell(a),
            cell(b)
        ),
        Event::Restart { run, cutoff } if cutoff > 0 => {
            write!(out, ",\"run\":{run},\"depth\":0,\"cutoff\":{cutoff}")
        }
        Event::Restart { run, .. } => write!(out, ",\"run\":{run},\"depth\":0"),
        _ => Ok(()),
    }
}

/// The fields of a local search's `set` (the digit before, for a step) or `swap` (the two
/// cells' digits after it), with the conflicts on the board after it and whether it was a
/// random walk.
fn write_move(
    out: &mut impl Write,
    g: &Geometry,
    event: &Event,
    replay: &Replay,
) -> io::Result<()> {
    let (conflicts, walk) = match *event {
        Event::Set {
            cell,
            digit,
            from,
            conflicts,
            walk,
        } => {
            write!(out, ",\"cell\":\"{}\",\"digit\":{digit}", g.cell_name(cell))?;
            if let Some(from) = from {
                write!(out, ",\"from\":{from}")?;
            }
            (conflicts, walk)
        }
        Event::Swap {
            cells: [a, b],
            conflicts,
            walk,
        } => {
            let digit = |c| replay.grid().value(c).map_or(0, Digit::get);
            write!(
                out,
                ",\"cells\":[\"{}\",\"{}\"],\"digits\":[{},{}]",
                g.cell_name(a),
                g.cell_name(b),
                digit(a),
                digit(b)
            )?;
            (conflicts, walk)
        }
        _ => return Ok(()),
    };
    write!(out, ",\"conflicts\":{conflicts}")?;
    if walk {
        write!(out, ",\"walk\":true")?;
    }
    Ok(())
}
