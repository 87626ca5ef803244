//! Folding: a tree of any size in bounded memory. Once the exact nodes pass a budget, every
//! finished subtree that spans few enough steps, and is not near the newest nodes or a pinned
//! one, is kept as one [`Fold`]: its root and a [`Summary`] (node, failure, solution and
//! skipped counts, depth, step range). A fold is made exact again on demand by replaying its
//! steps (`expand`), as Gecode Gist recomputes.

use std::iter::Peekable;

use super::store::{CHUNK, Seg, Store};
use super::summary::Fold;
pub use super::summary::Summary;
use super::{FAR, NO_END, Node, NodeId, ON_PATH, SearchTree};

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
