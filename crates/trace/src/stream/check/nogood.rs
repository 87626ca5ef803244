//! The board's side of searches that learn nogoods: each `learn` line's nogood must hold
//! entirely on the board at its conflict (every literal true), be asserting once the
//! search has gone back to its level (every literal but the first true, the first not
//! yet), and each prune, assignment or wipeout whose cause is a nogood must be what the
//! nogood forces: every literal but one holds and the event makes that one false (or,
//! for a wipeout, every literal holds).

use std::collections::HashMap;

use super::{Batch, Board, Check, board};
use crate::stream::claim::Claim;
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::{Event, WipeoutSite};
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::grid::Grid;
use dokuscope_engine::reason::Literal;

/// The nogoods a stream learned, and the one whose jump is awaited.
#[derive(Clone, Debug, Default)]
pub(super) struct Learned {
    nogoods: HashMap<u32, Vec<Literal>>,
    /// The last nogood learned and its level, until the backtrack (or restart) after it.
    pending: Option<(u32, u16, u64)>,
}

/// A literal as written in a trace: `r1c2=5`, `r1c2!=5`.
pub fn literal_name(grid: &Grid, l: Literal) -> String {
    let g = grid.geometry();
    let (row, col) = g.row_col(l.cell);
    let relation = if l.equal { "=" } else { "!=" };
    format!("r{}c{}{relation}{}", row + 1, col + 1, l.digit)
}

fn names(grid: &Grid, literals: &[Literal]) -> String {
    literals
        .iter()
        .map(|&l| literal_name(grid, l))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Learned {
    /// Forgets the jump awaited (an event other than its backtrack or restart came).
    pub(super) fn no_jump(&mut self) {
        self.pending = None;
    }

    /// Whether a nogood was just learned and its jump is awaited.
    pub(super) fn awaits_jump(&self) -> bool {
        self.pending.is_some()
    }
}

impl Board {
    /// Before each claim: a jump is awaited only by the line right after a `learn`, and a
    /// full board followed by a wipeout at a nogood is no solution (one found before, which
    /// its nogood keeps from counting twice).
    pub(super) fn before_learning(&mut self, claim: &Claim) {
        if !matches!(claim, Claim::Backtrack { .. } | Claim::Restart { .. }) {
            self.learned.no_jump();
        }
        if let Claim::Wipeout {
            site: WipeoutSite::Nogood { .. },
            ..
        } = claim
        {
            self.full = false;
        }
    }

    /// A `learn` line: its nogood (the asserting literal first), learned at this conflict,
    /// the search going back to its level.
    pub(super) fn learn(&mut self, line: u64, out: &mut Batch, claim: &Claim) -> Check {
        let Claim::Learn {
            id,
            ref literals,
            level,
            lbd,
            depth,
        } = *claim
        else {
            return Ok(());
        };
        let literals = literals.clone();
        let grid = self.state.grid();
        let what = || format!("learn #{id}");
        Self::check_depth(&what, depth, self.depth())?;
        if literals.is_empty() {
            return Err(board(format!("{}: an empty nogood", what())));
        }
        if self.learned.nogoods.contains_key(&id) {
            return Err(board(format!(
                "{}: nogood #{id} was learned before",
                what()
            )));
        }
        if let Some(&l) = literals.iter().find(|&&l| !l.is_set(grid)) {
            return Err(board(format!(
                "{}: {} does not hold at the conflict (nogood {})",
                what(),
                literal_name(grid, l),
                names(grid, &literals)
            )));
        }
        if level >= self.depth() {
            return Err(board(format!(
                "{}: goes back to level {level}, but only {} decisions are in effect",
                what(),
                self.depth()
            )));
        }
        let mut levels: Vec<u16> = literals.iter().map(|&l| self.level_of(l)).collect();
        levels.sort_unstable();
        levels.dedup();
        let computed = levels.len() as u16;
        if let Some(said) = lbd.filter(|&said| said != computed) {
            return Err(board(format!(
                "{}: says LBD {said}, but its literals lie on {computed} decision levels",
                what()
            )));
        }
        let depth = self.depth();
        for &literal in &literals {
            self.stated(out, line, Event::Learnt { literal, depth }, true);
        }
        let event = Event::Learn {
            id,
            size: literals.len() as u16,
            lbd: computed,
            level,
            depth,
        };
        self.learned.nogoods.insert(id, literals);
        self.learned.pending = Some((id, level, line));
        self.stated(out, line, event, true);
        Ok(())
    }

    /// The decision level at which `l` became true on the board: the decisions in effect
    /// made at or before the line that made it (0 for a given's).
    fn level_of(&self, l: Literal) -> u16 {
        let grid = self.state.grid();
        let line = match grid.value(l.cell) {
            Some(_) if l.equal || grid.domain(l.cell).contains(l.digit) => {
                self.assigned_at[l.cell.index()]
            }
            _ => self.pruned_line(l.cell, l.digit),
        };
        if line == 0 {
            return 0;
        }
        self.decisions
            .iter()
            .take_while(|&&(_, _, at)| at <= line)
            .count() as u16
    }

    fn pruned_line(&self, cell: Cell, digit: Digit) -> u64 {
        self.pruned_at[cell.index() * self.side + usize::from(digit.get() - 1)]
    }

    /// After the backtrack or restart that follows a `learn`: the nogood is asserting
    /// (its first literal not true, every other true), when the search went to its level.
    pub(super) fn check_asserting(&mut self, restart: bool) -> Check {
        let Some((id, level, line)) = self.learned.pending.take() else {
            return Ok(());
        };
        if restart && level > 0 {
            return Ok(());
        }
        let grid = self.state.grid();
        if !restart && self.depth() != level {
            return Err(board(format!(
                "nogood #{id} (line {line}) goes back to level {level}, but the backtrack after it leaves {} decisions",
                self.depth()
            )));
        }
        let literals = &self.learned.nogoods[&id];
        let first = literals[0];
        if first.is_set(grid) {
            return Err(board(format!(
                "nogood #{id} (line {line}) is not asserting after the jump: {} still holds",
                literal_name(grid, first)
            )));
        }
        if let Some(&l) = literals[1..].iter().find(|&&l| !l.is_set(grid)) {
            return Err(board(format!(
                "nogood #{id} (line {line}) is not asserting after the jump: {} no longer holds",
                literal_name(grid, l)
            )));
        }
        Ok(())
    }

    /// Whether nogood `id`, a prune's or assignment's cause, forces the event on `cell`:
    /// every literal but one holds, and that one is on `cell` and false once `makes`
    /// (`cell≠d` for a prune of `d`, `cell=d` for an assignment) holds.
    pub(super) fn nogood_forces(&self, id: u32, cell: Cell, makes: Literal) -> Result<(), String> {
        let grid = self.state.grid();
        let Some(literals) = self.learned.nogoods.get(&id) else {
            return Err(format!("by nogood #{id}, which no learn line gave"));
        };
        let open: Vec<Literal> = literals
            .iter()
            .copied()
            .filter(|l| !l.is_set(grid))
            .collect();
        let forced = |l: &Literal| {
            l.cell == cell
                && if makes.equal {
                    // cell=d makes cell≠d false, and cell=e for e ≠ d.
                    (!l.equal && l.digit == makes.digit) || (l.equal && l.digit != makes.digit)
                } else {
                    // cell≠d makes cell=d false; or the nogood forces cell=e (its literal
                    // cell≠e), which rules d out.
                    (l.equal && l.digit == makes.digit) || (!l.equal && l.digit != makes.digit)
                }
        };
        match open.as_slice() {
            [one] if forced(one) => Ok(()),
            [] => Err(format!(
                "by nogood #{id}, but every literal of it holds: a contradiction, not a prune"
            )),
            [one] => Err(format!(
                "by nogood #{id}, whose one literal not holding, {}, does not force it",
                literal_name(grid, *one)
            )),
            more => Err(format!(
                "by nogood #{id}, but {} of its literals do not hold ({})",
                more.len(),
                names(grid, more)
            )),
        }
    }

    /// Whether every literal of nogood `id` holds (a wipeout at the nogood).
    pub(super) fn nogood_violated(&self, id: u32) -> Check {
        let grid = self.state.grid();
        let Some(literals) = self.learned.nogoods.get(&id) else {
            return Err(board(format!(
                "wipeout at nogood #{id}, which no learn line gave"
            )));
        };
        match literals.iter().find(|l| !l.is_set(grid)) {
            None => Ok(()),
            Some(&l) => Err(board(format!(
                "wipeout at nogood #{id}, but {} does not hold",
                literal_name(grid, l)
            ))),
        }
    }
}
