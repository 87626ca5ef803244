//! Conflict-directed backjumping written from its paper, independently of the engine:
//! P. Prosser, "Hybrid algorithms for the constraint satisfaction problem", Computational
//! Intelligence 9(3), 1993, figures for BT-CBJ (`cbj-label`, `cbj-unlabel`) and FC-CBJ
//! (`fc-cbj-label`, `fc-cbj-unlabel`, `check-forward`, `undo-reductions`), driven by his
//! `bcssp` loop.
//!
//! The problem is a Sudoku on a plain `Vec<u8>` (0 for an empty cell): the variables are
//! the empty cells in reading order, numbered 1..=n; the givens are constants, so their
//! checks blame the pseudo-variable 0 (Prosser's conflict sets start as {0}, and 0 is never
//! a jump target). Counting as dokuscope does: a node is a value that passed the check (a
//! consistent instantiation, which for FC-CBJ is tried before its forward checks), a
//! backtrack is a value removed after it was instantiated (an FC value whose checks wiped
//! out a future variable, or the target of an unlabel), a backjump an unlabel whose target
//! is not i - 1. To count past the first solution, a solution is answered as a failure of
//! the last variable whose conflict set holds every earlier one (Kondrak 1994), which makes
//! the search go back chronologically from there.

/// What one search found and did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    pub nodes: u64,
    pub backtracks: u64,
    pub backjumps: u64,
    pub solutions: u64,
    pub first: Option<Vec<u8>>,
}

/// One search, with or without forward checking, to `limit` solutions.
pub fn solve(puzzle: &[u8], forward_checking: bool, limit: u64) -> Run {
    let mut p = Problem::new(puzzle);
    let mut run = Run::default();
    let n = p.vars.len() - 1;
    if forward_checking && !p.check_givens_forward() {
        return run;
    }
    let mut consistent = true;
    let mut i = 1;
    loop {
        if i > n {
            run.solutions += 1;
            if run.first.is_none() {
                run.first = Some(p.grid());
            }
            if run.solutions >= limit || n == 0 {
                return run;
            }
            // A solution answered as the last variable's failure, every earlier variable
            // in its conflict set.
            i = n;
            for h in 1..n {
                p.conf[i].insert(h);
            }
            let v = p.value[i];
            if forward_checking {
                p.undo_reductions(i);
            }
            p.current[i].retain(|&d| d != v);
            p.value[i] = 0;
            run.backtracks += 1;
            consistent = !p.current[i].is_empty();
            continue;
        }
        if i == 0 {
            return run;
        }
        if consistent {
            (i, consistent) = if forward_checking {
                p.fc_cbj_label(i, &mut run)
            } else {
                p.cbj_label(i, &mut run)
            };
        } else {
            let h = if forward_checking {
                p.fc_cbj_unlabel(i)
            } else {
                p.cbj_unlabel(i)
            };
            if h > 0 {
                run.backtracks += 1;
                run.backjumps += u64::from(h + 1 < i);
                consistent = !p.current[h].is_empty();
            }
            i = h;
        }
    }
}

/// Prosser's arrays, indexed by variable from 1 (index 0 unused but for the pseudo-variable).
struct Problem {
    b: usize,
    n: usize,
    givens: Vec<u8>,
    /// The cell of each variable.
    vars: Vec<usize>,
    domain: Vec<Vec<u8>>,
    current: Vec<Vec<u8>>,
    value: Vec<u8>,
    conf: Vec<std::collections::BTreeSet<usize>>,
    past_fc: Vec<Vec<usize>>,
    future_fc: Vec<Vec<usize>>,
    reductions: Vec<Vec<Vec<u8>>>,
}

impl Problem {
    fn new(puzzle: &[u8]) -> Problem {
        let cells = puzzle.len();
        let b = (2..=5)
            .find(|b| b * b * b * b == cells)
            .expect("a board of 4, 9, 16 or 25 a side");
        let n = b * b;
        let mut vars = vec![usize::MAX];
        vars.extend((0..cells).filter(|&c| puzzle[c] == 0));
        let count = vars.len();
        let full: Vec<u8> = (1..=n as u8).collect();
        let zero = || std::iter::once(0).collect::<std::collections::BTreeSet<usize>>();
        Problem {
            b,
            n,
            givens: puzzle.to_vec(),
            domain: vec![full.clone(); count],
            current: vec![full; count],
            value: vec![0; count],
            conf: vec![zero(); count],
            past_fc: vec![Vec::new(); count],
            future_fc: vec![Vec::new(); count],
            reductions: vec![Vec::new(); count],
            vars,
        }
    }

    fn peers(&self, x: usize, y: usize) -> bool {
        let (rx, cx, ry, cy) = (x / self.n, x % self.n, y / self.n, y % self.n);
        x != y
            && (rx == ry || cx == cy || (rx / self.b == ry / self.b && cx / self.b == cy / self.b))
    }

    /// The constraint between variables (or, with 0, the givens) holds for their values.
    fn check(&self, i: usize, vi: u8, h: usize) -> bool {
        if h == 0 {
            let cell = self.vars[i];
            return !(0..self.givens.len()).any(|g| self.givens[g] == vi && self.peers(cell, g));
        }
        !(self.peers(self.vars[i], self.vars[h]) && self.value[h] == vi)
    }

    fn grid(&self) -> Vec<u8> {
        let mut grid = self.givens.clone();
        for i in 1..self.vars.len() {
            grid[self.vars[i]] = self.value[i];
        }
        grid
    }

    /// `cbj-label`: the values of `current-domain[i]` in order, each checked against the
    /// past variables h = 0 (the givens), 1, ..., i-1; the first h that rejects a value
    /// joins `conf-set[i]`.
    fn cbj_label(&mut self, i: usize, run: &mut Run) -> (usize, bool) {
        while let Some(&v) = self.current[i].first() {
            let rejected = (0..i).find(|&h| !self.check(i, v, h));
            match rejected {
                None => {
                    self.value[i] = v;
                    run.nodes += 1;
                    return (i + 1, true);
                }
                Some(h) => {
                    self.conf[i].insert(h);
                    self.current[i].remove(0);
                }
            }
        }
        (i, false)
    }

    /// `cbj-unlabel`: h = max(conf-set[i]); conf-set[h] ∪= conf-set[i] - {h}; every
    /// variable from h + 1 to i gets back its whole domain and conf-set {0}; v[h] goes.
    fn cbj_unlabel(&mut self, i: usize) -> usize {
        let h = *self.conf[i].iter().next_back().expect("{0} at least");
        let merged: Vec<usize> = self.conf[i].iter().copied().filter(|&x| x != h).collect();
        self.conf[h].extend(merged);
        for j in h + 1..=i {
            self.conf[j] = std::iter::once(0).collect();
            self.current[j].clone_from(&self.domain[j]);
            self.value[j] = 0;
        }
        if h > 0 {
            let v = self.value[h];
            self.current[h].retain(|&d| d != v);
            self.value[h] = 0;
        }
        h
    }

    /// The givens' forward checks, before any variable: each variable's domain loses the
    /// digits of its given peers. False if one is left empty.
    fn check_givens_forward(&mut self) -> bool {
        for i in 1..self.vars.len() {
            let keep: Vec<u8> = self.current[i]
                .iter()
                .copied()
                .filter(|&d| self.check(i, d, 0))
                .collect();
            self.current[i].clone_from(&keep);
            self.domain[i] = keep;
            if self.current[i].is_empty() {
                return false;
            }
        }
        true
    }

    /// `check-forward(i, j)`: removes from `current-domain[j]` the values inconsistent
    /// with v[i], noting the reduction; false if j has no value left.
    fn check_forward(&mut self, i: usize, j: usize) -> bool {
        let vi = self.value[i];
        let linked = self.peers(self.vars[i], self.vars[j]);
        let reduction: Vec<u8> = self.current[j]
            .iter()
            .copied()
            .filter(|&d| linked && d == vi)
            .collect();
        if !reduction.is_empty() {
            self.current[j].retain(|d| !reduction.contains(d));
            self.reductions[j].push(reduction);
            self.future_fc[i].push(j);
            self.past_fc[j].push(i);
        }
        !self.current[j].is_empty()
    }

    /// `undo-reductions(i)`: the future domains i reduced get their values back.
    fn undo_reductions(&mut self, i: usize) {
        for j in std::mem::take(&mut self.future_fc[i]) {
            let reduction = self.reductions[j].pop().expect("a reduction per entry");
            self.current[j].extend(reduction);
            self.current[j].sort_unstable();
            self.past_fc[j].pop();
        }
    }

    /// `update-current-domain(i)`: i's domain less the reductions still in effect.
    fn update_current_domain(&mut self, i: usize) {
        let mut current = self.domain[i].clone();
        for reduction in &self.reductions[i] {
            current.retain(|d| !reduction.contains(d));
        }
        self.current[i] = current;
    }

    /// `fc-cbj-label`: each value is instantiated and checked forward against the future
    /// variables in order; a wipeout of j removes the value and adds past-fc[j] to
    /// conf-set[i] (once i's own reductions are undone).
    fn fc_cbj_label(&mut self, i: usize, run: &mut Run) -> (usize, bool) {
        while let Some(&v) = self.current[i].first() {
            self.value[i] = v;
            run.nodes += 1;
            let wiped = (i + 1..self.vars.len()).find(|&j| !self.check_forward(i, j));
            match wiped {
                None => return (i + 1, true),
                Some(j) => {
                    self.current[i].remove(0);
                    self.undo_reductions(i);
                    let past = self.past_fc[j].clone();
                    self.conf[i].extend(past);
                    self.value[i] = 0;
                    run.backtracks += 1;
                }
            }
        }
        (i, false)
    }

    /// `fc-cbj-unlabel`: h = max(conf-set[i] ∪ past-fc[i]); conf-set[h] takes the rest;
    /// every variable from i down to h + 1 gets conf-set {0}, its reductions undone and
    /// its domain back; h's reductions are undone and v[h] goes.
    fn fc_cbj_unlabel(&mut self, i: usize) -> usize {
        let mut set = self.conf[i].clone();
        set.extend(self.past_fc[i].iter().copied());
        let h = *set.iter().next_back().expect("{0} at least");
        set.remove(&h);
        self.conf[h].extend(set);
        for j in (h + 1..=i).rev() {
            self.conf[j] = std::iter::once(0).collect();
            self.undo_reductions(j);
            self.value[j] = 0;
        }
        // The domains come back once every reduction from h on is undone.
        if h > 0 {
            self.undo_reductions(h);
        }
        for j in h + 1..=i {
            self.update_current_domain(j);
        }
        if h > 0 {
            let v = self.value[h];
            self.current[h].retain(|&d| d != v);
            self.value[h] = 0;
        }
        h
    }
}
