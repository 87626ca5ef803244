//! Puzzle generation: a random full grid, then clues removed while the solution stays unique.

use super::domain::Digit;
use super::geometry::{BoxSize, Cell};
use super::preset;
use super::puzzle::Puzzle;
use super::search::{Limits, Search, Status};

/// How far to thin the clues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinning {
    /// Stop removing once this few clues remain (0: remove every clue that can go).
    pub min_clues: usize,
    /// Decisions allowed per uniqueness check; a check that hits it keeps the clue.
    pub node_limit: u64,
}

impl Default for Thinning {
    fn default() -> Thinning {
        Thinning {
            min_clues: 0,
            node_limit: 20_000,
        }
    }
}

/// A random full grid of `size`: the canonical pattern `(b·(r mod b) + r div b + c) mod n`
/// with digits relabelled, rows shuffled within bands, bands shuffled, columns within
/// stacks and stacks shuffled, and a random transpose.
pub fn full_grid(size: BoxSize, rng: &mut fastrand::Rng) -> Puzzle {
    let (b, n) = (size.get(), size.side());
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut labels);
    let rows = shuffled_lines(b, rng);
    let cols = shuffled_lines(b, rng);
    let transpose = rng.bool();
    let givens = (0..n * n)
        .map(|i| {
            let (mut r, mut c) = (rows[i / n], cols[i % n]);
            if transpose {
                std::mem::swap(&mut r, &mut c);
            }
            Digit::new(labels[(b * (r % b) + r / b + c) % n])
        })
        .collect();
    Puzzle::new(size, givens).expect("BUG: n² givens for an n×n board")
}

/// A permutation of 0..n that keeps lines within their band of b.
fn shuffled_lines(b: usize, rng: &mut fastrand::Rng) -> Vec<usize> {
    let mut bands: Vec<usize> = (0..b).collect();
    rng.shuffle(&mut bands);
    bands
        .into_iter()
        .flat_map(|band| {
            let mut within: Vec<usize> = (0..b).collect();
            rng.shuffle(&mut within);
            within
                .into_iter()
                .map(move |i| band * b + i)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Whether `puzzle` has exactly one solution, proven within `node_limit` decisions.
pub fn is_unique(puzzle: &Puzzle, node_limit: u64) -> bool {
    let limits = Limits {
        solutions: 2,
        nodes: Some(node_limit),
        deadline: None,
    };
    Search::with_limits(puzzle, preset::default_preset().strategy, limits)
        .is_ok_and(|s| s.run().status == Status::Solved)
}

/// Removes clues of `solution` in random order while the puzzle keeps exactly one solution.
pub fn thin(solution: &Puzzle, thinning: Thinning, rng: &mut fastrand::Rng) -> Puzzle {
    let mut cells: Vec<Cell> = solution.geometry().cells().collect();
    rng.shuffle(&mut cells);
    let mut puzzle = solution.clone();
    let mut clues = puzzle.clue_count();
    for cell in cells {
        if clues <= thinning.min_clues {
            break;
        }
        let candidate = puzzle.clone().with(cell, None);
        if is_unique(&candidate, thinning.node_limit) {
            puzzle = candidate;
            clues -= 1;
        }
    }
    puzzle
}

/// One puzzle of `size` with exactly one solution.
pub fn generate(size: BoxSize, thinning: Thinning, rng: &mut fastrand::Rng) -> Puzzle {
    let solution = full_grid(size, rng);
    thin(&solution, thinning, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_grids_are_valid_on_every_generated_size() {
        let mut rng = fastrand::Rng::with_seed(7);
        for b in 2..=4 {
            let size = BoxSize::new(b).expect("size");
            for _ in 0..20 {
                assert!(full_grid(size, &mut rng).is_complete_solution());
            }
        }
    }

    #[test]
    fn generated_puzzles_are_unique_and_keep_their_solution() {
        let mut rng = fastrand::Rng::with_seed(42);
        for b in [2, 3] {
            let size = BoxSize::new(b).expect("size");
            let solution = full_grid(size, &mut rng);
            let puzzle = thin(&solution, Thinning::default(), &mut rng);
            assert!(puzzle.clue_count() < size.cells());
            let outcome = Search::new(&puzzle, preset::default_preset().strategy)
                .expect("valid")
                .run();
            assert_eq!(outcome.status, Status::Solved);
            assert_eq!(outcome.solution.as_ref(), Some(&solution));
        }
    }

    #[test]
    fn a_sparse_25_by_25_puzzle_is_solved_keeping_its_givens() {
        let mut rng = fastrand::Rng::with_seed(11);
        let size = BoxSize::new(5).expect("25x25");
        let solution = full_grid(size, &mut rng);
        let mut puzzle = solution.clone();
        for cell in solution.geometry().cells() {
            if rng.u8(..100) < 45 {
                puzzle = puzzle.with(cell, None);
            }
        }
        let limits = Limits {
            solutions: 1,
            nodes: Some(100_000),
            deadline: None,
        };
        let outcome = Search::with_limits(&puzzle, preset::default_preset().strategy, limits)
            .expect("valid")
            .run();
        assert_eq!(outcome.status, Status::Solved);
        let found = outcome.solution.expect("a solution");
        assert!(found.is_complete_solution());
        assert!(
            solution
                .geometry()
                .cells()
                .all(|c| puzzle.given(c).is_none() || puzzle.given(c) == found.given(c))
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let a = generate(
            BoxSize::NINE,
            Thinning::default(),
            &mut fastrand::Rng::with_seed(3),
        );
        let b = generate(
            BoxSize::NINE,
            Thinning::default(),
            &mut fastrand::Rng::with_seed(3),
        );
        assert_eq!(a, b);
    }
}
