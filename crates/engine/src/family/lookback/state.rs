//! The look-back family's state: decisions by level, conflict sets, weights, the run.

use super::conflicts::Levels;
use super::weights::Weights;
use crate::domain::Digit;
use crate::event::{Event, WipeoutSite};
use crate::geometry::{Cell, Geometry};
use crate::strategy::{LookBack as Jumps, Restart, Strategy};

/// The look-back state of one search.
#[derive(Clone, Debug)]
pub(crate) struct LookBack {
    pub(super) geometry: &'static Geometry,
    pub(super) jumps: Jumps,
    pub(super) restart: Restart,
    pub(super) seed: Option<u64>,
    pub(super) rng: fastrand::Rng,
    /// The decisions in effect, by level (level 1 first).
    pub(super) decisions: Vec<(Cell, Digit)>,
    /// Each cell's decision level while it holds a decision, else 0.
    pub(super) level: Vec<u16>,
    /// For conflict-directed backjumping without forward checking: the cell holding each
    /// (unit, digit) placed, at `unit × side + digit − 1` (see [`LookBack::culprit`]).
    pub(super) holders: Vec<Cell>,
    /// Whether the givens are in `holders` (done at the search's first culprit).
    pub(super) holders_ready: bool,
    /// For each level: the conflict set of the frame whose decisions take that level
    /// (Prosser's `conf-set`): culprits of its rejected digits, and the sets merged into it
    /// by the backjumps that landed on it.
    pub(super) conf: Levels,
    /// For each cell: the levels whose forward checks pruned its domain (Prosser's `past-fc`).
    pub(super) past: Levels,
    /// Whether a contradiction was found since the last backtrack: what the next backtrack
    /// answers.
    pub(super) failed: bool,
    /// The conflict set of that contradiction, by level ascending (conflict-directed
    /// backjumping): the culprits reported before its wipeout, the latest its jump target.
    pub(super) culprits: Vec<usize>,
    /// The words of a conflict set while it is being found, kept between failures.
    pub(super) scratch: Vec<u64>,
    /// A constraint's new weight, learned from the wipeout just heard.
    pub(super) taught: Option<Event>,
    /// The latest prune: the cell, and the peer whose check made it (if a peer did).
    pub(super) last_prune: Option<(Cell, Option<Cell>)>,
    pub(super) weights: Option<Weights>,
    /// The cell whose decisions are being tried: the last selected, or the one a backtrack
    /// returned to.
    pub(super) frame: Option<Cell>,
    /// Last-conflict reasoning: the cell to choose again while it is open.
    pub(super) last_conflict: Option<Cell>,
    /// The run under way (from 1), its failures so far, and whether a solution ended the
    /// restarts (the search then finishes its run to count the solutions).
    pub(super) run: u32,
    pub(super) failures: u64,
    pub(super) solved: bool,
}

impl LookBack {
    /// The family of `strategy` on boards of `geometry`, if the strategy looks back.
    pub(crate) fn new(geometry: &'static Geometry, strategy: &Strategy) -> Option<LookBack> {
        if !strategy.looks_back() {
            return None;
        }
        let cells = geometry.cell_count();
        Some(LookBack {
            geometry,
            jumps: strategy.lookback,
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

    /// Breaks the order's ties from `seed` from the next [`LookBack::reset`] on.
    pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// A contradiction at `site`, with `depth` decisions in effect.
    pub(super) fn fail(&mut self, site: WipeoutSite, depth: usize) {
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
    pub(super) fn undo_to(&mut self, depth: usize) {
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
