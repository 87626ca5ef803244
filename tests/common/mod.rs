//! Test helpers shared by the engine tests: an independent brute-force solution counter,
//! random full grids and puzzles, and the public sets kept in `puzzles/public` ([`public`]).
//!
//! Nothing here uses `dokuscope::solver` to decide anything: the reference solver works on
//! a plain `Vec<u8>` (0 for an empty cell, 1..=n for a digit) so that it cannot share a
//! bug with the engine. Conversions to and from the engine's `Puzzle`, and the audit of a
//! search's events, are in [`audit`].
#![allow(
    dead_code,
    reason = "each test crate uses a different part of these helpers"
)]
#![allow(
    clippy::panic,
    clippy::expect_used,
    reason = "test helpers fail by panicking"
)]

pub mod audit;
pub mod checker;
pub mod fixtures;
pub mod public;
pub mod textbook;

/// A small deterministic generator (`SplitMix64`), so that every random case is reproducible
/// from its seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator started at `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

/// The canonical full grid of box side `b`: row r, column c holds
/// `(b·(r mod b) + r div b + c) mod n + 1`.
pub fn canonical_grid(b: usize) -> Vec<u8> {
    let n = b * b;
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            cells.push(((b * (r % b) + r / b + c) % n + 1) as u8);
        }
    }
    cells
}

/// A random full grid of box side `b`: the canonical grid with its digits relabelled, rows
/// permuted within bands, bands permuted, columns within stacks, stacks, and maybe transposed.
/// Every one of these maps a valid grid to a valid grid.
pub fn random_full_grid(b: usize, rng: &mut Rng) -> Vec<u8> {
    let n = b * b;
    let canonical = canonical_grid(b);
    let labels = rng.permutation(n);
    let line_order = |rng: &mut Rng| -> Vec<usize> {
        let bands = rng.permutation(b);
        let mut order = Vec::with_capacity(n);
        for band in bands {
            let within = rng.permutation(b);
            order.extend(within.into_iter().map(|i| band * b + i));
        }
        order
    };
    let rows = line_order(rng);
    let cols = line_order(rng);
    let transpose = rng.below(2) == 1;
    let mut grid = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            let digit = canonical[sr * n + sc];
            grid[r * n + c] = labels[usize::from(digit) - 1] as u8 + 1;
        }
    }
    grid
}

/// `grid` with all but `givens` cells (chosen at random) emptied.
pub fn blank_cells(grid: &[u8], givens: usize, rng: &mut Rng) -> Vec<u8> {
    let mut order: Vec<usize> = (0..grid.len()).collect();
    rng.shuffle(&mut order);
    let mut puzzle = grid.to_vec();
    for &i in &order[givens.min(grid.len())..] {
        puzzle[i] = 0;
    }
    puzzle
}

/// The box side of a board of `cells` cells.
pub fn box_side(cells: usize) -> usize {
    (2..=5)
        .find(|b| b * b * b * b == cells)
        .expect("a board of 16, 81, 256 or 625 cells")
}

/// Whether two distinct cells share a row, a column or a box.
pub fn are_peers(b: usize, x: usize, y: usize) -> bool {
    let n = b * b;
    let (rx, cx, ry, cy) = (x / n, x % n, y / n, y % n);
    x != y && (rx == ry || cx == cy || (rx / b == ry / b && cx / b == cy / b))
}

/// Whether `cells` (0 = empty) repeats no digit in any unit.
pub fn givens_are_consistent(cells: &[u8]) -> bool {
    let b = box_side(cells.len());
    (0..cells.len()).all(|x| {
        cells[x] == 0 || (x + 1..cells.len()).all(|y| cells[y] != cells[x] || !are_peers(b, x, y))
    })
}

/// Whether `solution` is a full valid grid that keeps every given of `puzzle`.
pub fn is_solution_of(puzzle: &[u8], solution: &[u8]) -> bool {
    let n = box_side(solution.len()).pow(2);
    solution.len() == puzzle.len()
        && solution.iter().all(|&d| (1..=n).contains(&usize::from(d)))
        && givens_are_consistent(solution)
        && puzzle.iter().zip(solution).all(|(&g, &s)| g == 0 || g == s)
}

/// Solutions of `puzzle` (0 = empty), counted up to `cap`, with the first one found.
/// Plain recursive search over row, column and box bitmasks, branching on the open cell
/// with the fewest candidates. Givens that repeat a digit give 0 solutions.
#[expect(
    clippy::many_single_char_names,
    reason = "b, n, r, c, x as in the puzzle's arithmetic"
)]
pub fn count_solutions(puzzle: &[u8], cap: usize) -> (usize, Option<Vec<u8>>) {
    let b = box_side(puzzle.len());
    let n = b * b;
    let mut counter = Counter {
        b,
        n,
        cells: puzzle.to_vec(),
        rows: vec![0; n],
        cols: vec![0; n],
        boxes: vec![0; n],
        count: 0,
        cap,
        first: None,
    };
    for (i, &d) in puzzle.iter().enumerate() {
        if d != 0 {
            let bit = 1u32 << (d - 1);
            let (r, c, x) = counter.units(i);
            if (counter.rows[r] | counter.cols[c] | counter.boxes[x]) & bit != 0 {
                return (0, None);
            }
            counter.toggle(i, bit);
        }
    }
    counter.search();
    (counter.count, counter.first)
}

struct Counter {
    b: usize,
    n: usize,
    cells: Vec<u8>,
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    count: usize,
    cap: usize,
    first: Option<Vec<u8>>,
}

impl Counter {
    fn units(&self, i: usize) -> (usize, usize, usize) {
        let (r, c) = (i / self.n, i % self.n);
        (r, c, r / self.b * self.b + c / self.b)
    }

    fn toggle(&mut self, i: usize, bit: u32) {
        let (r, c, x) = self.units(i);
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[x] ^= bit;
    }

    fn candidates(&self, i: usize) -> u32 {
        let (r, c, x) = self.units(i);
        let full = if self.n == 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        };
        full & !(self.rows[r] | self.cols[c] | self.boxes[x])
    }

    fn search(&mut self) {
        let mut best: Option<(usize, u32)> = None;
        for i in 0..self.cells.len() {
            if self.cells[i] == 0 {
                let cand = self.candidates(i);
                if best.is_none_or(|(_, b)| cand.count_ones() < b.count_ones()) {
                    best = Some((i, cand));
                    if cand.count_ones() <= 1 {
                        break;
                    }
                }
            }
        }
        let Some((i, mut cand)) = best else {
            self.count += 1;
            if self.first.is_none() {
                self.first = Some(self.cells.clone());
            }
            return;
        };
        while cand != 0 && self.count < self.cap {
            let bit = cand & cand.wrapping_neg();
            cand &= cand - 1;
            self.cells[i] = bit.trailing_zeros() as u8 + 1;
            self.toggle(i, bit);
            self.search();
            self.toggle(i, bit);
            self.cells[i] = 0;
        }
    }
}

/// Cells of a one-line 9×9 puzzle (`.` or `0` for empty) as digits, 0 for empty.
pub fn digits_of_line(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
        .collect()
}
