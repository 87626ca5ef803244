//! The timeline's search tree: grown only once a view asks for it, built from step 0 in
//! slices while the view goes on (a long search's tree takes seconds), kept within its
//! folding budget, and made exact again where the view reads it by replaying folded
//! subtrees from the nearest checkpoint.

use super::Timeline;
use crate::app::cursor::Cursor;
use crate::solver::tree::UnfoldError;
use crate::solver::{Cell, Digit, Event, NodeId, Search, SearchTree};

/// The most events one slice of the catch-up observes (a few tenths of a second).
pub const CATCH_UP_SLICE: u64 = 1 << 22;

/// The tree being built from step 0 up to the timeline's frontier.
#[derive(Clone, Debug)]
pub(super) struct CatchUp {
    tree: SearchTree,
    source: Source,
}

/// Where the catch-up reads the events.
#[derive(Clone, Debug)]
enum Source {
    /// The engine's own search, the fastest way (its step is counted here).
    Search(Box<Search>, u64),
    /// A stream, read again through a cursor.
    Cursor(Box<Cursor>),
}

impl Source {
    fn step(&self) -> u64 {
        match self {
            Source::Search(_, step) => *step,
            Source::Cursor(c) => c.step(),
        }
    }

    fn next(&mut self) -> Option<(u64, Event)> {
        match self {
            Source::Search(search, step) => {
                let event = search.next()?;
                *step += 1;
                Some((*step, event))
            }
            Source::Cursor(c) => {
                let event = c.advance()?;
                Some((c.step(), event))
            }
        }
    }

    fn of(cursor: &Cursor) -> Source {
        match cursor.search() {
            Some(search) => Source::Search(Box::new(search.clone()), cursor.step()),
            None => Source::Cursor(Box::new(cursor.clone())),
        }
    }
}

impl Timeline {
    /// An empty tree for this search: with runs below a restart root when it restarts.
    fn new_tree(&self) -> SearchTree {
        let mut tree = match self.strategy {
            Some(strategy) => SearchTree::for_strategy(&strategy),
            None if self.stream_restarts => SearchTree::with_runs(),
            None => SearchTree::new(),
        };
        tree.set_fold_policy(self.tree.fold_policy());
        tree
    }

    /// Starts growing the search tree: a timeline grows its tree only once a view asks for
    /// it, so that a long search without the tree on screen keeps its bounded memory and
    /// pays no upkeep. The tree is first built from step 0 up to the frontier, a slice of
    /// [`CATCH_UP_SLICE`] events now and the rest by [`Timeline::catch_up`] (a short search
    /// is caught up at once). Nothing happens when the tree is already growing.
    pub fn grow_tree(&mut self) {
        if self.grow_tree {
            return;
        }
        self.grow_tree = true;
        self.start_catch_up();
        self.catch_up(CATCH_UP_SLICE);
    }

    fn start_catch_up(&mut self) {
        let tree = self.new_tree();
        self.tree = SearchTree::new();
        self.tree.set_fold_policy(tree.fold_policy());
        self.catch_up = Some(Box::new(CatchUp {
            tree,
            source: Source::of(&self.checkpoints[0]),
        }));
    }

    /// Builds up to `events` more of the tree being caught up; `true` once it has reached
    /// the frontier (it is then the timeline's tree, grown with each new event).
    pub fn catch_up(&mut self, events: u64) -> bool {
        let Some(mut job) = self.catch_up.take() else {
            return true;
        };
        let target = self.frontier;
        let mut restarted = false;
        for _ in 0..events {
            if job.source.step() >= target {
                break;
            }
            let Some((step, event)) = job.source.next() else {
                break;
            };
            job.tree.observe(step, &event);
            restarted |= matches!(event, Event::Restart { .. });
        }
        if restarted && job.tree.restarts_unannounced() {
            // A stream that restarts: built again with run 1 as a subtree of its own.
            self.stream_restarts = true;
            self.start_catch_up();
            return false;
        }
        if job.source.step() >= target || self.end.is_some_and(|e| job.source.step() >= e) {
            self.tree = job.tree;
            return true;
        }
        self.catch_up = Some(job);
        false
    }

    /// How far the tree being built from step 0 has come, and the step it goes to; `None`
    /// when it is caught up (or not grown).
    pub fn tree_progress(&self) -> Option<(u64, u64)> {
        self.catch_up
            .as_ref()
            .map(|job| (job.source.step(), self.frontier))
    }

    /// A stream's first restart met by a tree grown without runs: built again with them.
    pub(super) fn restarted(&mut self) {
        if self.tree.restarts_unannounced() {
            self.stream_restarts = true;
            self.start_catch_up();
            self.catch_up(u64::MAX);
        }
    }

    /// A forced pick (see [`Timeline::force`]) reaches the search being caught up too.
    pub(super) fn force_catch_up(&mut self, number: u64, cell: Cell, digit: Digit) {
        if let Some(CatchUp {
            source: Source::Search(search, _),
            ..
        }) = self.catch_up.as_deref_mut()
        {
            search.force(number, cell, digit);
        }
    }

    /// Whether the tree is grown (see [`Timeline::grow_tree`]).
    pub fn grows_tree(&self) -> bool {
        self.grow_tree
    }

    /// The search tree up to the frontier, once [`Timeline::grow_tree`] was called and the
    /// tree has caught up (empty before).
    pub fn tree(&self) -> &SearchTree {
        &self.tree
    }

    /// Sets how the tree folds (see [`crate::solver::tree::FoldPolicy`]).
    pub fn set_fold_policy(&mut self, policy: crate::solver::tree::FoldPolicy) {
        self.tree.set_fold_policy(policy);
        if let Some(job) = self.catch_up.as_mut() {
            job.tree.set_fold_policy(policy);
        }
    }

    /// Makes the tree exact where a view reads it at `step`: the folded subtree the search
    /// was in then, and those holding `pins` (the node walked to, the subtrees unfolded by
    /// the viewer), replayed from the nearest checkpoint; the pins then stay exact when the
    /// tree folds to keep its budget.
    pub fn settle_tree(&mut self, step: u64, pins: &[NodeId]) -> Result<(), UnfoldError> {
        if !self.grow_tree || self.catch_up.is_some() {
            return Ok(());
        }
        let mut pinned = pins.to_vec();
        pinned.extend(self.tree.current(step));
        self.tree.set_pins(&pinned);
        if let Some(fold) = self.tree.straddling(step) {
            self.unfold(fold.id)?;
        }
        // The newest node at `step`: after a backjump, the last skipped node, whose
        // ancestors are the decisions the jump undid.
        let newest = (self.tree.visible(step) as NodeId).checked_sub(1);
        for &pin in pins.iter().chain(&newest) {
            if let Some(fold) = self.tree.folded(pin) {
                self.unfold(fold.id)?;
            }
        }
        // The search's node at `step`, now exact, and the way to it stay so.
        pinned.extend(self.tree.current(step));
        pinned.extend(newest);
        self.tree.set_pins(&pinned);
        self.tree.keep_budget();
        Ok(())
    }

    /// Makes the fold rooted at `id` exact again, replaying its steps from the checkpoint
    /// before them.
    pub fn unfold(&mut self, id: NodeId) -> Result<(), UnfoldError> {
        let Some(mut expansion) = self.tree.expansion(id) else {
            return Ok(());
        };
        let (first, last) = expansion.steps();
        let mut source = Source::of(self.checkpoint(first.saturating_sub(1)));
        while source.step() < last {
            let Some((step, event)) = source.next() else {
                break;
            };
            if step >= first {
                expansion.observe(step, &event);
            }
        }
        self.tree.unfold(expansion)
    }
}
