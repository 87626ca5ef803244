//! The nodes' storage: fixed-size chunks, so a growing tree never copies what it holds
//! and keeps at most one chunk of spare room (a `Vec` doubling would keep up to as much
//! spare room as it holds).

use std::ops::{Index, IndexMut};

/// Nodes a chunk holds (2 MiB of 32-byte nodes).
const CHUNK: usize = 1 << 16;

/// A growable array in chunks of [`CHUNK`] items.
#[derive(Clone, Debug)]
pub(super) struct Store<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Default for Store<T> {
    fn default() -> Store<T> {
        Store {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<T: Copy> Store<T> {
    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(super) fn push(&mut self, item: T) {
        if self.len % CHUNK == 0 {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        self.chunks
            .last_mut()
            .expect("BUG: a chunk was made for this item")
            .push(item);
        self.len += 1;
    }

    pub(super) fn get(&self, i: usize) -> Option<&T> {
        (i < self.len).then(|| &self[i])
    }

    /// The first index whose item fails `pred`, which holds for a prefix of the items.
    pub(super) fn partition_point(&self, pred: impl Fn(&T) -> bool) -> usize {
        let (mut lo, mut hi) = (0, self.len);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if pred(&self[mid]) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &T> {
        self.chunks.iter().flatten()
    }

    /// Bytes held, spare room included.
    pub(super) fn approx_bytes(&self) -> usize {
        self.chunks.iter().map(Vec::capacity).sum::<usize>() * std::mem::size_of::<T>()
            + self.chunks.capacity() * std::mem::size_of::<Vec<T>>()
    }
}

impl<T> Index<usize> for Store<T> {
    type Output = T;

    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.chunks[i / CHUNK][i % CHUNK]
    }
}

impl<T> IndexMut<usize> for Store<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.chunks[i / CHUNK][i % CHUNK]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_keep_their_index_across_chunks() {
        let mut store = Store::default();
        for i in 0..(2 * CHUNK + 5) as u32 {
            store.push(i);
        }
        assert_eq!(store.len(), 2 * CHUNK + 5);
        assert_eq!(store[CHUNK], CHUNK as u32);
        assert_eq!(store.get(2 * CHUNK + 5), None);
        assert_eq!(store.partition_point(|&x| x < 70_000), 70_000);
        assert_eq!(store.iter().count(), 2 * CHUNK + 5);
    }
}
