//! The iteration order of JDK 1.6's `java.util.HashMap` over `Integer` keys: seed 003 keeps
//! its cells in such a map and scans them in the order the map iterates.
//!
//! Only what decides the order is kept: the supplemental hash, the power-of-two table with
//! its chains (a new entry goes to the head of its bucket's chain), the growth (the table
//! doubles when an entry is added to a map already holding `threshold` entries, the
//! threshold being 0.75 of the capacity, and the move to the new table walks each chain
//! from its head, so the chains that stay together come out reversed), and the iterator
//! (buckets from 0 up, each chain from its head). The values and `null` keys play no part.

/// `new HashMap()`'s capacity.
const DEFAULT_INITIAL_CAPACITY: usize = 16;

/// JDK 1.6's `HashMap.hash(int)`, applied to a key's `hashCode()` (an `Integer`'s is its
/// value) to spread the high bits down before the table masks them off. `>>>` is the
/// unsigned shift, hence the `u32`.
#[must_use]
pub fn hash(hash_code: i32) -> i32 {
    let h = bits(hash_code);
    let h = h ^ (h >> 20) ^ (h >> 12);
    i32::from_ne_bytes((h ^ (h >> 7) ^ (h >> 4)).to_ne_bytes())
}

/// An `int`'s 32 bits, as `>>>` and `&` see them.
fn bits(value: i32) -> u32 {
    u32::from_ne_bytes(value.to_ne_bytes())
}

/// `indexFor`: the bucket of a hash in a table of `capacity` (a power of two) buckets.
fn index_for(hash: i32, capacity: usize) -> usize {
    bits(hash) as usize & (capacity - 1)
}

/// One entry of the map: its key, its hash and the next entry of its chain.
#[derive(Clone, Copy, Debug)]
struct Entry {
    key: i32,
    hash: i32,
    next: Option<usize>,
}

/// A `HashMap<Integer, ?>` made with `new HashMap()`, keys only.
#[derive(Clone, Debug)]
pub struct JdkHashMap {
    /// Each bucket's first entry (an index into `entries`).
    table: Vec<Option<usize>>,
    entries: Vec<Entry>,
    threshold: usize,
}

impl Default for JdkHashMap {
    fn default() -> JdkHashMap {
        JdkHashMap::new()
    }
}

impl JdkHashMap {
    /// An empty map: 16 buckets, threshold 12.
    #[must_use]
    pub fn new() -> JdkHashMap {
        JdkHashMap {
            table: vec![None; DEFAULT_INITIAL_CAPACITY],
            entries: Vec::new(),
            threshold: threshold(DEFAULT_INITIAL_CAPACITY),
        }
    }

    /// The map after `put(key, …)` for each key in turn.
    pub fn from_keys(keys: impl IntoIterator<Item = i32>) -> JdkHashMap {
        let mut map = JdkHashMap::new();
        for key in keys {
            map.put(key);
        }
        map
    }

    /// `put(key, value)`: a key already there keeps its place; a new one goes to the head
    /// of its bucket's chain, and the table doubles if the map held `threshold` entries.
    pub fn put(&mut self, key: i32) {
        let hash = hash(key);
        let bucket = index_for(hash, self.table.len());
        if self.chain(bucket).any(|e| e.key == key) {
            return;
        }
        let size = self.entries.len();
        self.entries.push(Entry {
            key,
            hash,
            next: self.table[bucket],
        });
        self.table[bucket] = Some(size);
        // `if (size++ >= threshold) resize(2 * table.length)`: the size before this entry.
        if size >= self.threshold {
            self.resize(2 * self.table.len());
        }
    }

    /// `resize` and `transfer`: every chain of the old table walked from its head, old
    /// buckets in order, each entry put at the head of its new bucket's chain.
    fn resize(&mut self, capacity: usize) {
        let mut table = vec![None; capacity];
        for bucket in 0..self.table.len() {
            let mut at = self.table[bucket];
            while let Some(i) = at {
                let entry = &mut self.entries[i];
                at = entry.next;
                let new_bucket = index_for(entry.hash, capacity);
                entry.next = table[new_bucket];
                table[new_bucket] = Some(i);
            }
        }
        self.table = table;
        self.threshold = threshold(capacity);
    }

    /// The entries of `bucket`'s chain, from its head.
    fn chain(&self, bucket: usize) -> impl Iterator<Item = &Entry> {
        let mut at = self.table[bucket];
        std::iter::from_fn(move || {
            let entry = &self.entries[at?];
            at = entry.next;
            Some(entry)
        })
    }

    /// The number of buckets.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.table.len()
    }

    /// The keys as `keySet().iterator()` (and `toString()`) gives them: buckets from 0 up,
    /// each chain from its head.
    #[must_use]
    pub fn keys(&self) -> Vec<i32> {
        (0..self.table.len())
            .flat_map(|bucket| self.chain(bucket).map(|e| e.key))
            .collect()
    }
}

/// `(int) (capacity * loadFactor)` with the default load factor 0.75, exact for the powers
/// of two a table has.
fn threshold(capacity: usize) -> usize {
    capacity * 3 / 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_below_128_hash_to_the_key_xor_its_high_nibble() {
        // `h >>> 20`, `h >>> 12` and `h >>> 7` are 0 there: the hash is `k ^ (k >>> 4)`.
        for k in 0..128 {
            assert_eq!(hash(k), k ^ (k >> 4), "{k}");
        }
    }

    #[test]
    fn the_table_doubles_when_a_thirteenth_key_comes() {
        let mut map = JdkHashMap::from_keys(0..12);
        assert_eq!(map.capacity(), 16);
        map.put(12);
        assert_eq!(map.capacity(), 32);
        map.put(12);
        assert_eq!(map.keys().len(), 13, "a key put twice is kept once");
    }
}
