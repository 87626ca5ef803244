//! Place counts left until a unit rule first reads them: a search starts its propagation
//! with forward checking and naked singles, which never read them, and many puzzles are
//! solved before a unit rule ever runs. Until then the grid logs what the counts would
//! lose, and [`Grid::catch_up`] counts and notes it all in the same order, so the counts,
//! the notes and so every event are what counting from the start gives. (Searches with
//! hidden singles on boards of at most 128 cells count no places at all: see
//! `grid/scan.rs`.)
//!
//! Measured (callgrind, kaggle10k with `fast`, whose puzzles fall to naked singles alone):
//! the notes' set-up and the three place counts and notes of each prune were about a
//! quarter of a puzzle's instructions, and all of it was thrown away.

use super::Grid;
use crate::domain::Digit;
use crate::geometry::Cell;

/// A change to the place counts, logged while they wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Deferred {
    /// `digit` lost its place in `cell` (a prune, or another digit's assignment).
    Lose(Cell, Digit),
    /// `cell` was given `digit`; whether the digit was still in its domain.
    Place(Cell, Digit, bool),
}

impl Grid {
    /// Leaves the place counts stale (after the givens' forward checking in bulk), to be
    /// taken afresh by [`Grid::catch_up`].
    pub(crate) fn recount_later(&mut self) {
        self.stale = true;
    }

    /// Starts the unit rules' place counts and notes, as [`Grid::watch_places`] does, but
    /// only once a rule first reads them ([`Grid::catch_up`]): the counts as they are now
    /// are kept, and what they lose until then is logged.
    pub(crate) fn watch_places_later(&mut self) {
        self.counting = false;
        self.deferring = true;
        self.deferred.clear();
    }

    /// Starts the place counts and notes put off by [`Grid::watch_places_later`], as if
    /// they had been kept from then on, for the rules [`Grid::watch_places`] takes: the
    /// notes of the counts then, and each logged change counted and noted in its order.
    /// Called on every pass of the propagation: only its first call does anything.
    #[inline]
    pub(crate) fn catch_up(&mut self, locks: bool, pairs: bool) {
        if self.deferring {
            self.catch_up_now(locks, pairs);
        }
    }

    #[inline(never)]
    fn catch_up_now(&mut self, locks: bool, pairs: bool) {
        self.deferring = false;
        self.counting = true;
        let log = std::mem::take(&mut self.deferred);
        if self.stale {
            // The counts now, then back through the log to the counts the notes start from:
            // every cell assigned since the givens is a single, whose domain is its digit, as
            // the recount needs.
            self.recount_places();
            for &change in log.iter().rev() {
                match change {
                    Deferred::Lose(cell, digit) => self.regain_place(cell, digit),
                    Deferred::Place(cell, digit, own) => self.uncount_placed(cell, digit, own),
                }
            }
        }
        self.watch_places(locks, pairs);
        for &change in &log {
            match change {
                Deferred::Lose(cell, digit) => self.lose_place(cell, digit),
                Deferred::Place(cell, digit, own) => self.count_placed(cell, digit, own),
            }
        }
        // The log's room is kept for the next puzzle.
        self.deferred = log;
        self.deferred.clear();
    }
}

#[cfg(test)]
mod tests {
    use crate::domain::Domain;
    use crate::geometry::Cell;
    use crate::grid::note::slot;
    use crate::grid::{Grid, xorshift};
    use crate::puzzle::Puzzle;

    /// The counts (each unit's first n slots: the rest of its stride is never read) and the
    /// notes a grid keeps, in order.
    fn kept(grid: &Grid) -> impl PartialEq + std::fmt::Debug {
        let n = grid.geometry.side();
        let counts: Vec<u8> = grid
            .geometry
            .units()
            .flat_map(|unit| grid.places[slot(unit, 0)..slot(unit, 0) + n].to_vec())
            .collect();
        (
            counts,
            grid.watch[..grid.watched].to_vec(),
            grid.locks.clone(),
            grid.locked_units,
            grid.two_places[..grid.paired].to_vec(),
        )
    }

    /// Random prunes and assignments (each assignment after pruning the cell's other
    /// candidates, as singles are) on a grid that counts from the start and on one that
    /// puts the counts off, fresh or stale, and catches up: both end with the same counts
    /// and the same notes in the same order.
    #[test]
    fn catching_up_gives_the_counts_and_notes_of_counting_from_the_start() {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "1......2.3.....4",
        ];
        let mut random = xorshift(0x2545_f491);
        let mut changes = 0;
        for text in puzzles {
            let puzzle: Puzzle = text.parse().expect("a valid puzzle");
            for stale in [false, true] {
                for steps in [0, 5, 40] {
                    let mut eager = Grid::new(&puzzle);
                    let mut later = Grid::new(&puzzle);
                    eager.watch_places(true, true);
                    if stale {
                        later.places.fill(0);
                        later.recount_later();
                    }
                    later.watch_places_later();
                    for _ in 0..steps {
                        let open: Vec<Cell> = puzzle
                            .geometry()
                            .cells()
                            .filter(|&c| eager.is_open(c) && eager.domain(c).len() > 1)
                            .collect();
                        if open.is_empty() {
                            break;
                        }
                        let cell = open[random(open.len())];
                        let domain: Vec<_> = eager.domain(cell).iter().collect();
                        let digit = domain[random(domain.len())];
                        // As in every search, never a digit a peer holds.
                        let assign = random(4) == 0 && eager.peer_holding(cell, digit).is_none();
                        for grid in [&mut eager, &mut later] {
                            if assign {
                                grid.remove_others(cell, digit);
                                grid.assign(cell, digit);
                            } else {
                                grid.remove(cell, digit);
                            }
                        }
                        changes += 1;
                    }
                    later.catch_up(true, true);
                    assert_eq!(kept(&later), kept(&eager), "{text} stale {stale}");
                    assert!(later.counts_places() && !later.deferring);
                    for digit in Domain::full(puzzle.size()) {
                        for unit in puzzle.geometry().units() {
                            assert_eq!(
                                later.open_places(unit, digit),
                                eager.open_places(unit, digit)
                            );
                        }
                    }
                }
            }
        }
        assert!(changes > 100, "only {changes} changes");
    }
}
