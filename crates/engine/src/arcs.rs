//! Arcs of the binary ≠ constraints between peers, and AC-3's queue of them: first in,
//! first out, an arc at most once (Mackworth's Q ← Q ∪ {…}, a set kept in the order its
//! arcs arrived).
//!
//! The arc (Xi, Xj) is revised by removing from Xi each digit no digit of Xj supports; it
//! is numbered by Xi and the place of Xj among Xi's peers (reading order), so a board of n²
//! cells with p peers each has n²·p arcs (1,620 on 9×9).

use std::collections::VecDeque;
use std::sync::{Mutex, OnceLock, PoisonError};

use super::geometry::{BoxSize, Cell, Geometry};

/// The arc (`cell`, `against`): `cell`'s digits revised against `against`'s, two peers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConstraintArc {
    /// Xi: the cell whose digits need a support.
    pub cell: Cell,
    /// Xj: the peer whose digits support them.
    pub against: Cell,
}

/// The arcs of one board: numbering, and the arc the other way round.
#[derive(Debug)]
pub struct Arcs {
    geometry: &'static Geometry,
    /// For arc number a = (Xi, Xj): the number of (Xj, Xi).
    reverse: Vec<u32>,
    /// For arc number a = (Xi, Xj): Xi.
    owner: Vec<Cell>,
}

static ARCS: [OnceLock<Arcs>; 4] = [const { OnceLock::new() }; 4];

/// The arcs of the variants' boards made so far, each with its board (made once each).
static VARIANTS: Mutex<Vec<(&'static Geometry, &'static Arcs)>> = Mutex::new(Vec::new());

impl Arcs {
    /// The shared tables for `size`, built once per process.
    pub fn of(size: BoxSize) -> &'static Arcs {
        ARCS[size.get() - 2].get_or_init(|| Arcs::build(Geometry::of(size)))
    }

    /// The tables of `geometry`'s board (a classic board's shared ones, a variant's kept
    /// with its geometry), built once per process.
    pub fn of_geometry(geometry: &'static Geometry) -> &'static Arcs {
        if geometry.rules().is_none() {
            return Arcs::of(geometry.size());
        }
        let mut made = VARIANTS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&(_, arcs)) = made.iter().find(|(g, _)| std::ptr::eq(*g, geometry)) {
            return arcs;
        }
        let arcs: &'static Arcs = Box::leak(Box::new(Arcs::build(geometry)));
        made.push((geometry, arcs));
        arcs
    }

    fn build(geometry: &'static Geometry) -> Arcs {
        let total = geometry.peer_count_total();
        let mut reverse = Vec::with_capacity(total);
        let mut owner = Vec::with_capacity(total);
        for xi in geometry.cells() {
            for &xj in geometry.peers(xi) {
                let back = geometry
                    .peers(xj)
                    .binary_search(&xi)
                    .expect("BUG: peers are mutual and sorted");
                reverse.push((geometry.peer_start(xj) + back) as u32);
                owner.push(xi);
            }
        }
        Arcs {
            geometry,
            reverse,
            owner,
        }
    }

    /// How many arcs the board has.
    pub fn count(&self) -> usize {
        self.reverse.len()
    }

    /// The number of arc (`cell`, the `k`-th peer of `cell`).
    #[inline]
    pub fn number(&self, cell: Cell, k: usize) -> u32 {
        (self.geometry.peer_start(cell) + k) as u32
    }

    /// The number of the arc (`against`, `cell`), given arc number `arc` = (`cell`, `against`).
    #[inline]
    pub fn reverse(&self, arc: u32) -> u32 {
        self.reverse[arc as usize]
    }

    /// The number of the arc (`cell`, `against`), if they are peers.
    pub fn find(&self, arc: ConstraintArc) -> Option<u32> {
        let k = self
            .geometry
            .peers(arc.cell)
            .binary_search(&arc.against)
            .ok()?;
        Some(self.number(arc.cell, k))
    }

    /// The arc numbered `arc`.
    #[inline]
    pub fn arc(&self, arc: u32) -> ConstraintArc {
        let i = arc as usize;
        let cell = self.owner[i];
        ConstraintArc {
            cell,
            against: self.geometry.peers(cell)[i - self.geometry.peer_start(cell)],
        }
    }
}

/// A FIFO queue of arcs in which an arc is at most once: pushing one already waiting
/// leaves it where it is.
#[derive(Clone, Debug, Default)]
pub struct ArcQueue {
    queue: VecDeque<u32>,
    /// One bit per arc: whether it waits.
    waiting: Vec<u64>,
}

impl ArcQueue {
    /// An empty queue for the arcs of `arcs`.
    pub fn new(arcs: &Arcs) -> ArcQueue {
        ArcQueue {
            queue: VecDeque::new(),
            waiting: vec![0; arcs.count().div_ceil(64)],
        }
    }

    /// Appends arc number `arc` unless it waits already; returns whether it was appended.
    #[inline]
    pub fn push(&mut self, arc: u32) -> bool {
        let (word, bit) = ((arc / 64) as usize, 1u64 << (arc % 64));
        if self.waiting[word] & bit != 0 {
            return false;
        }
        self.waiting[word] |= bit;
        self.queue.push_back(arc);
        true
    }

    /// Whether arc number `arc` waits.
    #[inline]
    pub fn contains(&self, arc: u32) -> bool {
        self.waiting[(arc / 64) as usize] & (1 << (arc % 64)) != 0
    }

    /// Takes the oldest arc off.
    #[inline]
    pub fn pop(&mut self) -> Option<u32> {
        let arc = self.queue.pop_front()?;
        self.waiting[(arc / 64) as usize] &= !(1 << (arc % 64));
        Some(arc)
    }

    /// Arcs waiting.
    #[inline]
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    /// Whether no arc waits.
    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Forgets every arc.
    pub fn clear(&mut self) {
        for arc in self.queue.drain(..) {
            self.waiting[(arc / 64) as usize] = 0;
        }
    }

    /// The arcs waiting, oldest (next) first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.queue.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_arc_has_a_number_and_its_reverse() {
        for size in [BoxSize::FOUR, BoxSize::NINE, BoxSize::SIXTEEN] {
            let arcs = Arcs::of(size);
            let g = Geometry::of(size);
            assert_eq!(arcs.count(), g.cell_count() * g.peers(Cell::new(0)).len());
            for a in 0..arcs.count() as u32 {
                let arc = arcs.arc(a);
                assert!(g.are_peers(arc.cell, arc.against));
                assert_eq!(arcs.find(arc), Some(a));
                let back = arcs.arc(arcs.reverse(a));
                assert_eq!((back.cell, back.against), (arc.against, arc.cell));
            }
        }
        assert_eq!(Arcs::of(BoxSize::NINE).count(), 1620);
    }

    #[test]
    fn the_queue_is_first_in_first_out_without_repeats() {
        let arcs = Arcs::of(BoxSize::NINE);
        let mut queue = ArcQueue::new(arcs);
        assert!(queue.push(7) && queue.push(3) && queue.push(1000));
        assert!(!queue.push(7), "waiting already");
        assert_eq!(queue.iter().collect::<Vec<_>>(), [7, 3, 1000]);
        assert_eq!(queue.pop(), Some(7));
        assert!(!queue.contains(7) && queue.contains(3));
        assert!(queue.push(7), "off the queue, it may come back, at the end");
        assert_eq!(queue.iter().collect::<Vec<_>>(), [3, 1000, 7]);
        queue.clear();
        assert!(queue.is_empty() && !queue.contains(1000));
        assert!(queue.push(1000));
    }
}
