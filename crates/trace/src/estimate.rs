//! How far along a search is: an online estimate of the number of decisions its whole
//! search will make, from its events alone.
//!
//! Two weighted backtrack estimators (Kilby, Slaney, Thiébaux and Walsh, "Estimating
//! Search Tree Size", AAAI 2006) read the tree explored so far: the paper's own over the
//! binary tree of decisions and refutations ([`wbe`], on the tree [`walk`] follows), and the
//! same estimator over the tree of candidates, each candidate of a chosen cell one branch
//! ([`candidates`]). On Sudoku's trees the first tends to say too little (a refutation
//! chain gives the later, larger, digits' subtrees ever smaller weights) and the second too
//! much where most candidates are rejected at once (plain backtracking); the estimate is
//! their geometric mean, the range each of them widened by a factor 2, and the estimate is
//! unknown before [`MIN_LEAVES`] leaves or while that range is wider than
//! [`UNKNOWN_SPREAD`].
//! docs/estimate.md gives the reasons and the measured accuracy. Kilby et al.'s other,
//! recursive, estimator ([`recursive`]) is there for that comparison, not shown.
//!
//! Nothing here knows the engine: `solve`, `watch`, `compare` and a foreign stream's
//! events are estimated alike.

pub mod candidates;
pub mod dyadic;
pub mod recursive;
pub mod scaled;
pub mod walk;
pub mod wbe;

use self::candidates::{Candidates, Saved};
use self::walk::{Move, Walk};
use self::wbe::Wbe;
use dokuscope_engine::domain::{Digit, Domain};
use dokuscope_engine::event::Event;
use dokuscope_engine::geometry::Cell;

/// The factor each estimator is widened by to make the range.
pub const WIDEN: f64 = 2.0;
/// A range wider than this (high over low) says too little: the estimate is unknown.
pub const UNKNOWN_SPREAD: f64 = 64.0;
/// Fewer leaves than this (failures and solutions) in the run say too little: the
/// estimate is unknown.
pub const MIN_LEAVES: u64 = 16;
/// An estimate that grew by this factor or more while the decisions made doubled is still
/// rising with the search (the part explored says the rest is larger than it thought).
pub const RISING: f64 = 1.5;

/// One of the estimators, for comparing them (docs/estimate.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Kilby et al.'s WBE over the binary tree of decisions and refutations.
    Wbe,
    /// The WBE over the tree of candidates.
    Candidates,
    /// The estimate shown: the geometric mean of the two WBEs.
    Shown,
}

impl Method {
    /// Every method, in the order docs/estimate.md lists them.
    pub const ALL: [Method; 3] = [Method::Shown, Method::Wbe, Method::Candidates];

    /// Its name in the accuracy report.
    pub fn name(self) -> &'static str {
        match self {
            Method::Wbe => "wbe",
            Method::Candidates => "wbe-candidates",
            Method::Shown => "shown",
        }
    }
}

/// What the estimate says at one step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Estimate {
    /// Too little to go on yet (fewer than [`MIN_LEAVES`] leaves), or the estimators
    /// disagree too widely to say.
    Unknown,
    /// About `point` decisions in all, likely between `low` and `high`.
    About {
        /// The estimate.
        point: f64,
        /// The range's low end (never below the decisions made).
        low: f64,
        /// The range's high end.
        high: f64,
        /// Whether the estimate grew by [`RISING`] or more over the last doubling of the
        /// decisions made: early in a search it often keeps pace with them.
        rising: bool,
    },
    /// A search that restarts, in its run `run` (from 1): each run's tree says how large
    /// that run would be without its cutoff, nothing of how many runs are to come, so the
    /// size of the whole search is unknown (docs/estimate.md).
    Restarting {
        /// The run under way, from 1.
        run: u32,
    },
    /// The search has searched its whole tree: `total` decisions.
    Done {
        /// The decisions made.
        total: u64,
    },
}

impl Estimate {
    /// The estimated total, if one is known.
    pub fn total(self) -> Option<f64> {
        match self {
            Estimate::Unknown | Estimate::Restarting { .. } => None,
            Estimate::About { point, .. } => Some(point),
            #[expect(clippy::cast_precision_loss, reason = "an estimate")]
            Estimate::Done { total } => Some(total as f64),
        }
    }
}

/// The estimators, fed one event at a time.
#[derive(Clone, Debug, Default)]
pub struct Estimator {
    /// The binary tree walked, each decision's node with what the estimator over the
    /// candidates saved there.
    walk: Walk<Saved>,
    wbe: Wbe,
    candidates: Candidates,
    /// Decisions so far, every run.
    explored: u64,
    /// Decisions before the run under way (restarts).
    before_run: u64,
    /// Whether the search said it searched its whole tree (`exhausted`).
    exhausted: bool,
    /// The estimate shown when the decisions made last reached a power of two, and at the
    /// power of two before.
    at_powers: [Option<f64>; 2],
    /// Whether the search restarts: its policy says so, or a restart was heard.
    restarts: bool,
    /// Restarts heard.
    restarted: u32,
}

impl Estimator {
    /// An estimator that has heard nothing.
    pub fn new() -> Estimator {
        Estimator::default()
    }

    /// An estimator for a search whose policy restarts it (`restarts`), whose size is
    /// unknown from its first run on; a search not known to restart is estimated until it
    /// does.
    pub fn restarting(restarts: bool) -> Estimator {
        Estimator {
            restarts,
            ..Estimator::default()
        }
    }

    /// Hears one event.
    #[inline]
    pub fn observe(&mut self, event: &Event) {
        match *event {
            Event::Prune { cell, digit, .. } => self.prune(cell, digit),
            Event::Assign {
                cell, digit, cause, ..
            } if cause.is_decision() => self.decide(cell, digit),
            Event::Select { cell, domain, .. } => self.select(cell, domain),
            _ => self.observe_rest(event),
        }
    }

    /// Hears a backtrack, a restart or the end of the tree (and ignores the rest): a caller
    /// that has told the other events apart already (watch's cursor, on every event) calls
    /// [`Estimator::decide_on`], [`Estimator::select`] and this, with no second match on
    /// the prunes, most of the events. Three tests, not a jump table: one here, on a mix
    /// of selects, backtracks and wipeouts, mispredicted about twice per decision
    /// (cachegrind's branch simulation, `bt`).
    #[inline]
    pub fn observe_rest(&mut self, event: &Event) {
        if let Event::Backtrack { depth, .. } = *event {
            self.backtrack(depth);
        } else if let Event::Restart { .. } = *event {
            self.restart();
        } else if let Event::Exhausted = *event {
            self.end();
        }
    }

    /// Hears a prune: `digit` left `cell`'s domain. A caller that holds the board calls
    /// [`Estimator::decide_on`] instead of [`Estimator::decide`] and need not call this.
    #[inline]
    pub fn prune(&mut self, cell: Cell, digit: Digit) {
        self.candidates.prune(cell, digit);
    }

    /// Hears a select: the current node chose `cell`, whose candidates are `domain`.
    #[inline]
    pub fn select(&mut self, cell: Cell, domain: Domain) {
        self.candidates.select(cell, domain);
    }

    /// Hears a decision `cell = digit`.
    #[inline]
    pub fn decide(&mut self, cell: Cell, digit: Digit) {
        self.decide_on(cell, digit, Domain::ALL);
    }

    /// Hears a decision `cell = digit` from a caller that holds the board, where `cell`'s
    /// domain is `board`: the candidates the decision chose among are the board's, and
    /// such a caller need not tell the estimator of prunes at all (they are most of the
    /// events; see [`candidates::Candidates::left`]). Watch's cursor does.
    #[inline]
    pub fn decide_on(&mut self, cell: Cell, digit: Digit, board: Domain) {
        self.explored += 1;
        if self.explored.is_power_of_two() {
            self.at_powers = [self.at_powers[1], self.shown()];
        }
        let saved = self.candidates.left(cell, digit, board);
        self.walk.decide(saved);
    }

    /// Hears a backtrack that leaves `depth` decisions in effect.
    #[inline]
    pub fn backtrack(&mut self, depth: u16) {
        let kept = usize::from(depth);
        // Only a backjump leaves decisions after the refuted one.
        if kept + 1 < self.walk.frames().len() {
            self.skip(kept + 1);
        }
        let step = self.walk.backtrack(kept);
        self.follow(step);
    }

    /// Hears a restart.
    #[inline(never)]
    pub fn restart(&mut self) {
        let step = self.walk.restart();
        self.follow(step);
    }

    /// Hears the end of a search that searched its whole tree (`exhausted`).
    #[inline(never)]
    pub fn end(&mut self) {
        // A backjump past the root (an empty conflict set) ends the search with decisions
        // still in effect: none of them is refuted.
        self.skip(0);
        self.exhausted = true;
        let step = self.walk.end();
        self.follow(step);
    }

    /// Follows the walk's step: leaves, the right branch after a backtrack, a new run.
    #[inline]
    fn follow(&mut self, step: Move<Saved>) {
        match step {
            Move::None | Move::Left => {}
            Move::Right { leaf, from, .. } => {
                if let Some(depth) = leaf {
                    self.leaf(depth);
                }
                self.candidates.right(from.saved);
            }
            Move::Leaf(depth) => self.leaf(depth),
            Move::Restart { leaf } => {
                if let Some(depth) = leaf {
                    self.leaf(depth);
                }
                // A new run is a new tree; the decisions before it stay counted.
                self.restarts = true;
                self.restarted = self.restarted.saturating_add(1);
                self.before_run = self.explored;
                self.wbe = Wbe::default();
                self.candidates = Candidates::default();
            }
        }
    }

    /// A backjump (conflict-directed backjumping) undoes the decisions from number
    /// `from + 1` on without their refutations being searched, which the conflict set
    /// proved fail. Each is a leaf one below the node its decision was made at (the tree
    /// view's skipped node), so that the tree stays full and a search that ends is
    /// estimated exactly, as a chronological one is. A chronological backtrack skips
    /// nothing.
    #[inline]
    fn skip(&mut self, from: usize) {
        for frame in self.walk.frames().get(from..).unwrap_or_default() {
            self.wbe.leaf(frame.depth + 1);
            self.candidates.skip(&frame.saved);
        }
    }

    #[inline]
    fn leaf(&mut self, depth: u32) {
        self.wbe.leaf(depth);
        self.candidates.leaf();
    }

    /// Decisions heard so far (the `nodes` counter).
    pub fn explored(&self) -> u64 {
        self.explored
    }

    /// Whether the search has said it searched its whole tree.
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// Leaves the run under way has reached.
    pub fn leaves(&self) -> u64 {
        self.wbe.leaves()
    }

    /// The estimated number of decisions of the whole search by one `method`: those before
    /// the run under way, and the run's. `None` when it has nothing to go on yet. The
    /// binary tree's `2n + 1` nodes are `n` decisions.
    #[expect(clippy::cast_precision_loss, reason = "an estimate")]
    pub fn decisions(&self, method: Method) -> Option<f64> {
        let run = match method {
            Method::Wbe => (self.wbe.nodes()? - 1.0) / 2.0,
            Method::Candidates => self.candidates.decisions()?,
            Method::Shown => {
                let explored = self.explored as f64;
                let wbe = self.decisions(Method::Wbe)?.max(explored);
                let candidates = self.decisions(Method::Candidates)?.max(explored);
                return Some((wbe * candidates).sqrt());
            }
        };
        Some(self.before_run as f64 + run.max(0.0))
    }

    /// The estimate shown, or none while it is unknown.
    fn shown(&self) -> Option<f64> {
        match self.estimate() {
            Estimate::About { point, .. } => Some(point),
            Estimate::Unknown | Estimate::Restarting { .. } | Estimate::Done { .. } => None,
        }
    }

    /// The estimate now: unknown, about so many decisions, a search that restarts, or done.
    #[expect(clippy::cast_precision_loss, reason = "an estimate")]
    pub fn estimate(&self) -> Estimate {
        if self.exhausted {
            return Estimate::Done {
                total: self.explored,
            };
        }
        if self.restarts {
            return Estimate::Restarting {
                run: self.restarted.saturating_add(1),
            };
        }
        if self.wbe.leaves() < MIN_LEAVES {
            return Estimate::Unknown;
        }
        let (Some(point), Some(a), Some(b)) = (
            self.decisions(Method::Shown),
            self.decisions(Method::Wbe),
            self.decisions(Method::Candidates),
        ) else {
            return Estimate::Unknown;
        };
        let explored = self.explored as f64;
        let low = (a.min(b) / WIDEN).max(explored);
        let high = (a.max(b) * WIDEN).max(explored);
        if high > low * UNKNOWN_SPREAD {
            return Estimate::Unknown;
        }
        let rising = match self.at_powers {
            [Some(before), Some(last)] => last >= before * RISING,
            _ => false,
        };
        Estimate::About {
            point,
            low,
            high,
            rising,
        }
    }
}
