//! The estimate of a search's size against an independent implementation of its two
//! weighted backtrack estimators, written here from Kilby, Slaney, Thiébaux and Walsh,
//! "Estimating Search Tree Size" (AAAI 2006), and Knuth, "Estimating the efficiency of
//! backtrack programs" (1975), on real searches of the public sets (`puzzles/public`).
//!
//! The reference keeps the branches from the root to the current node as a plain list and
//! evaluates the paper's formula at every leaf from scratch:
//! `WBE = Σ_b p(b)·(2^(d(b)+1) − 1) / Σ_b p(b)` with `p(b) = 2^-d(b)` over the binary tree
//! of decisions and refutations, and the same weighted mean of Knuth's estimate
//! `Σ_{decisions j on the path} 1/P(j)` over the tree of candidates, where a probe takes
//! each remaining candidate of the chosen cell with equal probability. The library keeps
//! running sums instead (an exact binary fraction, products along the path); both must
//! give the same estimates. The paper's recursive estimator, which the library keeps for
//! the accuracy comparison, is checked the same way, evaluated up the path.

#![expect(clippy::expect_used, reason = "tests fail by panicking")]
#![expect(
    clippy::cast_precision_loss,
    clippy::cast_possible_wrap,
    reason = "estimates of counts far below 2^52"
)]

mod common;

use dokuscope::solver::estimate::recursive::Recursive;
use dokuscope::solver::estimate::walk::Walk;
use dokuscope::solver::estimate::{Estimate, Estimator, Method};
use dokuscope::solver::search::{Limits, Search};
use dokuscope::solver::{Cell, Digit, Domain, Event, Puzzle, preset};

/// One branch on the path from the root.
#[derive(Clone, Copy, Debug)]
struct Branch {
    /// A decision (`x = d`), else a refutation (`x ≠ d`).
    decision: bool,
    /// The probability a probe over the tree of candidates takes it.
    probability: f64,
    /// For a decision: the chosen cell's other candidates, which its refutation keeps.
    rest: Option<(Cell, Domain)>,
    /// For a decision: the nodes made before its own; for a refutation: the nodes of the
    /// decision's subtree beside it, which the search has finished.
    nodes: u64,
}

/// The reference: the path as a list, both estimators' sums evaluated leaf by leaf.
struct Reference {
    path: Vec<Branch>,
    /// Whether a decision was made at the current node (then it is no leaf).
    decided_here: bool,
    /// The current node's chosen cell and its candidates left.
    choice: Option<(Cell, Domain)>,
    decisions: u64,
    before_run: u64,
    /// Nodes of the binary tree made in this run, the root included.
    made: u64,
    binary: (f64, f64),
    candidates: (f64, f64),
}

impl Default for Reference {
    fn default() -> Reference {
        Reference {
            path: Vec::new(),
            decided_here: false,
            choice: None,
            decisions: 0,
            before_run: 0,
            made: 1,
            binary: (0.0, 0.0),
            candidates: (0.0, 0.0),
        }
    }
}

impl Reference {
    fn observe(&mut self, event: &Event) {
        match *event {
            Event::Select { cell, domain, .. } => self.choice = Some((cell, domain)),
            Event::Prune { cell, digit, .. } => {
                if let Some((c, d)) = &mut self.choice {
                    if *c == cell {
                        *d = d.without(digit);
                    }
                }
            }
            Event::Assign {
                cell, digit, cause, ..
            } if cause.is_decision() => self.decide(cell, digit),
            Event::Backtrack { depth, .. } => self.backtrack(usize::from(depth)),
            Event::Restart { .. } => {
                self.leave();
                *self = Reference {
                    decisions: self.decisions,
                    before_run: self.decisions,
                    made: 1,
                    ..Reference::default()
                };
            }
            Event::Exhausted => {
                self.leave();
                // A backjump past the root ends the search with decisions in effect.
                self.skip_from(0);
            }
            _ => {}
        }
    }

    fn decide(&mut self, cell: Cell, digit: Digit) {
        self.decisions += 1;
        let (probability, rest) = match self.choice {
            Some((c, d)) if c == cell && d.contains(digit) => {
                (1.0 / d.len() as f64, Some((c, d.without(digit))))
            }
            _ => (0.5, None),
        };
        self.path.push(Branch {
            decision: true,
            probability,
            rest,
            nodes: self.made,
        });
        self.made += 1;
        self.decided_here = false;
        self.choice = None;
    }

    fn backtrack(&mut self, kept: usize) {
        let Some(at) = self
            .path
            .iter()
            .enumerate()
            .filter(|(_, b)| b.decision)
            .nth(kept)
            .map(|(i, _)| i)
        else {
            return;
        };
        self.leave();
        // A backjump (CBJ) undoes the decisions after the one it refutes without searching
        // their refutations: each such refutation is a leaf, the tree's skipped node.
        self.skip_from(at + 1);
        let undone = self.path[at];
        self.path.truncate(at);
        let probability = refutation(undone).probability;
        self.path.push(Branch {
            decision: false,
            probability,
            rest: None,
            nodes: self.made - undone.nodes,
        });
        self.made += 1;
        self.choice = undone.rest;
        self.decided_here = false;
    }

    /// The refutations of the decisions on the path from index `from` on, which a backjump
    /// leaves unsearched, are leaves.
    fn skip_from(&mut self, from: usize) {
        let jumped: Vec<usize> = (from..self.path.len())
            .filter(|&j| self.path[j].decision)
            .collect();
        for j in jumped {
            let mut skipped = self.path[..j].to_vec();
            skipped.push(refutation(self.path[j]));
            self.leaf(&skipped);
        }
    }

    /// The current node is left: a leaf, unless a decision was made at it.
    fn leave(&mut self) {
        if std::mem::replace(&mut self.decided_here, true) {
            return;
        }
        let path = std::mem::take(&mut self.path);
        self.leaf(&path);
        self.path = path;
    }

    /// A leaf at the end of `path`.
    fn leaf(&mut self, path: &[Branch]) {
        // The binary tree: a probe reaches a leaf at depth d with probability 2^-d and
        // estimates 2^(d+1) − 1 nodes.
        let d = path.len() as i32;
        let p = 0.5f64.powi(d);
        self.binary.0 += p * (2f64.powi(d + 1) - 1.0);
        self.binary.1 += p;
        // The tree of candidates: Knuth's estimate is Σ over the decisions j on the path of
        // 1/P(j), P(j) the probability of reaching j.
        let mut reach = 1.0;
        let mut knuth = 0.0;
        for b in path {
            reach *= b.probability;
            if b.decision {
                knuth += 1.0 / reach;
            }
        }
        if reach > 0.0 {
            self.candidates.0 += reach * knuth;
            self.candidates.1 += reach;
        }
    }

    fn wbe(&self) -> Option<f64> {
        (self.binary.1 > 0.0).then(|| {
            self.before_run as f64 + ((self.binary.0 / self.binary.1 - 1.0) / 2.0).max(0.0)
        })
    }

    /// Kilby et al.'s recursive estimator, evaluated up the path from the current node:
    /// est = 1 there; a node left by its decision is `1 + 2·est(child)` (its refutation's
    /// subtree taken to be as large), one left by its refutation `1 + |decision's subtree| +
    /// est(child)`. In decisions: the binary tree's `2n + 1` nodes are `n` decisions.
    fn recursive(&self) -> f64 {
        let mut est = 1.0;
        for b in self.path.iter().rev() {
            est = if b.decision {
                1.0 + 2.0 * est
            } else {
                1.0 + b.nodes as f64 + est
            };
        }
        self.before_run as f64 + (est - 1.0) / 2.0
    }

    fn over_candidates(&self) -> Option<f64> {
        (self.candidates.1 > 0.0)
            .then(|| self.before_run as f64 + self.candidates.0 / self.candidates.1)
    }
}

/// The refutation of `decision`: the rest of its candidates (one in two for a binary
/// choice).
fn refutation(decision: Branch) -> Branch {
    let probability = match decision.rest {
        Some((_, rest)) => rest.len() as f64 / (rest.len() + 1) as f64,
        None => 0.5,
    };
    Branch {
        decision: false,
        probability,
        rest: None,
        nodes: 0,
    }
}

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0),
        (None, None) => true,
        _ => false,
    }
}

/// The first `take` puzzles of the public set `name` (`puzzles/public`).
fn public(name: &str, take: usize) -> Vec<Puzzle> {
    common::public::first(name, take)
        .iter()
        .map(|l| l.parse().expect("a valid puzzle line"))
        .collect()
}

/// Every estimate the library gives, every 256 events and at the end, is the reference's, for the plain and look-back presets and a search that
/// restarts, on hard puzzles.
#[test]
fn the_estimators_give_the_papers_estimates_on_real_searches() {
    let mut puzzles = public("top95.txt", 3);
    puzzles.extend(public("hardest.txt", 2));
    let mut compared = 0;
    for name in [
        "bt",
        "cbt",
        "mrv",
        "fast",
        "cbj",
        "fc-cbj",
        "dom-wdeg",
        "mrv/luby:20",
    ] {
        let (_, strategy) = preset::resolve(name).expect("a preset");
        for puzzle in &puzzles {
            let limits = Limits {
                nodes: Some(20_000),
                ..Limits::default()
            };
            let search = Search::with_limits(puzzle, strategy, limits).expect("no clash");
            let (mut mine, mut reference) = (Estimator::new(), Reference::default());
            let (mut walk, mut recursive) = (Walk::default(), Recursive::default());
            let mut events = 0u64;
            for event in search {
                mine.observe(&event);
                reference.observe(&event);
                recursive.follow(walk.observe(&event));
                events += 1;
                if events.is_power_of_two() || events % 256 == 0 || event.is_final() {
                    assert_eq!(mine.explored(), reference.decisions);
                    assert!(
                        close(mine.decisions(Method::Wbe), reference.wbe()),
                        "{name} on {puzzle}, event {events}: WBE {:?}, the paper's {:?}",
                        mine.decisions(Method::Wbe),
                        reference.wbe()
                    );
                    assert!(
                        close(
                            mine.decisions(Method::Candidates),
                            reference.over_candidates()
                        ),
                        "{name} on {puzzle}, event {events}: over the candidates {:?}, the paper's {:?}",
                        mine.decisions(Method::Candidates),
                        reference.over_candidates()
                    );
                    let ours = recursive.nodes().map(|n| (n - 1.0) / 2.0);
                    if event.kind() != "restart" && reference.before_run == 0 {
                        assert!(
                            close(ours, Some(reference.recursive())),
                            "{name} on {puzzle}, event {events}: recursive {ours:?}, the paper's {}",
                            reference.recursive()
                        );
                    }
                    compared += usize::from(reference.wbe().is_some());
                }
            }
        }
    }
    assert!(compared > 2000, "estimates were compared ({compared})");
}

/// Once a search has searched its whole tree, every leaf has been visited and both
/// estimators say its number of decisions exactly (the paper's property), and the estimate
/// says it is done; a backjumping one too, its skipped refutations counted as leaves (the
/// tree is full: one leaf more than its decisions).
#[test]
fn a_finished_search_is_estimated_exactly() {
    let mut puzzles = public("top95.txt", 6);
    puzzles.extend(public("bath_hard.txt", 10));
    let (mut finished, mut jumped) = (0, 0);
    for name in ["cbt", "mrv", "fast", "dom-wdeg", "cbj", "fc-cbj"] {
        let strategy = preset::lookup(name).expect("a preset").strategy;
        for puzzle in &puzzles {
            let limits = Limits {
                nodes: Some(200_000),
                ..Limits::default()
            };
            let mut search = Search::with_limits(puzzle, strategy, limits).expect("no clash");
            let mut mine = Estimator::new();
            let mut last = None;
            for event in search.by_ref() {
                mine.observe(&event);
                last = Some(event);
            }
            if last != Some(Event::Exhausted) {
                continue;
            }
            let n = search.stats().nodes as f64;
            assert_eq!(
                mine.leaves(),
                search.stats().nodes + 1,
                "{name}: a full tree"
            );
            for method in [Method::Wbe, Method::Candidates, Method::Shown] {
                let got = mine.decisions(method).expect("leaves were visited");
                assert!(
                    (got - n).abs() <= 1e-6 * n.max(1.0),
                    "{name} on {puzzle}: {} says {got}, the search made {n}",
                    method.name()
                );
            }
            assert_eq!(
                mine.estimate(),
                Estimate::Done {
                    total: search.stats().nodes
                }
            );
            finished += 1;
            jumped += usize::from(search.stats().backjumps > 0);
        }
    }
    assert!(finished >= 12, "searches ran to their end ({finished})");
    assert!(
        jumped >= 4,
        "backjumping searches ran to their end ({jumped})"
    );
}

/// `solve` estimates from the headless search, which never makes a rule's bulk prunes one
/// by one; its estimates are those of the iterator's every event.
#[test]
fn the_headless_search_is_estimated_as_the_iterator_is() {
    let puzzles = public("top95.txt", 2);
    let mut samples_compared = 0;
    for name in [
        "bt",
        "cbt",
        "mrv",
        "fast",
        "cbj",
        "fc-cbj",
        "dom-wdeg",
        "mrv/luby:20",
    ] {
        let (_, strategy) = preset::resolve(name).expect("a preset");
        for puzzle in &puzzles {
            let limits = Limits {
                nodes: Some(50_000),
                ..Limits::default()
            };
            let samples = |headless: bool| {
                let mut search = Search::with_limits(puzzle, strategy, limits).expect("no clash");
                let mut estimator = Estimator::new();
                let mut seen = Vec::new();
                let mut hear = |e: &Event| {
                    estimator.observe(e);
                    if e.is_decision() && estimator.explored().is_power_of_two() {
                        seen.push((estimator.explored(), estimator.estimate()));
                    }
                };
                if headless {
                    search.finish_with(|e, _| hear(e));
                } else {
                    search.by_ref().for_each(|e| hear(&e));
                }
                seen.push((estimator.explored(), estimator.estimate()));
                seen
            };
            let (iterated, headless) = (samples(false), samples(true));
            assert_eq!(iterated, headless, "{name} on {puzzle}");
            samples_compared += iterated.len();
        }
    }
    assert!(
        samples_compared > 150,
        "samples compared ({samples_compared})"
    );
}
