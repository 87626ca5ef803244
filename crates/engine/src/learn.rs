//! What looks back at failures: conflict sets for conflict-directed backjumping, the
//! constraint weights of dom/wdeg, restarts, and ties broken at random.
//!
//! The [`Learner`] is the search's ear (Pumpkin's brancher, Choco's monitors): it hears the
//! engine's own events through an [`Observe`] sink, and the engine asks it three things, at
//! the only places a look-back search differs from chronological backtracking: which cell
//! to select, which assigned peer a rejected digit is blamed on, and where a failure sends
//! the search. A strategy that does not look back never builds one, and the engine's code
//! for the other sinks is compiled without a question asked (see [`Sink::learner`]).

mod conflicts;
mod jump;
mod observe;
mod select;
mod weights;

use super::domain::Digit;
use super::event::{Event, PruneCause, WipeoutSite};
use super::geometry::{Cell, Geometry};
use super::strategy::{LookBack, Restart, Strategy};
use conflicts::Levels;
pub(crate) use jump::Answer;
pub(crate) use observe::Observe;
pub use select::Ratio;
use weights::Weights;

#[cfg(doc)]
use super::search::Sink;

/// The look-back state of one search.
#[derive(Clone, Debug)]
pub(crate) struct Learner {
    geometry: &'static Geometry,
    lookback: LookBack,
    restart: Restart,
    seed: Option<u64>,
    rng: fastrand::Rng,
    /// The decisions in effect, by level (level 1 first).
    decisions: Vec<(Cell, Digit)>,
    /// Each cell's decision level while it holds a decision, else 0.
    level: Vec<u16>,
    /// For conflict-directed backjumping without forward checking: the cell holding each
    /// (unit, digit) placed, at `unit × side + digit − 1` (see [`Learner::culprit`]).
    holders: Vec<Cell>,
    /// Whether the givens are in `holders` (done at the search's first culprit).
    holders_ready: bool,
    /// For each level: the conflict set of the frame whose decisions take that level
    /// (Prosser's `conf-set`): culprits of its rejected digits, and the sets merged into it
    /// by the backjumps that landed on it.
    conf: Levels,
    /// For each cell: the levels whose forward checks pruned its domain (Prosser's `past-fc`).
    past: Levels,
    /// Whether a contradiction was found since the last backtrack: what the next backtrack
    /// answers.
    failed: bool,
    /// The conflict set of that contradiction, by level ascending (conflict-directed
    /// backjumping): the culprits reported before its wipeout, the latest its jump target.
    culprits: Vec<usize>,
    /// The words of a conflict set while it is being found, kept between failures.
    scratch: Vec<u64>,
    /// A constraint's new weight, learned from the wipeout just heard.
    taught: Option<Event>,
    /// The latest prune: the cell, and the peer whose check made it (if a peer did).
    last_prune: Option<(Cell, Option<Cell>)>,
    weights: Option<Weights>,
    /// The cell whose decisions are being tried: the last selected, or the one a backtrack
    /// returned to.
    frame: Option<Cell>,
    /// Last-conflict reasoning: the cell to choose again while it is open.
    last_conflict: Option<Cell>,
    /// The run under way (from 1), its failures so far, and whether a solution ended the
    /// restarts (the search then finishes its run to count the solutions).
    run: u32,
    failures: u64,
    solved: bool,
}

impl Learner {
    /// The learner of `strategy` on boards of `geometry`, if the strategy looks back.
    pub(crate) fn new(geometry: &'static Geometry, strategy: &Strategy) -> Option<Learner> {
        if !strategy.looks_back() {
            return None;
        }
        let cells = geometry.cell_count();
        Some(Learner {
            geometry,
            lookback: strategy.lookback,
            restart: strategy.restart,
            seed: strategy.seed,
            rng: fastrand::Rng::with_seed(strategy.seed.unwrap_or(0)),
            decisions: Vec::with_capacity(cells),
            level: vec![0; cells],
            holders: vec![Cell::new(0); geometry.unit_count() * geometry.side()],
            holders_ready: false,
            conf: Levels::new(cells + 2, cells),
            past: Levels::new(cells, cells),
            failed: false,
            culprits: Vec::new(),
            scratch: Vec::new(),
            taught: None,
            last_prune: None,
            weights: strategy.order.learns().then(|| Weights::new(geometry)),
            frame: None,
            last_conflict: None,
            run: 1,
            failures: 0,
            solved: false,
        })
    }

    /// Back to the start of a search: what was learned is forgotten, the seed's sequence
    /// starts again.
    pub(crate) fn reset(&mut self) {
        for &(cell, _) in &self.decisions {
            self.level[cell.index()] = 0;
        }
        self.decisions.clear();
        self.holders_ready = false;
        self.conf.clear_all();
        self.past.clear_all();
        self.failed = false;
        self.culprits.clear();
        self.taught = None;
        self.last_prune = None;
        if let Some(weights) = &mut self.weights {
            weights.reset();
        }
        self.frame = None;
        self.last_conflict = None;
        self.rng = fastrand::Rng::with_seed(self.seed.unwrap_or(0));
        self.run = 1;
        self.failures = 0;
        self.solved = false;
    }

    /// Breaks the order's ties from `seed` from the next [`Learner::reset`] on.
    pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// Hears one of the search's own events, before anyone else does. At a wipeout it
    /// finds the failure's conflict set ([`Learner::culprits`], to report before the
    /// wipeout) and what dom/wdeg learns from it ([`Learner::taught`], to report after).
    pub(crate) fn hear(&mut self, event: &Event) {
        match *event {
            Event::Select { cell, depth, .. } => {
                // A new frame: its decisions will take level depth + 1.
                self.conf.clear(usize::from(depth) + 1);
                self.frame = Some(cell);
            }
            Event::Assign {
                cell,
                digit,
                depth,
                cause,
            } if cause.is_decision() => {
                self.decisions.push((cell, digit));
                self.level[cell.index()] = depth;
                if self.backjumps() {
                    self.hold(cell, digit);
                }
            }
            Event::Prune {
                cell, depth, cause, ..
            } => {
                let culprit = match cause {
                    PruneCause::ForwardCheck { from } => Some(from),
                    PruneCause::Revise { against } => Some(against),
                    PruneCause::Conflict { with } => Some(with),
                    _ => None,
                };
                self.last_prune = Some((cell, culprit));
                if let Some(culprit) = culprit {
                    let level = usize::from(self.level[culprit.index()]);
                    if level > 0 {
                        match cause {
                            // The check of the frame's own digit against an assigned peer.
                            PruneCause::Conflict { .. } => {
                                self.conf.insert(usize::from(depth) + 1, level);
                            }
                            _ => self.past.insert(cell.index(), level),
                        }
                    }
                }
            }
            Event::Wipeout { site, depth } => self.fail(site, usize::from(depth)),
            Event::Backtrack { cell, depth, .. } => {
                self.undo_to(usize::from(depth));
                self.frame = Some(cell);
            }
            Event::Restart { run, .. } => {
                self.undo_to(0);
                self.frame = None;
                self.run = run;
                self.failures = 0;
            }
            Event::Solution { .. } => self.solved = true,
            Event::Assign { .. }
            | Event::Culprit { .. }
            | Event::Weight { .. }
            | Event::Set { .. }
            | Event::Swap { .. }
            | Event::Revise { .. }
            | Event::Exhausted
            | Event::Limit => {}
        }
    }

    /// A contradiction at `site`, with `depth` decisions in effect.
    fn fail(&mut self, site: WipeoutSite, depth: usize) {
        self.failed = true;
        self.failures += 1;
        // Last-conflict reasoning remembers the cell whose decisions led here.
        self.last_conflict = self.frame;
        self.taught = None;
        if let WipeoutSite::Cell(cell) = site {
            if let (Some(weights), Some((pruned, Some(peer)))) =
                (&mut self.weights, self.last_prune)
            {
                if pruned == cell {
                    self.taught = Some(Event::Weight {
                        cells: [cell, peer],
                        weight: weights.bump(cell, peer),
                        depth: depth as u16,
                    });
                }
            }
        }
        self.culprits.clear();
        if self.backjumps() {
            self.find_conflict_set(site, depth);
        }
    }

    /// The culprits of the wipeout just heard, as events to report before it.
    pub(crate) fn culprits(&self, depth: u16) -> impl Iterator<Item = Event> + '_ {
        self.culprits.iter().map(move |&level| {
            let (cell, digit) = self.decisions[level - 1];
            Event::Culprit { cell, digit, depth }
        })
    }

    /// What dom/wdeg learned from the wipeout just heard, to report after it.
    pub(crate) fn taught(&mut self) -> Option<Event> {
        self.taught.take()
    }

    /// The decisions after the first `depth` are undone: their levels, and what their
    /// forward checks pruned, are forgotten.
    fn undo_to(&mut self, depth: usize) {
        for &(cell, _) in self.decisions.get(depth..).unwrap_or_default() {
            self.level[cell.index()] = 0;
        }
        self.decisions.truncate(depth);
        self.past.keep_below(depth + 1);
        self.failed = false;
        self.culprits.clear();
    }

    /// The board's geometry.
    pub(crate) fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The constraint weights, for dom/wdeg.
    pub(crate) fn weights(&self) -> Option<&Weights> {
        self.weights.as_ref()
    }

    /// The run under way, from 1.
    pub(crate) fn run(&self) -> u32 {
        self.run
    }
}
