//! Conflict sets: sets of decision levels, one set per frame or per cell, in one flat
//! table of words.

/// `count` sets of decision levels from 1 to `levels`, each a bitset of words.
#[derive(Clone, Debug)]
pub(crate) struct Levels {
    words: usize,
    bits: Vec<u64>,
}

impl Levels {
    /// `count` empty sets of levels up to `levels`.
    pub(crate) fn new(count: usize, levels: usize) -> Levels {
        let words = levels / 64 + 1;
        Levels {
            words,
            bits: vec![0; count * words],
        }
    }

    /// Words per set.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    fn set(&self, at: usize) -> &[u64] {
        &self.bits[at * self.words..(at + 1) * self.words]
    }

    fn set_mut(&mut self, at: usize) -> &mut [u64] {
        &mut self.bits[at * self.words..(at + 1) * self.words]
    }

    /// Adds `level` to set `at`.
    pub(crate) fn insert(&mut self, at: usize, level: usize) {
        self.set_mut(at)[level / 64] |= 1 << (level % 64);
    }

    /// Empties set `at`.
    pub(crate) fn clear(&mut self, at: usize) {
        self.set_mut(at).fill(0);
    }

    /// Empties every set.
    pub(crate) fn clear_all(&mut self) {
        self.bits.fill(0);
    }

    /// Drops from every set the levels from `level` on.
    pub(crate) fn keep_below(&mut self, level: usize) {
        let (word, bit) = (level / 64, level % 64);
        let words = self.words;
        for set in self.bits.chunks_exact_mut(words) {
            if let Some(w) = set.get_mut(word) {
                *w &= (1u64 << bit) - 1;
            }
            for w in set.iter_mut().skip(word + 1) {
                *w = 0;
            }
        }
    }

    /// Adds set `at` of `other` (of the same level range) to `into`, a set of this table.
    pub(crate) fn union_from(into: &mut [u64], other: &Levels, at: usize) {
        for (a, b) in into.iter_mut().zip(other.set(at)) {
            *a |= b;
        }
    }
}

/// The levels of a set, ascending.
pub(crate) fn levels(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + bit
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_sets_keep_union_and_forget_as_conflict_sets_need() {
        let mut sets = Levels::new(3, 130);
        sets.insert(0, 1);
        sets.insert(0, 70);
        sets.insert(0, 129);
        sets.insert(1, 5);
        let mut union = vec![0; sets.words()];
        Levels::union_from(&mut union, &sets, 1);
        Levels::union_from(&mut union, &sets, 0);
        assert_eq!(levels(&union).collect::<Vec<_>>(), [1, 5, 70, 129]);
        sets.keep_below(70);
        let mut kept = vec![0; sets.words()];
        Levels::union_from(&mut kept, &sets, 0);
        assert_eq!(levels(&kept).collect::<Vec<_>>(), [1]);
        sets.clear(1);
        let mut cleared = vec![0; sets.words()];
        Levels::union_from(&mut cleared, &sets, 1);
        assert_eq!(levels(&cleared).count(), 0);
    }
}
