//! The machine's steps: the initial propagation, selecting a cell, trying its next digit,
//! and backtracking one decision.

use super::engine::{Engine, Phase};
use super::outcome::Status;
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::family::{Family, Heard};
use crate::geometry::Cell;
use crate::sink::Sink;

/// The search's output in a step: its sink, heard by its family.
type Out<'o, 'a, S, F> = &'o mut Heard<'a, S, F>;

impl Engine {
    /// Advances one step; `false` once the search has ended.
    pub(super) fn step_with<S: Sink, F: Family>(&mut self, sink: Out<'_, '_, S, F>) -> bool {
        match self.phase {
            Phase::Start => self.start(sink),
            Phase::Select => self.select(sink),
            Phase::Try => self.try_next(sink),
            Phase::Backtrack => self.backtrack(sink),
            Phase::Done => return false,
        }
        true
    }

    /// The propagation before the first decision: the grid set up to keep what the
    /// propagators read, the givens propagated.
    fn start<S: Sink, F: Family>(&mut self, sink: Out<'_, '_, S, F>) {
        let needs = self.propagation.needs();
        let bitboards = self.state.grid().open_cells().is_some();
        // With place counts on a bitboard grid, the givens' forward checks run in bulk before
        // the rules start noting what changes (they then start from the result, and the
        // counts are taken then). Otherwise the rules count places from here, or no place is
        // counted.
        if needs.places && !bitboards {
            self.state.grid_mut().count_places();
        }
        if self.propagation.start(&mut self.state, sink).is_err() {
            sink.push(Event::Exhausted);
            self.phase = Phase::Done;
            return;
        }
        if needs.scan && bitboards && !self.counts_always() {
            // With hidden singles the order the unit rules find things in changes no node
            // count: they scan the bitboards (see `grid/scan.rs`).
            self.state
                .grid_mut()
                .scan_units(needs.locks, needs.two_places);
        } else if needs.places {
            self.state.grid_mut().watch_places_later();
        } else {
            self.state.grid_mut().stop_counting_places();
        }
        if needs.bivalue {
            self.state.grid_mut().watch_bivalue();
        }
        if needs.snapshots {
            self.state.keep_snapshots();
        }
        if self.propagate(sink, None).is_ok() {
            self.sequence = self
                .strategy
                .order
                .sequence(self.state.grid(), self.strategy.sequence);
            self.phase = Phase::Select;
        } else {
            sink.push(Event::Exhausted);
            self.phase = Phase::Done;
        }
    }

    fn select<S: Sink, F: Family>(&mut self, sink: Out<'_, '_, S, F>) {
        let floor = if self.propagation.needs().leaves_no_single {
            2
        } else {
            1
        };
        let (order, grid) = (self.strategy.order, self.state.grid());
        let ranked = sink.family.select(grid, order, &self.sequence, floor);
        let Some(ranked) = ranked else {
            self.solutions += 1;
            if self.solution.is_none() {
                self.solution = Some(self.state.grid().to_puzzle());
            }
            sink.push(Event::Solution {
                depth: self.depth(),
            });
            self.phase = if self.solutions >= self.limits.solutions {
                Phase::Done
            } else {
                Phase::Backtrack
            };
            return;
        };
        let Some(ranked) = self.forced_select(ranked) else {
            // An illegal forced decision ends the search; the refusal says why.
            self.phase = Phase::Done;
            return;
        };
        let (cell, domain) = (ranked.cell, self.state.grid().domain(ranked.cell));
        sink.push(Event::Select {
            cell,
            domain,
            depth: self.depth(),
            score: ranked.score,
        });
        self.frames.push(cell);
        self.phase = Phase::Try;
    }

    fn try_next<S: Sink, F: Family>(&mut self, sink: Out<'_, '_, S, F>) {
        let cell = *self
            .frames
            .last()
            .expect("BUG: Try runs with a frame on the stack");
        let grid = self.state.grid();
        if !grid.is_open(cell) {
            // A refutation's propagation assigned the cell (a naked or hidden single): this
            // frame has nothing left to decide.
            self.frames.pop();
            self.phase = Phase::Select;
            return;
        }
        let domain = grid.domain(cell);
        let forced = self.steer.as_mut().and_then(|s| s.take_pending());
        let Some(digit) = forced.or_else(|| self.strategy.values.next(grid, cell, domain)) else {
            self.propagation
                .context(&mut self.state, sink)
                .wipeout(WipeoutSite::Cell(cell));
            self.phase = Phase::Backtrack;
            return;
        };
        if !self.propagation.needs().assignments {
            // No propagator keeps the domains consistent with the assignments: the digit is
            // checked against the assigned peers before it is tried.
            if let Some(with) = sink.family.culprit(grid, cell, digit) {
                self.propagation.context(&mut self.state, sink).prune(
                    cell,
                    digit,
                    PruneCause::Conflict { with },
                );
                return;
            }
        }
        if self.limits.nodes.is_some_and(|limit| self.nodes >= limit) {
            self.limited = true;
            sink.push(Event::Limit);
            self.phase = Phase::Done;
            return;
        }
        self.nodes += 1;
        self.state.decide(cell, digit);
        sink.push(Event::Assign {
            cell,
            digit,
            depth: self.depth(),
            cause: if forced.is_some() {
                AssignCause::UserDecision
            } else {
                AssignCause::Decision
            },
        });
        self.propagation.assigned(cell);
        self.phase = if self.propagate(sink, None).is_ok() {
            Phase::Select
        } else {
            Phase::Backtrack
        };
    }

    fn backtrack<S: Sink, F: Family>(&mut self, sink: Out<'_, '_, S, F>) {
        self.propagation.clear();
        if self.look_back(sink) {
            return;
        }
        while let Some(&cell) = self.frames.last() {
            if self.state.depth() == self.frames.len() {
                self.refute(sink, cell);
                return;
            }
            self.frames.pop();
        }
        sink.push(Event::Exhausted);
        self.phase = Phase::Done;
    }

    /// Undoes the decision of the top frame, `cell`, with everything after it, and prunes
    /// its digit as refuted; the frame then tries its next digit.
    pub(super) fn refute<S: Sink, F: Family>(&mut self, sink: Out<'_, '_, S, F>, cell: Cell) {
        let digit = self
            .state
            .grid()
            .value(cell)
            .expect("BUG: a decided frame's cell holds its digit");
        let depth = self.frames.len() - 1;
        self.state.backtrack_to(depth, |_| {});
        self.state.grid_mut().settle();
        sink.push(Event::Backtrack {
            cell,
            digit,
            depth: depth as u16,
        });
        // The refutation (cell ≠ digit) propagates like any other removal, so that
        // every decision starts from a fixpoint of the rules; a wipeout means the frame is
        // exhausted.
        let refuted = self
            .propagation
            .context(&mut self.state, sink)
            .prune_checked(cell, digit, PruneCause::Refuted)
            .and_then(|()| self.propagate(sink, Some(cell)));
        self.phase = if refuted.is_ok() {
            Phase::Try
        } else {
            Phase::Backtrack
        };
    }

    pub(crate) fn status(&self) -> Status {
        if self.solutions >= 2 {
            Status::Multiple
        } else if self.limited {
            Status::Limit
        } else if self.solutions == 1 {
            Status::Solved
        } else {
            Status::Unsolvable
        }
    }
}

impl Engine {
    /// Whether a test asked for place counts where the rules could scan.
    #[cfg(test)]
    fn counts_always(&self) -> bool {
        self.counts_always
    }

    #[cfg(not(test))]
    #[inline]
    #[expect(clippy::unused_self, reason = "the field exists only in tests")]
    fn counts_always(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    #![expect(clippy::expect_used, reason = "tests fail by panicking")]

    use crate::event::Event;
    use crate::preset::PRESETS;
    use crate::puzzle::Puzzle;
    use crate::search::iterator::Machine;
    use crate::search::{Limits, Search};

    /// What fixes a search tree: each decision's cell, candidates, depth and score, with
    /// every domain of the grid then (a fixpoint of the rules), each backtrack and
    /// solution, and how the search ended.
    fn tree(puzzle: &Puzzle, search: &mut Search) -> Vec<String> {
        let mut seen = Vec::new();
        while let Some(event) = search.next() {
            match event {
                Event::Prune { .. } | Event::Assign { .. } | Event::Wipeout { .. } => {}
                Event::Select { .. } => {
                    let grid = search.state().grid();
                    let domains: Vec<u32> = puzzle
                        .geometry()
                        .cells()
                        .map(|c| grid.domain(c).bits())
                        .collect();
                    seen.push(format!("{event:?} {domains:?}"));
                }
                other => seen.push(format!("{other:?}")),
            }
        }
        seen
    }

    /// Scanning the bitboards (`grid/scan.rs`) and keeping place counts with their notes
    /// find the same fixpoint after every propagation, so the same decisions, backtracks
    /// and solutions, for every preset that scans and learns no nogood, on the bundled
    /// 4×4 and 9×9 sets.
    #[test]
    fn scanning_and_counting_find_the_same_searches() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
        let mut puzzles = Vec::new();
        for name in ["4x4.txt", "easy.txt", "medium.txt", "hard.txt"] {
            let text = std::fs::read_to_string(dir.join(name)).expect("a bundled set");
            puzzles.extend(
                text.lines()
                    .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                    .map(|l| l.parse::<Puzzle>().expect("valid puzzle text")),
            );
        }
        // Harder puzzles from the public sets (puzzles/public).
        for (name, take) in [
            ("top95.txt", 40),
            ("hardest.txt", 11),
            ("forum_hardest_1106.txt", 5),
        ] {
            let text =
                std::fs::read_to_string(dir.join("public").join(name)).expect("a public set");
            puzzles.extend(
                text.lines()
                    .take(take)
                    .map(|l| l.parse::<Puzzle>().expect("valid puzzle text")),
            );
        }
        let limits = Limits {
            nodes: Some(500),
            ..Limits::default()
        };
        let mut scanned = 0;
        // A search that learns nogoods is left out: its nogoods are cut from the trail, whose
        // order is the order the rules find things in, so that order changes its search.
        for preset in PRESETS
            .iter()
            .filter(|p| p.strategy.inference.hidden_singles && !p.strategy.learns_nogoods())
        {
            for puzzle in &puzzles {
                let mut scanning =
                    Search::with_limits(puzzle, preset.strategy, limits).expect("no clash");
                let mut counting =
                    Search::with_limits(puzzle, preset.strategy, limits).expect("no clash");
                if let Machine::Tree(engine) = &mut counting.machine {
                    engine.counts_always = true;
                }
                let mine = tree(puzzle, &mut scanning);
                assert!(scanning.state().grid().scans(), "{}: scans", preset.name);
                assert!(!counting.state().grid().scans());
                assert_eq!(
                    mine,
                    tree(puzzle, &mut counting),
                    "{} on {puzzle}",
                    preset.name
                );
                scanned += 1;
            }
        }
        assert!(scanned > 50, "presets with hidden singles, on every puzzle");
    }
}
