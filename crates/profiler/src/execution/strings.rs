//! The execution's text, each kind in one arena: labels interned, nogoods and infos per node.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};

/// Labels, each distinct text stored once (a Sudoku search has at most 81 × 9 × 2 of them).
///
/// The texts live end to end in one `String`; a hash of the text finds its id. Two texts whose
/// hashes collide are both kept, the second without deduplication: correct, only less compact.
#[derive(Debug, Default)]
pub(crate) struct Interner {
    text: String,
    /// `ends[id - 1]` is where text `id` ends; it starts where the one before ends.
    ends: Vec<usize>,
    by_hash: HashMap<u64, u32>,
    hasher: RandomState,
}

impl Interner {
    /// The id of `s` (1 and up), storing it if it is new; 0 for an empty text.
    pub(crate) fn intern(&mut self, s: &str) -> u32 {
        if s.is_empty() {
            return 0;
        }
        let hash = self.hasher.hash_one(s);
        if let Some(&id) = self.by_hash.get(&hash) {
            if self.get(id) == s {
                return id;
            }
        }
        self.text.push_str(s);
        self.ends.push(self.text.len());
        let id = u32::try_from(self.ends.len()).unwrap_or(u32::MAX);
        self.by_hash.entry(hash).or_insert(id);
        id
    }

    /// The text of an id from [`intern`](Self::intern); empty for 0.
    pub(crate) fn get(&self, id: u32) -> &str {
        let Some(index) = (id as usize).checked_sub(1) else {
            return "";
        };
        let start = if index == 0 { 0 } else { self.ends[index - 1] };
        &self.text[start..self.ends[index]]
    }

    /// Distinct texts stored.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.text.capacity()
            + self.ends.capacity() * size_of::<usize>()
            + self.by_hash.capacity() * (size_of::<u64>() + size_of::<u32>() + 1)
    }
}

/// One text for some of the nodes (a nogood on Chuffed's failures), in node order.
#[derive(Debug, Default)]
pub(crate) struct NodeTexts {
    text: String,
    /// `(node, end)`: the node's text ends at `end` and starts where the entry before ends.
    entries: Vec<(u32, usize)>,
}

impl NodeTexts {
    /// Gives `node` its text. Nodes come in increasing order; an empty text is not stored.
    pub(crate) fn push(&mut self, node: u32, s: &str) {
        if s.is_empty() {
            return;
        }
        debug_assert!(self.entries.last().is_none_or(|&(last, _)| last < node));
        self.text.push_str(s);
        self.entries.push((node, self.text.len()));
    }

    /// The text of `node`, if it has one.
    pub(crate) fn get(&self, node: u32) -> Option<&str> {
        let index = self.entries.binary_search_by_key(&node, |&(n, _)| n).ok()?;
        let start = if index == 0 {
            0
        } else {
            self.entries[index - 1].1
        };
        Some(&self.text[start..self.entries[index].1])
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.text.capacity() + self.entries.capacity() * size_of::<(u32, usize)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_the_same_label_twice_gives_one_id() {
        let mut labels = Interner::default();
        let a = labels.intern("x[1] = 5");
        let b = labels.intern("x[2] != 3");
        assert_eq!(labels.intern("x[1] = 5"), a);
        assert_ne!(a, b);
        assert_eq!(labels.get(a), "x[1] = 5");
        assert_eq!(labels.get(b), "x[2] != 3");
        assert_eq!(labels.len(), 2);
        assert_eq!(labels.intern(""), 0);
        assert_eq!(labels.get(0), "");
    }

    #[test]
    fn node_texts_are_found_by_node_and_absent_elsewhere() {
        let mut nogoods = NodeTexts::default();
        nogoods.push(3, "a!=1");
        nogoods.push(4, "");
        nogoods.push(9, "b>=2 c==3");
        assert_eq!(nogoods.get(3), Some("a!=1"));
        assert_eq!(nogoods.get(4), None);
        assert_eq!(nogoods.get(9), Some("b>=2 c==3"));
        assert_eq!(nogoods.get(5), None);
    }
}
