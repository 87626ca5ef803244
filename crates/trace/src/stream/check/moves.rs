//! The board's checks of the two claims every trace makes, an assign and a prune: each
//! judged on the domains the events before it left (the cell open, the digit a candidate,
//! no peer holding it, the cause true of the board), then applied, with the wasted search
//! it may show noted.

use super::{Batch, Board, Check, board, cause};
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::{AssignCause, Event, PruneCause, WipeoutSite};
use dokuscope_engine::geometry::Cell;

impl Board {
    pub(super) fn check_depth(what: &dyn Fn() -> String, given: Option<u16>, after: u16) -> Check {
        match given {
            Some(given) if given != after => Err(board(format!(
                "{} says depth {given}, but {after} decision{} {} in effect",
                what(),
                if after == 1 { "" } else { "s" },
                if after == 1 { "is" } else { "are" },
            ))),
            _ => Ok(()),
        }
    }

    pub(super) fn holder(&self, cell: Cell) -> String {
        let g = self.geometry();
        let grid = self.state.grid();
        let value = grid.value(cell).map_or(0, Digit::get);
        match self.assigned_at[cell.index()] {
            0 => format!("{} holds {value} (a given)", g.cell_name(cell)),
            at => format!(
                "{} already holds {value} (assigned at line {at})",
                g.cell_name(cell)
            ),
        }
    }

    pub(super) fn pruned(&self, cell: Cell, digit: Digit) -> String {
        let at = self.pruned_at[cell.index() * self.side + usize::from(digit.get() - 1)];
        format!(
            "{digit} is no longer a candidate of {} (pruned at line {at})",
            self.geometry().cell_name(cell)
        )
    }

    pub(super) fn assign(
        &mut self,
        line: u64,
        out: &mut Batch,
        (cell, digit): (Cell, Digit),
        depth: Option<u16>,
        cause: Option<AssignCause>,
    ) -> Check {
        let g = self.geometry();
        let what = || format!("assign {}={digit}", g.cell_name(cell));
        let grid = self.state.grid();
        if !grid.is_open(cell) {
            return Err(board(format!("{}, but {}", what(), self.holder(cell))));
        }
        let domain = grid.domain(cell);
        let given = cause.is_some();
        let cause = cause.unwrap_or(AssignCause::Decision);
        if let Some(peer) = grid.peer_holding(cell, digit) {
            // Not applied: a unit holding a digit twice is no board to go on checking.
            return Err(board(format!(
                "{}, but {} already holds {digit}",
                what(),
                g.cell_name(peer)
            )));
        }
        let mut verdict = if !domain.contains(digit) {
            Err(board(format!(
                "{}, but {}",
                what(),
                self.pruned(cell, digit)
            )))
        } else if let AssignCause::Nogood { id } = cause {
            let makes = dokuscope_engine::reason::Literal::equal(cell, digit);
            self.nogood_forces(id, cell, makes)
                .map_err(|e| board(format!("{} {e}", what())))
        } else if let Some(why) = cause::assign(grid, cell, digit, cause) {
            Err(board(format!("{} {why}", what())))
        } else {
            Ok(())
        };
        if verdict.is_ok() {
            self.goes_on(out, cell, cause.is_decision());
            self.ruled_out(out, cell, digit);
            if cause.is_decision() {
                self.retried(out, cell, digit);
            }
        }
        if let AssignCause::HiddenSingle { .. } = cause {
            self.waste.sees_units = true;
        }
        if cause.is_decision() {
            if self.selected.take() != Some(cell) {
                self.derived.decisions_without_select += 1;
            }
            self.state.decide(cell, digit);
            self.decisions.push((cell, digit, line));
        } else {
            self.state.assign(cell, digit);
        }
        self.assigned_at[cell.index()] = line;
        let d = self.depth();
        if verdict.is_ok() {
            verdict = Self::check_depth(&what, depth, d);
        }
        let event = Event::Assign {
            cell,
            digit,
            depth: d,
            cause,
        };
        // Counted before the event is emitted: its counters are taken with it.
        if self
            .givens
            .as_ref()
            .is_some_and(|p| p.given(cell) == Some(digit))
        {
            self.stats.givens += 1;
        }
        self.stated(out, line, event, given);
        // The cell's other candidates stop being places of their digits.
        let grid = self.state.grid();
        if self.contradiction.is_none() {
            for other in domain.without(digit) {
                if let Some(unit) = g
                    .units_of(cell)
                    .into_iter()
                    .find(|&u| grid.places(u, other) == 0 && !grid.placed(u).contains(other))
                {
                    self.contradiction = Some(WipeoutSite::Unit { unit, digit: other });
                    self.contradiction_line = line;
                    break;
                }
            }
        }
        // A variant's full board is a solution only when its constraints hold too.
        self.full = grid.open_count() == 0
            && g.rules().is_none_or(|r| {
                r.constraints().iter().all(|c| {
                    dokuscope_engine::variant::holds(g, r.constraints(), c, &|x| grid.value(x))
                })
            });
        self.note_dead_peers(cell, line);
        verdict
    }

    pub(super) fn prune(
        &mut self,
        line: u64,
        out: &mut Batch,
        (cell, digit): (Cell, Digit),
        depth: Option<u16>,
        cause: Option<PruneCause>,
    ) -> Check {
        let g = self.geometry();
        let what = || format!("prune {digit} from {}", g.cell_name(cell));
        let grid = self.state.grid();
        if !grid.is_open(cell) {
            return Err(board(format!("{}, but {}", what(), self.holder(cell))));
        }
        if !grid.domain(cell).contains(digit) {
            return Err(board(format!(
                "{}, but {}",
                what(),
                self.pruned(cell, digit)
            )));
        }
        let mut verdict = match cause {
            Some(PruneCause::Nogood { id }) => {
                let makes = dokuscope_engine::reason::Literal::differ(cell, digit);
                self.nogood_forces(id, cell, makes)
                    .map_err(|e| board(format!("{} {e}", what())))
            }
            _ => match cause.and_then(|c| cause::prune(grid, cell, digit, c)) {
                Some(why) => Err(board(format!("{} {why}", what()))),
                None => Ok(()),
            },
        };
        if verdict.is_ok() {
            self.goes_on(out, cell, false);
        }
        if let Some(PruneCause::HiddenSingle { .. }) = cause {
            self.waste.sees_units = true;
        }
        if let Some(PruneCause::ForwardCheck { .. } | PruneCause::Revise { .. }) = cause {
            self.waste.sees_peers = true;
        }
        let left = self.state.prune(cell, digit);
        self.pruned_at[cell.index() * self.side + usize::from(digit.get() - 1)] = line;
        let d = self.depth();
        if verdict.is_ok() {
            verdict = Self::check_depth(&what, depth, d);
        }
        let event = Event::Prune {
            cell,
            digit,
            depth: d,
            cause: cause.unwrap_or(PruneCause::Refuted),
        };
        self.stated(out, line, event, cause.is_some());
        if left.is_empty() && self.emptied.is_none() {
            self.emptied = Some((cell, line));
        } else if !left.is_empty() {
            self.note_dead_cell(cell, line);
        }
        if self.contradiction.is_none() {
            let grid = self.state.grid();
            self.contradiction_line = line;
            self.contradiction = if left.is_empty() {
                Some(WipeoutSite::Cell(cell))
            } else {
                g.units_of(cell)
                    .into_iter()
                    .find(|&u| grid.places(u, digit) == 0 && !grid.placed(u).contains(digit))
                    .map(|unit| WipeoutSite::Unit { unit, digit })
            };
        }
        verdict
    }
}
