//! What-if: fork a pane at the current step with a decision of the viewer's. A cursor on
//! the board picks the cell, a typed digit the value; the fork is a new pane whose search
//! forces that decision at the next select (the one shown, when paused on a select) and
//! then runs the preset's own search. It re-runs from step 0, so the history up to here is
//! the same. The picker offers, and checks the digit against, the board at that select:
//! between here and there the propagation (and a backtrack) may have changed it.

use super::{Action, App, Lane, MAX_PANES};
use crate::solver::search::illegal;
use crate::solver::{Cell, Digit, Event, Grid};

/// The preset name whose cell order is the viewer (the default inference otherwise).
pub const MANUAL_PRESET: &str = "you";

/// The fork picker: which pane, the cell under the cursor, and the last refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForkPicker {
    /// Whether it picks a manual pane's next cell (rather than forking).
    pub manual: bool,
    /// The pane to fork.
    pub lane: usize,
    /// The cell under the cursor.
    pub cell: Cell,
    /// Why the last digit was refused, in a sentence.
    pub error: Option<String>,
    /// Where the decision is made: the step of the select it replaces (the current step for
    /// a manual pick, on a select, or for a stream), and the board there.
    pub at: DecisionPoint,
}

/// The step where a fork's decision is made, and the board it is made on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecisionPoint {
    /// The step.
    pub step: u64,
    /// The board there: the cells open and their domains.
    pub grid: Box<Grid>,
}

impl DecisionPoint {
    /// The board `lane` shows now.
    fn here(lane: &Lane) -> DecisionPoint {
        DecisionPoint {
            step: lane.step(),
            grid: Box::new(lane.cursor().replay().grid().clone()),
        }
    }

    /// Where a fork of `lane` decides: the select on screen when paused on one, else the
    /// next select the search makes (after the propagation, and any backtrack, in between),
    /// with the cell that select chose. `None` when the search selects no cell after this
    /// step. A stream's pane decides here (and refuses: its solver is not here to go on).
    fn of(lane: &Lane) -> Option<(DecisionPoint, Option<Cell>)> {
        let cursor = lane.cursor();
        let last_select = || cursor.last_select().and_then(|l| l.event.cell());
        let on_select = matches!(cursor.last().map(|l| l.event), Some(Event::Select { .. }));
        if on_select || cursor.search().is_none() {
            return Some((DecisionPoint::here(lane), last_select()));
        }
        let mut ahead = cursor.clone();
        while let Some(event) = ahead.advance() {
            if let Event::Select { cell, .. } = event {
                let point = DecisionPoint {
                    step: ahead.step(),
                    grid: Box::new(ahead.replay().grid().clone()),
                };
                return Some((point, Some(cell)));
            }
        }
        None
    }
}

impl App {
    /// The fork picker, while open.
    pub fn fork_picker(&self) -> Option<&ForkPicker> {
        self.steer.fork.as_ref()
    }

    /// `f`, the cursor keys, a click, a digit.
    pub(super) fn edit_fork(&mut self, action: Action) {
        match action {
            Action::Fork if self.lanes.iter().any(Lane::awaits_pick) => {
                self.steer.dismissed = None;
                self.open_manual_picker();
            }
            Action::Fork => {
                self.stop();
                if self.lanes.len() >= MAX_PANES {
                    self.message = Some(format!("at most {MAX_PANES} panes: no room for a fork"));
                    return;
                }
                let Some(lane) = self.lanes.first() else {
                    return;
                };
                if lane.at_end() {
                    self.message = Some("the search has ended: nothing left to decide".into());
                    return;
                }
                let Some((at, chosen)) = DecisionPoint::of(lane) else {
                    self.message = Some(
                        "the search selects no cell after this step: nothing to decide".into(),
                    );
                    return;
                };
                let grid = &at.grid;
                let g = grid.geometry();
                // Start on the cell the search chooses there, else the first open cell.
                let cell = chosen
                    .filter(|&c| grid.is_open(c))
                    .or_else(|| g.cells().find(|&c| grid.is_open(c)))
                    .unwrap_or_else(|| g.cell_at(0, 0));
                self.steer.fork = Some(ForkPicker {
                    manual: false,
                    lane: 0,
                    cell,
                    error: None,
                    at,
                });
            }
            Action::Confirm => {
                // Enter: the cell's smallest candidate (ascending value order).
                let digit = self
                    .steer
                    .fork
                    .as_ref()
                    .and_then(|f| f.at.grid.domain(f.cell).first());
                match digit {
                    Some(d) => self.fork_with(d),
                    None => {
                        if let Some(f) = self.steer.fork.as_mut() {
                            f.error = Some("no candidate to decide here".into());
                        }
                    }
                }
            }
            Action::MoveCursor { rows, cols } => {
                let g = self.source.puzzle.geometry();
                let side = g.side();
                // One step around the board, wrapping at its edges.
                let wrap =
                    |i: usize, by: i8| (i + side).wrapping_add_signed(isize::from(by)) % side;
                if let Some(f) = self.steer.fork.as_mut() {
                    let (r, c) = g.row_col(f.cell);
                    f.cell = g.cell_at(wrap(r, rows), wrap(c, cols));
                    f.error = None;
                }
            }
            Action::Inspect { lane, cell } => {
                if let Some(f) = self.steer.fork.as_mut() {
                    f.lane = lane.min(self.lanes.len().saturating_sub(1));
                    f.cell = cell;
                    f.error = None;
                }
            }
            Action::Type(c) => {
                let size = self.source.puzzle.size();
                match Digit::from_symbol(c, size) {
                    Some(d) => self.fork_with(d),
                    None => {
                        if let Some(f) = self.steer.fork.as_mut() {
                            f.error = Some(format!("'{c}' is not a digit of this board"));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Forks with `digit` at the cursor, or says why not (nothing changes then).
    fn fork_with(&mut self, digit: Digit) {
        let Some(picker) = self.steer.fork.clone() else {
            return;
        };
        let Some(lane) = self.lanes.get(picker.lane) else {
            return;
        };
        let cursor = lane.cursor();
        if let Some(reason) = illegal(&picker.at.grid, picker.cell, digit) {
            if let Some(f) = self.steer.fork.as_mut() {
                f.error = Some(format!("refused: {reason}"));
            }
            return;
        }
        if picker.manual {
            if let Some(lane) = self.lanes.get_mut(picker.lane) {
                lane.pick(picker.cell, digit);
            }
            self.steer.fork = None;
            return;
        }
        if self.lanes.len() >= MAX_PANES {
            self.message = Some(format!("at most {MAX_PANES} panes: no room for a fork"));
            return;
        }
        let (Some(start), Some(now)) = (lane.timeline().checkpoint_at(0).search(), cursor.search())
        else {
            if let Some(f) = self.steer.fork.as_mut() {
                f.error = Some(
                    "refused: a stream cannot be forked (its solver is not here to go on)".into(),
                );
            }
            return;
        };
        // The select to replace: the one at the decision point (the one on screen when paused
        // on a select, else the next), counted from the start.
        let step = cursor.step();
        let number = {
            let mut search = start.clone();
            (0..picker.at.step)
                .filter(|_| matches!(search.next(), Some(Event::Select { .. })))
                .count() as u64
        };
        let mut schedule = now.schedule().cloned().unwrap_or_default();
        schedule.truncate(number);
        schedule.insert(number, picker.cell, digit);
        let g = self.source.puzzle.geometry();
        let name = format!(
            "{} {}={}",
            lane.name(),
            g.cell_name(picker.cell),
            digit.symbol(g.size())
        );
        let Some(strategy) = lane.timeline().strategy() else {
            return;
        };
        match Lane::forked(&name, &self.source.puzzle, strategy, schedule) {
            Ok(fork) => {
                self.steer.fork = None;
                self.lanes.push(fork);
                self.credits.push(std::time::Duration::ZERO);
                self.steer.hit_steps.push(Vec::new());
                self.start_divergence();
                self.go_to(step);
                self.message = Some(format!(
                    "forked at step {}: pane {} decides {} ← {} (your decision)",
                    crate::numbers::grouped(step),
                    char::from(b'A' + (self.lanes.len() - 1) as u8),
                    g.cell_name(picker.cell),
                    digit.symbol(g.size())
                ));
            }
            Err(conflict) => self.message = Some(conflict.to_string()),
        }
    }
}

impl App {
    /// Lanes named [`MANUAL_PRESET`] become manual: the viewer chooses their cells.
    #[must_use]
    pub fn with_manual_lanes(mut self) -> App {
        self.make_manual();
        self
    }

    pub(super) fn make_manual(&mut self) {
        for lane in &mut self.lanes {
            if lane.name() == MANUAL_PRESET && !lane.is_manual() {
                let Some(strategy) = lane.timeline().strategy() else {
                    continue;
                };
                if let Ok(manual) = Lane::manual(MANUAL_PRESET, &self.source.puzzle, strategy) {
                    *lane = manual;
                }
            }
        }
    }

    /// Opens the picker on a manual pane that waits for its next cell, unless the viewer
    /// closed it at this very step (`f` opens it again).
    pub(super) fn open_manual_picker(&mut self) {
        if self.steer.fork.is_some() || self.steer.command.is_some() {
            return;
        }
        let Some((i, lane)) = self.lanes.iter().enumerate().find(|(_, l)| l.awaits_pick()) else {
            return;
        };
        if self.steer.dismissed == Some((i, lane.step())) {
            return;
        }
        let grid = lane.cursor().replay().grid();
        let cell = crate::solver::CellOrder::Mrv
            .rank(grid, &[], 1)
            .first()
            .map(|r| r.cell)
            .or_else(|| grid.geometry().cells().find(|&c| grid.is_open(c)));
        if let Some(cell) = cell {
            self.steer.fork = Some(ForkPicker {
                manual: true,
                lane: i,
                cell,
                error: None,
                at: DecisionPoint::here(lane),
            });
        }
    }

    /// What MRV would pick now in pane `lane`, with its candidate count (the manual
    /// picker's hint).
    pub fn mrv_would_pick(&self, lane: usize) -> Option<(Cell, usize)> {
        let grid = self.lanes.get(lane)?.cursor().replay().grid();
        let best = crate::solver::CellOrder::Mrv
            .rank(grid, &[], 1)
            .first()?
            .cell;
        Some((best, grid.domain(best).len()))
    }
}
