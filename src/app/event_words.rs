//! Events in plain CSP words: "r3c5 ← 7 (decision: MRV, 2 candidates)", a stream's in
//! its own ([`Voice`]).

mod failure;

pub use failure::{backjump, failure};

use super::logged::Logged;
use super::vocabulary::Voice;
use crate::numbers::plural;
use crate::solver::{
    AssignCause, Cell, Digit, Domain, Event, Geometry, Givens, PruneCause, WipeoutSite,
};

pub use super::vocabulary::order_label;

/// The event in a line of plain words, in `voice`'s words; a warning of the checker's
/// follows it. Digits are written with the board's symbols (`A`-`G` for 10-16 on a 16×16
/// board).
pub fn explain(geo: &Geometry, voice: &Voice, logged: &Logged) -> String {
    let mut text = event_words(geo, voice, logged);
    if let Voice::Stream {
        header,
        warning: Some(warning),
        ..
    } = voice
    {
        let g = header.puzzle.geometry();
        text = format!("{text} — warning: {}", warning.sentence(g));
    }
    text
}

fn event_words(geo: &Geometry, voice: &Voice, logged: &Logged) -> String {
    let cell = |c| geo.cell_name(c);
    let sym = |d: Digit| d.symbol(geo.size());
    match logged.event {
        Event::Select {
            cell: c,
            domain,
            depth,
            score,
        } => select_words(geo, voice, c, domain, depth, score),
        Event::Assign {
            cell: c,
            digit,
            cause,
            ..
        } => assign_words(geo, voice, logged, c, digit, cause),
        Event::Prune { cell: c, digit, .. } if !logged.cause_given => {
            format!("prune {} from {}: no cause given", sym(digit), cell(c))
        }
        Event::Prune {
            cell: c,
            digit,
            cause,
            ..
        } => prune_words(geo, c, digit, cause, logged.aux),
        Event::Wipeout { site, depth } => wipeout_words(geo, site, depth, logged.aux),
        Event::Backtrack {
            cell: c,
            digit,
            depth,
        } if logged.aux > 0 => format!(
            "backjump: undo decision {}={} and the {} after it, back to depth {depth}",
            cell(c),
            sym(digit),
            plural(logged.aux, "decision", "decisions")
        ),
        Event::Backtrack {
            cell: c,
            digit,
            depth,
        } => {
            format!(
                "backtrack: undo decision {}={}, back to depth {depth}",
                cell(c),
                sym(digit)
            )
        }
        Event::Culprit { .. } | Event::Weight { .. } | Event::Restart { .. } => {
            look_words(geo, logged)
        }
        Event::Set { .. } | Event::Swap { .. } => {
            super::local_moves::words(geo, logged).unwrap_or_default()
        }
        Event::Limit if logged.aux > 0 => {
            super::local_moves::words(geo, logged).unwrap_or_default()
        }
        Event::Revise {
            cell: c,
            against,
            removed,
            checks,
            requeued,
            ..
        } => revise_words(geo, (c, against), removed, checks, requeued),
        Event::Learnt { literal, .. } => format!("nogood literal {}", literal_words(geo, literal)),
        Event::Learn {
            id,
            size,
            lbd,
            level,
            ..
        } => format!(
            "learned nogood #{id}: {}, LBD {lbd}; back to level {level}, where it forces the first literal's negation",
            plural(size, "literal", "literals")
        ),
        Event::Solution { depth } => {
            format!(
                "solution: every cell holds a digit ({} in effect)",
                plural(depth, "decision", "decisions")
            )
        }
        Event::Exhausted => "exhausted: the whole search tree was explored, no solution".into(),
        Event::Limit => "node limit reached".into(),
    }
}

/// An assignment in words: its cell, digit and cause (a decision with its order and
/// candidates), and whether it was a given.
fn assign_words(
    geo: &Geometry,
    voice: &Voice,
    logged: &Logged,
    c: Cell,
    digit: Digit,
    cause: AssignCause,
) -> String {
    let cell = |c| geo.cell_name(c);
    let sym = |d: Digit| d.symbol(geo.size());
    let label = voice.order_name();
    let given = match voice {
        Voice::Stream { header, .. } => {
            header.givens == Givens::Domains && header.puzzle.given(c) == Some(digit)
        }
        Voice::Engine(_) => false,
    };
    let digit = sym(digit);
    let words = match cause {
        AssignCause::Decision => format!(
            "{} ← {digit} (decision: {label}, {})",
            cell(c),
            plural(logged.aux, "candidate", "candidates")
        ),
        AssignCause::UserDecision => format!("{} ← {digit} (your decision)", cell(c)),
        AssignCause::NakedSingle => {
            format!("{} ← {digit} (naked single: its last candidate)", cell(c))
        }
        AssignCause::HiddenSingle { unit } => format!(
            "{} ← {digit} (hidden single: the only place for {digit} in {})",
            cell(c),
            geo.unit_name(unit)
        ),
        AssignCause::Nogood { id } => format!(
            "{} ← {digit} (nogood #{id}: every other literal of it holds)",
            cell(c)
        ),
    };
    if given {
        // A given that started as a one-digit domain, assigned as the solver chose.
        words.replacen(" (", " (the given; ", 1)
    } else {
        words
    }
}

/// A wipeout in words, with where the search goes next (a backjump's target, from `aux`).
fn wipeout_words(geo: &Geometry, site: WipeoutSite, depth: u16, aux: u32) -> String {
    let cell = |c| geo.cell_name(c);
    let sym = |d: Digit| d.symbol(geo.size());
    let next = match jump(aux) {
        Some((target, 0)) => format!("back to {}, the latest decision", cell(target)),
        Some((target, skipped)) => format!(
            "jump back to {}, over {}",
            cell(target),
            plural(skipped, "decision", "decisions")
        ),
        None if depth == 0 => "search exhausted".to_string(),
        None => format!("backtrack to depth {}", depth - 1),
    };
    match site {
        WipeoutSite::Cell(c) => {
            format!("wipeout: {} has no candidates left — {next}", cell(c))
        }
        WipeoutSite::Unit { unit, digit } => {
            format!(
                "wipeout: {} has no place left in {} — {next}",
                sym(digit),
                geo.unit_name(unit)
            )
        }
        WipeoutSite::Nogood { id } => {
            format!("wipeout: every literal of nogood #{id} holds — {next}")
        }
        WipeoutSite::Constraint { constraint } => format!(
            "wipeout: {} can no longer be satisfied — {next}",
            geo.constraint_name(constraint)
        ),
    }
}

/// A literal on the board's terms: `r1c2=5`, `r1c2≠5`.
pub fn literal_words(geo: &Geometry, l: crate::solver::reason::Literal) -> String {
    let relation = if l.equal { '=' } else { '≠' };
    format!(
        "{}{relation}{}",
        geo.cell_name(l.cell),
        l.digit.symbol(geo.size())
    )
}

/// A culprit, a weight or a restart in words.
fn look_words(geo: &Geometry, logged: &Logged) -> String {
    let cell = |c| geo.cell_name(c);
    match logged.event {
        Event::Culprit { cell: c, digit, .. } => format!(
            "culprit: {}={} (depth {}) is to blame",
            cell(c),
            digit.symbol(geo.size()),
            logged.aux
        ),
        Event::Weight {
            cells: [a, b],
            weight,
            ..
        } => format!(
            "weight: the constraint {}≠{} now weighs {weight} (dom/wdeg learns)",
            cell(a),
            cell(b)
        ),
        Event::Restart { run, cutoff } => {
            let limit = if cutoff == 0 {
                String::new()
            } else {
                format!(", cutoff {}", plural(cutoff, "failure", "failures"))
            };
            format!("restart: run {run} begins again from the root{limit}")
        }
        _ => String::new(),
    }
}

/// An arc revision in words: `revise r2c7→r2c2: 8 has no support (r2c2 can only be 8), 8
/// goes; 19 arcs back on the queue (3 checks)`, or `every candidate has a support`.
fn revise_words(
    geo: &Geometry,
    (cell, against): (Cell, Cell),
    removed: Option<Digit>,
    checks: u8,
    requeued: u8,
) -> String {
    let arc = format!("revise {}→{}", geo.cell_name(cell), geo.cell_name(against));
    let checks = plural(checks, "check", "checks");
    let Some(digit) = removed else {
        return format!("{arc}: every candidate has a support, nothing goes ({checks})");
    };
    let d = digit.symbol(geo.size());
    let back = if requeued > 0 {
        format!("; {} back on the queue", plural(requeued, "arc", "arcs"))
    } else {
        String::new()
    };
    format!(
        "{arc}: {d} has no support ({} can only be {d}), {d} goes{back} ({checks})",
        geo.cell_name(against)
    )
}

/// The jump of a wipeout, from its [`Logged::aux`]: the target decision's cell and how many
/// decisions the jump skips (conflict-directed backjumping), if its culprits came first.
pub fn jump(aux: u32) -> Option<(Cell, u32)> {
    let target = aux >> 16;
    (target > 0).then(|| (Cell::new(target as usize - 1), aux & 0xFFFF))
}

/// The [`Logged::aux`] of a wipeout whose conflict set's latest decision is `target`, with
/// `skipped` decisions between it and the wipeout.
pub fn jump_aux(target: Cell, skipped: usize) -> u32 {
    ((target.index() as u32 + 1) << 16) | (skipped.min(0xFFFF) as u32)
}

/// A select in words: the order's name, the candidates, and the tie-break (the engine's)
/// or the score's own fields (a stream's).
fn select_words(
    geo: &Geometry,
    voice: &Voice,
    c: Cell,
    domain: Domain,
    depth: u16,
    score: crate::solver::Score,
) -> String {
    let label = voice.order_name();
    let mut out = format!(
        "select {} at depth {depth}: {label}, {} {}",
        geo.cell_name(c),
        plural(score.candidates, "candidate", "candidates"),
        set(geo, domain)
    );
    match voice {
        Voice::Engine(order) => {
            if let Some(name) = order.tie_break() {
                out = format!("{out}, {name} {}", score.tie_break);
            }
        }
        Voice::Stream {
            note: Some(note), ..
        } => {
            let words = note.score_words();
            if !words.is_empty() {
                out = format!("{out}, {words}");
            }
        }
        Voice::Stream { .. } => {}
    }
    out
}

/// A set of digits in the board's symbols: `{2,6}`.
pub fn set(geo: &Geometry, domain: Domain) -> String {
    let symbols: Vec<String> = domain
        .iter()
        .map(|d| d.symbol(geo.size()).to_string())
        .collect();
    format!("{{{}}}", symbols.join(","))
}

/// A prune in words; `aux` holds a naked pair's digits.
fn prune_words(geo: &Geometry, target: Cell, digit: Digit, cause: PruneCause, aux: u32) -> String {
    let cell = |c| geo.cell_name(c);
    let at = cell(target);
    let digit = digit.symbol(geo.size());
    match cause {
        PruneCause::ForwardCheck { from } => format!(
            "prune {digit} from {at}: forward check from {}={digit}",
            cell(from)
        ),
        PruneCause::Nogood { id } => {
            format!("prune {digit} from {at}: nogood #{id}, every other literal of it holds")
        }
        PruneCause::Revise { against } => {
            format!(
                "prune {digit} from {at}: arc consistency, {} can only be {digit}",
                cell(against)
            )
        }
        PruneCause::HiddenSingle {
            unit,
            digit: single,
        } => format!(
            "prune {digit} from {at}: hidden single, {} has no other place in {}",
            single.symbol(geo.size()),
            geo.unit_name(unit)
        ),
        PruneCause::NakedPair {
            unit,
            cells: [a, b],
        } => format!(
            "naked pair {} at {} {} removes {digit} from {at} ({})",
            set(geo, Domain::from_bits(aux)),
            cell(a),
            cell(b),
            geo.unit_name(unit)
        ),
        PruneCause::HiddenPair { unit, digits } => {
            format!(
                "hidden pair {} in {} removes {digit} from {at}",
                set(geo, digits),
                geo.unit_name(unit)
            )
        }
        PruneCause::LockedCandidates { unit, crossing, .. } => format!(
            "prune {digit} from {at}: locked candidates, {digit} in {} lies only in {}",
            geo.unit_name(unit),
            geo.unit_name(crossing)
        ),
        PruneCause::Refuted => {
            format!("prune {digit} from {at}: refuted, {at}={digit} led to no solution")
        }
        PruneCause::Conflict { with } => format!(
            "prune {digit} from {at}: conflict, {} already holds {digit}",
            cell(with)
        ),
        PruneCause::Variant { constraint, with } if with == target => format!(
            "prune {digit} from {at}: {}, {digit} cannot fit",
            geo.constraint_name(constraint)
        ),
        PruneCause::Variant { constraint, with } => format!(
            "prune {digit} from {at}: {}, {digit} cannot fit with {}",
            geo.constraint_name(constraint),
            cell(with)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{BoxSize, CellOrder, Unit};

    fn d(v: u8) -> Digit {
        Digit::new(v).expect("digit")
    }

    #[test]
    fn events_read_as_the_issue_words_them() {
        let g = Geometry::of(BoxSize::NINE);
        let r3c5 = g.cell_at(2, 4);
        let say = |event, aux| {
            explain(
                g,
                &Voice::Engine(CellOrder::Mrv),
                &Logged {
                    step: 1,
                    event,
                    aux,
                    cause_given: true,
                },
            )
        };
        assert_eq!(
            say(
                Event::Assign {
                    cell: r3c5,
                    digit: d(7),
                    depth: 1,
                    cause: AssignCause::Decision
                },
                2
            ),
            "r3c5 ← 7 (decision: MRV, 2 candidates)"
        );
        assert_eq!(
            say(
                Event::Prune {
                    cell: g.cell_at(2, 7),
                    digit: d(4),
                    depth: 1,
                    cause: PruneCause::ForwardCheck { from: r3c5 }
                },
                0
            ),
            "prune 4 from r3c8: forward check from r3c5=4"
        );
        let pair = Domain::single(d(2)).with(d(6));
        assert_eq!(
            say(
                Event::Prune {
                    cell: g.cell_at(3, 2),
                    digit: d(2),
                    depth: 0,
                    cause: PruneCause::NakedPair {
                        unit: Unit::new(3),
                        cells: [g.cell_at(3, 0), g.cell_at(3, 6)]
                    }
                },
                pair.bits()
            ),
            "naked pair {2,6} at r4c1 r4c7 removes 2 from r4c3 (row 4)"
        );
        assert_eq!(
            say(
                Event::Wipeout {
                    site: WipeoutSite::Cell(g.cell_at(5, 1)),
                    depth: 6
                },
                0
            ),
            "wipeout: r6c2 has no candidates left — backtrack to depth 5"
        );
        assert_eq!(
            say(
                Event::Backtrack {
                    cell: Cell::new(0),
                    digit: d(1),
                    depth: 0
                },
                0
            ),
            "backtrack: undo decision r1c1=1, back to depth 0"
        );
    }
}
