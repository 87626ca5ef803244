//! The board a trace is checked against: each claim is judged on the domains the events
//! before it left, then applied, and turned into the engine's [`Event`]s, with the
//! optional events (wipeout, solution) and fields (depth, causes) derived where absent,
//! and wasted search noted as warnings beside them.

mod arcs;
mod assignment;
mod end;
mod lookback;
mod moves;
mod nogood;
mod select;
mod waste;

pub use super::batch::{Batch, Checked, Derived};
use super::cause::{self, list};
use super::claim::{Claim, Record};
use super::error::StreamErrorKind;
use super::warn::Warnings;
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::{Event, WipeoutSite};
use dokuscope_engine::geometry::{Cell, Geometry};
use dokuscope_engine::puzzle::{Givens, Puzzle};
use dokuscope_engine::state::State;
use dokuscope_engine::stats::Stats;

/// The board of one stream and what the checker knows of its history.
#[derive(Clone, Debug)]
pub struct Board {
    state: State,
    side: usize,
    /// The decisions in effect: cell, digit, and the line that made each.
    decisions: Vec<(Cell, Digit, u64)>,
    /// For each (cell, digit): the line that last pruned it.
    pruned_at: Vec<u64>,
    /// For each cell: the line that last assigned it (0 for givens).
    assigned_at: Vec<u64>,
    /// Steps (stated events) so far.
    step: u64,
    /// The first contradiction on the board since the last backtrack.
    contradiction: Option<WipeoutSite>,
    /// The line that made it.
    contradiction_line: u64,
    /// The first cell left without a candidate since then, and the line that emptied it.
    emptied: Option<(Cell, u64)>,
    /// Whether a wipeout or a solution was stated or derived since then.
    reported: bool,
    /// Whether the grid is full and no solution was reported yet.
    full: bool,
    /// The cell of the last select, until a decision uses it.
    selected: Option<Cell>,
    /// The culprits stated for the failure under way, for the backjump after them, and
    /// whether the last event was one (a culprit after anything else begins a new set).
    culprits: Vec<Cell>,
    gathering: bool,
    /// Restarts so far.
    runs: u32,
    /// The event that ended the search, and its line.
    ended: Option<(&'static str, u64)>,
    stats: Stats,
    derived: Derived,
    /// The puzzle's givens when they start as domains (`None` when placed).
    givens: Option<Puzzle>,
    /// What the checker found wasted, and how it knows.
    waste: waste::Waste,
    /// A local search's board, when the start object says `"search":"local"`.
    local: Option<Box<assignment::Local>>,
    /// The prunes the last revision said it made, owed by the next lines.
    owed: Option<arcs::Owed>,
    /// The nogoods learned (an addition to version 1).
    learned: nogood::Learned,
}

type Check = Result<(), StreamErrorKind>;

fn board(message: String) -> StreamErrorKind {
    StreamErrorKind::Board(message)
}

impl Board {
    /// The initial state of `puzzle` (whose givens do not conflict), its givens placed or
    /// as one-digit domains.
    pub fn new(puzzle: &Puzzle, givens: Givens) -> Board {
        let g = puzzle.geometry();
        let side = g.side();
        Board {
            state: State::start(puzzle, givens),
            side,
            decisions: Vec::with_capacity(g.cell_count()),
            pruned_at: vec![0; g.cell_count() * side],
            assigned_at: vec![0; g.cell_count()],
            step: 0,
            contradiction: None,
            contradiction_line: 0,
            emptied: None,
            reported: false,
            full: false,
            selected: None,
            culprits: Vec::new(),
            gathering: false,
            runs: 0,
            ended: None,
            stats: Stats::default(),
            derived: Derived::default(),
            givens: (givens == Givens::Domains).then(|| puzzle.clone()),
            waste: waste::Waste::default(),
            local: None,
            owed: None,
            learned: nogood::Learned::default(),
        }
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &'static Geometry {
        self.state.grid().geometry()
    }

    /// The state after the events so far.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The counters of the events so far, as the engine counts its own.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// What the checker derived.
    pub fn derived(&self) -> &Derived {
        &self.derived
    }

    /// The warnings so far, counted by kind.
    pub fn warnings(&self) -> &Warnings {
        &self.waste.counts
    }

    /// Steps (stated events) so far.
    pub fn step(&self) -> u64 {
        self.step
    }

    fn emit(&mut self, out: &mut Batch, checked: Checked) {
        match checked.event {
            Event::Prune { .. } if !checked.cause_given => {
                self.stats.events += 1;
                self.stats.prunes += 1;
                self.derived.prunes_without_cause += 1;
            }
            event => self.stats.record(&event),
        }
        out.events.push(checked);
        out.after.push(self.stats);
    }

    fn derive(&mut self, out: &mut Batch, line: u64, event: Event) {
        match event {
            Event::Wipeout { .. } => self.derived.wipeouts += 1,
            Event::Solution { .. } => self.derived.solutions += 1,
            _ => {}
        }
        let checked = Checked {
            event,
            line,
            cause_given: true,
            derived: true,
            warned: false,
        };
        self.emit(out, checked);
    }

    fn depth(&self) -> u16 {
        self.state.depth() as u16
    }

    /// Checks `record` (from line `line`) against the board, applies it where it can, and
    /// puts the resulting events and the line's first error into `out`.
    pub fn apply(&mut self, line: u64, record: Record, out: &mut Batch) {
        if let Some((end, at)) = self.ended {
            out.fail(StreamErrorKind::Order(format!(
                "an event after the search ended ({end} at line {at})"
            )));
            return;
        }
        self.step += 1;
        if let Some(step) = record.step {
            if step != self.step {
                out.fail(StreamErrorKind::Order(format!(
                    "step {step} follows step {} (expected {})",
                    self.step - 1,
                    self.step
                )));
                self.step = step;
            }
        }
        // Culprits belong to the failure whose wipeout, weight and backjump follow them.
        let culprit = matches!(record.claim, Claim::Culprit { .. });
        let failure = matches!(
            record.claim,
            Claim::Wipeout { .. } | Claim::Weight { .. } | Claim::Backtrack { .. }
        );
        if (culprit && !self.gathering) || !(culprit || failure) {
            self.culprits.clear();
        }
        self.gathering = culprit;
        if let Err(kind) = self.owed_first(&record.claim) {
            out.fail(kind);
        }
        self.before_learning(&record.claim);
        if self.full && !matches!(record.claim, Claim::Solution { .. }) {
            self.full = false;
            self.reported = true;
            let depth = self.depth();
            self.derive(out, line, Event::Solution { depth });
        }
        if let Some(kind) = self.out_of_place(&record.claim) {
            out.fail(kind);
            return;
        }
        let result = match record.claim {
            Claim::Start(_) => Err(StreamErrorKind::Order("a second start object".into())),
            Claim::Select {
                cell,
                domain,
                depth,
                candidates,
            } => self.select(line, out, cell, domain, depth, candidates),
            Claim::Assign {
                cell,
                digit,
                depth,
                cause,
            } => self.assign(line, out, (cell, digit), depth, cause),
            Claim::Prune {
                cell,
                digit,
                depth,
                cause,
            } => self.prune(line, out, (cell, digit), depth, cause),
            Claim::Wipeout { site, depth } => self.wipeout(line, out, site, depth),
            Claim::Backtrack {
                decision,
                depth,
                conflict,
            } => self.backtrack_claim(line, out, decision, depth, conflict),
            Claim::Culprit { cell, digit, depth } => self.culprit(line, out, cell, digit, depth),
            Claim::Weight {
                cells,
                weight,
                depth,
            } => self.weight(line, out, cells, weight, depth),
            Claim::Restart { run, cutoff } => self
                .restart(line, out, run, cutoff)
                .and_then(|()| self.check_asserting(true)),
            ref claim @ Claim::Learn { .. } => self.learn(line, out, claim),
            ref claim @ (Claim::Set { .. } | Claim::Swap { .. }) => {
                self.local_move(line, out, claim)
            }
            Claim::Revise(revision) => self.revise(line, out, revision),
            Claim::Solution { depth, grid } => self.solution(line, out, depth, grid.as_ref()),
            Claim::Exhausted => {
                self.end(line, out, Event::Exhausted);
                Ok(())
            }
            Claim::Limit => {
                self.end(line, out, Event::Limit);
                Ok(())
            }
        };
        if let Err(kind) = result {
            out.fail(kind);
        }
    }

    /// A backtrack's claim: its conflict set checked first (a backjump's), then the
    /// backtrack, then the nogood learned before it, if one was, asserting.
    fn backtrack_claim(
        &mut self,
        line: u64,
        out: &mut Batch,
        decision: Option<(Cell, Digit)>,
        depth: Option<u16>,
        conflict: Option<Vec<Cell>>,
    ) -> Check {
        let checked = match conflict {
            Some(set) => self.conflict_set(line, out, &set),
            None => Ok(()),
        };
        self.culprits.clear();
        checked
            .and_then(|()| self.backtrack(line, out, decision, depth))
            .and_then(|()| self.check_asserting(false))
    }

    /// Ends the stream: a cell left without a candidate or a full grid that was not
    /// reported gets its wipeout or solution.
    pub fn finish(&mut self, line: u64, out: &mut Batch) {
        if let Err(kind) = self.owed_at_end() {
            out.fail(kind);
        }
        self.derive_cell_wipeout(line, out);
        if self.full {
            self.full = false;
            let depth = self.depth();
            self.derive(out, line, Event::Solution { depth });
        }
    }

    /// Derives the wipeout of the contradiction on the board, if there is one and nothing
    /// reported it.
    fn derive_wipeout(&mut self, line: u64, out: &mut Batch) {
        if !self.reported {
            if let Some(site) = self.contradiction {
                self.reported = true;
                let depth = self.depth();
                self.derive(out, line, Event::Wipeout { site, depth });
            }
        }
    }

    /// At the end of the search, only a cell without a candidate is a wipeout to derive: a
    /// solver with forward checking alone never looks for a digit without a place, and
    /// may stop at its limit with one on the board.
    fn derive_cell_wipeout(&mut self, line: u64, out: &mut Batch) {
        if !self.reported {
            if let Some((cell, _)) = self.emptied {
                self.reported = true;
                let depth = self.depth();
                let site = WipeoutSite::Cell(cell);
                self.derive(out, line, Event::Wipeout { site, depth });
            }
        }
    }

    fn end(&mut self, line: u64, out: &mut Batch, event: Event) {
        self.derive_cell_wipeout(line, out);
        self.ended = Some((event.kind(), line));
        self.stated(out, line, event, true);
    }

    fn stated(&mut self, out: &mut Batch, line: u64, event: Event, cause_given: bool) {
        let checked = Checked {
            event,
            line,
            cause_given,
            derived: false,
            warned: !out.warnings.is_empty(),
        };
        self.emit(out, checked);
    }
}
