//! Min-conflicts (Minton, Johnston, Philips and Laird 1992) held to an implementation
//! written here from the paper and from the random-draw discipline the engine documents
//! (`src/solver/local/min_conflicts.rs`): on real puzzles, both make the same moves, so the
//! same steps, the same conflicts after every event and the same final board; every
//! solution obeys the rules and keeps the givens.
//!
//! The reference works on a plain `Vec<u8>` and counts every conflict afresh, each time,
//! from the definition (pairs of peers holding the same digit): it shares with the engine
//! only `fastrand`, the generator both draw from, and the order of the draws.
//!
//! The puzzles are easy50's and top95's first, from `puzzles/public`. Runtime in release:
//! about 2 s.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::{are_peers, box_side, is_solution_of, public};
use dokuscope::solver::strategy::{Fill, Probability, Repair};
use dokuscope::solver::{Event, Limits, Puzzle, Replay, Search, Strategy};

/// The reference search's options, as the paper and the engine's documentation name them.
#[derive(Clone, Copy, Debug)]
struct Options {
    boxes: bool,
    walk_millionths: u32,
    tabu: u64,
    max_steps: u64,
    seed: u64,
}

/// What the reference did: the conflicts after each fill and step, the steps, the board at
/// the end and whether it solved the puzzle.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    trajectory: Vec<u32>,
    steps: u64,
    board: Vec<u8>,
    solved: bool,
}

/// A board of `n`×`n` with boxes of `b`×`b`, digits as `u8` (0: empty).
struct Board {
    b: usize,
    n: usize,
    cells: Vec<u8>,
    given: Vec<bool>,
    /// Each cell's peers, found once.
    peers: Vec<Vec<usize>>,
}

impl Board {
    fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.peers[cell].iter().copied()
    }

    /// The conflicts of `cell` if it held `digit`: its peers holding `digit`.
    fn conflicts_with(&self, cell: usize, digit: u8) -> u32 {
        self.peers(cell).filter(|&p| self.cells[p] == digit).count() as u32
    }

    /// Pairs of peers holding the same digit, counted afresh.
    fn conflicts(&self) -> u32 {
        let mut total = 0;
        for a in 0..self.cells.len() {
            if self.cells[a] != 0 {
                total += self
                    .peers(a)
                    .filter(|&p| p > a && self.cells[p] == self.cells[a])
                    .count();
            }
        }
        total as u32
    }

    /// The box of `cell`, its cells in reading order.
    fn box_cells(&self, cell: usize) -> Vec<usize> {
        let (r, c) = (
            cell / self.n / self.b * self.b,
            cell % self.n / self.b * self.b,
        );
        (0..self.n)
            .map(|i| (r + i / self.b) * self.n + c + i % self.b)
            .collect()
    }

    /// The open cells of `cell`'s box other than it, in reading order.
    fn partners(&self, cell: usize) -> Vec<usize> {
        self.box_cells(cell)
            .into_iter()
            .filter(|&c| c != cell && !self.given[c])
            .collect()
    }

    /// The board's conflicts after swapping `a` and `b`, counted afresh.
    fn conflicts_after_swap(&mut self, a: usize, b: usize) -> u32 {
        self.cells.swap(a, b);
        let after = self.conflicts();
        self.cells.swap(a, b);
        after
    }
}

/// The complete assignment, as the engine documents its draws: each box's missing digits
/// shuffled into its open cells, or each open cell its fewest-conflicts digit. Records the
/// conflicts after each fill.
fn fill(board: &mut Board, o: Options, rng: &mut fastrand::Rng, trajectory: &mut Vec<u32>) {
    let (b, n) = (board.b, board.n);
    if o.boxes {
        for bx in 0..n {
            let first = (bx / b * b) * n + bx % b * b;
            let cells = board.box_cells(first);
            let mut missing: Vec<u8> = (1..=n as u8)
                .filter(|d| cells.iter().all(|&c| board.cells[c] != *d))
                .collect();
            for i in (1..missing.len()).rev() {
                let j = rng.usize(..=i);
                missing.swap(i, j);
            }
            let open: Vec<usize> = cells.into_iter().filter(|&c| !board.given[c]).collect();
            for (cell, digit) in open.into_iter().zip(missing) {
                board.cells[cell] = digit;
                trajectory.push(board.conflicts());
            }
        }
        return;
    }
    for cell in 0..n * n {
        if board.cells[cell] != 0 {
            continue;
        }
        let scores: Vec<u32> = (1..=n as u8)
            .map(|d| board.conflicts_with(cell, d))
            .collect();
        let fewest = *scores.iter().min().expect("digits");
        let ties: Vec<u8> = (1..=n as u8)
            .filter(|&d| scores[usize::from(d - 1)] == fewest)
            .collect();
        board.cells[cell] = ties[rng.usize(..ties.len())];
        trajectory.push(board.conflicts());
    }
}

/// What a step remembers across steps: the fewest conflicts so far, and for each (cell,
/// digit) the last step at which the cell may not take the digit back.
struct Memory {
    best: u32,
    tabu_until: Vec<u64>,
}

/// The move of step number `step` for `cell`: the digit it takes and the swap partner, if
/// any, drawn as the engine documents (a random walk, or the fewest conflicts, tabu ones
/// left out unless they beat the best or all are tabu, ties at random).
fn choose(
    board: &mut Board,
    cell: usize,
    o: Options,
    rng: &mut fastrand::Rng,
    (step, memory): (u64, &Memory),
) -> (u8, Option<usize>) {
    let n = board.n;
    let own = board.cells[cell];
    let walk = o.walk_millionths > 0 && rng.u32(..1_000_000) < o.walk_millionths;
    if walk {
        if o.boxes {
            let partners = board.partners(cell);
            let other = partners[rng.usize(..partners.len())];
            return (board.cells[other], Some(other));
        }
        let others: Vec<u8> = (1..=n as u8).filter(|&d| d != own).collect();
        return (others[rng.usize(..others.len())], None);
    }
    let now = board.conflicts();
    let mut candidates: Vec<((u8, Option<usize>), u32)> = Vec::new();
    if o.boxes {
        for other in board.partners(cell) {
            let after = board.conflicts_after_swap(cell, other);
            candidates.push(((board.cells[other], Some(other)), after));
        }
    } else {
        for d in 1..=n as u8 {
            let after = now - board.conflicts_with(cell, own) + board.conflicts_with(cell, d);
            candidates.push(((d, None), after));
        }
    }
    if o.tabu > 0 {
        let tabu = |c: usize, d: u8| step <= memory.tabu_until[c * (n + 1) + usize::from(d)];
        let allowed: Vec<_> = candidates
            .iter()
            .copied()
            .filter(|&((d, other), after)| {
                let barred = match other {
                    Some(o) => tabu(cell, d) || tabu(o, own),
                    None => d != own && tabu(cell, d),
                };
                after < memory.best || !barred
            })
            .collect();
        if !allowed.is_empty() {
            candidates = allowed;
        }
    }
    let fewest = candidates.iter().map(|c| c.1).min().expect("a candidate");
    let ties: Vec<(u8, Option<usize>)> = candidates
        .iter()
        .filter(|c| c.1 == fewest)
        .map(|c| c.0)
        .collect();
    ties[rng.usize(..ties.len())]
}

/// MIN-CONFLICTS on `puzzle` (0 for an empty cell), as the engine documents its draws.
fn reference(puzzle: &[u8], o: Options) -> Run {
    let b = box_side(puzzle.len());
    let n = b * b;
    let mut board = Board {
        b,
        n,
        cells: puzzle.to_vec(),
        given: puzzle.iter().map(|&v| v != 0).collect(),
        peers: (0..n * n)
            .map(|x| (0..n * n).filter(|&y| are_peers(b, x, y)).collect())
            .collect(),
    };
    let mut rng = fastrand::Rng::with_seed(o.seed);
    let mut trajectory = Vec::new();
    fill(&mut board, o, &mut rng, &mut trajectory);
    let mut memory = Memory {
        best: board.conflicts(),
        tabu_until: vec![0; n * n * (n + 1)],
    };
    let mut steps = 0;
    loop {
        let solved = board.conflicts() == 0;
        // A conflicted variable, chosen at random (with boxes filled, one that can swap).
        let conflicted: Vec<usize> = (0..n * n)
            .filter(|&c| !board.given[c] && board.conflicts_with(c, board.cells[c]) > 0)
            .filter(|&c| !o.boxes || !board.partners(c).is_empty())
            .collect();
        if solved || steps >= o.max_steps || conflicted.is_empty() {
            return Run {
                trajectory,
                steps,
                board: board.cells,
                solved,
            };
        }
        let cell = conflicted[rng.usize(..conflicted.len())];
        let own = board.cells[cell];
        let chosen = choose(&mut board, cell, o, &mut rng, (steps + 1, &memory));
        steps += 1;
        let tenure_end = steps + o.tabu;
        match chosen {
            (_, Some(other)) => {
                let theirs = board.cells[other];
                board.cells.swap(cell, other);
                if o.tabu > 0 {
                    memory.tabu_until[cell * (n + 1) + usize::from(own)] = tenure_end;
                    memory.tabu_until[other * (n + 1) + usize::from(theirs)] = tenure_end;
                }
            }
            (d, None) => {
                board.cells[cell] = d;
                if o.tabu > 0 && d != own {
                    memory.tabu_until[cell * (n + 1) + usize::from(own)] = tenure_end;
                }
            }
        }
        let after = board.conflicts();
        memory.best = memory.best.min(after);
        trajectory.push(after);
    }
}

/// The engine's search with the same options: its trajectory (each set's and swap's
/// conflicts), steps, final board (replayed from its events) and whether it solved.
fn engine(puzzle: &Puzzle, o: Options) -> Run {
    let strategy = Strategy {
        seed: Some(o.seed),
        ..Strategy::min_conflicts(Repair {
            fill: if o.boxes { Fill::Boxes } else { Fill::Cells },
            walk: Probability::from_millionths(o.walk_millionths).expect("a probability"),
            tabu: o.tabu as u32,
            max_steps: o.max_steps,
        })
    };
    let mut search =
        Search::with_limits(puzzle, strategy, Limits::default()).expect("no clashing givens");
    let mut replay = Replay::new(puzzle);
    let mut trajectory = Vec::new();
    let mut solved = false;
    for event in search.by_ref() {
        replay.apply(&event);
        if let Some(conflicts) = event.conflicts() {
            trajectory.push(u32::from(conflicts));
        }
        solved |= matches!(event, Event::Solution { .. });
    }
    let board = replay
        .grid()
        .to_puzzle()
        .to_line()
        .chars()
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    Run {
        trajectory,
        steps: search.stats().local.map_or(0, |l| l.steps),
        board,
        solved,
    }
}

fn sample(name: &str, take: usize) -> Vec<Puzzle> {
    public::first(name, take)
        .iter()
        .map(|line| line.parse().expect("every line of a public set parses"))
        .collect()
}

fn digits(puzzle: &Puzzle) -> Vec<u8> {
    puzzle
        .to_line()
        .chars()
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect()
}

/// Both make the same moves on puzzles of easy50 and top95, with boxes or cells filled,
/// with and without a random walk and a tabu tenure, and every solution is one.
#[test]
fn the_engine_makes_the_moves_of_min_conflicts_as_the_paper_states_it() {
    let (easy, hard) = (sample("easy50.txt", 4), sample("top95.txt", 2));
    let variants = [
        (true, 0, 0),
        (true, 100_000, 0),
        (true, 0, 5),
        (true, 50_000, 3),
        (false, 0, 0),
        (false, 100_000, 0),
        (false, 20_000, 4),
    ];
    let (mut compared, mut solutions, mut limits) = (0, 0, 0);
    for (i, puzzle) in easy.iter().chain(&hard).enumerate() {
        for (k, &(boxes, walk_millionths, tabu)) in variants.iter().enumerate() {
            let o = Options {
                boxes,
                walk_millionths,
                tabu,
                max_steps: 1_500,
                seed: (i * 7 + k) as u64,
            };
            let theirs = reference(&digits(puzzle), o);
            let ours = engine(puzzle, o);
            assert_eq!(ours, theirs, "puzzle {i} {puzzle} with {o:?}");
            if ours.solved {
                assert!(
                    is_solution_of(&digits(puzzle), &ours.board),
                    "a solution that breaks a rule or a given: {o:?}"
                );
                solutions += 1;
            } else {
                limits += 1;
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 6 * variants.len());
    // Both outcomes are compared: the sample is chosen so that each happens.
    assert!(
        solutions >= 5 && limits >= 5,
        "{solutions} solved, {limits} at the limit"
    );
}

/// A local search's trace is the same from the same seed, and another from another.
#[test]
fn the_same_seed_makes_the_same_search() {
    let puzzle: Puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
            .parse()
            .expect("a puzzle");
    let run = |seed| {
        let o = Options {
            boxes: true,
            walk_millionths: 50_000,
            tabu: 0,
            max_steps: 400,
            seed,
        };
        let strategy = Strategy {
            seed: Some(seed),
            ..Strategy::min_conflicts(Repair {
                walk: Probability::from_millionths(o.walk_millionths).expect("p"),
                max_steps: o.max_steps,
                ..Repair::DEFAULT
            })
        };
        Search::new(&puzzle, strategy)
            .expect("no clash")
            .collect::<Vec<Event>>()
    };
    assert_eq!(run(11), run(11));
    assert_ne!(run(11), run(12));
}
