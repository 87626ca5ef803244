//! The board's side of a local search's trace (`"search":"local"`): a complete assignment
//! changed by `set` and `swap`. What can be checked is: a set or swap never changes a given,
//! a digit it says a cell held (`from`, a swap's `digits`) is what the board has, the
//! conflicts it reports (pairs of peers holding the same digit) are the board's, and a
//! solution is a full board without a conflict. The events of a backtracking search have no
//! place in such a trace, nor a local search's in another.

use super::{Batch, Board, Check, board};
use crate::stream::claim::Claim;
use crate::stream::error::StreamErrorKind;
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::Event;
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::local::Assignment;
use dokuscope_engine::puzzle::Puzzle;

/// A local search's board beside the checker's grid: its conflicts, kept as cells change.
#[derive(Clone, Debug)]
pub(crate) struct Local {
    assignment: Assignment,
}

impl Board {
    /// Makes this the board of a local search on `puzzle` (its start said
    /// `"search":"local"`): its givens placed, every other cell empty until set.
    pub fn search_locally(&mut self, puzzle: &Puzzle) {
        self.local = Some(Box::new(Local {
            assignment: Assignment::new(puzzle),
        }));
    }

    /// Why `claim` has no place in this trace, if it has none: a local search's event in a
    /// backtracking search's trace, or a backtracking search's event in a local one's.
    pub(super) fn out_of_place(&self, claim: &Claim) -> Option<StreamErrorKind> {
        let local_event = matches!(claim, Claim::Set { .. } | Claim::Swap { .. });
        let kind = match claim {
            Claim::Select { .. } => "select",
            Claim::Assign { .. } => "assign",
            Claim::Prune { .. } => "prune",
            Claim::Wipeout { .. } => "wipeout",
            Claim::Backtrack { .. } => "backtrack",
            Claim::Culprit { .. } => "culprit",
            Claim::Weight { .. } => "weight",
            Claim::Revise(_) => "revise",
            Claim::Learn { .. } => "learn",
            Claim::Exhausted => "exhausted",
            Claim::Set { .. } => "set",
            Claim::Swap { .. } => "swap",
            Claim::Start(_) | Claim::Restart { .. } | Claim::Solution { .. } | Claim::Limit => {
                return None;
            }
        };
        match (self.local.is_some(), local_event) {
            (false, true) => Some(StreamErrorKind::Field(format!(
                "{kind} is an event of a local search, and this trace's start object does not say \"search\":\"local\""
            ))),
            (true, false) => Some(StreamErrorKind::Field(format!(
                "{kind} has no place in a local search's trace (its start says \"search\":\"local\"): a local search changes its assignment with set and swap"
            ))),
            _ => None,
        }
    }

    /// A `set` or a `swap`: checked, applied (but to a given), and reported.
    pub(super) fn local_move(&mut self, line: u64, out: &mut Batch, claim: &Claim) -> Check {
        match *claim {
            Claim::Set {
                cell,
                digit,
                from,
                conflicts,
                walk,
            } => self.local_set(line, out, (cell, digit), from, (conflicts, walk)),
            Claim::Swap {
                cells,
                digits,
                conflicts,
                walk,
            } => self.local_swap(line, out, cells, digits, (conflicts, walk)),
            _ => Ok(()),
        }
    }

    /// A `set`: checked, applied (but to a given), and reported.
    fn local_set(
        &mut self,
        line: u64,
        out: &mut Batch,
        (cell, digit): (Cell, Digit),
        from: Option<Digit>,
        (conflicts, walk): (Option<u32>, bool),
    ) -> Check {
        let g = self.geometry();
        let name = g.cell_name(cell);
        let what = || format!("set {name}={digit}");
        let local = self
            .local
            .as_mut()
            .expect("BUG: a set reaches a local board");
        if local.assignment.is_given(cell) {
            let given = local.assignment.value(cell).map_or(0, Digit::get);
            return Err(board(format!(
                "{}, but {name} is a given ({given})",
                what()
            )));
        }
        let held = local.assignment.value(cell);
        let mut verdict = match (from, held) {
            (Some(from), Some(held)) if from != held => Err(board(format!(
                "{} from {from}, but {name} holds {held}",
                what()
            ))),
            (Some(from), None) => Err(board(format!(
                "{} from {from}, but {name} is empty",
                what()
            ))),
            _ => Ok(()),
        };
        local.assignment.set(cell, Some(digit));
        self.state.set_value(cell, Some(digit));
        if verdict.is_ok() {
            verdict = self.reported_conflicts(&what, conflicts);
        }
        let event = Event::Set {
            cell,
            digit,
            from: held,
            conflicts: self.conflict_count(),
            walk,
        };
        self.moved(out, line, event);
        verdict
    }

    /// A `swap`: checked, applied (but to a given), and reported.
    fn local_swap(
        &mut self,
        line: u64,
        out: &mut Batch,
        [a, b]: [Cell; 2],
        digits: Option<[Digit; 2]>,
        (conflicts, walk): (Option<u32>, bool),
    ) -> Check {
        let g = self.geometry();
        let (na, nb) = (g.cell_name(a), g.cell_name(b));
        let what = || format!("swap {na} and {nb}");
        let local = self
            .local
            .as_mut()
            .expect("BUG: a swap reaches a local board");
        if a == b {
            return Err(board(format!("{}: a swap needs two cells", what())));
        }
        if let Some(given) = [a, b].into_iter().find(|&c| local.assignment.is_given(c)) {
            let digit = local.assignment.value(given).map_or(0, Digit::get);
            return Err(board(format!(
                "{}, but {} is a given ({digit})",
                what(),
                g.cell_name(given)
            )));
        }
        local.assignment.swap(a, b);
        self.state.swap_values(a, b);
        let now = [a, b].map(|c| local.assignment.value(c));
        let mut verdict = match digits {
            Some(said) if now != said.map(Some) => Err(board(format!(
                "{} to digits [{},{}], but after it they hold {} and {}",
                what(),
                said[0],
                said[1],
                now[0].map_or_else(|| "nothing".into(), |d| d.to_string()),
                now[1].map_or_else(|| "nothing".into(), |d| d.to_string())
            ))),
            _ => Ok(()),
        };
        if verdict.is_ok() {
            verdict = self.reported_conflicts(&what, conflicts);
        }
        let event = Event::Swap {
            cells: [a, b],
            conflicts: self.conflict_count(),
            walk,
        };
        self.moved(out, line, event);
        verdict
    }

    /// The conflicts on a local board, as an event carries them.
    fn conflict_count(&self) -> u16 {
        self.local.as_ref().map_or(0, |l| {
            u16::try_from(l.assignment.total()).unwrap_or(u16::MAX)
        })
    }

    /// Whether the conflicts a move reported are the board's.
    fn reported_conflicts(&self, what: &dyn Fn() -> String, said: Option<u32>) -> Check {
        let actual = self.local.as_ref().map_or(0, |l| l.assignment.total());
        match said {
            Some(said) if said != actual => Err(board(format!(
                "{} says {said} conflicts, but the board has {actual} (pairs of peers holding the same digit)",
                what()
            ))),
            _ => Ok(()),
        }
    }

    /// Reports a move; a full board without a conflict is a solution to derive when the
    /// next line does not state it.
    fn moved(&mut self, out: &mut Batch, line: u64, event: Event) {
        self.stated(out, line, event, true);
        self.full = self
            .local
            .as_ref()
            .is_some_and(|l| l.assignment.total() == 0 && l.assignment.is_full());
    }

    /// A local search's `solution`: the board must be full and without a conflict.
    pub(super) fn local_solution(&self) -> Check {
        let Some(local) = self.local.as_ref() else {
            return Ok(());
        };
        let g = self.geometry();
        let conflicts = local.assignment.total();
        if conflicts == 0 {
            return Ok(());
        }
        // Name one conflicting pair, the first in reading order.
        let pair = g.cells().find_map(|c| {
            let digit = local.assignment.value(c)?;
            g.peers(c)
                .iter()
                .find(|&&p| p > c && local.assignment.value(p) == Some(digit))
                .map(|&p| (c, p, digit))
        });
        let example = pair.map_or_else(String::new, |(a, b, d)| {
            format!(": {} and {} both hold {d}", g.cell_name(a), g.cell_name(b))
        });
        Err(board(format!(
            "solution, but the board has {conflicts} conflict{}{example}",
            if conflicts == 1 { "" } else { "s" }
        )))
    }
}
