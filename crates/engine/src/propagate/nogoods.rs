//! Learned nogoods, propagated by two watched literals (Moskewicz et al. 2001, Chaff; as
//! `MiniSat` does it, Eén and Sörensson 2003). A nogood is a set of literals that never hold
//! together; while two of its literals are not true it can force nothing, so it watches
//! two such literals and is looked at only when one of them becomes true. Then it watches
//! another literal that is not true, or, with none left, forces the negation of its other
//! watched literal (a prune, or an assignment with the cell's other digits pruned, each
//! with the cause `nogood`), or, when that one is true as well, is a contradiction.
//!
//! The nogoods come from the search's learning family (`family/learning`), which
//! derives them at its failures and hands them over through [`Nogoods::learn`]; it also
//! says which to delete. The literals that became true are found by comparing each cell
//! with what it was when the propagator last looked (a shadow of the board, taken again
//! after every backtrack), so that no other rule reports anything to it: a search without
//! nogoods pays nothing.
//!
//! A nogood's forced literal is kept at its position 0 while it stands, so that its reason
//! is the rest ([`crate::reason::nogood_reason`]).

use std::collections::HashMap;

use super::context::{Context, Contradiction};
use super::needs::Needs;
use super::propagator::Propagator;
use crate::domain::{Digit, Domain};
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::reason::Literal;
use crate::sink::Sink;

/// One stored nogood.
#[derive(Clone, Debug)]
struct Stored {
    id: u32,
    /// Its literals; the first two are watched (one alone for a nogood of one literal).
    literals: Vec<Literal>,
}

/// What a cell said when the propagator last looked: its value, and the digits whose
/// `≠` literal held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Seen {
    value: Option<Digit>,
    differ: Domain,
}

/// The learned nogoods of a search and their watches.
#[derive(Clone, Debug)]
pub(crate) struct Nogoods {
    side: usize,
    full: Domain,
    /// The nogoods, by slot; a deleted nogood's slot is reused.
    slots: Vec<Option<Stored>>,
    free: Vec<usize>,
    slot_of: HashMap<u32, usize>,
    /// For each literal (see [`Nogoods::key`]), the slots of the nogoods watching it.
    watches: Vec<Vec<usize>>,
    /// Each cell as last looked at.
    shadow: Vec<Seen>,
    /// Nogoods just learned, to look at first.
    pending: Vec<usize>,
    /// The literals that became true since the last look (kept between looks: no
    /// allocation a look).
    fresh: Vec<Literal>,
}

impl Nogoods {
    /// No nogood yet, on boards of `geometry`.
    pub(crate) fn new(geometry: &'static Geometry) -> Nogoods {
        let side = geometry.side();
        let cells = geometry.cell_count();
        Nogoods {
            side,
            full: Domain::full(geometry.size()),
            slots: Vec::new(),
            free: Vec::new(),
            slot_of: HashMap::new(),
            watches: vec![Vec::new(); cells * side * 2],
            shadow: vec![Seen::default(); cells],
            pending: Vec::new(),
            fresh: Vec::new(),
        }
    }

    fn key(&self, l: Literal) -> usize {
        (l.cell.index() * self.side + usize::from(l.digit.get() - 1)) * 2 + usize::from(l.equal)
    }

    /// The literals of nogood `id`, while it is kept.
    pub(crate) fn get(&self, id: u32) -> Option<&[Literal]> {
        let slot = *self.slot_of.get(&id)?;
        self.slots[slot].as_ref().map(|s| s.literals.as_slice())
    }

    /// Keeps nogood `id`, its literals ordered as the learner gives them: the asserting
    /// literal first, then the one of the highest decision level among the rest. It is
    /// looked at in the next propagation (where, after the learner's jump, it forces the
    /// asserting literal's negation).
    pub(crate) fn learn(&mut self, id: u32, literals: &[Literal]) {
        let slot = self.free.pop().unwrap_or_else(|| {
            self.slots.push(None);
            self.slots.len() - 1
        });
        for &l in literals.iter().take(2) {
            let key = self.key(l);
            self.watches[key].push(slot);
        }
        self.slots[slot] = Some(Stored {
            id,
            literals: literals.to_vec(),
        });
        self.slot_of.insert(id, slot);
        self.pending.push(slot);
    }

    /// Deletes nogood `id` (the learner never deletes one that is the reason of a literal
    /// in effect).
    pub(crate) fn forget(&mut self, id: u32) {
        let Some(slot) = self.slot_of.remove(&id) else {
            return;
        };
        if let Some(stored) = self.slots[slot].take() {
            for &l in stored.literals.iter().take(2) {
                let key = self.key(l);
                self.watches[key].retain(|&s| s != slot);
            }
        }
        self.pending.retain(|&s| s != slot);
        self.free.push(slot);
    }

    /// Takes the board as it is now as the last look (after a backtrack, which makes
    /// literals untrue: nothing to do for the watches, which stay where they are).
    pub(crate) fn resync(&mut self, grid: &Grid) {
        for cell in grid.geometry().cells() {
            self.shadow[cell.index()] = self.seen(grid, cell);
        }
    }

    fn seen(&self, grid: &Grid, cell: Cell) -> Seen {
        match grid.value(cell) {
            Some(v) => Seen {
                value: Some(v),
                differ: self.full.without(v),
            },
            None => Seen {
                value: None,
                differ: self.full.minus(grid.domain(cell)),
            },
        }
    }

    /// The literals that became true since the last look, into `fresh`, in cell order
    /// (a cell's assignment before its `≠` literals, digits ascending); the board now
    /// taken as the last look.
    fn look(&mut self, grid: &Grid) {
        self.fresh.clear();
        for cell in grid.geometry().cells() {
            let now = self.seen(grid, cell);
            let before = self.shadow[cell.index()];
            if now == before {
                continue;
            }
            if let (Some(v), None) = (now.value, before.value) {
                self.fresh.push(Literal::equal(cell, v));
            }
            for d in now.differ.minus(before.differ) {
                self.fresh.push(Literal::differ(cell, d));
            }
            self.shadow[cell.index()] = now;
        }
    }
}

/// Whether `l` is true on `grid` ([`Literal::is_set`]): `c=d` when `c` is assigned `d`;
/// `c≠d` when `c` is assigned another digit or has lost `d`.
fn is_true(grid: &Grid, l: Literal) -> bool {
    l.is_set(grid)
}

/// Whether `l` is false on `grid`: its negation is true.
fn is_false(grid: &Grid, l: Literal) -> bool {
    is_true(grid, l.negated())
}

/// What looking at one nogood found.
#[derive(Clone, Copy)]
enum Found {
    /// Nothing to do (it still watches two literals that are not true, or one is false).
    Quiet,
    /// It watches another literal now (the slot leaves this watch list).
    Moved,
    /// Every literal but the first holds: its negation is forced.
    Forces(Literal, u32),
    /// Every literal holds.
    Violated(u32),
}

impl Nogoods {
    /// Looks at the nogood in `slot`, one of whose watched literals, `now`, became true (or
    /// any literal, for `now` = `None`: a nogood just learned).
    fn visit(&mut self, grid: &Grid, slot: usize, now: Option<Literal>) -> Found {
        let Some(stored) = self.slots[slot].as_mut() else {
            return Found::Quiet;
        };
        let lits = &mut stored.literals;
        if lits.len() == 1 {
            return if is_true(grid, lits[0]) {
                Found::Violated(stored.id)
            } else if is_false(grid, lits[0]) {
                Found::Quiet
            } else {
                Found::Forces(lits[0], stored.id)
            };
        }
        // The watched literal that became true goes to position 1.
        if now.is_some_and(|l| lits[0] == l) || (now.is_none() && is_true(grid, lits[0])) {
            lits.swap(0, 1);
        }
        if is_false(grid, lits[0]) {
            return Found::Quiet;
        }
        if !is_true(grid, lits[1]) {
            return Found::Quiet;
        }
        if let Some(k) = (2..lits.len()).find(|&k| !is_true(grid, lits[k])) {
            lits.swap(1, k);
            let moved = lits[1];
            let key = self.key(moved);
            self.watches[key].push(slot);
            return Found::Moved;
        }
        if is_true(grid, lits[0]) {
            Found::Violated(stored.id)
        } else {
            Found::Forces(lits[0], stored.id)
        }
    }
}

impl Propagator for Nogoods {
    fn needs(&self) -> Needs {
        Needs {
            sees_full_grid: true,
            snapshots: true,
            ..Needs::default()
        }
    }

    fn start<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<(), Contradiction> {
        self.resync(cx.grid());
        Ok(())
    }

    /// Looks at the nogoods just learned, then at the watches of every literal that became
    /// true since the last look, forcing what they force (each forced literal drained
    /// before the next nogood is looked at). Returns whether it forced anything, for the
    /// unit rules to look again.
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let mut forced = false;
        while let Some(slot) = self.pending.pop() {
            let found = self.visit(cx.grid(), slot, None);
            forced |= Self::act(cx, found)?;
        }
        loop {
            self.look(cx.grid());
            if self.fresh.is_empty() {
                return Ok(forced);
            }
            let fresh = std::mem::take(&mut self.fresh);
            for &l in &fresh {
                let key = self.key(l);
                let mut at = 0;
                while at < self.watches[key].len() {
                    let slot = self.watches[key][at];
                    match self.visit(cx.grid(), slot, Some(l)) {
                        Found::Moved => {
                            self.watches[key].swap_remove(at);
                        }
                        found => {
                            at += 1;
                            if let Err(e) = Self::act(cx, found) {
                                self.fresh = fresh;
                                return Err(e);
                            }
                            forced = true;
                        }
                    }
                }
            }
            self.fresh = fresh;
        }
    }

    fn reset(&mut self) {
        self.slots.clear();
        self.free.clear();
        self.slot_of.clear();
        for w in &mut self.watches {
            w.clear();
        }
        self.pending.clear();
        self.shadow.fill(Seen::default());
    }
}

impl Nogoods {
    /// Does what looking at a nogood found; whether it forced something.
    fn act<S: Sink>(cx: &mut Context<'_, S>, found: Found) -> Result<bool, Contradiction> {
        match found {
            Found::Quiet | Found::Moved => Ok(false),
            Found::Violated(id) => Err(cx.wipeout(WipeoutSite::Nogood { id })),
            Found::Forces(l, id) if l.equal => {
                cx.prune_checked(l.cell, l.digit, PruneCause::Nogood { id })?;
                cx.drain()?;
                Ok(true)
            }
            Found::Forces(l, id) => {
                let (cell, digit) = (l.cell, l.digit);
                let cause = PruneCause::Nogood { id };
                let others = cx.state().prune_others(cell, digit);
                let depth = cx.depth();
                cx.push_prunes(cause.index(), others.len() as u64, |sink, _| {
                    for other in others {
                        sink.push(Event::Prune {
                            cell,
                            digit: other,
                            depth,
                            cause,
                        });
                    }
                });
                cx.assign(cell, digit, AssignCause::Nogood { id });
                cx.drain()?;
                Ok(true)
            }
        }
    }
}
