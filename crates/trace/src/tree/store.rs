//! The nodes' storage, by id: runs of exact nodes in fixed-size segments (so a growing tree
//! never copies what it holds and keeps at most one segment of spare room), and folds,
//! whole subtrees kept as one summary each ([`Fold`]).

use std::ops::{Index, IndexMut};

use super::summary::Fold;
use super::{Node, NodeId};

/// Nodes an exact segment holds at most (2.5 MiB of 40-byte nodes).
pub(super) const CHUNK: usize = 1 << 16;

/// Consecutive ids: exact nodes, or one folded subtree.
#[derive(Clone, Debug)]
pub(super) enum Seg {
    /// Nodes `first`, `first + 1`, ...
    Exact {
        /// The first node's id.
        first: NodeId,
        /// The nodes.
        nodes: Vec<Node>,
    },
    /// A subtree folded into its summary: ids `fold.id ..= fold.root.end`.
    Fold(Box<Fold>),
}

impl Seg {
    /// The first id it holds.
    pub(super) fn first(&self) -> NodeId {
        match self {
            Seg::Exact { first, .. } => *first,
            Seg::Fold(f) => f.id,
        }
    }

    /// One past the last id it holds.
    pub(super) fn past(&self) -> NodeId {
        match self {
            Seg::Exact { first, nodes } => first + nodes.len() as NodeId,
            Seg::Fold(f) => f.root.end + 1,
        }
    }

    /// The step that made its first node.
    pub(super) fn first_step(&self) -> u64 {
        match self {
            Seg::Exact { nodes, .. } => nodes.first().map_or(u64::MAX, |n| n.first_step),
            Seg::Fold(f) => f.root.first_step,
        }
    }
}

/// The nodes by id, exact or folded: older segments, then the newest nodes (the tail,
/// where a growing tree reads and writes most) in a vector of their own.
#[derive(Clone, Debug, Default)]
pub(super) struct Store {
    /// Ids below `tail_first`.
    segs: Vec<Seg>,
    /// Ids `tail_first ..`.
    tail: Vec<Node>,
    tail_first: NodeId,
    /// Exact nodes held in `segs`.
    older_exact: usize,
}

impl Store {
    /// A store holding only `known` (ids and nodes, in id order), whose next node is `next`:
    /// the ancestors of a subtree about to be made again (see `expand`).
    pub(super) fn seeded(known: &[(NodeId, Node)], next: NodeId) -> Store {
        Store {
            segs: known
                .iter()
                .map(|&(id, node)| Seg::Exact {
                    first: id,
                    nodes: vec![node],
                })
                .collect(),
            tail: Vec::new(),
            tail_first: next,
            older_exact: known.len(),
        }
    }

    /// Made from `segs` (in id order, holding every id below `next`).
    pub(super) fn from_segs(mut segs: Vec<Seg>, next: NodeId) -> Store {
        let (tail, tail_first) = match segs.pop() {
            Some(Seg::Exact { first, nodes }) => (nodes, first),
            Some(fold) => {
                segs.push(fold);
                (Vec::new(), next)
            }
            None => (Vec::new(), next),
        };
        let older_exact = segs
            .iter()
            .map(|s| match s {
                Seg::Exact { nodes, .. } => nodes.len(),
                Seg::Fold(_) => 0,
            })
            .sum();
        Store {
            segs,
            tail,
            tail_first,
            older_exact,
        }
    }

    /// Ids made so far (folded ones included).
    pub(super) fn len(&self) -> usize {
        self.next_id() as usize
    }

    pub(super) fn is_empty(&self) -> bool {
        self.next_id() == 0
    }

    /// The id the next node gets.
    #[inline]
    pub(super) fn next_id(&self) -> NodeId {
        self.tail_first + self.tail.len() as NodeId
    }

    /// Exact nodes held (the rest are folded).
    pub(super) fn exact(&self) -> usize {
        self.older_exact + self.tail.len()
    }

    /// The segments before the newest nodes, in id order.
    pub(super) fn older(&self) -> &[Seg] {
        &self.segs
    }

    /// The newest nodes: the first one's id, and the nodes.
    pub(super) fn tail(&self) -> (NodeId, &[Node]) {
        (self.tail_first, &self.tail)
    }

    /// Takes every segment out (to be rebuilt), the newest nodes last, leaving none.
    pub(super) fn take_segs(&mut self) -> Vec<Seg> {
        let next = self.next_id();
        let mut segs = std::mem::take(&mut self.segs);
        let tail = std::mem::take(&mut self.tail);
        if !tail.is_empty() {
            segs.push(Seg::Exact {
                first: self.tail_first,
                nodes: tail,
            });
        }
        self.tail_first = next;
        self.older_exact = 0;
        segs
    }

    /// Makes node number [`Store::next_id`].
    #[inline]
    pub(super) fn push(&mut self, node: Node) {
        if self.tail.len() == CHUNK {
            let next = self.next_id();
            let full = std::mem::replace(&mut self.tail, Vec::with_capacity(CHUNK));
            self.older_exact += full.len();
            self.segs.push(Seg::Exact {
                first: self.tail_first,
                nodes: full,
            });
            self.tail_first = next;
        } else if self.tail.capacity() == 0 {
            self.tail.reserve_exact(CHUNK);
        }
        self.tail.push(node);
    }

    /// The index of the older segment holding `id`.
    fn seg_of(&self, id: NodeId) -> Option<usize> {
        let i = self
            .segs
            .partition_point(|s| s.first() <= id)
            .checked_sub(1)?;
        (id < self.segs[i].past()).then_some(i)
    }

    /// Node `id`: an exact node, or a fold's root (`None` inside a fold, or not made).
    #[inline]
    pub(super) fn get(&self, id: NodeId) -> Option<&Node> {
        match id.checked_sub(self.tail_first) {
            Some(at) => self.tail.get(at as usize),
            None => self.get_older(id),
        }
    }

    fn get_older(&self, id: NodeId) -> Option<&Node> {
        match &self.segs[self.seg_of(id)?] {
            Seg::Exact { first, nodes } => nodes.get((id - first) as usize),
            Seg::Fold(f) => (f.id == id).then_some(&f.root),
        }
    }

    #[inline]
    fn get_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        match id.checked_sub(self.tail_first) {
            Some(at) => self.tail.get_mut(at as usize),
            None => self.get_older_mut(id),
        }
    }

    fn get_older_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        let i = self.seg_of(id)?;
        match &mut self.segs[i] {
            Seg::Exact { first, nodes } => nodes.get_mut((id - *first) as usize),
            Seg::Fold(f) => (f.id == id).then_some(&mut f.root),
        }
    }

    /// The fold holding `id` (its root or any node inside), if `id` is folded.
    pub(super) fn fold_of(&self, id: NodeId) -> Option<&Fold> {
        if id >= self.tail_first {
            return None;
        }
        match &self.segs[self.seg_of(id)?] {
            Seg::Fold(f) => Some(f),
            Seg::Exact { .. } => None,
        }
    }

    /// The index of the fold whose root is `id`, if one.
    pub(super) fn fold_index(&self, id: NodeId) -> Option<usize> {
        if id >= self.tail_first {
            return None;
        }
        let i = self.seg_of(id)?;
        matches!(&self.segs[i], Seg::Fold(f) if f.id == id).then_some(i)
    }

    /// Puts `nodes` (ids `fold.id ..= fold.root.end`, made again) in place of fold number
    /// `index`.
    pub(super) fn unfold(&mut self, index: usize, nodes: Vec<Node>) {
        let Seg::Fold(fold) = &self.segs[index] else {
            return;
        };
        let mut first = fold.id;
        self.older_exact += nodes.len();
        let mut pieces = Vec::new();
        let mut rest = nodes;
        while rest.len() > CHUNK {
            let tail = rest.split_off(CHUNK);
            pieces.push(Seg::Exact { first, nodes: rest });
            first += CHUNK as NodeId;
            rest = tail;
        }
        pieces.push(Seg::Exact { first, nodes: rest });
        self.segs.splice(index..=index, pieces);
    }

    /// How many ids were made at or before `step` (node first steps rise with their ids).
    /// Inside a fold whose steps span `step`, only its root is counted: the fold must be
    /// made again for the exact count (see `SearchTree::straddling`).
    pub(super) fn made_by(&self, step: u64) -> usize {
        if self.tail.first().is_some_and(|n| n.first_step <= step) {
            return self.tail_first as usize + self.tail.partition_point(|n| n.first_step <= step);
        }
        let i = self.segs.partition_point(|s| s.first_step() <= step);
        let Some(seg) = i.checked_sub(1).map(|i| &self.segs[i]) else {
            return 0;
        };
        match seg {
            Seg::Exact { first, nodes } => {
                *first as usize + nodes.partition_point(|n| n.first_step <= step)
            }
            Seg::Fold(f) if f.last_step() < step => seg.past() as usize,
            Seg::Fold(f) => f.id as usize + 1,
        }
    }

    /// Bytes held, spare room included.
    pub(super) fn approx_bytes(&self) -> usize {
        self.segs
            .iter()
            .map(|s| match s {
                Seg::Exact { nodes, .. } => nodes.capacity() * std::mem::size_of::<Node>(),
                Seg::Fold(_) => std::mem::size_of::<Fold>(),
            })
            .sum::<usize>()
            + self.segs.capacity() * std::mem::size_of::<Seg>()
            + self.tail.capacity() * std::mem::size_of::<Node>()
    }
}

impl Index<NodeId> for Store {
    type Output = Node;

    #[inline]
    fn index(&self, id: NodeId) -> &Node {
        self.get(id)
            .expect("BUG: the nodes the tree grows from are exact")
    }
}

impl IndexMut<NodeId> for Store {
    #[inline]
    fn index_mut(&mut self, id: NodeId) -> &mut Node {
        self.get_mut(id)
            .expect("BUG: the nodes the tree grows from are exact")
    }
}
