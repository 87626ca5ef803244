//! Maintaining arc consistency written from the textbook, independently of the engine:
//! AC-3 as Mackworth (1977) and Russell and Norvig (figure 6.3) state it, and AC-2001's
//! revise with its last supports (Bessière and Régin 2001), over a plain board (a `Vec` of
//! digit lists, peers computed here), searched recursively with the engine's documented
//! conventions (docs/presets.md): MRV (the first smallest domain in reading order), digits
//! ascending, d-way branching whose refutation prunes the digit and propagates it.
//!
//! Nothing here uses `dokuscope::solver`: its counts are compared with the engine's.

use std::collections::{HashMap, HashSet, VecDeque};

/// Which `revise`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// AC-3.
    Ac3,
    /// AC-2001.
    Ac2001,
}

/// The counts the engine's counters must equal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Decisions.
    pub nodes: u64,
    /// Decisions undone.
    pub backtracks: u64,
    /// Propagations that emptied a domain.
    pub wipeouts: u64,
    /// `revise` calls.
    pub revisions: u64,
    /// Revisions that removed a digit.
    pub effective: u64,
    /// Digit pairs compared.
    pub checks: u64,
    /// The longest the queue was when an arc was taken off (itself included).
    pub peak: u64,
}

/// One board: each cell's candidates (ascending), and whether it holds a digit.
#[derive(Clone, Debug)]
struct Board {
    domains: Vec<Vec<u8>>,
    assigned: Vec<bool>,
    /// AC-2001: (Xi, Xj, x) → the digit of Xj last found to support x.
    last: HashMap<(usize, usize, u8), u8>,
}

/// A textbook MAC search.
pub struct Textbook {
    n: usize,
    peers: Vec<Vec<usize>>,
    algorithm: Algorithm,
    /// What it counted.
    pub counts: Counts,
}

impl Textbook {
    /// A search for boards of `cells` cells (16, 81, 256).
    pub fn new(cells: usize, algorithm: Algorithm) -> Textbook {
        let side = (1..=25).find(|s| s * s == cells).expect("a square board");
        let boxes = (1..=5).find(|b| b * b == side).expect("square boxes");
        let peers = (0..cells)
            .map(|cell| {
                let (row, col) = (cell / side, cell % side);
                (0..cells)
                    .filter(|&other| {
                        let (r, c) = (other / side, other % side);
                        other != cell
                            && (r == row
                                || c == col
                                || (r / boxes == row / boxes && c / boxes == col / boxes))
                    })
                    .collect()
            })
            .collect();
        Textbook {
            n: side,
            peers,
            algorithm,
            counts: Counts::default(),
        }
    }

    /// Runs the search on `givens` (0 for an empty cell) to its first solution; returns it.
    pub fn solve(&mut self, givens: &[u8]) -> Option<Vec<u8>> {
        let cells = givens.len();
        let mut board = Board {
            domains: givens
                .iter()
                .map(|&g| {
                    if g == 0 {
                        (1..=self.n as u8).collect()
                    } else {
                        vec![g]
                    }
                })
                .collect(),
            assigned: givens.iter().map(|&g| g != 0).collect(),
            last: HashMap::new(),
        };
        let seeds: Vec<usize> = (0..cells).filter(|&i| givens[i] != 0).collect();
        if !self.propagate(&mut board, &seeds) {
            return None;
        }
        if self.search(&mut board) {
            Some(board.domains.iter().map(|d| d[0]).collect())
        } else {
            None
        }
    }

    /// The recursive search from a fixpoint: true once a solution is found.
    fn search(&mut self, board: &mut Board) -> bool {
        // MRV: the first open cell with the fewest candidates.
        let Some(cell) = (0..board.domains.len())
            .filter(|&i| !board.assigned[i])
            .min_by_key(|&i| board.domains[i].len())
        else {
            return true;
        };
        loop {
            let digit = board.domains[cell][0];
            let saved = board.clone();
            self.counts.nodes += 1;
            board.domains[cell] = vec![digit];
            board.assigned[cell] = true;
            if self.propagate(board, &[cell]) && self.search(board) {
                return true;
            }
            *board = saved;
            self.counts.backtracks += 1;
            // The refutation: the digit goes, and the cell's arcs are revised again.
            board.domains[cell].retain(|&d| d != digit);
            if board.domains[cell].is_empty() {
                self.counts.wipeouts += 1;
                return false;
            }
            if !self.propagate(board, &[cell]) {
                return false;
            }
            if board.assigned[cell] {
                // Its last candidate, assigned as a single: the cell is decided.
                return self.search(board);
            }
        }
    }

    /// AC-3's loop from the arcs (Xk, X) into each seed X (from its open peers Xk, in
    /// reading order), then the cells left with one candidate assigned; false on a wipeout.
    fn propagate(&mut self, board: &mut Board, seeds: &[usize]) -> bool {
        let mut queue: VecDeque<(usize, usize)> = VecDeque::new();
        let mut queued: HashSet<(usize, usize)> = HashSet::new();
        let mut singles = Vec::new();
        for &x in seeds {
            if !board.assigned[x] && board.domains[x].len() == 1 {
                singles.push(x);
            }
            for &k in &self.peers[x] {
                if !board.assigned[k] && queued.insert((k, x)) {
                    queue.push_back((k, x));
                }
            }
        }
        while let Some((xi, xj)) = queue.pop_front() {
            self.counts.peak = self.counts.peak.max(queue.len() as u64 + 1);
            queued.remove(&(xi, xj));
            self.counts.revisions += 1;
            if self.revise(board, xi, xj) {
                self.counts.effective += 1;
                if board.domains[xi].is_empty() {
                    self.counts.wipeouts += 1;
                    return false;
                }
                if board.domains[xi].len() == 1 {
                    singles.push(xi);
                }
                for &k in &self.peers[xi] {
                    if k != xj && !board.assigned[k] && queued.insert((k, xi)) {
                        queue.push_back((k, xi));
                    }
                }
            }
        }
        for cell in singles {
            if !board.assigned[cell] && board.domains[cell].len() == 1 {
                board.assigned[cell] = true;
            }
        }
        true
    }

    /// REVISE(Xi, Xj): removes each digit of Xi without a support x ≠ y in Xj; whether one
    /// was removed.
    fn revise(&mut self, board: &mut Board, xi: usize, xj: usize) -> bool {
        let dj = board.domains[xj].clone();
        let mut kept = Vec::new();
        for &x in &board.domains[xi] {
            let supported = match self.algorithm {
                Algorithm::Ac3 => {
                    let mut found = false;
                    for &y in &dj {
                        self.counts.checks += 1;
                        if x != y {
                            found = true;
                            break;
                        }
                    }
                    found
                }
                Algorithm::Ac2001 => {
                    let last = board.last.get(&(xi, xj, x)).copied().unwrap_or(0);
                    if last > 0 && dj.contains(&last) {
                        true
                    } else {
                        let mut found = false;
                        for &y in dj.iter().filter(|&&y| y > last) {
                            self.counts.checks += 1;
                            if x != y {
                                board.last.insert((xi, xj, x), y);
                                found = true;
                                break;
                            }
                        }
                        found
                    }
                }
            };
            if supported {
                kept.push(x);
            }
        }
        let removed = kept.len() < board.domains[xi].len();
        board.domains[xi] = kept;
        removed
    }
}
