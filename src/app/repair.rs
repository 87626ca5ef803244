//! A local search as the views tell it: its fills and moves in words, with the conflicts
//! before and after (kept in the log's aux, since the event carries only the after), and
//! each cell's conflicts on the board shown.

use super::cursor::Logged;
use crate::solver::local::UnitConflicts;
use crate::solver::{Digit, Event, Geometry, Grid};

/// The [`Logged::aux`] of a local search's `event`, `before` being the conflicts on the
/// board before it and `grid` the board after it: the conflicts before in the high half,
/// and for a swap the two cells' digits after it in the low half.
pub fn aux(event: &Event, before: u16, grid: &Grid) -> u32 {
    let digit = |c| u32::from(grid.value(c).map_or(0, Digit::get));
    let low = match *event {
        Event::Swap { cells: [a, b], .. } => (digit(a) << 8) | digit(b),
        _ => 0,
    };
    (u32::from(before) << 16) | low
}

/// The [`Logged::aux`] of a local search's limit: its fewest conflicts, plus one (0 is a
/// backtracking search's node limit).
pub fn limit_aux(best: Option<u64>) -> u32 {
    best.map_or(0, |b| u32::try_from(b).unwrap_or(u32::MAX - 1) + 1)
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `conflicts 12 → 11`, or `12 conflicts` when the move left them as they were.
fn change(before: u64, after: u64) -> String {
    if before == after {
        format!("{} (a plateau)", plural(after, "conflict", "conflicts"))
    } else {
        format!("conflicts {before} → {after}")
    }
}

/// A local search's event in words; `None` for the other events.
pub fn words(geo: &Geometry, logged: &Logged) -> Option<String> {
    let cell = |c| geo.cell_name(c);
    let sym = |d: Digit| d.symbol(geo.size());
    let before = u64::from(logged.aux >> 16);
    let how = |walk: bool| {
        if walk { "random walk" } else { "min-conflicts" }
    };
    Some(match logged.event {
        Event::Set {
            cell: c,
            digit,
            from: None,
            conflicts,
            ..
        } => format!(
            "fill {} ← {} (complete assignment: {} so far)",
            cell(c),
            sym(digit),
            plural(u64::from(conflicts), "conflict", "conflicts")
        ),
        Event::Set {
            cell: c,
            digit,
            from: Some(from),
            conflicts,
            walk,
        } if from == digit => format!(
            "{} keeps {}: no digit has fewer conflicts ({}; {})",
            cell(c),
            sym(digit),
            how(walk),
            plural(u64::from(conflicts), "conflict", "conflicts")
        ),
        Event::Set {
            cell: c,
            digit,
            from: Some(from),
            conflicts,
            walk,
        } => format!(
            "{}: {} → {}, {} ({})",
            cell(c),
            sym(from),
            sym(digit),
            change(before, u64::from(conflicts)),
            how(walk)
        ),
        Event::Swap {
            cells: [a, b],
            conflicts,
            walk,
        } => {
            // The digits after the swap are in the aux; before it, each had the other's.
            let now = |shift: u32| Digit::new(((logged.aux >> shift) & 0xFF) as u8);
            let held = |d: Option<Digit>| d.map_or_else(String::new, |d| format!(" ({})", sym(d)));
            format!(
                "swap {}{} ↔ {}{}, {} ({})",
                cell(a),
                held(now(0)),
                cell(b),
                held(now(8)),
                change(before, u64::from(conflicts)),
                how(walk)
            )
        }
        Event::Limit if logged.aux > 0 => format!(
            "step limit reached: the fewest conflicts were {}",
            logged.aux - 1
        ),
        _ => return None,
    })
}

/// Each cell's conflicts on `grid` unit by unit (all zero for an empty cell), in cell
/// order: what the board shows of a local search.
pub fn conflicts(grid: &Grid) -> Vec<UnitConflicts> {
    let g = grid.geometry();
    g.cells()
        .map(|cell| UnitConflicts::of(g, cell, |c| grid.value(c)))
        .collect()
}
