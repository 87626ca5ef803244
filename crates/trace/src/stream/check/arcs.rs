//! The board's side of arc revisions (an addition to version 1): the arc joins two peers,
//! each digit it says it removed had no support in the peer at that moment, and its prunes
//! follow it at once.

use super::{Batch, Board, Check, board};
use crate::stream::claim::{Claim, Revision};
use dokuscope_engine::domain::{Digit, Domain};
use dokuscope_engine::event::Event;
use dokuscope_engine::geometry::Cell;

/// The prunes a revision said it made, owed by the lines right after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Owed {
    cell: Cell,
    against: Cell,
    digits: Domain,
    line: u64,
}

impl Board {
    pub(super) fn revise(&mut self, line: u64, out: &mut Batch, said: Revision) -> Check {
        let (cell, against) = (said.cell, said.against);
        let g = self.geometry();
        let (xi, xj) = (g.cell_name(cell), g.cell_name(against));
        let what = || format!("revise {xi} against {xj}");
        let removed = said.removed.unwrap_or_default();
        let verdict = if !g.are_peers(cell, against) {
            Err(board(format!(
                "{}, but they are not peers: no constraint links them",
                what()
            )))
        } else if removed.len() > 1 {
            Err(board(format!(
                "{} removes {} digits, but a ≠ constraint leaves at most one digit without support (the peer's only one)",
                what(),
                removed.len()
            )))
        } else if let Some(digit) = removed.first() {
            self.unsupported(cell, against, digit)
                .map_err(|why| board(format!("{} removes {digit}, but {why}", what())))
        } else {
            Ok(())
        };
        let verdict = verdict.and_then(|()| Self::check_depth(&what, said.depth, self.depth()));
        if verdict.is_ok() && !removed.is_empty() {
            self.owed = Some(Owed {
                cell,
                against,
                digits: removed,
                line,
            });
        }
        let saturate = |n: Option<u32>, max: u32| n.map_or(0, |n| n.min(max));
        let event = Event::Revise {
            cell,
            against,
            removed: removed.first(),
            checks: saturate(said.checks, 255) as u8,
            queue: saturate(said.queue, 65_535) as u16,
            requeued: saturate(said.requeued, 255) as u8,
            depth: self.depth(),
        };
        self.stated(out, line, event, true);
        verdict
    }

    /// Why `digit` of `cell` has a support in `against`, or is no candidate to remove.
    fn unsupported(&self, cell: Cell, against: Cell, digit: Digit) -> Result<(), String> {
        let g = self.geometry();
        let grid = self.state.grid();
        if !grid.is_open(cell) {
            return Err(self.holder(cell));
        }
        if !grid.domain(cell).contains(digit) {
            return Err(self.pruned(cell, digit));
        }
        let name = g.cell_name(against);
        match grid.value(against) {
            Some(held) if held != digit => Err(format!("{name} holds {held}, which supports it")),
            Some(_) => Ok(()),
            None => match grid.domain(against).iter().find(|&y| y != digit) {
                Some(y) => Err(format!(
                    "{y} of {name}'s candidates {} supports it",
                    super::list(grid.domain(against))
                )),
                None => Ok(()),
            },
        }
    }

    /// Before `claim`: the prunes a revision owes must come first, one line each.
    pub(super) fn owed_first(&mut self, claim: &Claim) -> Check {
        let Some(owed) = self.owed else {
            return Ok(());
        };
        if let Claim::Prune { cell, digit, .. } = *claim {
            if cell == owed.cell && owed.digits.contains(digit) {
                let left = owed.digits.without(digit);
                self.owed = (!left.is_empty()).then_some(Owed {
                    digits: left,
                    ..owed
                });
                return Ok(());
            }
        }
        self.owed = None;
        Err(board(
            self.owed_sentence(owed, "this line is not its prune"),
        ))
    }

    /// At the end of the stream: a revision's prune still owed.
    pub(super) fn owed_at_end(&mut self) -> Check {
        match self.owed.take() {
            Some(owed) => Err(board(
                self.owed_sentence(owed, "the stream ended before its prune"),
            )),
            None => Ok(()),
        }
    }

    fn owed_sentence(&self, owed: Owed, but: &str) -> String {
        let g = self.geometry();
        let digits: Vec<String> = owed.digits.iter().map(|d| d.to_string()).collect();
        format!(
            "revise {} against {} at line {} removed {}, but {but}",
            g.cell_name(owed.cell),
            g.cell_name(owed.against),
            owed.line,
            digits.join(" and ")
        )
    }
}
