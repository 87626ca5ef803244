//! A folded subtree ([`Fold`]) and its counts ([`Summary`]): what the tree keeps of a
//! subtree it folds, and the store holds in its place.

use super::{Branch, Node, NodeId, NodeKind};

/// One folded subtree.
#[derive(Clone, Debug)]
pub(super) struct Fold {
    /// Its root's id; it holds ids `id ..= root.end`.
    pub(super) id: NodeId,
    /// Its root, as it was.
    pub(super) root: Node,
    /// Its counts.
    pub(super) sum: Summary,
}

impl Fold {
    /// The last step of the subtree (the search left it at the next).
    pub(super) fn last_step(&self) -> u64 {
        self.root.first_step + u64::from(self.root.span)
    }
}

/// Counts over a folded subtree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Nodes, the root included.
    pub nodes: u64,
    /// Nodes reached by a decision branch.
    pub decisions: u64,
    /// Choice nodes.
    pub choices: u64,
    /// Failure nodes.
    pub failures: u64,
    /// Solution nodes.
    pub solutions: u64,
    /// Skipped nodes.
    pub skipped: u64,
    /// The deepest node's depth.
    pub max_depth: u16,
    /// The depths present, by kind (any, failure, solution, skipped), for the pixel tree:
    /// bit `d` of a pair of words for depth `d` (depths past 127 share the last bit).
    pub(super) depths: [[u64; 2]; 4],
}

/// `depths` rows.
pub(super) const ANY: usize = 0;
pub(super) const FAILURES: usize = 1;
pub(super) const SOLUTIONS: usize = 2;
pub(super) const SKIPPED: usize = 3;

impl Summary {
    pub(super) fn add_node(&mut self, n: &Node) {
        self.nodes += 1;
        if matches!(n.branch(), Branch::Decision(_)) {
            self.decisions += 1;
        }
        let d = usize::from(n.depth.min(127));
        let mut mark = |row: usize| self.depths[row][d / 64] |= 1 << (d % 64);
        mark(ANY);
        match n.kind() {
            NodeKind::Choice => self.choices += 1,
            NodeKind::Failure => {
                self.failures += 1;
                mark(FAILURES);
            }
            NodeKind::Solution => {
                self.solutions += 1;
                mark(SOLUTIONS);
            }
            NodeKind::Skipped => {
                self.skipped += 1;
                mark(SKIPPED);
            }
            NodeKind::Open => {}
        }
        self.max_depth = self.max_depth.max(n.depth);
    }

    pub(super) fn add(&mut self, other: &Summary) {
        self.nodes += other.nodes;
        self.decisions += other.decisions;
        self.choices += other.choices;
        self.failures += other.failures;
        self.solutions += other.solutions;
        self.skipped += other.skipped;
        self.max_depth = self.max_depth.max(other.max_depth);
        for (mine, theirs) in self.depths.iter_mut().zip(other.depths) {
            mine[0] |= theirs[0];
            mine[1] |= theirs[1];
        }
    }
}
