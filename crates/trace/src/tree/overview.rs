//! CP-Profiler's pixel tree: x is a node's position in depth-first order, squeezed to the
//! width, y its depth. Kept as a fixed number of buckets of consecutive nodes, each with the
//! depths present and where failures and solutions are, merged pairwise when full, so a
//! picture of a million-node tree costs a few thousand word operations.

use super::{NodeId, NodeKind, SearchTree, summary};

/// How many buckets the overview keeps before it merges them pairwise.
pub const BUCKETS: usize = 1024;
/// The most dot rows one depth level takes in a shallow tree.
const MAX_ROWS_PER_LEVEL: usize = 4;
/// Up to this many visible nodes, a picture reads the nodes themselves.
const EXACT: usize = 1 << 15;

/// Depth bitmaps of consecutive nodes: bucket `b` covers ids `b * width ..`.
#[derive(Clone, Debug)]
pub struct Overview {
    width: u32,
    /// The first id past the buckets made so far.
    end: u32,
    words: usize,
    any: Vec<u64>,
    failure: Vec<u64>,
    solution: Vec<u64>,
    skipped: Vec<u64>,
    max_depth: u16,
}

impl Default for Overview {
    fn default() -> Overview {
        Overview {
            width: 1,
            end: 0,
            words: 2,
            any: Vec::new(),
            failure: Vec::new(),
            solution: Vec::new(),
            skipped: Vec::new(),
            max_depth: 0,
        }
    }
}

/// What one dot of the picture holds.
pub mod dot {
    /// A node.
    pub const NODE: u8 = 1;
    /// A failure.
    pub const FAILURE: u8 = 2;
    /// A solution.
    pub const SOLUTION: u8 = 4;
    /// A skipped node (what a backjump jumped over).
    pub const SKIPPED: u8 = 8;
}

/// A picture of the tree: `columns` × `rows` dots, row-major, each a set of [`dot`] flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PixelTree {
    /// Dots across.
    pub columns: usize,
    /// Dots down.
    pub rows: usize,
    /// The flags of each dot, row-major.
    pub dots: Vec<u8>,
    /// Dot rows per depth level (at least 1; depths beyond the rows are squeezed).
    pub rows_per_level: usize,
    /// Nodes drawn.
    pub nodes: usize,
    /// The deepest node drawn.
    pub max_depth: u16,
}

impl PixelTree {
    /// The dot that node `id` (of `depth`) falls on.
    pub fn dot_of(&self, id: NodeId, depth: u16) -> (usize, usize) {
        let x = (id as usize * self.columns) / self.nodes.max(1);
        (x.min(self.columns - 1), self.row_of(depth))
    }

    fn row_of(&self, depth: u16) -> usize {
        let levels = usize::from(self.max_depth) + 1;
        if levels * self.rows_per_level <= self.rows {
            usize::from(depth) * self.rows_per_level
        } else {
            // Squeezed: depths spread over the rows (several levels to a dot row when deep).
            usize::from(depth) * self.rows / levels
        }
    }

    /// The flags of dot (`x`, `y`).
    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.dots[y * self.columns + x]
    }
}

impl Overview {
    /// The deepest node so far.
    pub fn max_depth(&self) -> u16 {
        self.max_depth
    }

    pub(super) fn approx_bytes(&self) -> usize {
        (self.any.capacity()
            + self.failure.capacity()
            + self.solution.capacity()
            + self.skipped.capacity())
            * 8
    }

    fn bucket_count(&self) -> usize {
        self.any.len() / self.words
    }

    /// Adds node `id` (one past the last added) at `depth`.
    #[inline]
    pub(super) fn add(&mut self, id: NodeId, depth: u16) {
        self.max_depth = self.max_depth.max(depth);
        // Ids come in order: most land in the last bucket.
        if id < self.end && usize::from(depth) < self.words * 64 {
            let at = self.any.len() - self.words;
            set(&mut self.any, at, depth);
            return;
        }
        self.add_slow(id, depth);
    }

    fn add_slow(&mut self, id: NodeId, depth: u16) {
        let need = usize::from(depth) / 64 + 1;
        if need > self.words {
            self.widen(need.next_power_of_two());
        }
        let mut b = (id / self.width) as usize;
        if b >= BUCKETS {
            self.halve();
            b = (id / self.width) as usize;
        }
        while self.bucket_count() <= b {
            let words = self.words;
            self.any.extend(std::iter::repeat_n(0, words));
            self.failure.extend(std::iter::repeat_n(0, words));
            self.solution.extend(std::iter::repeat_n(0, words));
            self.skipped.extend(std::iter::repeat_n(0, words));
        }
        self.end = (self.bucket_count() as u32) * self.width;
        set(&mut self.any, b * self.words, depth);
    }

    pub(super) fn mark(&mut self, id: NodeId, depth: u16, kind: NodeKind) {
        let at = if id >= self.end.saturating_sub(self.width) {
            self.any.len() - self.words
        } else {
            (id / self.width) as usize * self.words
        };
        match kind {
            NodeKind::Failure => set(&mut self.failure, at, depth),
            NodeKind::Solution => set(&mut self.solution, at, depth),
            NodeKind::Skipped => set(&mut self.skipped, at, depth),
            NodeKind::Open | NodeKind::Choice => {}
        }
    }

    fn widen(&mut self, words: usize) {
        let old = self.words;
        let regrid = |v: &Vec<u64>| -> Vec<u64> {
            v.chunks(old)
                .flat_map(|c| c.iter().copied().chain(std::iter::repeat_n(0, words - old)))
                .collect()
        };
        self.any = regrid(&self.any);
        self.failure = regrid(&self.failure);
        self.solution = regrid(&self.solution);
        self.skipped = regrid(&self.skipped);
        self.words = words;
    }

    fn halve(&mut self) {
        let words = self.words;
        for v in [
            &mut self.any,
            &mut self.failure,
            &mut self.solution,
            &mut self.skipped,
        ] {
            let pairs = v.len() / (2 * words);
            for p in 0..pairs {
                for w in 0..words {
                    v[p * words + w] = v[2 * p * words + w] | v[(2 * p + 1) * words + w];
                }
            }
            if v.len() / words % 2 == 1 {
                let last = v.len() - words;
                for w in 0..words {
                    v[pairs * words + w] = v[last + w];
                }
                v.truncate((pairs + 1) * words);
            } else {
                v.truncate(pairs * words);
            }
        }
        self.width *= 2;
        self.end = (self.bucket_count() as u32) * self.width;
    }
}

fn set(v: &mut [u64], at: usize, depth: u16) {
    v[at + usize::from(depth) / 64] |= 1 << (depth % 64);
}

impl SearchTree {
    /// The pixel tree as it stood at `step`, `columns` × `rows` dots, scaled to the nodes
    /// visible then (so stepping back shows nothing of what came later).
    pub fn pixels(&self, step: u64, columns: usize, rows: usize) -> PixelTree {
        let visible = self.visible(step);
        let ov = &self.overview;
        let width = ov.width as usize;
        // Whole buckets from the summary, the rest from the nodes themselves (the newest
        // visible node may have got its kind after `step`), a folded subtree from its own
        // summary.
        // The whole tree (nothing made after `step`): its last, partial, bucket is as exact
        // as the others, every kind in it fixed by then. Read node by node it cost tens of
        // milliseconds a frame on issue 33's tree (buckets of 262,144 nodes, the newest
        // of them exact), which made playing a finished search back with the tree shown
        // five times slower.
        let whole = visible > EXACT && step >= self.frontier();
        let summarised = if whole {
            visible.div_ceil(width).min(ov.bucket_count())
        } else if visible > EXACT {
            visible / width
        } else {
            0
        };
        let exact = if whole {
            Vec::new()
        } else {
            self.tail(summarised * width, visible, step)
        };
        let summary_depth = (0..summarised * ov.words)
            .rev()
            .find(|&at| ov.any[at] != 0)
            .map_or(0, |at| {
                ((at % ov.words) * 64 + 63 - ov.any[at].leading_zeros() as usize) as u16
            });
        let max_depth = exact
            .iter()
            .map(|e| e.2)
            .max()
            .unwrap_or(0)
            .max(summary_depth);
        let levels = usize::from(max_depth) + 1;
        let mut picture = PixelTree {
            columns: columns.max(1),
            rows: rows.max(1),
            dots: vec![0; columns.max(1) * rows.max(1)],
            rows_per_level: (rows / levels).clamp(1, MAX_ROWS_PER_LEVEL),
            nodes: visible,
            max_depth,
        };
        // A node fills the dots up to the next node's column (so a small tree is not a few
        // specks), and two dot rows of its level when the levels have room.
        let thick = picture.rows_per_level.min(2);
        let plot = |picture: &mut PixelTree, (id, past): (usize, usize), depth: u16, flags: u8| {
            let (x, y) = picture.dot_of(id as NodeId, depth);
            let last = picture.dot_of(past as NodeId - 1, depth).0;
            let next = picture.dot_of(past as NodeId, depth).0.max(last + 1);
            for yy in y..(y + thick).min(picture.rows) {
                for xx in x..next.min(picture.columns) {
                    picture.dots[yy * picture.columns + xx] |= flags;
                }
            }
        };
        for b in 0..summarised {
            // The middle of the bucket's ids (of those visible, for a partial last one).
            let id = usize::midpoint(b * width, ((b + 1) * width).min(visible));
            for w in 0..ov.words {
                let at = b * ov.words + w;
                for (bits, flags) in [
                    (ov.any[at], dot::NODE),
                    (ov.failure[at], dot::FAILURE),
                    (ov.solution[at], dot::SOLUTION),
                    (ov.skipped[at], dot::SKIPPED),
                ] {
                    let mut bits = bits;
                    while bits != 0 {
                        let depth = (w * 64) as u16 + bits.trailing_zeros() as u16;
                        bits &= bits - 1;
                        plot(&mut picture, (id, id + 1), depth, flags);
                    }
                }
            }
        }
        for (from, past, depth, flags) in exact {
            plot(&mut picture, (from, past), depth, flags);
        }
        picture
    }

    /// The dots of ids `from..visible` at `step`: (first id, past id, depth, flags), one a
    /// node, or one a depth of a folded subtree's (spread over its ids).
    fn tail(&self, from: usize, visible: usize, step: u64) -> Vec<(usize, usize, u16, u8)> {
        let mut out = Vec::new();
        let mut id = from;
        while id < visible {
            if let Some(f) = self.folded(id as NodeId).filter(|f| f.last_step < step) {
                let past = (f.end as usize + 1).min(visible);
                let rows = [
                    (summary::ANY, dot::NODE),
                    (summary::FAILURES, dot::NODE | dot::FAILURE),
                    (summary::SOLUTIONS, dot::NODE | dot::SOLUTION),
                    (summary::SKIPPED, dot::NODE | dot::SKIPPED),
                ];
                for (row, flags) in rows {
                    for (w, &word) in f.summary.depths[row].iter().enumerate() {
                        let mut bits = word;
                        while bits != 0 {
                            let depth = (w * 64) as u16 + bits.trailing_zeros() as u16;
                            bits &= bits - 1;
                            out.push((id, past, depth, flags));
                        }
                    }
                }
                id = past;
                continue;
            }
            if let Some(n) = self.node(id as NodeId, step) {
                let flags = match n.kind {
                    NodeKind::Failure => dot::NODE | dot::FAILURE,
                    NodeKind::Solution => dot::NODE | dot::SOLUTION,
                    NodeKind::Skipped => dot::NODE | dot::SKIPPED,
                    NodeKind::Open | NodeKind::Choice => dot::NODE,
                };
                out.push((id, id + 1, n.depth, flags));
            }
            id += 1;
        }
        out
    }
}
