//! Reading an execution: its counters, warnings, runs and nodes, for the app's views.

use super::counts::Counts;
use super::{DUPLICATE, Execution, NONE, NodeIndex, Run, Slot, Warning};
use crate::info::StartInfo;
use crate::message::{NodeUid, Status};

/// A node as the app reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeView<'a> {
    /// The node.
    pub index: NodeIndex,
    /// Its id as the solver sent it.
    pub uid: NodeUid,
    /// Its parent in the tree (`None` for a run's root).
    pub parent: Option<NodeIndex>,
    /// The parent's alternative that led here.
    pub alternative: i32,
    /// Alternatives it announced.
    pub kids: u32,
    /// What became of it.
    pub status: Status,
    /// Its depth (a root is at 0).
    pub depth: u32,
    /// The decision on the edge from its parent, if the solver sent a non-empty one.
    pub label: Option<&'a str>,
    /// The nogood learned at it.
    pub nogood: Option<&'a str>,
    /// Its info text.
    pub info: Option<&'a str>,
    /// Whether its id had already been used (it is in the tree; its id names the first).
    pub duplicate: bool,
}

impl Execution {
    /// The counters so far.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The warnings kept (at most [`MAX_WARNINGS`](super::MAX_WARNINGS)).
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Warnings past [`MAX_WARNINGS`](super::MAX_WARNINGS), counted only.
    pub fn warnings_dropped(&self) -> u64 {
        self.warnings_dropped
    }

    /// What START said, if it came.
    pub fn start_info(&self) -> Option<&StartInfo> {
        self.start.as_ref()
    }

    /// The restart ids of the RESTART messages, in order (-1 where the info had none).
    pub fn restart_ids(&self) -> &[i64] {
        &self.restart_ids
    }

    /// Whether DONE came.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Whether the connection ended before DONE.
    pub fn is_incomplete(&self) -> bool {
        self.ended && !self.done
    }

    /// The runs: the first search, one per restart, and orphans' subtrees, in arrival order.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// Nodes stored.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether no node arrived.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// All nodes in arrival order.
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = NodeIndex> + use<> {
        (0..self.slots.len() as u32).map(NodeIndex)
    }

    /// The node with this solver id, if it came (the first, if it came twice).
    pub fn find(&self, uid: NodeUid) -> Option<NodeIndex> {
        self.index.get(uid).map(NodeIndex)
    }

    /// A node's fields; `None` past the last node.
    pub fn node(&self, index: NodeIndex) -> Option<NodeView<'_>> {
        let slot = self.slots.get(index.0 as usize)?;
        let at = self
            .contexts
            .partition_point(|&(first, _, _)| first <= index.0);
        let (_, rid, tid) = self.contexts.get(at.checked_sub(1)?).copied()?;
        Some(NodeView {
            index,
            uid: NodeUid {
                nid: slot.nid,
                rid,
                tid,
            },
            parent: (slot.parent != NONE).then_some(NodeIndex(slot.parent)),
            alternative: slot.alternative,
            kids: u32::from(slot.kids),
            status: slot.status,
            depth: slot.depth,
            label: Some(self.labels.get(slot.label)).filter(|s| !s.is_empty()),
            nogood: self.nogoods.get(index.0),
            info: self.infos.get(index.0),
            duplicate: slot.flags & DUPLICATE != 0,
        })
    }

    /// A node's children in the order of their alternatives (empty past the last node).
    pub fn children(&self, index: NodeIndex) -> Vec<NodeIndex> {
        let mut children = Vec::new();
        let mut child = self
            .slots
            .get(index.0 as usize)
            .map_or(NONE, |slot| slot.last_child);
        while child != NONE {
            children.push(NodeIndex(child));
            child = self.slots[child as usize].prev_sibling;
        }
        children.reverse();
        children
    }

    /// Distinct labels stored.
    pub fn distinct_labels(&self) -> usize {
        self.labels.len()
    }

    /// Heap bytes held by the execution (capacities, not lengths), for the memory figures.
    pub fn heap_bytes(&self) -> usize {
        self.slots.capacity() * size_of::<Slot>()
            + self.contexts.capacity() * size_of::<(u32, i32, i32)>()
            + self.index.heap_bytes()
            + self.labels.heap_bytes()
            + self.nogoods.heap_bytes()
            + self.infos.heap_bytes()
            + self.runs.capacity() * size_of::<Run>()
            + self.restart_ids.capacity() * size_of::<i64>()
            + self.warnings.capacity() * size_of::<Warning>()
    }
}
