//! Reading the tree as it stood at any step up to the newest: which nodes existed, what
//! each was then, the current node, children, paths and subtree counts.

use super::{Branch, FAR, NO_END, NOT_CLOSED, NodeId, NodeKind, ON_PATH, SearchTree};
use dokuscope_engine::geometry::Cell;

/// One node as it stood at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeInfo {
    /// Its id (depth-first preorder).
    pub id: NodeId,
    /// The parent's id (`None` for the root).
    pub parent: Option<NodeId>,
    /// Its kind at that step.
    pub kind: NodeKind,
    /// The branch from the parent.
    pub branch: Branch,
    /// Whether the branch is a decision the viewer made (a fork or a manual pick).
    pub by_user: bool,
    /// The parent's chosen cell, which the branch is about.
    pub branch_cell: Option<Cell>,
    /// The cell chosen here, for a choice.
    pub choice: Option<Cell>,
    /// Edges from the root.
    pub depth: u16,
    /// The step that made it.
    pub first_step: u64,
    /// The step that fixed its kind (the select, wipeout or solution), if it was fixed by then.
    pub kind_step: Option<u64>,
    /// The last step of its subtree, once the search had left it by then.
    pub last_step: Option<u64>,
    /// Whether its subtree is folded into a summary ([`SearchTree::folded`]): its children
    /// are listed once it is made exact again ([`SearchTree::expansion`]).
    pub folded: bool,
}

impl NodeInfo {
    /// The step a view jumps to for this node: where its kind was fixed (the state after its
    /// propagation), or where it was made while it is still open.
    pub fn step(&self) -> u64 {
        self.kind_step.unwrap_or(self.first_step)
    }
}

/// Counts over one subtree as it stood at a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SubtreeStats {
    /// Nodes, the subtree's root included.
    pub size: u64,
    /// Failure nodes.
    pub failures: u64,
    /// Solution nodes.
    pub solutions: u64,
    /// Skipped nodes (alternatives backjumps jumped over).
    pub skipped: u64,
    /// Whether the search had left the subtree (every node in it closed).
    pub finished: bool,
}

impl SubtreeStats {
    /// A finished subtree of more than one node without a solution: Gist draws it as one
    /// red triangle.
    pub fn failed(&self) -> bool {
        self.finished && self.solutions == 0 && self.size > 1
    }

    /// Nodes of the subtree that are neither failures, solutions nor skipped: its choices
    /// (and open nodes).
    pub fn inner(&self) -> u64 {
        self.size - self.failures - self.solutions - self.skipped
    }
}

impl SearchTree {
    /// How many nodes existed at `step`. Exact unless a fold spans `step`
    /// ([`SearchTree::straddling`]): its root alone is counted then.
    pub fn visible(&self, step: u64) -> usize {
        self.nodes.made_by(step)
    }

    /// Node `id` as it stood at `step`, if it existed then (and is not inside a fold).
    pub fn node(&self, id: NodeId, step: u64) -> Option<NodeInfo> {
        let n = *self.nodes.get(id)?;
        if n.first_step > step {
            return None;
        }
        let kind_step = (n.closed != NOT_CLOSED)
            .then(|| n.first_step + u64::from(n.closed))
            .filter(|&s| s <= step);
        let parent = (id > 0).then_some(n.parent);
        let kind = if kind_step.is_some() {
            n.kind()
        } else {
            NodeKind::Open
        };
        Some(NodeInfo {
            id,
            parent,
            kind,
            branch: n.branch(),
            by_user: n.by_user(),
            branch_cell: parent.and_then(|p| self.choice_cell(p)),
            choice: kind_step.and_then(|_| self.choice_cell(id)),
            depth: n.depth,
            first_step: n.first_step,
            kind_step,
            // A skipped node is finished as soon as made.
            last_step: self
                .last_step(id)
                .filter(|&l| l < step || kind == NodeKind::Skipped),
            folded: self.nodes.fold_index(id).is_some(),
        })
    }

    /// The last step of `id`'s subtree, once the search has left it.
    fn last_step(&self, id: NodeId) -> Option<u64> {
        let n = self.nodes.get(id)?;
        match n.span {
            ON_PATH => None,
            FAR => self.far_spans.get(&id).map(|s| n.first_step + s),
            s => Some(n.first_step + u64::from(s)),
        }
    }

    /// Whether the search had left `id` at `step` (a skipped node from the start).
    fn left(&self, id: NodeId, step: u64) -> bool {
        self.nodes
            .get(id)
            .is_some_and(|n| n.kind() == NodeKind::Skipped && n.first_step <= step)
            || self.last_step(id).is_some_and(|l| l < step)
    }

    /// The deepest node the search was at, at `step` (`None` before the first event); the
    /// fold's root when a fold spans `step`.
    pub fn current(&self, step: u64) -> Option<NodeId> {
        let visible = self.visible(step);
        let mut id = visible.checked_sub(1)? as NodeId;
        if let Some(f) = self.nodes.fold_of(id) {
            id = f.id;
        }
        while id > 0 && self.left(id, step) {
            id = self.nodes.get(id)?.parent;
        }
        Some(id)
    }

    /// The last id of `id`'s subtree among the nodes visible at `step` (`visible` of them).
    fn subtree_end(&self, id: NodeId, visible: usize) -> NodeId {
        let end = match self.nodes.get(id).map_or(NO_END, |n| n.end) {
            NO_END => self.nodes.len() as NodeId - 1,
            e => e,
        };
        end.min(visible as NodeId - 1)
    }

    /// The children of `id` at `step`, in the order they were made (none listed for a
    /// folded subtree's root).
    pub fn children(&self, id: NodeId, step: u64) -> Vec<NodeId> {
        let visible = self.visible(step);
        let mut out = Vec::new();
        if (id as usize) >= visible || self.nodes.fold_index(id).is_some() {
            return out;
        }
        let mut child = id + 1;
        while (child as usize) < visible && self.nodes.get(child).is_some_and(|n| n.parent == id) {
            out.push(child);
            child = self.subtree_end(child, visible) + 1;
        }
        out
    }

    /// The nodes from the root down to `id` (to the root of the fold holding `id`, if
    /// folded).
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = self.nodes.fold_of(id).map_or(id, |f| f.id);
        loop {
            path.push(at);
            match self.nodes.get(at) {
                Some(n) if at != 0 => at = n.parent,
                _ => break,
            }
        }
        path.reverse();
        path
    }

    /// When the event at `step` is a backjump: the node the search failed at just before it
    /// (the path down to it runs through every decision the jump undid, each with its
    /// skipped node beside it).
    pub fn backjump_at(&self, step: u64) -> Option<NodeId> {
        let skipped_now = |id: NodeId| {
            self.node(id, step)
                .is_some_and(|n| n.kind == NodeKind::Skipped && n.first_step == step)
        };
        let mut id = (self.visible(step).checked_sub(1)?) as NodeId;
        if !skipped_now(id) {
            return None;
        }
        while id > 0 && skipped_now(id - 1) {
            id -= 1;
        }
        id.checked_sub(1)
    }

    /// The node whose kind was fixed at `step` or, failing that, made at `step`.
    pub fn node_at_step(&self, step: u64) -> Option<NodeId> {
        let made = self.visible(step);
        let last = made.checked_sub(1)? as NodeId;
        let current = self.current(step)?;
        [current, last].into_iter().find(|&id| {
            self.node(id, step)
                .is_some_and(|n| n.kind_step == Some(step) || n.first_step == step)
        })
    }

    /// Failure and skipped nodes with ids below `k` (any id that starts a subtree).
    fn before(&self, k: NodeId) -> (u32, u32) {
        match self.nodes.get(k) {
            Some(n) if (k as usize) < self.nodes.len() => (n.failures_before, n.skipped_before),
            _ => match self.nodes.fold_of(k) {
                Some(f) => (
                    f.root.failures_before + f.sum.failures as u32,
                    f.root.skipped_before + f.sum.skipped as u32,
                ),
                None => (self.failures, self.skipped),
            },
        }
    }

    /// Counts over `id`'s subtree at `step`.
    pub fn subtree(&self, id: NodeId, step: u64) -> SubtreeStats {
        let visible = self.visible(step);
        if (id as usize) >= visible || self.nodes.get(id).is_none() {
            return SubtreeStats::default();
        }
        let end = self.subtree_end(id, visible);
        let (f0, s0) = self.before(id);
        let (f1, s1) = self.before(end + 1);
        let mut failures = u64::from(f1 - f0);
        let mut skipped = u64::from(s1 - s0);
        let lo = self.solutions.partition_point(|&s| s < id);
        let hi = self.solutions.partition_point(|&s| s <= end);
        let mut solutions = (hi - lo) as u64;
        // The newest visible node may have got its kind after `step`.
        let newest = visible as NodeId - 1;
        if end == newest
            && self
                .node(newest, step)
                .is_some_and(|n| n.kind_step.is_none())
        {
            match self.nodes[newest].kind() {
                NodeKind::Failure => failures -= 1,
                NodeKind::Solution => solutions -= 1,
                NodeKind::Skipped => skipped -= 1,
                NodeKind::Open | NodeKind::Choice => {}
            }
        }
        SubtreeStats {
            size: u64::from(end - id) + 1,
            failures,
            solutions,
            skipped,
            finished: self.last_step(id).is_some_and(|l| l < step),
        }
    }
}
