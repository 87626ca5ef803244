//! The search tree as Kilby et al. see it: binary, each decision `x = v` a left branch and
//! its refutation `x ≠ v` the right one, walked from the events alone.
//!
//! A node is left by a decision (its left child) or, once that decision is backtracked,
//! by the refutation (its right child); a node from which no decision was made before the
//! search backtracked past it (a wipeout, a solution, a refutation that failed at once) is
//! a leaf. Leaves are told by this shape, not by wipeout events, so a stream that reports
//! no wipeouts, or one per leaf, walks the same tree. The engine's trees are full (every
//! decision of a search that ends is refuted, and its leaves are its failures and
//! solutions), so a tree of `n` decisions has `2n + 1` nodes.

use dokuscope_engine::event::Event;

/// A decision in effect: where it was made, and what an estimator keeps of its node for
/// the way back (`T`; nothing for the walk alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame<T = ()> {
    /// Binary depth of the node the decision was made at.
    pub depth: u32,
    /// Nodes made before the decision's own (its left subtree is the nodes made after).
    pub nodes: u64,
    /// What the estimator following the walk saved at the decision's node.
    pub saved: T,
}

/// What one event did to the walk, for the estimators to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move<T = ()> {
    /// Nothing that changes the tree.
    None,
    /// A decision: the walk went down the left branch of the current node.
    Left,
    /// A backtrack: the node left was a leaf if `leaf` says so (at that binary depth),
    /// then the decisions from number `kept + 1` on were undone, and the walk went down the
    /// right branch of the node decision `kept + 1` was made at (`from`), whose left
    /// subtree (the decision's) holds `left_size` nodes.
    Right {
        /// The node left was a leaf, at this binary depth.
        leaf: Option<u32>,
        /// Decisions still in effect.
        kept: usize,
        /// Nodes in the left subtree of the node the walk goes right from.
        left_size: u64,
        /// The decision refuted: the node the walk goes right from.
        from: Frame<T>,
    },
    /// The node left (at this binary depth) was a leaf, and the walk ends or starts over.
    Leaf(u32),
    /// A restart: every decision undone, a new tree from the root (after `leaf`, if the
    /// node left was one).
    Restart {
        /// The node left was a leaf, at this binary depth.
        leaf: Option<u32>,
    },
}

/// The binary tree walked so far, with what an estimator saves at each decision's node
/// (`T`): one stack for the walk and the estimators that follow it.
#[derive(Clone, Debug)]
pub struct Walk<T = ()> {
    frames: Vec<Frame<T>>,
    /// Binary depth of the current node.
    depth: u32,
    /// Whether no decision was made at the current node yet.
    fresh: bool,
    /// Nodes made in this run, the root included.
    nodes: u64,
}

impl<T> Default for Walk<T> {
    fn default() -> Walk<T> {
        Walk {
            frames: Vec::new(),
            depth: 0,
            fresh: true,
            nodes: 1,
        }
    }
}

impl Walk {
    /// What `event` does to the walk: a decision goes left, a backtrack right, a restart
    /// starts a new tree, the end of the search (`exhausted`) leaves the last node.
    #[inline]
    pub fn observe(&mut self, event: &Event) -> Move {
        match *event {
            Event::Assign { cause, .. } if cause.is_decision() => self.decide(()),
            Event::Backtrack { depth, .. } => self.backtrack(usize::from(depth)),
            Event::Restart { .. } => self.restart(),
            Event::Exhausted => self.end(),
            _ => Move::None,
        }
    }
}

impl<T: Copy> Walk<T> {
    /// The decisions in effect.
    pub fn frames(&self) -> &[Frame<T>] {
        &self.frames
    }

    /// Binary depth of the current node.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Nodes made in this run, the root included.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The leaf being left, if the current node is one.
    fn leaving(&mut self) -> Option<u32> {
        std::mem::replace(&mut self.fresh, false).then_some(self.depth)
    }

    /// A decision at the current node, with what the estimator saves there.
    #[inline]
    pub fn decide(&mut self, saved: T) -> Move<T> {
        let from = Frame {
            depth: self.depth,
            nodes: self.nodes,
            saved,
        };
        self.frames.push(from);
        self.depth += 1;
        self.nodes += 1;
        self.fresh = true;
        Move::Left
    }

    /// A backtrack that leaves `kept` decisions in effect (the one after them refuted).
    /// A backtrack with nothing to undo (a stream's mistake) changes nothing.
    #[inline]
    pub fn backtrack(&mut self, kept: usize) -> Move<T> {
        let Some(&at) = self.frames.get(kept) else {
            return Move::None;
        };
        let leaf = self.leaving();
        self.frames.truncate(kept);
        let left_size = self.nodes - at.nodes;
        self.depth = at.depth + 1;
        self.nodes += 1;
        self.fresh = true;
        Move::Right {
            leaf,
            kept,
            left_size,
            from: at,
        }
    }

    /// The search ended here: the current node is a leaf if nothing was decided at it.
    pub fn end(&mut self) -> Move<T> {
        self.leaving().map_or(Move::None, Move::Leaf)
    }

    /// A restart: a new tree from the root.
    pub fn restart(&mut self) -> Move<T> {
        let leaf = self.leaving();
        *self = Walk::default();
        Move::Restart { leaf }
    }
}
