//! From the solver's node ids to the tree's node indices, 4 bytes a node for dense ids.
//!
//! Solvers number their nodes 0, 1, 2, ... per restart and thread (Gecode) or across restarts
//! (Chuffed), so each (restart, thread) keeps a vector indexed by node number from the first
//! number it saw. A number far from that range (or negative) goes to a hash map instead.

use std::collections::HashMap;

use crate::message::NodeUid;

/// How far past a dense range's end a new number may be and still extend it.
const MAX_GAP: usize = 1 << 16;

/// The slot value of a number not (yet) seen.
const EMPTY: u32 = u32::MAX;

#[derive(Debug)]
struct Dense {
    base: i32,
    slots: Vec<u32>,
}

impl Dense {
    /// The slot of `nid`, if it falls in the range this vector may cover.
    fn slot(&self, nid: i32) -> Option<usize> {
        usize::try_from(i64::from(nid) - i64::from(self.base)).ok()
    }
}

/// Finds a node's index by its uid.
#[derive(Debug, Default)]
pub(crate) struct UidIndex {
    by_context: HashMap<(i32, i32), usize>,
    dense: Vec<Dense>,
    sparse: HashMap<NodeUid, u32>,
    /// The last (rid, tid) looked up and its dense vector, so a run of one context hashes once.
    last: Option<((i32, i32), usize)>,
}

impl UidIndex {
    fn context(&mut self, rid: i32, tid: i32) -> usize {
        if let Some((key, at)) = self.last {
            if key == (rid, tid) {
                return at;
            }
        }
        let next = self.dense.len();
        let at = *self.by_context.entry((rid, tid)).or_insert(next);
        if at == next {
            self.dense.push(Dense {
                base: 0,
                slots: Vec::new(),
            });
        }
        self.last = Some(((rid, tid), at));
        at
    }

    /// The index of `uid`, if a node with it was inserted.
    pub(crate) fn get(&self, uid: NodeUid) -> Option<u32> {
        let at = match self.last {
            Some((key, at)) if key == (uid.rid, uid.tid) => Some(at),
            _ => self.by_context.get(&(uid.rid, uid.tid)).copied(),
        };
        let found = at.and_then(|at| {
            let dense = &self.dense[at];
            dense
                .slot(uid.nid)
                .and_then(|slot| dense.slots.get(slot))
                .copied()
        });
        match found {
            Some(index) if index != EMPTY => Some(index),
            _ if self.sparse.is_empty() => None,
            _ => self.sparse.get(&uid).copied(),
        }
    }

    /// Records `uid` at `index`; false (and nothing recorded) if `uid` is already there.
    pub(crate) fn insert(&mut self, uid: NodeUid, index: u32) -> bool {
        let at = self.context(uid.rid, uid.tid);
        let dense = &mut self.dense[at];
        if dense.slots.is_empty() && uid.nid >= 0 {
            dense.base = uid.nid;
        }
        let in_sparse = !self.sparse.is_empty() && self.sparse.contains_key(&uid);
        if let Some(slot) = dense.slot(uid.nid).filter(|_| !in_sparse) {
            if slot < dense.slots.len() {
                if dense.slots[slot] != EMPTY {
                    return false;
                }
                dense.slots[slot] = index;
                return true;
            }
            if slot <= dense.slots.len() + MAX_GAP {
                dense.slots.resize(slot, EMPTY);
                dense.slots.push(index);
                return true;
            }
        }
        match self.sparse.entry(uid) {
            std::collections::hash_map::Entry::Occupied(_) => false,
            std::collections::hash_map::Entry::Vacant(entry) => {
                entry.insert(index);
                true
            }
        }
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.dense
            .iter()
            .map(|d| d.slots.capacity() * 4)
            .sum::<usize>()
            + self.dense.capacity() * size_of::<Dense>()
            + self.by_context.capacity() * (size_of::<((i32, i32), usize)>() + 1)
            + self.sparse.capacity() * (size_of::<(NodeUid, u32)>() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uid(nid: i32, rid: i32, tid: i32) -> NodeUid {
        NodeUid { nid, rid, tid }
    }

    #[test]
    fn dense_sparse_and_negative_ids_are_all_found() {
        let mut index = UidIndex::default();
        assert!(index.insert(uid(5, 0, 0), 0));
        assert!(index.insert(uid(6, 0, 0), 1));
        assert!(index.insert(uid(2, 0, 0), 2)); // below the base: sparse
        assert!(index.insert(uid(1_000_000, 0, 0), 3)); // far past the end: sparse
        assert!(index.insert(uid(-1, 0, 0), 4));
        assert!(index.insert(uid(5, 1, 0), 5)); // another restart
        assert!(index.insert(uid(5, 0, 2), 6)); // another thread
        for (n, r, t, want) in [
            (5, 0, 0, 0),
            (6, 0, 0, 1),
            (2, 0, 0, 2),
            (1_000_000, 0, 0, 3),
            (-1, 0, 0, 4),
            (5, 1, 0, 5),
            (5, 0, 2, 6),
        ] {
            assert_eq!(index.get(uid(n, r, t)), Some(want), "{n}/{r}/{t}");
        }
        assert_eq!(index.get(uid(7, 0, 0)), None);
        assert_eq!(index.get(uid(3, 0, 0)), None);
    }

    #[test]
    fn a_second_insert_of_one_uid_is_refused() {
        let mut index = UidIndex::default();
        assert!(index.insert(uid(0, 0, 0), 0));
        assert!(!index.insert(uid(0, 0, 0), 1));
        assert!(index.insert(uid(-3, 0, 0), 2));
        assert!(!index.insert(uid(-3, 0, 0), 3));
        assert_eq!(index.get(uid(0, 0, 0)), Some(0));
    }
}
