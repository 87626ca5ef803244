//! Partial assignment and backtracking: a grid, the trail of its changes, and one mark per decision.

use super::domain::{Digit, Domain};
use super::geometry::{Cell, Geometry};
use super::grid::{Grid, Snapshots};
use super::puzzle::{Givens, Puzzle};

/// One undoable change to the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// `digit` was removed from `cell`'s domain.
    Pruned(Cell, Digit),
    /// `cell` was given `digit`.
    Assigned(Cell, Digit),
}

/// A grid with its trail. `depth()` is the number of decisions in effect; the mark of
/// decision k is the trail length just before it, so backtracking to depth d undoes
/// everything from the mark of decision d + 1 on.
#[derive(Clone, Debug)]
pub struct State {
    grid: Grid,
    trail: Vec<Change>,
    marks: Vec<u32>,
    /// The grid as it was at each mark, when the search keeps them ([`State::keep_snapshots`]).
    snapshots: Snapshots,
    snapshotting: bool,
}

impl State {
    /// The initial state of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> State {
        let mut state = State::empty(puzzle.geometry());
        state.reset(puzzle);
        state
    }

    /// The initial state of `puzzle` with its givens placed or, with [`Givens::Domains`],
    /// each given an open cell whose domain is its one digit (nothing on the trail: no
    /// backtrack goes below it).
    pub fn start(puzzle: &Puzzle, givens: Givens) -> State {
        match givens {
            Givens::Placed => State::new(puzzle),
            Givens::Domains => {
                let mut state = State::new(&Puzzle::empty(puzzle.size()));
                let full = Domain::full(puzzle.size());
                for cell in puzzle.geometry().cells() {
                    if let Some(digit) = puzzle.given(cell) {
                        for other in full.without(digit) {
                            state.grid.remove(cell, other);
                        }
                    }
                }
                state
            }
        }
    }

    /// [`State::start`] without the search's own bookkeeping (place counts, the digits'
    /// bitboards and changed units, which only the inference rules read): for a view that
    /// replays events, whose hot loop it is.
    pub fn lean(puzzle: &Puzzle, givens: Givens) -> State {
        let mut state = State::start(puzzle, givens);
        state.grid.stop_counting_places();
        state
    }

    /// A state to [`State::reset`] before use.
    pub(crate) fn empty(geometry: &'static Geometry) -> State {
        State {
            grid: Grid::empty(geometry),
            trail: Vec::with_capacity(1024),
            marks: Vec::with_capacity(81),
            snapshots: Snapshots::default(),
            snapshotting: false,
        }
    }

    /// Makes this state what [`State::new`] makes of `puzzle`, in the memory it already
    /// has. Returns whether two givens share a unit and a digit (see [`Grid::reset`]).
    pub(crate) fn reset(&mut self, puzzle: &Puzzle) -> bool {
        self.forget();
        self.grid.reset(puzzle)
    }

    /// [`State::reset`] but for the grid's place counts and holders (see
    /// [`Grid::reset_values`]): for a search, which counts what its rules read.
    pub(crate) fn reset_values(&mut self, puzzle: &Puzzle) -> bool {
        self.forget();
        self.grid.reset_values(puzzle)
    }

    /// Forgets the trail, the marks and the snapshots' use.
    fn forget(&mut self) {
        self.trail.clear();
        self.marks.clear();
        self.snapshotting = false;
    }

    /// The grid.
    #[inline]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The grid, for the engine's own bookkeeping (watch lists); never for domain changes.
    #[inline]
    pub(crate) fn grid_mut(&mut self) -> &mut Grid {
        &mut self.grid
    }

    /// Decisions in effect.
    #[inline]
    pub fn depth(&self) -> usize {
        self.marks.len()
    }

    /// The trail length at each decision in effect.
    pub fn marks(&self) -> &[u32] {
        &self.marks
    }

    /// Changes on the trail.
    pub fn trail_len(&self) -> usize {
        self.trail.len()
    }

    /// Removes `digit` from `cell`'s domain, and returns what is left.
    #[inline]
    pub fn prune(&mut self, cell: Cell, digit: Digit) -> Domain {
        self.record(Change::Pruned(cell, digit));
        self.grid.remove(cell, digit)
    }

    /// Takes `cells` off `digit`'s bitboard before pruning the digit from each with
    /// [`State::prune_off_board`] (see [`Grid::take_off_board`]).
    #[inline]
    pub(crate) fn take_off_board(&mut self, digit: Digit, cells: u128) {
        self.grid.take_off_board(digit, cells);
    }

    /// Puts back the cells of [`State::take_off_board`] left unpruned.
    #[inline]
    pub(crate) fn put_on_board(&mut self, digit: Digit, cells: u128) {
        self.grid.put_on_board(digit, cells);
    }

    /// Whether forward checking prunes with [`Grid::remove_swept`]: the grid scans, and is
    /// saved at each decision, so that no prune is trailed.
    #[inline]
    pub(crate) fn sweeps(&self) -> bool {
        self.snapshotting && self.grid.scans()
    }

    /// [`State::prune`] of a cell taken off the digit's bitboard, for forward checking's
    /// loop over peers, with the grid's removal inlined (see [`Grid::remove_peer`]).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn prune_off_board(&mut self, cell: Cell, digit: Digit) -> Domain {
        self.record(Change::Pruned(cell, digit));
        self.grid.remove_peer(cell, digit)
    }

    /// Removes every candidate of `cell` but `digit` (see [`Grid::remove_others`]), trailing
    /// each removal in ascending order, and returns the removed digits.
    #[inline]
    pub(crate) fn prune_others(&mut self, cell: Cell, digit: Digit) -> Domain {
        let others = self.grid.remove_others(cell, digit);
        if !self.snapshotting {
            for other in others {
                self.trail.push(Change::Pruned(cell, other));
            }
        }
        others
    }

    /// Removes `digit` from `cell`'s domain before the first decision, for the givens'
    /// forward checking in bulk: the cell must have been taken off the digit's bitboard
    /// ([`State::take_off_board`]), no note is written for the unit rules (see
    /// [`Grid::remove_unnoted`]), and the change is not trailed: nothing made before the
    /// first decision is ever undone. Returns what is left.
    #[inline]
    pub(crate) fn prune_at_root(&mut self, cell: Cell, digit: Digit) -> Domain {
        debug_assert!(self.marks.is_empty(), "only before the first decision");
        self.grid.remove_unnoted(cell, digit)
    }

    /// Forward checking from every given at once, before the first decision: each open cell
    /// of `open` keeps the digits its units do not hold (see [`Grid::keep_unplaced`]); the
    /// digits' bitboards are the caller's ([`State::take_off_board`]).
    #[inline]
    pub(crate) fn keep_unplaced_at_root(&mut self, open: u128) {
        debug_assert!(self.marks.is_empty(), "only before the first decision");
        self.grid.keep_unplaced(open);
    }

    /// Leaves the place counts stale after [`State::keep_unplaced_at_root`], to be taken
    /// afresh when a unit rule first reads them (see `grid/defer.rs`).
    pub(crate) fn recount_places_later(&mut self) {
        self.grid.recount_later();
    }

    /// Assigns `digit` to `cell`, by inference at the current depth.
    #[inline]
    pub fn assign(&mut self, cell: Cell, digit: Digit) {
        self.grid.assign(cell, digit);
        self.record(Change::Assigned(cell, digit));
    }

    /// [`State::assign`] of open `cell` whose domain is `digit` alone (see
    /// [`Grid::assign_single`]).
    #[inline]
    pub(crate) fn assign_single(&mut self, cell: Cell, digit: Digit) {
        self.grid.assign_single(cell, digit);
        self.record(Change::Assigned(cell, digit));
    }

    /// Trails `change`, unless snapshots are kept: then a backtrack copies the grid back
    /// and nothing reads the trail. Measured (callgrind, `forum_hardest_1106` with `fast`):
    /// one trail entry per prune and assignment was 2.7 % of the run.
    #[inline]
    fn record(&mut self, change: Change) {
        if !self.snapshotting {
            self.trail.push(change);
        }
    }

    /// From now on saves the grid at every decision, so that backtracking copies it back
    /// instead of undoing the trail change by change, and keeps no trail (a backtrack then
    /// hands its `undone` nothing). For the search alone: stepping
    /// marks by hand ([`State::pop_mark`], [`State::push_mark_at`]) stops it.
    pub(crate) fn keep_snapshots(&mut self) {
        self.grid.make_room(&mut self.snapshots);
        self.snapshotting = true;
    }

    /// Assigns `digit` to `cell` as a new decision, one level deeper.
    #[inline]
    pub fn decide(&mut self, cell: Cell, digit: Digit) {
        if self.snapshotting {
            self.grid.save(&mut self.snapshots, self.marks.len());
        }
        self.marks.push(self.trail.len() as u32);
        self.assign(cell, digit);
    }

    /// Undoes every change made since decision `depth + 1`, leaving `depth` decisions in effect;
    /// each undone change on the trail is handed to `undone`, newest first (none while
    /// snapshots are kept).
    pub fn backtrack_to(&mut self, depth: usize, mut undone: impl FnMut(Change)) {
        let Some(&mark) = self.marks.get(depth) else {
            return;
        };
        if self.snapshotting {
            for &change in self.trail[mark as usize..].iter().rev() {
                undone(change);
            }
            self.trail.truncate(mark as usize);
            self.grid.load(&self.snapshots, depth);
            self.marks.truncate(depth);
            return;
        }
        while self.trail.len() > mark as usize {
            let Some(change) = self.trail.pop() else {
                break;
            };
            self.undo(change);
            undone(change);
        }
        self.marks.truncate(depth);
    }

    /// A local search's move: `cell` holds `value` (or nothing). Not on the trail (a
    /// local search's event carries what undoes it), and only the values change (see
    /// [`Grid::set_value`]).
    pub fn set_value(&mut self, cell: Cell, value: Option<Digit>) {
        self.grid.set_value(cell, value);
    }

    /// A local search's swap of the digits of `a` and `b` (see [`State::set_value`]).
    pub fn swap_values(&mut self, a: Cell, b: Cell) {
        let (va, vb) = (self.grid.value(a), self.grid.value(b));
        self.grid.set_value(a, vb);
        self.grid.set_value(b, va);
    }

    /// Undoes the newest change, which must be `change` (used when stepping an event back).
    pub fn pop(&mut self, change: Change) -> bool {
        if self.trail.last() != Some(&change) {
            return false;
        }
        self.trail.pop();
        self.undo(change);
        true
    }

    /// Re-applies `change` on top of the trail (used to redo an undone backtrack).
    pub fn redo(&mut self, change: Change) {
        match change {
            Change::Pruned(cell, digit) => {
                self.prune(cell, digit);
            }
            Change::Assigned(cell, digit) => self.assign(cell, digit),
        }
    }

    /// Drops the newest decision mark (used when stepping a decision back).
    pub fn pop_mark(&mut self) {
        self.snapshotting = false;
        self.marks.pop();
    }

    /// Pushes a decision mark at the current trail length (used to redo an undone backtrack).
    pub fn push_mark_at(&mut self, trail_len: usize) {
        self.snapshotting = false;
        self.marks.push(trail_len as u32);
    }

    #[inline]
    fn undo(&mut self, change: Change) {
        match change {
            Change::Pruned(cell, digit) => self.grid.restore(cell, digit),
            Change::Assigned(cell, _) => self.grid.unassign(cell),
        }
    }
}
