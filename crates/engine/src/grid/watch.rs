//! What the unit rules start from: the (unit, digit) pairs whose places dropped to a few,
//! the cells just left with two candidates, and the units and digits locked candidates
//! have still to look at. The grid notes them as domains shrink; the rules take them.

use super::Grid;
use super::bivalue::FreshPairs;
use super::board::join;
use super::note::{Note, slot};
use super::table::refill;
use crate::domain::Domain;
use crate::geometry::{Cell, Unit};

impl Grid {
    /// Starts noting every (unit, digit) whose places drop to two or fewer (to the box side
    /// if `locks`, for locked candidates), for the unit rules, beginning with those already
    /// that low; those left with two are kept for the hidden-pair rule if `pairs`, and the
    /// units and digits for locked candidates if `locks`.
    pub(crate) fn watch_places(&mut self, locks: bool, pairs: bool) {
        if locks {
            self.low = self.low.max(self.geometry.size().get() as u8);
            refill(&mut self.locks, self.geometry.unit_count(), Domain::EMPTY);
        }
        // Room for every note: between two `settle`s counts only drop, so each pair is
        // noted at most once per count from the box side down to none, after those
        // already low.
        let geometry = self.geometry;
        let all = geometry.unit_count() * geometry.side();
        // A note is read only after it was written: room kept from an earlier puzzle of
        // the same size is reused as it is.
        let room = (usize::from(self.low) + 2) * all + 1;
        if self.watch.len() != room {
            refill(&mut self.watch, room, Note::default());
        }
        self.watched = 0;
        // Each pair is noted with two places at most once between two `settle`s; one more
        // slot takes the unkept write.
        if pairs {
            if self.two_places.len() != all + 1 {
                refill(&mut self.two_places, all + 1, Note::default());
            }
        } else {
            self.two_places.clear();
        }
        self.paired = 0;
        // Branch-free, with the index in a local (perf, top1465 with `fast`: this loop was
        // 1.7 % of the time with a branch per count and the index in the grid): every count
        // is written, and kept if low; the last write lands in the spare slot.
        let mut watched = 0;
        for unit in geometry.units() {
            let start = slot(unit, 0);
            for (i, &left) in self.places[start..start + geometry.side()]
                .iter()
                .enumerate()
            {
                if let Some(note) = self.watch.get_mut(watched) {
                    *note = Note::new(start + i, left);
                }
                watched += usize::from(left <= self.low);
            }
        }
        self.watched = watched;
    }

    /// Starts noting every open cell left with two candidates, for the naked-pair rule,
    /// beginning with those that have two already.
    ///
    /// On a grid that scans, none is noted: the rule takes them from the bitboards, all of
    /// them unseen at first (see `grid/bivalue.rs`).
    pub(crate) fn watch_bivalue(&mut self) {
        self.fresh_pairs = FreshPairs::start(self.scan.on);
        if self.scan.on {
            // Empty, so that the prunes outside forward checking note nothing either.
            self.bivalue.clear();
            self.bivalued = 0;
            return;
        }
        // Room for every cell: between two `settle`s domains only shrink, so a cell is
        // left with two candidates at most once; one more slot takes the unkept write.
        refill(
            &mut self.bivalue,
            self.geometry.cell_count() + 1,
            Cell::new(0),
        );
        self.bivalued = 0;
        for cell in self.geometry.cells() {
            if self.open_domain(cell).is_pair() {
                self.bivalue[self.bivalued] = cell;
                self.bivalued += 1;
            }
        }
    }

    /// The newest noted cell left with two candidates.
    #[inline]
    pub(crate) fn next_bivalue(&mut self) -> Option<Cell> {
        if self.pairs_on_boards() {
            return self.next_fresh_pair();
        }
        self.bivalued = self.bivalued.checked_sub(1)?;
        self.bivalue.get(self.bivalued).copied()
    }

    /// Hands the noted pairs left with two places or more to the hidden-pair and
    /// locked-candidate rules (those that asked for them in [`Grid::watch_places`]), newest
    /// first, and returns the first noted pair left with one place or none, for hidden
    /// singles; with `all`, hands every noted pair and returns none.
    ///
    /// Measured (perf, top1465 with `fast`): handing the notes one call at a time kept the
    /// note index and the unit bitset in memory, each note's update waiting on the last
    /// one's store; in this loop they stay in registers.
    #[inline]
    pub(crate) fn hand_notes(&mut self, all: bool) -> Option<Note> {
        let mut watched = self.watched;
        let mut paired = self.paired;
        let mut units = self.locked_units;
        let mut single = None;
        while let Some(i) = watched.checked_sub(1) {
            watched = i;
            let Some(&note) = self.watch.get(i) else {
                break;
            };
            let left = note.left();
            if left < 2 {
                if all {
                    continue;
                }
                single = Some(note);
                break;
            }
            let unit = note.unit();
            if let Some(locks) = self.locks.get_mut(unit.index()) {
                *locks = locks.with(note.digit());
                let u = unit.index();
                units[(u >> 6) & 1] |= 1 << (u & 63);
            }
            // Branch-free (whether a count is two is unpredictable: cachegrind, sudoku17 with
            // `fast`, put 90 mispredicted branches a puzzle here): the note is always written
            // when the hidden-pair rule asked for them, and kept if it has two places.
            if let Some(kept) = self.two_places.get_mut(paired) {
                *kept = note;
                paired += usize::from(left == 2);
            }
        }
        self.watched = watched;
        self.paired = paired;
        self.locked_units = units;
        single
    }

    /// The newest noted (unit, digit) pair left with two places (it may have fewer now).
    #[inline]
    pub(crate) fn next_two_places(&mut self) -> Option<Note> {
        self.paired = self.paired.checked_sub(1)?;
        self.two_places.get(self.paired).copied()
    }

    /// Forgets noted pairs and changed units, once a backtrack has put the grid back at a
    /// fixpoint.
    pub(crate) fn settle(&mut self) {
        self.watched = 0;
        self.bivalued = 0;
        self.paired = 0;
        self.locked_units = [0; 2];
        self.locks.fill(Domain::EMPTY);
        if self.scan.on {
            self.settle_scan();
            self.settle_fresh_pairs();
        }
    }

    /// The units where locked candidates may find something new since its last call, as a
    /// bitset of unit indexes: units where a digit's places dropped to a few. Within one
    /// propagation domains only shrink, so a digit whose places were not all in one
    /// crossing unit stays so until its places drop again.
    #[inline]
    pub(crate) fn take_locked_units(&mut self) -> u128 {
        join(std::mem::take(&mut self.locked_units))
    }

    /// The digits of a unit (one of [`Grid::take_locked_units`]) whose places dropped to two
    /// up to a box side since locked candidates last looked.
    #[inline]
    pub(crate) fn take_locks(&mut self, unit: Unit) -> Domain {
        self.locks
            .get_mut(unit.index())
            .map_or(Domain::EMPTY, std::mem::take)
    }
}
