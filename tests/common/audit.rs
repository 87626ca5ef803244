//! An audit of one search: every event is checked against the replayed state just before
//! it (is the cause true? is the change possible?), the engine's state is compared with the
//! replay whenever the iterator is synced, and at the end every event is undone back to the
//! initial grid and the counters are compared with a headless run.

use super::checker::Checker;
use dokuscope::solver::{
    BoxSize, Digit, Event, Grid, Limits, Puzzle, Replay, Search, Stats, Status, Strategy,
};

/// A puzzle from cells (0 = empty) on the board their count implies.
pub fn puzzle_of(cells: &[u8]) -> Puzzle {
    let size = BoxSize::from_cells(cells.len()).expect("a board size");
    Puzzle::new(size, cells.iter().map(|&d| Digit::new(d)).collect()).expect("one digit per cell")
}

/// The cells of `puzzle`, 0 for empty.
pub fn cells_of(puzzle: &Puzzle) -> Vec<u8> {
    puzzle
        .givens()
        .iter()
        .map(|g| g.map_or(0, Digit::get))
        .collect()
}

/// What an audited search did.
#[derive(Debug)]
pub struct Audit {
    /// Every event, in order.
    pub events: Vec<Event>,
    /// The iterator's counters after the last event.
    pub stats: Stats,
    /// The iterator's final status.
    pub status: Status,
    /// The grid at each `Solution` event, as cells.
    pub solutions: Vec<Vec<u8>>,
    /// The search's first solution.
    pub first_solution: Option<Puzzle>,
}

/// Runs `strategy` on `puzzle` with `limits` through the iterator and checks everything
/// listed in the module doc; `name` labels failures. Panics with the puzzle line on failure.
#[expect(
    clippy::too_many_lines,
    reason = "one audit, its checks in the order they happen"
)]
pub fn audit(puzzle: &Puzzle, strategy: Strategy, limits: Limits, name: &str) -> Audit {
    let ctx = format!("preset {name} ({strategy}) on {puzzle}");
    let givens = cells_of(puzzle);
    let initial = Grid::new(puzzle);
    let mut search =
        Search::with_limits(puzzle, strategy, limits).unwrap_or_else(|c| panic!("{ctx}: {c}"));
    let inference = search.strategy().inference;
    let mut replay = Replay::with_undo(puzzle);
    let mut checker = Checker::new(strategy, inference);
    let mut events = Vec::new();
    let mut solutions = Vec::new();
    while let Some(event) = search.next() {
        let step = events.len() + 1;
        checker
            .check(replay.grid(), replay.depth(), &event)
            .unwrap_or_else(|e| panic!("{ctx}: event {step} {event:?}: {e}"));
        replay.apply(&event);
        if let Some(depth) = event.depth() {
            assert_eq!(
                depth,
                replay.depth(),
                "{ctx}: event {step} {event:?} states the wrong depth"
            );
        }
        if let Event::Solution { .. } = event {
            let grid = cells_of(&replay.grid().to_puzzle());
            assert!(
                super::is_solution_of(&givens, &grid),
                "{ctx}: event {step}: solution {grid:?} is not valid"
            );
            solutions.push(grid);
        }
        if search.is_synced() {
            assert!(
                replay.grid() == search.state().grid() && replay.depth() == search.state().depth(),
                "{ctx}: after event {step} {event:?} the replay differs from the engine's state"
            );
        }
        events.push(event);
    }
    assert!(
        search.is_finished(),
        "{ctx}: the iterator ended before the search did"
    );
    let stats = *search.stats();
    let end = search.status();
    let first_solution = search.solution().cloned();

    for (i, event) in events.iter().enumerate().rev() {
        assert!(
            replay.undo(event),
            "{ctx}: undoing event {} {event:?} failed",
            i + 1
        );
    }
    assert!(
        replay.grid() == &initial && replay.depth() == 0,
        "{ctx}: undoing every event did not restore the initial state"
    );

    let outcome = Search::with_limits(puzzle, strategy, limits)
        .expect("the same puzzle")
        .run();
    assert_eq!(
        outcome.stats, stats,
        "{ctx}: Search::run counts differently from the iterator"
    );
    assert_eq!(
        outcome.status, end,
        "{ctx}: Search::run ends differently from the iterator"
    );
    assert_eq!(
        outcome.solution, first_solution,
        "{ctx}: Search::run finds another first solution"
    );

    let count = |f: fn(&Event) -> bool| events.iter().filter(|e| f(e)).count() as u64;
    assert_eq!(stats.events, events.len() as u64, "{ctx}: events");
    assert_eq!(
        stats.nodes,
        count(Event::is_decision),
        "{ctx}: nodes != decision assigns"
    );
    assert_eq!(
        stats.backtracks,
        count(|e| matches!(e, Event::Backtrack { .. })),
        "{ctx}: backtracks != Backtrack events"
    );
    assert_eq!(
        stats.assignments,
        count(|e| matches!(e, Event::Assign { .. })),
        "{ctx}: assignments"
    );
    assert_eq!(
        stats.prunes,
        count(|e| matches!(e, Event::Prune { .. })),
        "{ctx}: prunes"
    );
    assert_eq!(
        stats.wipeouts,
        count(|e| matches!(e, Event::Wipeout { .. })),
        "{ctx}: wipeouts"
    );
    assert_eq!(stats.solutions, solutions.len() as u64, "{ctx}: solutions");
    assert_eq!(
        first_solution.as_ref().map(cells_of).as_ref(),
        solutions.first(),
        "{ctx}: first solution"
    );
    for (i, s) in solutions.iter().enumerate() {
        assert!(
            !solutions[..i].contains(s),
            "{ctx}: solution {} found twice",
            i + 1
        );
    }
    let last = events.last().copied();
    let expected_last = match end {
        Status::Limit => matches!(last, Some(Event::Limit)),
        Status::Unsolvable => matches!(last, Some(Event::Exhausted)),
        // Both end on the solution that reached `limits.solutions`, or on the exhausted tree.
        Status::Solved => matches!(last, Some(Event::Solution { .. } | Event::Exhausted)),
        // Two solutions found before a node limit still make the status `multiple`.
        Status::Multiple => matches!(
            last,
            Some(Event::Solution { .. } | Event::Exhausted | Event::Limit)
        ),
    };
    assert!(expected_last, "{ctx}: status {end:?} ends with {last:?}");
    Audit {
        events,
        stats,
        status: end,
        solutions,
        first_solution,
    }
}
