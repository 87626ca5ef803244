//! A local search as the views tell it: its fills and moves in words, with the conflicts
//! before and after (kept in the log's aux, since the event carries only the after), and
//! each cell's conflicts on the board shown.

use super::logged::Logged;
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

/// What a cursor keeps of a local search's course: the conflicts after the last event, the
/// fewest of a complete assignment so far, and whether the last event lowered them (a new
/// best, where `n` stops).
#[derive(Clone, Copy, Debug, Default)]
pub struct Course {
    conflicts: u16,
    best: Option<u16>,
    improved: bool,
}

impl Course {
    /// Before the next event: it has improved nothing yet.
    pub(super) fn forget(&mut self) {
        self.improved = false;
    }

    /// Takes in a `set` or `swap`, `grid` the board after it, and returns its log's aux.
    pub(super) fn hear(&mut self, event: &Event, grid: &Grid) -> u32 {
        let aux = aux(event, self.conflicts, grid);
        let (before, after) = (self.conflicts, event.conflicts().unwrap_or(0));
        self.conflicts = after;
        if !matches!(event, Event::Set { from: None, .. }) {
            // A step: the assignment before the first is the complete one.
            let floor = self.best.unwrap_or(before);
            self.improved = after < floor;
            self.best = Some(floor.min(after));
        }
        aux
    }

    /// Whether the last event was a step to fewer conflicts than ever.
    pub fn improved(&self) -> bool {
        self.improved
    }
}

/// The cells a local search's move changed (a `set`'s cell twice over).
pub fn moved(event: &Event) -> [crate::solver::Cell; 2] {
    match *event {
        Event::Swap { cells, .. } => cells,
        _ => [event.cell().unwrap_or(crate::solver::Cell::new(0)); 2],
    }
}

/// The [`Logged::aux`] bit of a local search's end that was stuck, not its step limit.
const STUCK: u32 = 1 << 31;

/// The [`Logged::aux`] of a local search's limit: its fewest conflicts, plus one (0 is a
/// backtracking search's node limit), and [`STUCK`] when no cell in conflict could move.
pub fn limit_aux(local: Option<crate::solver::stats::LocalStats>) -> u32 {
    local.map_or(0, |l| {
        let best = l.best.unwrap_or(l.conflicts);
        (u32::try_from(best).unwrap_or(STUCK - 2) + 1).min(STUCK - 1)
            | if l.stuck { STUCK } else { 0 }
    })
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `conflicts 12 → 11`, or `11 conflicts, a plateau` when the move left them as they were.
fn change(before: u64, after: u64) -> String {
    if before == after {
        format!("{}, a plateau", plural(after, "conflict", "conflicts"))
    } else {
        format!("conflicts {before} → {after}")
    }
}

/// A local search's event in words; `None` for the other events.
pub fn words(geo: &Geometry, logged: &Logged) -> Option<String> {
    let cell = |c| geo.cell_name(c);
    let sym = |d: Digit| d.symbol(geo.size());
    let before = u64::from(logged.aux >> 16);
    let how = |walk: bool| if walk { "random walk" } else { "min-conflicts" };
    Some(match logged.event {
        Event::Set {
            cell: c,
            digit,
            from: None,
            conflicts,
            ..
        } => format!(
            "fill {} ← {} (the complete assignment: {} so far)",
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
            "{} keeps {} ({}: no digit has fewer conflicts): {}",
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
            "{}: {} → {} ({}): {}",
            cell(c),
            sym(from),
            sym(digit),
            how(walk),
            change(before, u64::from(conflicts))
        ),
        Event::Swap {
            cells: [a, b],
            conflicts,
            walk,
        } => {
            // The digits after the swap are in the aux; before it, each had the other's.
            let had = |shift: u32| {
                Digit::new(((logged.aux >> shift) & 0xFF) as u8)
                    .map_or_else(String::new, |d| format!("={}", sym(d)))
            };
            format!(
                "swap {}{} ↔ {}{} ({}): {}",
                cell(a),
                had(0),
                cell(b),
                had(8),
                how(walk),
                change(before, u64::from(conflicts))
            )
        }
        Event::Limit if logged.aux & STUCK != 0 => format!(
            "stuck: no cell in conflict can move (each is the only open cell of its box, its digit fixed); {} left",
            plural(
                u64::from((logged.aux & !STUCK) - 1),
                "conflict",
                "conflicts"
            )
        ),
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

/// Why a local search's step made its move: the cell it picked, among how many in
/// conflict, and each move it could have made with the conflicts that move leaves, counted
/// on the board before the step (for a stream, the moves dokuscope's min-conflicts would
/// weigh: the swaps within the cell's box, or every digit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveWhy {
    /// The step.
    pub step: u64,
    /// The cell picked (a swap's first).
    pub cell: crate::solver::Cell,
    /// Its conflicts before the step.
    pub conflicts: u16,
    /// The open cells in conflict before the step, the picked one among them.
    pub among: usize,
    /// Whether the step was a random walk.
    pub walk: bool,
    /// The conflicts on the board before the step.
    pub before: u32,
    /// Each move: the swap partner (none: the cell takes the digit itself), the digit the
    /// cell takes, and the conflicts left; the fewest first, the move made first among
    /// equals.
    pub moves: Vec<(Option<crate::solver::Cell>, Digit, u32)>,
    /// The move made, as in `moves`.
    pub made: (Option<crate::solver::Cell>, Digit),
}

/// Why the step `logged` (a `set` of a filled cell, or a `swap`) made its move, on
/// `before`, the board just before it, of `puzzle`; `None` for any other event.
pub fn explain(puzzle: &crate::solver::Puzzle, before: &Grid, logged: &Logged) -> Option<MoveWhy> {
    use crate::solver::local::Assignment;
    let g = puzzle.geometry();
    let mut board = Assignment::new(puzzle);
    for cell in g.cells() {
        if !board.is_given(cell) {
            board.set(cell, before.value(cell));
        }
    }
    let (cell, made, walk) = match logged.event {
        Event::Set {
            cell,
            digit,
            from: Some(_),
            walk,
            ..
        } => (cell, (None, digit), walk),
        Event::Swap {
            cells: [a, b],
            walk,
            ..
        } => (a, (Some(b), before.value(b)?), walk),
        _ => return None,
    };
    let own = board.value(cell)?;
    let total = board.total();
    let mut moves = Vec::new();
    if made.0.is_some() {
        let boxed = g.units_of(cell)[2];
        let mut partners: Vec<_> = g
            .unit_cells(boxed)
            .iter()
            .copied()
            .filter(|&c| c != cell && !board.is_given(c))
            .collect();
        if let Some(b) = made.0.filter(|b| !partners.contains(b)) {
            partners.push(b);
        }
        for other in partners {
            let theirs = board.value(other)?;
            board.swap(cell, other);
            moves.push((Some(other), theirs, board.total()));
            board.swap(cell, other);
        }
    } else {
        for d in (1..=g.side() as u8).filter_map(Digit::new) {
            board.set(cell, Some(d));
            moves.push((None, d, board.total()));
        }
        board.set(cell, Some(own));
    }
    moves.sort_by_key(|&(other, digit, after)| (after, (other, digit) != made));
    let among = g
        .cells()
        .filter(|&c| !board.is_given(c) && board.conflicts(c) > 0)
        .count();
    Some(MoveWhy {
        step: logged.step,
        cell,
        conflicts: board.conflicts(cell),
        among,
        walk,
        before: total,
        moves,
        made,
    })
}
