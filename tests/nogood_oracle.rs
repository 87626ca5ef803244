//! Nogood learning checked against an oracle written here from the papers, not from the
//! engine: first-UIP conflict analysis as GRASP defines it (J. P. Marques-Silva and K. A.
//! Sakallah, "GRASP: a search algorithm for propositional satisfiability", IEEE Trans.
//! Computers 48(5), 1999): the conflicting literals are resolved with the reasons of the
//! literals of the conflict's decision level, latest first, until one literal of that level
//! is left (the first unique implication point); the nogood is that literal with the
//! earlier levels' literals met, and the search goes back to the highest level among them
//! (`MiniSat`'s asserting level, Eén and Sörensson 2003).
//!
//! The oracle builds its own implication graph from the events alone: every literal made
//! true with its level and its reason, the reason of a rule's prune or assignment as the
//! propagators state it (`reason::explain_prune`, `explain_assign`, checked on their own by
//! `tests/engine_reasons.rs`), a nogood's forced literal by the nogood's literals that hold
//! when it forces, and a cell's other digits implied by its assignment (on the trail just
//! after it, digits ascending). It resolves by sets, not by the engine's counter walk.
//!
//! Checked, on puzzles of the public sets: every `learn` is the oracle's nogood (the same
//! literals, the UIP first, the same level and LBD), holds entirely at its conflict, is
//! asserting after the jump, and no solution of the puzzle breaks it but those found
//! before it was learned (a solution's own nogood holds for the solutions not yet found).
#![expect(clippy::expect_used, clippy::panic, reason = "tests fail by panicking")]

mod common;

use std::collections::{BTreeSet, HashMap};

use common::public;
use dokuscope::solver::preset::find;
use dokuscope::solver::reason::{Explained, Literal, explain_assign, explain_prune};
use dokuscope::solver::{
    AssignCause, Digit, Domain, Event, Grid, Limits, PruneCause, Puzzle, Replay, Search,
    WipeoutSite,
};

/// One literal of the implication graph.
struct Node {
    level: usize,
    /// `None` for a decision.
    reason: Option<Vec<Literal>>,
}

/// The implication graph of the literals in effect, in trail order.
#[derive(Default)]
struct Graph {
    trail: Vec<Literal>,
    nodes: HashMap<Literal, (usize, Node)>,
}

impl Graph {
    fn push(&mut self, literal: Literal, level: usize, reason: Option<Vec<Literal>>) {
        if self.nodes.contains_key(&literal) {
            return;
        }
        self.nodes
            .insert(literal, (self.trail.len(), Node { level, reason }));
        self.trail.push(literal);
    }

    fn undo_above(&mut self, level: usize) {
        while let Some(&l) = self.trail.last() {
            if self.nodes[&l].1.level <= level {
                break;
            }
            self.trail.pop();
            self.nodes.remove(&l);
        }
    }

    /// A literal's level; 0 for one true from the start (a given's).
    fn level(&self, l: Literal) -> usize {
        self.nodes.get(&l).map_or(0, |(_, n)| n.level)
    }

    /// The first-UIP nogood of `conflict` at `level`: the UIP, the rest, the asserting level.
    fn first_uip(&self, conflict: &[Literal], level: usize) -> (Literal, BTreeSet<Literal>, usize) {
        let mut clause: BTreeSet<Literal> = conflict
            .iter()
            .copied()
            .filter(|&l| self.level(l) > 0)
            .collect();
        loop {
            let current: Vec<Literal> = clause
                .iter()
                .copied()
                .filter(|&l| self.level(l) == level)
                .collect();
            assert!(
                !current.is_empty(),
                "a conflict with no literal of its level"
            );
            if let [uip] = current[..] {
                clause.remove(&uip);
                let back = clause.iter().map(|&l| self.level(l)).max().unwrap_or(0);
                return (uip, clause, back);
            }
            let latest = *current
                .iter()
                .max_by_key(|l| self.nodes[l].0)
                .expect("two or more");
            clause.remove(&latest);
            let reason = self.nodes[&latest]
                .1
                .reason
                .as_ref()
                .expect("a decision is the earliest literal of its level");
            clause.extend(reason.iter().copied().filter(|&l| self.level(l) > 0));
        }
    }
}

/// The literals that cannot hold together at `site`.
fn conflict(grid: &Grid, site: WipeoutSite, nogoods: &HashMap<u32, Vec<Literal>>) -> Vec<Literal> {
    let g = grid.geometry();
    match site {
        WipeoutSite::Cell(c) => Domain::full(g.size())
            .iter()
            .map(|d| Literal::differ(c, d))
            .collect(),
        WipeoutSite::Unit { unit, digit } => g
            .unit_cells(unit)
            .iter()
            .map(|&c| Literal::differ(c, digit))
            .collect(),
        WipeoutSite::Nogood { id } => nogoods[&id].clone(),
        WipeoutSite::Constraint { .. } => {
            panic!("the oracle runs on classic boards, which have no variant constraint")
        }
    }
}

/// What one search learned, as the oracle checked it.
struct Learned {
    nogoods: Vec<(Vec<Literal>, usize)>,
    solutions: Vec<Puzzle>,
}

/// Runs `preset` on `puzzle`, checking each learned nogood against the oracle as it comes.
#[expect(
    clippy::too_many_lines,
    reason = "one walk over the events, case by case"
)]
fn run(preset: &str, puzzle: &Puzzle) -> Learned {
    let strategy = find(preset).expect("a preset").strategy;
    let search = Search::with_limits(puzzle, strategy, Limits::default()).expect("no clash");
    let mut replay = Replay::new(puzzle);
    let mut graph = Graph::default();
    let mut nogoods: HashMap<u32, Vec<Literal>> = HashMap::new();
    let mut learned = Learned {
        nogoods: Vec::new(),
        solutions: Vec::new(),
    };
    let mut expected: Option<(Literal, BTreeSet<Literal>, usize, usize)> = None;
    let mut reading: Vec<Literal> = Vec::new();
    let mut asserting: Option<u32> = None;
    let mut reason = Vec::new();
    let ctx = |step: usize| format!("{preset} on {puzzle}, event {step}");
    for (step, event) in search.enumerate() {
        let grid = replay.grid();
        let nogood_reason = |id: u32| -> Vec<Literal> {
            nogoods[&id]
                .iter()
                .copied()
                .filter(|l| l.is_set(grid))
                .collect()
        };
        match event {
            Event::Assign {
                cell,
                digit,
                depth,
                cause,
            } => {
                let why = match cause {
                    AssignCause::Decision => None,
                    AssignCause::Nogood { id } => Some(nogood_reason(id)),
                    _ => {
                        let e = explain_assign(grid, cell, digit, cause, &mut reason);
                        assert_eq!(e, Explained::Literals, "{}", ctx(step));
                        Some(reason.clone())
                    }
                };
                let level = usize::from(depth);
                let equal = Literal::equal(cell, digit);
                graph.push(equal, level, why);
                for other in Domain::full(grid.geometry().size()).without(digit) {
                    graph.push(Literal::differ(cell, other), level, Some(vec![equal]));
                }
            }
            Event::Prune {
                cell,
                digit,
                depth,
                cause,
            } => {
                if let Some(id) = asserting.take() {
                    assert_eq!(
                        cause,
                        PruneCause::Nogood { id },
                        "{}: the jump's first prune is the nogood's",
                        ctx(step)
                    );
                }
                let why = if let PruneCause::Nogood { id } = cause {
                    nogood_reason(id)
                } else {
                    let e = explain_prune(grid, cell, digit, cause, &mut reason);
                    assert_eq!(e, Explained::Literals, "{}", ctx(step));
                    reason.clone()
                };
                graph.push(Literal::differ(cell, digit), usize::from(depth), Some(why));
            }
            Event::Wipeout { site, depth } if depth > 0 => {
                let c = conflict(grid, site, &nogoods);
                let (uip, rest, back) = graph.first_uip(&c, usize::from(depth));
                let mut levels: BTreeSet<usize> = rest.iter().map(|&l| graph.level(l)).collect();
                levels.insert(usize::from(depth));
                expected = Some((uip, rest, back, levels.len()));
            }
            Event::Solution { depth } => {
                learned.solutions.push(grid.to_puzzle());
                let decisions: Vec<Literal> = graph
                    .trail
                    .iter()
                    .copied()
                    .filter(|l| graph.nodes[l].1.reason.is_none())
                    .rev()
                    .collect();
                let depth = usize::from(depth);
                if let Some((&first, rest)) = decisions.split_first() {
                    expected = Some((first, rest.iter().copied().collect(), depth - 1, depth));
                }
            }
            Event::Learnt { literal, .. } => {
                assert!(
                    literal.is_set(grid),
                    "{}: a literal that does not hold",
                    ctx(step)
                );
                reading.push(literal);
            }
            Event::Learn { id, lbd, level, .. } => {
                let (uip, rest, back, want_lbd) = expected.take().expect("a learn after a failure");
                let literals = std::mem::take(&mut reading);
                assert_eq!(literals[0], uip, "{}: the UIP first", ctx(step));
                let got: BTreeSet<Literal> = literals[1..].iter().copied().collect();
                assert_eq!(got, rest, "{}: the nogood's other literals", ctx(step));
                assert_eq!(
                    usize::from(level),
                    back,
                    "{}: the asserting level",
                    ctx(step)
                );
                assert_eq!(usize::from(lbd), want_lbd, "{}: the LBD", ctx(step));
                learned
                    .nogoods
                    .push((literals.clone(), learned.solutions.len()));
                nogoods.insert(id, literals);
                asserting = Some(id);
            }
            Event::Backtrack { depth, .. } => {
                graph.undo_above(usize::from(depth));
            }
            Event::Restart { .. } => {
                graph.undo_above(0);
                asserting = None;
            }
            _ => {}
        }
        replay.apply(&event);
        if let (Event::Backtrack { .. }, Some(id)) = (event, asserting) {
            // Asserting after the jump: every literal but the first holds, the first not.
            let literals = &nogoods[&id];
            let grid = replay.grid();
            assert!(!literals[0].is_set(grid), "{}: the UIP holds", ctx(step));
            assert!(
                literals[1..].iter().all(|l| l.is_set(grid)),
                "{}: not asserting after the jump",
                ctx(step)
            );
        }
    }
    learned
}

/// Whether `solution` has every literal of `nogood` true.
fn breaks(solution: &Puzzle, nogood: &[Literal]) -> bool {
    let grid = Grid::new(solution);
    nogood.iter().all(|l| l.is_set(&grid))
}

/// Every solution of `puzzle`, by mrv's search counting them all.
fn all_solutions(puzzle: &Puzzle) -> Vec<Puzzle> {
    let strategy = find("mrv").expect("mrv").strategy;
    let limits = Limits {
        solutions: 100_000,
        ..Limits::default()
    };
    let mut replay = Replay::new(puzzle);
    let mut out = Vec::new();
    for event in Search::with_limits(puzzle, strategy, limits).expect("no clash") {
        replay.apply(&event);
        if let Event::Solution { .. } = event {
            out.push(replay.grid().to_puzzle());
        }
    }
    out
}

fn puzzles(name: &str, take: usize) -> Vec<Puzzle> {
    public::first(name, take)
        .iter()
        .map(|l| l.parse().expect("a puzzle"))
        .collect()
}

/// Checks every nogood learned on `puzzle` against all its solutions: none breaks it but
/// those found before it was learned. Returns the nogoods learned.
fn sound(preset: &str, puzzle: &Puzzle, solutions: &[Puzzle]) -> usize {
    let learned = run(preset, puzzle);
    for (nogood, found) in &learned.nogoods {
        let allowed = &learned.solutions[..*found];
        for s in solutions.iter().filter(|s| !allowed.contains(s)) {
            assert!(
                !breaks(s, nogood),
                "{preset} on {puzzle}: a solution breaks a learned nogood"
            );
        }
    }
    learned.nogoods.len()
}

#[test]
fn nogoods_are_the_oracles_first_uip_and_sound_on_top95_and_hardest() {
    let mut learned = 0;
    for preset in ["nogood", "nogood-vsids"] {
        for puzzle in puzzles("top95.txt", 95)
            .iter()
            .chain(&puzzles("hardest.txt", 11))
        {
            let solutions = all_solutions(puzzle);
            assert_eq!(solutions.len(), 1, "{puzzle}: a unique puzzle");
            learned += sound(preset, puzzle, &solutions);
        }
    }
    assert!(learned > 5_000, "{learned} nogoods checked");
}

#[test]
fn nogoods_are_sound_where_a_puzzle_has_many_solutions() {
    let mut learned = 0;
    for puzzle in puzzles("multiple_solutions.txt", 15) {
        let solutions = all_solutions(&puzzle);
        assert!(solutions.len() > 1, "{puzzle}");
        for preset in ["nogood", "nogood-vsids"] {
            learned += sound(preset, &puzzle, &solutions);
        }
    }
    assert!(learned > 20, "{learned} nogoods checked");
}

#[test]
fn nogoods_are_the_oracles_on_the_forum_hardest() {
    let mut learned = 0;
    for puzzle in public::every("forum_hardest_1106.txt", 15, 25)
        .iter()
        .map(|l| l.parse::<Puzzle>().expect("a puzzle"))
    {
        let solutions = all_solutions(&puzzle);
        learned += sound("nogood", &puzzle, &solutions);
    }
    assert!(learned > 1_000, "{learned} nogoods checked");
}

/// A nogood that a solution breaks is caught: the check above can fail.
#[test]
fn a_nogood_a_solution_breaks_is_caught() {
    let puzzle = &puzzles("top95.txt", 1)[0];
    let solution = &all_solutions(puzzle)[0];
    let grid = Grid::new(solution);
    let g = grid.geometry();
    let cell = g
        .cells()
        .find(|&c| puzzle.given(c).is_none())
        .expect("an open cell");
    let digit: Digit = grid.value(cell).expect("full");
    assert!(breaks(solution, &[Literal::equal(cell, digit)]));
    assert!(!breaks(solution, &[Literal::differ(cell, digit)]));
}
