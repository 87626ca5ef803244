//! MIN-CONFLICTS (Minton, Johnston, Philips and Laird 1992; Russell and Norvig, "Artificial
//! Intelligence: A Modern Approach", figure 6.8): make a complete assignment, then, step by
//! step, pick a variable in conflict at random and give it the value that minimises its
//! conflicts, ties broken at random, until no constraint is violated or the steps run out.
//!
//! On Sudoku the variables are the open cells (the givens stay), the constraints the binary
//! ≠ between peers, and a conflict a pair of peers holding the same digit. By default every
//! box is filled with its missing digits, so that boxes never conflict, and a cell's value is
//! changed by swapping it with another open cell of its box: a step makes the swap that
//! leaves the fewest conflicts on the board, even when every swap leaves more (a swap is the
//! move; keeping the box as it is is not one). Filling cells one by one instead, a step gives
//! the cell the digit with its fewest conflicts, its own digit included (the paper's and
//! AIMA's value choice: the step may keep it). Two options are the usual ones for escaping
//! plateaus: a
//! random walk (with some probability the step makes a random move instead) and a tabu
//! tenure (a cell may not take back a digit it lost within that many steps, unless that
//! reaches fewer conflicts than ever: the aspiration criterion).
//!
//! The random choices are drawn from one `fastrand::Rng` seeded with the strategy's seed,
//! in this order, so that an implementation written from this description makes the same
//! moves (`tests/local_search.rs` holds one):
//! - Filling boxes: box by box (box 1 first), the box's missing digits in ascending order
//!   are shuffled by `for i in (1..len).rev() { j = rng.usize(..=i); swap(i, j) }` and
//!   given to its open cells in reading order. Filling cells: each open cell in reading
//!   order takes the digit held by the fewest of its (given or filled) peers, the ties in
//!   ascending order, one drawn by `rng.usize(..ties)`.
//! - Each step: the open cells in conflict that can move (with boxes filled: whose box has
//!   another open cell), in reading order, one drawn by `rng.usize(..cells)`. With a walk
//!   probability p > 0, `rng.u32(..1_000_000) < p × 1 000 000` makes it a random walk.
//!   A walk draws `rng.usize(..n)` among the cell's other digits ascending, or among its
//!   box's other open cells in reading order (the swap partner). Otherwise the candidate
//!   moves are every digit ascending (the cell's own included: keeping it), or swapping
//!   with each other open cell of the box in reading order; those leaving the fewest
//!   conflicts on the board tie (the tabu ones left out, unless every one is tabu), and
//!   `rng.usize(..ties)` draws one, also when there is one.

use super::board::Assignment;
use crate::domain::Digit;
use crate::event::Event;
use crate::geometry::{Cell, Geometry};
use crate::puzzle::Puzzle;
use crate::sink::Sink;
use crate::strategy::{Fill, Repair};

/// Where the search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Filling the complete assignment: the next fill to report.
    Filling(usize),
    /// Repairing it, step by step.
    Repairing,
    /// Ended.
    Done,
}

/// What a step came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    /// The search goes on.
    Going,
    /// No conflict is left: the solution, checked against the rules.
    Solved(Puzzle),
    /// The step limit was reached.
    Limit,
    /// No cell in conflict can move (with boxes filled, each is the only open cell of its
    /// box, its digit fixed): the search is stuck, before its step limit.
    Stuck,
}

/// One min-conflicts search.
#[derive(Clone, Debug)]
pub(crate) struct MinConflicts {
    repair: Repair,
    seed: u64,
    rng: fastrand::Rng,
    board: Assignment,
    puzzle: Puzzle,
    phase: Phase,
    /// With boxes filled: each cell's fill, in box order, made up front.
    fills: Vec<(Cell, Digit)>,
    steps: u64,
    /// Whether it ended because no cell in conflict could move ([`Progress::Stuck`]).
    stuck: bool,
    /// The fewest conflicts of any complete assignment so far (for the aspiration criterion).
    best: u32,
    /// For each (cell, digit): the last step at which taking the digit back is tabu.
    tabu_until: Vec<u64>,
    /// Scratch: peer digit counts, cells in conflict, tied moves.
    counts: Vec<u16>,
    other: Vec<u16>,
    cells: Vec<Cell>,
    ties: Vec<Move>,
    candidates: Vec<(Move, u32)>,
}

/// A candidate move of the chosen cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    /// Give it this digit (its own: keep it).
    Set(Digit),
    /// Swap its digit with this cell's.
    Swap(Cell),
}

impl MinConflicts {
    /// A search on boards of `geometry` with `repair`'s options drawing from `seed`, to
    /// [`MinConflicts::reset`] on a puzzle before use.
    pub(crate) fn new(geometry: &'static Geometry, repair: Repair, seed: u64) -> MinConflicts {
        let side = geometry.side();
        let puzzle = Puzzle::empty(geometry.size());
        MinConflicts {
            repair,
            seed,
            rng: fastrand::Rng::with_seed(seed),
            board: Assignment::new(&puzzle),
            puzzle,
            phase: Phase::Done,
            fills: Vec::new(),
            steps: 0,
            stuck: false,
            best: u32::MAX,
            tabu_until: Vec::new(),
            counts: vec![0; side + 1],
            other: vec![0; side + 1],
            cells: Vec::new(),
            ties: Vec::new(),
            candidates: Vec::new(),
        }
    }

    /// Draws from `seed` from the next [`MinConflicts::reset`] on (a bench's seeds).
    pub(crate) fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Starts over on `puzzle`, from the seed again.
    pub(crate) fn reset(&mut self, puzzle: &Puzzle) {
        let g = puzzle.geometry();
        let side = g.side();
        self.rng = fastrand::Rng::with_seed(self.seed);
        self.board = Assignment::new(puzzle);
        self.puzzle = puzzle.clone();
        self.phase = Phase::Filling(0);
        self.steps = 0;
        self.stuck = false;
        self.best = u32::MAX;
        self.counts.resize(side + 1, 0);
        self.other.resize(side + 1, 0);
        self.tabu_until.clear();
        if self.repair.tabu > 0 {
            self.tabu_until.resize(g.cell_count() * side, 0);
        }
        self.fills.clear();
        if self.repair.fill == Fill::Boxes {
            self.fill_boxes(g);
        }
    }

    /// Every box's missing digits, shuffled, for its open cells in reading order.
    fn fill_boxes(&mut self, g: &Geometry) {
        let side = g.side();
        for unit in g.units().skip(2 * side) {
            let cells = g.unit_cells(unit);
            let mut missing: Vec<Digit> = (1..=side as u8)
                .filter_map(Digit::new)
                .filter(|&d| cells.iter().all(|&c| self.board.value(c) != Some(d)))
                .collect();
            for i in (1..missing.len()).rev() {
                let j = self.rng.usize(..=i);
                missing.swap(i, j);
            }
            let open = cells.iter().filter(|&&c| !self.board.is_given(c));
            self.fills.extend(open.copied().zip(missing));
        }
    }

    /// Whether it ended stuck: no cell in conflict could move, before the step limit.
    pub(crate) fn is_stuck(&self) -> bool {
        self.stuck
    }

    /// The board size it searches.
    pub(crate) fn geometry(&self) -> &'static Geometry {
        self.puzzle.geometry()
    }

    fn conflicts(&self) -> u16 {
        u16::try_from(self.board.total()).unwrap_or(u16::MAX)
    }

    /// Makes the next fill or step and reports it to `sink`.
    pub(crate) fn step<S: Sink>(&mut self, sink: &mut S) -> Progress {
        match self.phase {
            Phase::Filling(next) => {
                let Some((cell, digit)) = self.next_fill(next) else {
                    // The assignment is complete: the repair starts from it.
                    self.phase = Phase::Repairing;
                    self.best = self.board.total();
                    return self.repair_step(sink);
                };
                self.board.set(cell, Some(digit));
                self.phase = Phase::Filling(next + 1);
                sink.push(Event::Set {
                    cell,
                    digit,
                    from: None,
                    conflicts: self.conflicts(),
                    walk: false,
                });
                Progress::Going
            }
            Phase::Repairing => self.repair_step(sink),
            Phase::Done => Progress::Limit,
        }
    }

    /// The `next` fill of the complete assignment, if a cell is left to fill.
    fn next_fill(&mut self, next: usize) -> Option<(Cell, Digit)> {
        match self.repair.fill {
            Fill::Boxes => self.fills.get(next).copied(),
            Fill::Cells => {
                let g = self.puzzle.geometry();
                let cell = g.cells().find(|&c| self.board.value(c).is_none())?;
                Some((cell, self.greedy_digit(cell)))
            }
        }
    }

    /// The digit with the fewest conflicts for `cell` among the cells set so far.
    fn greedy_digit(&mut self, cell: Cell) -> Digit {
        self.board.peer_digits(cell, &mut self.counts);
        let fewest = self.counts[1..].iter().copied().min().unwrap_or(0);
        let ties: Vec<Digit> = self
            .counts
            .iter()
            .enumerate()
            .skip(1)
            .filter(|&(_, &n)| n == fewest)
            .filter_map(|(i, _)| Digit::new(i as u8))
            .collect();
        ties[self.rng.usize(..ties.len())]
    }

    /// One step of the repair: the end if no conflict is left or the steps are used up.
    fn repair_step<S: Sink>(&mut self, sink: &mut S) -> Progress {
        if self.board.total() == 0 {
            let solution = self.board.to_puzzle();
            let kept = self.puzzle.geometry().cells().all(|c| {
                self.puzzle
                    .given(c)
                    .is_none_or(|d| solution.given(c) == Some(d))
            });
            assert!(
                kept && solution.is_complete_solution(),
                "BUG: a board without conflicts is a solution that keeps the givens"
            );
            sink.push(Event::Solution { depth: 0 });
            self.phase = Phase::Done;
            return Progress::Solved(solution);
        }
        if self.steps >= self.repair.max_steps {
            sink.push(Event::Limit);
            self.phase = Phase::Done;
            return Progress::Limit;
        }
        if !self.movable() {
            sink.push(Event::Limit);
            self.phase = Phase::Done;
            self.stuck = true;
            return Progress::Stuck;
        }
        let cell = self.cells[self.rng.usize(..self.cells.len())];
        let walk = !self.repair.walk.is_zero()
            && self.rng.u32(..1_000_000) < self.repair.walk.millionths();
        let chosen = if walk {
            self.random_move(cell)
        } else {
            self.best_move(cell)
        };
        self.steps += 1;
        let event = self.make(cell, chosen, walk);
        self.best = self.best.min(self.board.total());
        sink.push(event);
        Progress::Going
    }

    /// The open cells in conflict that can move, in reading order, into `self.cells`;
    /// whether there is one.
    fn movable(&mut self) -> bool {
        let g = self.puzzle.geometry();
        self.cells.clear();
        for cell in g.cells() {
            if self.board.is_given(cell) || self.board.conflicts(cell) == 0 {
                continue;
            }
            if self.repair.fill == Fill::Boxes && self.partners(cell).next().is_none() {
                continue;
            }
            self.cells.push(cell);
        }
        !self.cells.is_empty()
    }

    /// The other open cells of `cell`'s box, in reading order.
    fn partners(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        let g = self.puzzle.geometry();
        let boxed = g.units_of(cell)[2];
        g.unit_cells(boxed)
            .iter()
            .copied()
            .filter(move |&c| c != cell && !self.board.is_given(c))
    }

    /// A random walk's move: another digit, or a swap with another open cell of the box.
    fn random_move(&mut self, cell: Cell) -> Move {
        match self.repair.fill {
            Fill::Cells => {
                let side = self.puzzle.geometry().side() as u8;
                let own = self.board.value(cell);
                let others: Vec<Digit> = (1..=side)
                    .filter_map(Digit::new)
                    .filter(|&d| Some(d) != own)
                    .collect();
                Move::Set(others[self.rng.usize(..others.len())])
            }
            Fill::Boxes => {
                let partners: Vec<Cell> = self.partners(cell).collect();
                Move::Swap(partners[self.rng.usize(..partners.len())])
            }
        }
    }

    /// The min-conflicts move: of the candidates, those leaving the fewest conflicts on the
    /// board (tabu ones left out unless they beat the best, or unless all are tabu), one
    /// drawn at random.
    fn best_move(&mut self, cell: Cell) -> Move {
        let total = self.board.total();
        let own = self
            .board
            .value(cell)
            .expect("BUG: a cell in conflict holds a digit");
        self.board.peer_digits(cell, &mut self.counts);
        let mine = u32::from(self.board.conflicts(cell));
        // The scratch list, taken for the step and given back (no allocation per step).
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        match self.repair.fill {
            Fill::Cells => {
                for (i, &n) in self.counts.iter().enumerate().skip(1) {
                    let digit = Digit::new(i as u8).expect("BUG: digits from 1");
                    candidates.push((Move::Set(digit), total - mine + u32::from(n)));
                }
            }
            Fill::Boxes => {
                let g = self.puzzle.geometry();
                let boxed = g.unit_cells(g.units_of(cell)[2]);
                for &other in boxed {
                    if other == cell || self.board.is_given(other) {
                        continue;
                    }
                    let theirs = self.board.value(other).expect("BUG: a filled box");
                    self.board.peer_digits(other, &mut self.other);
                    // Each takes the other's digit; they are peers holding different digits,
                    // so each counted the other among the holders of its new digit.
                    let after = total - mine - u32::from(self.board.conflicts(other))
                        + u32::from(self.counts[usize::from(theirs.get())] - 1)
                        + u32::from(self.other[usize::from(own.get())] - 1);
                    candidates.push((Move::Swap(other), after));
                }
            }
        }
        if self.repair.tabu > 0 {
            let step = self.steps + 1;
            let best = self.best;
            let allowed = |&(m, after): &(Move, u32)| after < best || !self.is_tabu(cell, m, step);
            // Unless every move is tabu: then the tabu is ignored for this step.
            if candidates.iter().any(allowed) {
                candidates.retain(allowed);
            }
        }
        let fewest = candidates.iter().map(|c| c.1).min().unwrap_or(total);
        self.ties.clear();
        self.ties
            .extend(candidates.iter().filter(|c| c.1 == fewest).map(|c| c.0));
        self.candidates = candidates;
        self.ties[self.rng.usize(..self.ties.len())]
    }

    /// Whether move `m` of `cell` gives a cell a digit it lost within the tenure.
    fn is_tabu(&self, cell: Cell, m: Move, step: u64) -> bool {
        let until =
            |c: Cell, d: Option<Digit>| d.map_or(0, |d| self.tabu_until[self.tabu_slot(c, d)]);
        match m {
            Move::Set(d) => Some(d) != self.board.value(cell) && step <= until(cell, Some(d)),
            Move::Swap(other) => {
                step <= until(cell, self.board.value(other))
                    || step <= until(other, self.board.value(cell))
            }
        }
    }

    fn tabu_slot(&self, cell: Cell, digit: Digit) -> usize {
        cell.index() * self.puzzle.geometry().side() + usize::from(digit.get() - 1)
    }

    /// Makes move `m` of `cell` and returns its event; a digit a cell loses turns tabu.
    fn make(&mut self, cell: Cell, m: Move, walk: bool) -> Event {
        let own = self.board.value(cell);
        let tenure = u64::from(self.repair.tabu);
        match m {
            Move::Set(digit) => {
                self.board.set(cell, Some(digit));
                if tenure > 0 && own != Some(digit) {
                    if let Some(lost) = own {
                        let slot = self.tabu_slot(cell, lost);
                        self.tabu_until[slot] = self.steps + tenure;
                    }
                }
                Event::Set {
                    cell,
                    digit,
                    from: own,
                    conflicts: self.conflicts(),
                    walk,
                }
            }
            Move::Swap(other) => {
                let theirs = self.board.value(other);
                self.board.swap(cell, other);
                if tenure > 0 {
                    for (c, lost) in [(cell, own), (other, theirs)] {
                        if let Some(lost) = lost {
                            let slot = self.tabu_slot(c, lost);
                            self.tabu_until[slot] = self.steps + tenure;
                        }
                    }
                }
                Event::Swap {
                    cells: [cell, other],
                    conflicts: self.conflicts(),
                    walk,
                }
            }
        }
    }
}
