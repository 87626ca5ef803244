//! The nodes' storage, by id: runs of exact nodes in fixed-size segments (so a growing tree
//! never copies what it holds and keeps at most one segment of spare room), and folds,
//! whole subtrees kept as one summary each ([`Fold`]).

use std::ops::{Index, IndexMut};

use super::fold::Fold;
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

/// The nodes by id, exact or folded.
#[derive(Clone, Debug, Default)]
pub(super) struct Store {
    segs: Vec<Seg>,
    /// The next id to make.
    next: NodeId,
    /// Exact nodes held.
    exact: usize,
}

impl Store {
    /// A store holding only `known` (ids and nodes, in id order), whose next node is `next`:
    /// the ancestors of a subtree about to be made again (see `expand`).
    pub(super) fn seeded(known: &[(NodeId, Node)], next: NodeId) -> Store {
        let mut store = Store::default();
        for &(id, node) in known {
            store.segs.push(Seg::Exact {
                first: id,
                nodes: vec![node],
            });
        }
        store.exact = known.len();
        store.next = next;
        store
    }

    /// Made from `segs` (in id order), `next` being the next id to make.
    pub(super) fn from_segs(segs: Vec<Seg>, next: NodeId) -> Store {
        let exact = segs
            .iter()
            .map(|s| match s {
                Seg::Exact { nodes, .. } => nodes.len(),
                Seg::Fold(_) => 0,
            })
            .sum();
        Store { segs, next, exact }
    }

    /// Ids made so far (folded ones included).
    pub(super) fn len(&self) -> usize {
        self.next as usize
    }

    pub(super) fn is_empty(&self) -> bool {
        self.next == 0
    }

    /// The id the next node gets.
    #[inline]
    pub(super) fn next_id(&self) -> NodeId {
        self.next
    }

    /// Exact nodes held (the rest are folded).
    pub(super) fn exact(&self) -> usize {
        self.exact
    }

    /// The segments, in id order.
    pub(super) fn segs(&self) -> &[Seg] {
        &self.segs
    }

    /// Takes the segments out (to be rebuilt), leaving none.
    pub(super) fn take_segs(&mut self) -> Vec<Seg> {
        self.exact = 0;
        std::mem::take(&mut self.segs)
    }

    /// Makes node number [`Store::next_id`].
    #[inline]
    pub(super) fn push(&mut self, node: Node) {
        let id = self.next;
        match self.segs.last_mut() {
            Some(Seg::Exact { first, nodes })
                if *first + nodes.len() as NodeId == id && nodes.len() < CHUNK =>
            {
                nodes.push(node);
            }
            _ => {
                let mut nodes = Vec::with_capacity(CHUNK);
                nodes.push(node);
                self.segs.push(Seg::Exact { first: id, nodes });
            }
        }
        self.next += 1;
        self.exact += 1;
    }

    /// The index of the segment holding `id`.
    #[inline]
    fn seg_of(&self, id: NodeId) -> Option<usize> {
        // Most lookups while growing are of the newest nodes.
        let last = self.segs.len().checked_sub(1)?;
        let i = if self.segs[last].first() <= id {
            last
        } else {
            self.segs
                .partition_point(|s| s.first() <= id)
                .checked_sub(1)?
        };
        (id < self.segs[i].past()).then_some(i)
    }

    /// Node `id`: an exact node, or a fold's root (`None` inside a fold, or not made).
    #[inline]
    pub(super) fn get(&self, id: NodeId) -> Option<&Node> {
        match &self.segs[self.seg_of(id)?] {
            Seg::Exact { first, nodes } => nodes.get((id - first) as usize),
            Seg::Fold(f) => (f.id == id).then_some(&f.root),
        }
    }

    fn get_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        let i = self.seg_of(id)?;
        match &mut self.segs[i] {
            Seg::Exact { first, nodes } => nodes.get_mut((id - *first) as usize),
            Seg::Fold(f) => (f.id == id).then_some(&mut f.root),
        }
    }

    /// The fold holding `id` (its root or any node inside), if `id` is folded.
    pub(super) fn fold_of(&self, id: NodeId) -> Option<&Fold> {
        match &self.segs[self.seg_of(id)?] {
            Seg::Fold(f) => Some(f),
            Seg::Exact { .. } => None,
        }
    }

    /// The index of the fold whose root is `id`, if one.
    pub(super) fn fold_index(&self, id: NodeId) -> Option<usize> {
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
        self.exact += nodes.len();
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
