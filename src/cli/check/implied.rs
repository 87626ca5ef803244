//! `check --strict`'s test that every learned nogood is implied: no solution of the puzzle
//! breaks it (has all its literals true), but a solution the stream reported before the
//! nogood was learned (a solution's own nogood, the decisions that led to it, holds for
//! the solutions not yet found). The puzzle's solutions are found by a search of their
//! own, up to [`MOST`]; a puzzle with more cannot be checked, which `--strict` reports.

use crate::solver::event::Event;
use crate::solver::preset::find;
use crate::solver::reason::Literal;
use crate::solver::replay::Replay;
use crate::solver::stream::Checked;
use crate::solver::{Givens, Grid, Limits, Puzzle, Search};

/// The most solutions searched for.
const MOST: u64 = 10_000;

/// One learned nogood: its number, its line, its literals and the solutions reported
/// before it.
struct Nogood {
    id: u32,
    line: u64,
    literals: Vec<Literal>,
    after: usize,
}

/// What the stream learned and found, heard event by event.
pub struct Implied {
    puzzle: Puzzle,
    replay: Replay,
    reading: Vec<Literal>,
    nogoods: Vec<Nogood>,
    reported: Vec<Puzzle>,
}

impl Implied {
    /// Hears the stream of `puzzle`, whose givens start as `givens`.
    pub fn new(puzzle: &Puzzle, givens: Givens) -> Implied {
        Implied {
            puzzle: puzzle.clone(),
            replay: Replay::start(puzzle, givens),
            reading: Vec::new(),
            nogoods: Vec::new(),
            reported: Vec::new(),
        }
    }

    /// Hears one checked event.
    pub fn hear(&mut self, checked: &Checked) {
        self.replay.apply(&checked.event);
        match checked.event {
            Event::Learnt { literal, .. } => self.reading.push(literal),
            Event::Learn { id, .. } => self.nogoods.push(Nogood {
                id,
                line: checked.line,
                literals: std::mem::take(&mut self.reading),
                after: self.reported.len(),
            }),
            Event::Solution { .. } => self.reported.push(self.replay.grid().to_puzzle()),
            _ => {}
        }
    }

    /// The nogoods that are not implied, each in a located sentence.
    pub fn errors(&self, source: &str) -> Vec<String> {
        if self.nogoods.is_empty() {
            return Vec::new();
        }
        let Some(solutions) = solutions(&self.puzzle) else {
            return vec![format!(
                "{source}: the learned nogoods cannot be checked for implication: the puzzle has more than {MOST} solutions"
            )];
        };
        let mut errors = Vec::new();
        for nogood in &self.nogoods {
            let allowed = &self.reported[..nogood.after];
            let broken = solutions
                .iter()
                .filter(|s| !allowed.contains(s))
                .find(|s| breaks(s, &nogood.literals));
            if let Some(solution) = broken {
                errors.push(format!(
                    "{source}:{}: nogood #{} is not implied: the solution {} has all its literals",
                    nogood.line,
                    nogood.id,
                    solution.to_line()
                ));
            }
        }
        errors
    }
}

/// Whether `solution` has every literal of `nogood` true.
fn breaks(solution: &Puzzle, nogood: &[Literal]) -> bool {
    let grid = Grid::new(solution);
    nogood.iter().all(|l| l.is_set(&grid))
}

/// Every solution of `puzzle`, or `None` past [`MOST`].
fn solutions(puzzle: &Puzzle) -> Option<Vec<Puzzle>> {
    let strategy = find("fast").map(|p| p.strategy)?;
    let limits = Limits {
        solutions: MOST + 1,
        ..Limits::default()
    };
    let search = Search::with_limits(puzzle, strategy, limits).ok()?;
    let mut replay = Replay::new(puzzle);
    let mut found = Vec::new();
    for event in search {
        replay.apply(&event);
        if let Event::Solution { .. } = event {
            found.push(replay.grid().to_puzzle());
        }
    }
    (found.len() as u64 <= MOST).then_some(found)
}
