//! Helpers for the rule fixtures: cells, digits and units named as in the seeds (counted
//! from 1), 9×9 positions from lists of givens, and the events before the first decision.

use dokuscope::solver::geometry::Geometry;
use dokuscope::solver::{
    BoxSize, Cell, CellOrder, Digit, Domain, Event, Inference, PruneCause, Puzzle, Search,
    Strategy, Unit, ValueOrder,
};

pub const SEED003_EXAMPLE: &str = include_str!("../../puzzles/seed003_example.txt");

/// The 9×9 board's tables.
pub fn g() -> &'static Geometry {
    Geometry::of(BoxSize::NINE)
}

/// The cell at row `r`, column `c`, counted from 1 as in `r3c5`.
pub fn rc(r: usize, c: usize) -> Cell {
    g().cell_at(r - 1, c - 1)
}

pub fn d(v: u8) -> Digit {
    Digit::new(v).expect("a digit")
}

pub fn row(r: usize) -> Unit {
    Unit::new(r - 1)
}

pub fn column(c: usize) -> Unit {
    Unit::new(9 + c - 1)
}

pub fn boxed(b: usize) -> Unit {
    Unit::new(18 + b - 1)
}

pub fn domain(digits: &[u8]) -> Domain {
    digits.iter().map(|&v| d(v)).collect()
}

/// A 9×9 puzzle with the givens `(row, column, digit)`, counted from 1.
pub fn puzzle(givens: &[(usize, usize, u8)]) -> Puzzle {
    givens
        .iter()
        .fold(Puzzle::empty(BoxSize::NINE), |p, &(r, c, v)| {
            p.with(rc(r, c), Some(d(v)))
        })
}

pub fn strategy(inference: Inference) -> Strategy {
    Strategy::new(CellOrder::RowMajor, ValueOrder::Ascending, inference)
}

pub fn only(rule: &str) -> Inference {
    rule.parse().expect("a rule name")
}

/// The search, with the events before its first `Select` (or all of them if it never selects).
pub fn until_select(p: &Puzzle, inference: Inference) -> (Search, Vec<Event>) {
    let mut search = Search::new(p, strategy(inference)).expect("no conflicting givens");
    let mut events = Vec::new();
    for event in search.by_ref() {
        if matches!(event, Event::Select { .. }) {
            break;
        }
        events.push(event);
    }
    (search, events)
}

/// The prunes among `events`, as (cell, digit, cause), sorted.
pub fn prunes(events: &[Event], rule: &str) -> Vec<(Cell, Digit, PruneCause)> {
    let mut found: Vec<_> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Prune {
                cell, digit, cause, ..
            } if cause.rule() == rule => Some((cell, digit, cause)),
            _ => None,
        })
        .collect();
    found.sort_by_key(|&(cell, digit, _)| (cell, digit));
    found
}

pub fn sorted(mut v: Vec<(Cell, Digit, PruneCause)>) -> Vec<(Cell, Digit, PruneCause)> {
    v.sort_by_key(|&(cell, digit, _)| (cell, digit));
    v
}

/// The 20 peers of a cell, computed here from rows, columns and boxes.
pub fn peers_of(r: usize, c: usize) -> Vec<Cell> {
    let mut peers = Vec::new();
    for rr in 1..=9 {
        for cc in 1..=9 {
            let same_box = (rr - 1) / 3 == (r - 1) / 3 && (cc - 1) / 3 == (c - 1) / 3;
            if (rr, cc) != (r, c) && (rr == r || cc == c || same_box) {
                peers.push(rc(rr, cc));
            }
        }
    }
    peers
}
