//! Folding: a tree of any size in bounded memory. Once the exact nodes pass a budget, every
//! finished subtree that spans few enough steps, and is not near the newest nodes or a pinned
//! one, is kept as one [`Fold`]: its root and a [`Summary`] (node, failure, solution and
//! skipped counts, depth, step range). A fold is made exact again on demand by replaying its
//! steps (`expand`), as Gecode Gist recomputes.

use std::iter::Peekable;

use super::store::{CHUNK, Seg, Store};
use super::{Branch, FAR, NO_END, Node, NodeId, NodeKind, ON_PATH, SearchTree};

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
    fn add_node(&mut self, n: &Node) {
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

    fn add(&mut self, other: &Summary) {
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

/// When the tree folds, and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoldPolicy {
    /// Exact nodes the tree may hold before it folds (40 bytes each).
    pub budget: usize,
    /// The newest nodes, which stay exact.
    pub window: usize,
    /// The most steps a folded subtree may span: what making it exact again replays.
    pub max_span: u64,
}

impl Default for FoldPolicy {
    /// About 40 MiB of exact nodes; the newest 131,072 kept; subtrees of at most 262,144
    /// steps folded (making one again replays at most that many events after a checkpoint).
    fn default() -> FoldPolicy {
        FoldPolicy {
            budget: 1 << 20,
            window: 1 << 17,
            max_span: 1 << 18,
        }
    }
}

impl FoldPolicy {
    /// A tree that never folds.
    pub fn never() -> FoldPolicy {
        FoldPolicy {
            budget: usize::MAX,
            ..FoldPolicy::default()
        }
    }
}

/// A node or a fold, in id order.
enum Item {
    Node(NodeId, Node),
    Fold(Box<Fold>),
}

impl Item {
    fn id(&self) -> NodeId {
        match self {
            Item::Node(id, _) => *id,
            Item::Fold(f) => f.id,
        }
    }
}

/// The items of the segments, in id order.
fn items(segs: Vec<Seg>) -> Peekable<impl Iterator<Item = Item>> {
    segs.into_iter()
        .flat_map(|seg| {
            let (exact, fold) = match seg {
                Seg::Exact { first, nodes } => (Some((first, nodes)), None),
                Seg::Fold(f) => (None, Some(Item::Fold(f))),
            };
            let nodes = exact.into_iter().flat_map(|(first, nodes)| {
                nodes
                    .into_iter()
                    .enumerate()
                    .map(move |(k, n)| Item::Node(first + k as NodeId, n))
            });
            nodes.chain(fold)
        })
        .peekable()
}

/// Exact nodes gathered into segments of consecutive ids.
#[derive(Default)]
struct Gather {
    out: Vec<Seg>,
    first: NodeId,
    nodes: Vec<Node>,
}

impl Gather {
    fn node(&mut self, id: NodeId, node: Node) {
        if self.nodes.len() == CHUNK || self.first + self.nodes.len() as NodeId != id {
            self.flush();
            self.first = id;
        }
        self.nodes.push(node);
    }

    fn flush(&mut self) {
        if !self.nodes.is_empty() {
            let nodes = std::mem::take(&mut self.nodes);
            self.out.push(Seg::Exact {
                first: self.first,
                nodes,
            });
        }
    }

    fn fold(&mut self, fold: Box<Fold>) {
        self.flush();
        self.out.push(Seg::Fold(fold));
    }
}

impl SearchTree {
    /// The folding policy.
    pub fn fold_policy(&self) -> FoldPolicy {
        self.policy
    }

    /// Sets the folding policy (folding at once if the exact nodes are over the new budget).
    pub fn set_fold_policy(&mut self, policy: FoldPolicy) {
        self.policy = policy;
        self.after_push();
    }

    /// Nodes that must stay exact, with their ancestors (the node walked to, the search's
    /// node at the step shown): folding leaves the subtrees holding them alone.
    pub fn set_pins(&mut self, pins: &[NodeId]) {
        self.pins.clear();
        self.pins.extend_from_slice(pins);
        self.pins.sort_unstable();
    }

    /// Exact nodes held (the others are folded).
    pub fn exact_nodes(&self) -> usize {
        self.nodes.exact()
    }

    /// Folded subtrees held.
    pub fn folds(&self) -> usize {
        self.nodes
            .older()
            .iter()
            .filter(|s| matches!(s, Seg::Fold(_)))
            .count()
    }

    /// Folds when the exact nodes are over the budget.
    #[inline]
    pub(super) fn after_push(&mut self) {
        if self.nodes.exact() > self.policy.budget {
            self.fold();
        }
    }

    /// Folds when the exact nodes are over the budget (after subtrees were made exact
    /// again), leaving the pinned nodes and their ancestors exact.
    pub fn keep_budget(&mut self) {
        self.after_push();
    }

    /// Folds every finished subtree that may be: one that spans at most the policy's steps,
    /// lies before the newest nodes, holds no pinned node and has more than one node, and
    /// whose parent may not be folded. Costs one pass over the nodes held.
    pub fn fold(&mut self) {
        let next = self.nodes.next_id();
        let window_start = next.saturating_sub(self.policy.window as NodeId);
        let mut runs = Gather::default();
        let mut items = items(self.nodes.take_segs());
        while let Some(item) = items.next() {
            let (id, node) = match item {
                Item::Fold(f) => {
                    runs.fold(f);
                    continue;
                }
                Item::Node(id, node) => (id, node),
            };
            if !self.foldable(id, &node, window_start) {
                runs.node(id, node);
                continue;
            }
            let mut sum = Summary::default();
            sum.add_node(&node);
            while items.peek().is_some_and(|i| i.id() <= node.end) {
                match items.next() {
                    Some(Item::Node(_, inner)) => sum.add_node(&inner),
                    Some(Item::Fold(inner)) => sum.add(&inner.sum),
                    None => {}
                }
            }
            runs.fold(Box::new(Fold {
                id,
                root: node,
                sum,
            }));
        }
        runs.flush();
        self.nodes = Store::from_segs(runs.out, next);
    }

    fn foldable(&self, id: NodeId, node: &Node, window_start: NodeId) -> bool {
        let pinned = || {
            let at = self.pins.partition_point(|&p| p < id);
            self.pins.get(at).is_some_and(|&p| p <= node.end)
        };
        id != 0
            && node.span != ON_PATH
            && node.span != FAR
            && u64::from(node.span) <= self.policy.max_span
            && node.end != NO_END
            && node.end > id
            && node.end < window_start
            && !pinned()
    }
}
