//! Headless solving of puzzle after puzzle with one strategy, in one search's memory.

use super::iterator::Search;
use super::outcome::{Limits, Outcome};
use crate::puzzle::{Conflict, Puzzle};
use crate::strategy::Strategy;

/// Runs one strategy over puzzle after puzzle, restarting one [`Search`] for each, so that
/// the grid, its counts and snapshots, the trail and the queues are allocated once for a
/// whole set (`solve`, `bench` and the benchmarks go through it).
///
/// ```
/// use dokuscope_engine::{Batch, Limits, Puzzle, preset};
/// let mut batch = Batch::new(preset::default_preset().strategy);
/// for line in [
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
///     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
/// ] {
///     let puzzle: Puzzle = line.parse().unwrap();
///     let outcome = batch.solve(&puzzle, Limits::default()).unwrap();
///     assert_eq!(outcome.status.name(), "solved");
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Batch {
    strategy: Strategy,
    search: Option<Search>,
}

impl Batch {
    /// A batch that solves with `strategy`.
    pub fn new(strategy: Strategy) -> Batch {
        Batch {
            strategy,
            search: None,
        }
    }

    /// The strategy the batch solves with.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The strategy's ties broken from `seed` from the next puzzle on (see
    /// [`Search::set_seed`]).
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.strategy.seed = seed;
        if let Some(search) = &mut self.search {
            search.set_seed(seed);
        }
    }

    /// Runs the search of `puzzle` to its end, as [`Search::run`] would.
    pub fn solve(&mut self, puzzle: &Puzzle, limits: Limits) -> Result<Outcome, Conflict> {
        Ok(self.search_of(puzzle, limits)?.finish())
    }

    /// [`Batch::solve`], handing `hear` the events as [`Search::finish_with`] does.
    pub fn solve_with(
        &mut self,
        puzzle: &Puzzle,
        limits: Limits,
        hear: impl FnMut(&crate::Event, &crate::Stats),
    ) -> Result<Outcome, Conflict> {
        Ok(self.search_of(puzzle, limits)?.finish_with(hear))
    }

    /// The batch's search, started over on `puzzle`.
    fn search_of(&mut self, puzzle: &Puzzle, limits: Limits) -> Result<&mut Search, Conflict> {
        if let Some(search) = &mut self.search {
            search.restart(puzzle, limits)?;
        } else {
            self.search = Some(Search::with_limits(puzzle, self.strategy, limits)?);
        }
        Ok(self
            .search
            .as_mut()
            .expect("BUG: the batch's search was just made"))
    }
}

#[cfg(test)]
mod tests {
    use super::Batch;
    use crate::preset::PRESETS;
    use crate::puzzle::Puzzle;
    use crate::search::{Limits, Search};

    /// The bundled sets, interleaved so that each restart changes the board size, with a
    /// puzzle whose givens clash and one that has no solution among them.
    fn mixed() -> Vec<Puzzle> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
        let read = |name: &str| -> Vec<String> {
            std::fs::read_to_string(dir.join(name))
                .expect("the bundled sets are in the repository")
                .lines()
                .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                .take(6)
                .map(String::from)
                .collect()
        };
        let (small, hard, large) = (read("4x4.txt"), read("hard.txt"), read("16x16.txt"));
        // r1c1 and r1c2 both hold 5.
        let clash = "55".to_string() + &".".repeat(79);
        // r1c9 can hold only 9, which its column already has: no solution.
        let unsolvable = "12345678".to_string() + &".".repeat(18) + "9" + &".".repeat(54);
        let mut lines = Vec::new();
        for ((s, h), l) in small.iter().zip(&hard).zip(&large) {
            lines.extend([s, &clash, h, l, &unsolvable].map(String::clone));
        }
        assert!(lines.len() >= 15, "enough of each bundled set");
        lines
            .iter()
            .map(|l| l.parse().expect("valid puzzle text"))
            .collect()
    }

    /// Every preset, restarted puzzle after puzzle, gives each puzzle exactly the outcome
    /// of a search made for it alone (the stats hold every counter).
    #[test]
    fn a_restarted_search_ends_as_a_new_one_does() {
        let puzzles = mixed();
        for preset in PRESETS {
            let limits = Limits {
                nodes: Some(2_000),
                ..Limits::default()
            };
            let mut batch = Batch::new(preset.strategy);
            let mut clashes = 0;
            for (i, puzzle) in puzzles.iter().enumerate() {
                let fresh = Search::with_limits(puzzle, preset.strategy, limits).map(Search::run);
                let restarted = batch.solve(puzzle, limits);
                clashes += usize::from(restarted.is_err());
                assert_eq!(
                    restarted, fresh,
                    "preset {} puzzle {i}: {puzzle}",
                    preset.name
                );
            }
            assert!(clashes > 1, "the set has clashing givens between others");
        }
    }

    /// A batch given seed after seed ends each search as a search made with that seed
    /// alone: the ties of a dynamic order, and a learner built or dropped as the seed asks.
    #[test]
    fn a_reseeded_batch_searches_as_a_new_search_with_that_seed() {
        let puzzles = mixed();
        for name in ["mrv", "dom-wdeg", "fc-mrv", "mrv-degree"] {
            let base = crate::preset::find(name).expect("a preset").strategy;
            let limits = Limits {
                nodes: Some(500),
                ..Limits::default()
            };
            let mut batch = Batch::new(base);
            let mut differ = 0;
            for (i, puzzle) in puzzles.iter().enumerate() {
                for seed in [Some(1), None, Some(2), Some(1)] {
                    batch.set_seed(seed);
                    let strategy = crate::Strategy { seed, ..base };
                    let fresh = Search::with_limits(puzzle, strategy, limits).map(Search::run);
                    let unseeded = Search::with_limits(puzzle, base, limits).map(Search::run);
                    differ += usize::from(seed.is_some() && fresh != unseeded);
                    assert_eq!(
                        batch.solve(puzzle, limits),
                        fresh,
                        "{name} seed {seed:?} puzzle {i}"
                    );
                }
            }
            assert!(differ > 0, "{name}: some seed changes some search");
        }
    }
}
