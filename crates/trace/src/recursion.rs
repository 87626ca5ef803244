//! A recursive solver's count of its calls, read off a search's events: seed 000's
//! "iteraties", which differ from dokuscope's nodes.
//!
//! Seed 000's solver is a recursive function; it counts its calls. Its CBT walks every cell
//! in reading order, givens included: a call on a given calls itself on the next cell, a
//! call on an open cell calls itself on the next cell once for each value whose forward
//! check leaves no domain empty, and the call past the last cell is the last call (the
//! solution). Its MCV calls itself for each such value too, but each call chooses the open
//! cell with the smallest domain, and the call that finds none is the last. Only the
//! counting differs from a search's events, not the search: a static order walks its whole
//! sequence (givens included), a dynamic order one open cell a call.
//!
//! So, from the events, with `pos` a cell's place in the static order's walk (the walk's
//! length past its last cell):
//! - the first call, and those on the cells before the first `select` (givens): `pos + 1`
//!   for a static order, 1 for a dynamic one;
//! - a decision whose propagation is followed by a `select` or a `solution` (no wipeout
//!   between) made calls on each cell after it up to the next one selected, or past the
//!   last: `pos(next) - pos(decision)` for a static order, 1 for a dynamic one;
//! - a decision that ends in a wipeout made none.
//!
//! A search that ends before choosing any cell made the first call only.

use crate::replay::Replay;
use dokuscope_engine::event::Event;
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::puzzle::Puzzle;
use dokuscope_engine::strategy::Strategy;

/// The calls a recursive solver makes for the search of `puzzle` with `strategy` whose
/// events are `events` (as [`Search`](dokuscope_engine::Search) yields them, or as a trace holds them).
pub fn recursive_calls(
    puzzle: &Puzzle,
    strategy: Strategy,
    events: impl IntoIterator<Item = Event>,
) -> u64 {
    let cell_count = puzzle.geometry().cell_count();
    let mut replay = Replay::new(puzzle);
    // Each cell's place in the static order's walk, fixed at the first select (where the
    // engine fixes the order's sequence); `None` for a dynamic order.
    let mut places: Option<Vec<usize>> = None;
    let place = |places: &Option<Vec<usize>>, cell: Option<Cell>| match (places, cell) {
        (Some(places), Some(cell)) => places[cell.index()],
        (Some(_), None) => cell_count,
        (None, _) => 0,
    };
    let mut calls = 0u64;
    let mut started = false;
    // The decision whose propagation has not yet ended.
    let mut pending: Option<Cell> = None;
    for event in events {
        let next = match event {
            Event::Select { cell, .. } => Some(Some(cell)),
            Event::Solution { .. } => Some(None),
            _ => None,
        };
        if let Some(next) = next {
            if !started {
                started = true;
                if strategy.order.is_static() {
                    let walk = strategy.order.sequence(replay.grid(), strategy.sequence);
                    let mut at = vec![0; cell_count];
                    for (i, c) in walk.into_iter().enumerate() {
                        at[c.index()] = i;
                    }
                    places = Some(at);
                }
                calls += place(&places, next) as u64 + 1;
            } else if let Some(decision) = pending {
                calls += match places {
                    Some(_) => {
                        place(&places, next).saturating_sub(place(&places, Some(decision))) as u64
                    }
                    None => 1,
                };
            }
            pending = None;
        }
        match event {
            Event::Assign { cell, .. } if event.is_decision() => pending = Some(cell),
            Event::Wipeout { .. } => pending = None,
            _ => {}
        }
        replay.apply(&event);
    }
    calls.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dokuscope_engine::preset;
    use dokuscope_engine::search::Search;

    fn calls(puzzle: &str, preset: &str) -> u64 {
        let puzzle: Puzzle = puzzle.parse().expect("a puzzle");
        let strategy = preset::lookup(preset).expect("a preset").strategy;
        let limits = dokuscope_engine::Limits {
            solutions: 1,
            ..dokuscope_engine::Limits::default()
        };
        let search = Search::with_limits(&puzzle, strategy, limits).expect("valid givens");
        recursive_calls(&puzzle, strategy, search)
    }

    #[test]
    fn a_search_without_a_wipeout_calls_once_a_cell_and_once_past_the_last() {
        // One open cell, r1c1 = 4: CBT calls on r1c1, on the 15 givens after it, and past
        // the last cell; MCV on r1c1 and once more.
        let puzzle = ".231132431422413";
        assert_eq!(calls(puzzle, "cbt"), 17);
        assert_eq!(calls(puzzle, "mcv"), 2);
        // Solved by the givens' propagation alone (arc consistency): no cell is chosen.
        assert_eq!(calls(puzzle, "s003-rv"), 17);
        assert_eq!(calls("4231132431422413", "cbt"), 17);
    }

    #[test]
    fn a_decision_that_wipes_out_makes_no_call() {
        // docs/trace-format.md's example. MCV: r2c4, r3c3, r1c1 = 3, then r1c2 = 2 wipes
        // out r1c3 (no call), r1c1 = 4 and seven more decisions that hold: the first call
        // and one a decision that held, 1 + 11.
        let puzzle = "...1.......22413";
        assert_eq!(calls(puzzle, "mcv"), 12);
        // CBT: r1c1 = 3 and r1c2 = 2 hold (a call each), r1c3 = 4 wipes out r2c4; then
        // r1c1 = 4, r1c2, r1c3, r2c1 (after a call on the given r1c4 too), r2c2, r2c3,
        // r2c4, r3c1, r3c2, r3c3, and the calls on the givens r3c4 to r4c4 and past the
        // last cell: 1 + 2 + (1 + 1 + 2 + 1 + 1 + 1 + 1 + 1 + 1 + 6) = 19.
        assert_eq!(calls(puzzle, "cbt"), 19);
    }
}
