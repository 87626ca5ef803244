//! The board's side of contradictions and their undoing: wipeouts stated or derived,
//! backtracks to a named or the latest decision, and solutions.

use super::{Batch, Board, Check, board, list};
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::{Event, WipeoutSite};
use dokuscope_engine::geometry::Cell;
use dokuscope_engine::puzzle::Puzzle;

impl Board {
    pub(super) fn wipeout(
        &mut self,
        line: u64,
        out: &mut Batch,
        site: WipeoutSite,
        depth: Option<u16>,
    ) -> Check {
        let g = self.geometry();
        let grid = self.state.grid();
        let verdict = match site {
            WipeoutSite::Nogood { id } => self.nogood_violated(id).and_then(|()| {
                Self::check_depth(&|| format!("wipeout at nogood #{id}"), depth, self.depth())
            }),
            WipeoutSite::Cell(cell) => {
                let what = || format!("wipeout at {}", g.cell_name(cell));
                if !grid.is_open(cell) {
                    Err(board(format!("{}, but {}", what(), self.holder(cell))))
                } else if !grid.domain(cell).is_empty() {
                    Err(board(format!(
                        "{}, but it still has candidates {}",
                        what(),
                        list(grid.domain(cell))
                    )))
                } else {
                    Self::check_depth(&what, depth, self.depth())
                }
            }
            WipeoutSite::Unit { unit, digit } => {
                let what = || format!("wipeout of {digit} in {}", g.unit_name(unit));
                let places = g
                    .unit_cells(unit)
                    .iter()
                    .filter(|&&c| grid.open_domain(c).contains(digit))
                    .count();
                if grid.placed(unit).contains(digit) {
                    Err(board(format!("{}, but {digit} is placed there", what())))
                } else if places > 0 {
                    Err(board(format!(
                        "{}, but {digit} still has {places} place{} there",
                        what(),
                        if places == 1 { "" } else { "s" }
                    )))
                } else {
                    Self::check_depth(&what, depth, self.depth())
                }
            }
            WipeoutSite::Constraint { constraint } => {
                let rules = g.rules().map_or(&[][..], |r| r.constraints());
                let name = g.constraint_name(constraint);
                let what = || format!("wipeout of {name}");
                match rules.get(usize::from(constraint)) {
                    None => Err(board(format!("{}, which the board does not have", what()))),
                    Some(c) => {
                        let scope = dokuscope_engine::variant::scope(c, g);
                        let domain = |x: Cell| {
                            grid.value(x)
                                .map_or(grid.domain(x), dokuscope_engine::Domain::single)
                        };
                        if dokuscope_engine::variant::satisfiable(g, rules, c, &scope, &domain) {
                            Err(board(format!(
                                "{}, but its cells can still satisfy it",
                                what()
                            )))
                        } else {
                            Self::check_depth(&what, depth, self.depth())
                        }
                    }
                }
            }
        };
        self.reported = true;
        if verdict.is_ok() && matches!(site, WipeoutSite::Unit { .. }) {
            self.waste.sees_units = true;
        }
        let depth = self.depth();
        self.stated(out, line, Event::Wipeout { site, depth }, true);
        verdict
    }

    pub(super) fn backtrack(
        &mut self,
        line: u64,
        out: &mut Batch,
        decision: Option<(Cell, Digit)>,
        depth: Option<u16>,
    ) -> Check {
        let g = self.geometry();
        self.derive_wipeout(line, out);
        let current = self.decisions.len();
        let level = match (decision, depth) {
            (_, _) if current == 0 => {
                return Err(board("backtrack with no decision in effect".into()));
            }
            (Some((cell, digit)), _) => self
                .decisions
                .iter()
                .rposition(|&(c, d, _)| (c, d) == (cell, digit))
                .ok_or_else(|| {
                    let name = g.cell_name(cell);
                    board(format!(
                        "backtrack {name}={digit}, but no decision {name}={digit} is in effect"
                    ))
                })?,
            (None, Some(depth)) if usize::from(depth) >= current => {
                return Err(board(format!(
                    "backtrack to depth {depth}, but {current} decision{} {} in effect",
                    if current == 1 { "" } else { "s" },
                    if current == 1 { "is" } else { "are" }
                )));
            }
            (None, Some(depth)) => usize::from(depth),
            (None, None) => current - 1,
        };
        let (cell, digit, _) = self.decisions[level];
        let verdict = match depth {
            Some(depth) if usize::from(depth) != level => Err(board(format!(
                "backtrack {}={digit} says depth {depth}, but undoing it leaves {level} decision{}",
                g.cell_name(cell),
                if level == 1 { "" } else { "s" }
            ))),
            _ => Ok(()),
        };
        self.state.backtrack_to(level, |_| {});
        self.decisions.truncate(level);
        if self.learned.awaits_jump() {
            // A learning search's jump refutes no decision: what it undoes may come back
            // (the nogood it learned forces its own literal instead).
            self.forget_refuted_below(level);
        } else {
            self.refute(level, cell, digit, line);
        }
        self.contradiction = None;
        self.emptied = None;
        self.reported = false;
        self.full = false;
        // The search goes on with the undone decision's cell (its next value), as the
        // engine does without a new select.
        self.selected = Some(cell);
        let event = Event::Backtrack {
            cell,
            digit,
            depth: level as u16,
        };
        self.stated(out, line, event, true);
        verdict
    }

    pub(super) fn solution(
        &mut self,
        line: u64,
        out: &mut Batch,
        depth: Option<u16>,
        grid: Option<&Puzzle>,
    ) -> Check {
        let g = self.geometry();
        // A local search's solution must also be without a conflict.
        let conflict_free = self.local_solution();
        let board_grid = self.state.grid();
        let open = board_grid.open_count();
        let verdict = if open > 0 {
            Err(board(format!(
                "solution, but {open} cell{} still open",
                if open == 1 { " is" } else { "s are" }
            )))
        } else if let Some(grid) = grid {
            let here = board_grid.to_puzzle();
            // On the board's own regions and peers (a variant's).
            if let Some(conflict) = grid.clone().on(g).conflict() {
                Err(board(format!("solution's grid breaks a rule: {conflict}")))
            } else if let Some(cell) = g.cells().find(|&c| grid.given(c) != here.given(c)) {
                let show = |d: Option<Digit>| d.map_or_else(|| "nothing".into(), |d| d.to_string());
                Err(board(format!(
                    "solution's grid differs from the board at {}: {} there, {} on the board",
                    g.cell_name(cell),
                    show(grid.given(cell)),
                    show(here.given(cell))
                )))
            } else {
                Self::check_depth(&|| "solution".into(), depth, self.depth())
            }
        } else {
            Self::check_depth(&|| "solution".into(), depth, self.depth())
        };
        self.full = false;
        self.reported = true;
        let depth = self.depth();
        self.stated(out, line, Event::Solution { depth }, true);
        conflict_free.and(verdict)
    }
}
