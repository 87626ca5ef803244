//! The propagators of a variant's constraints (killer cages, thermometers, arrows, dots,
//! ...): one file each, all run by [`Watched`], which finds the constraints whose cells
//! changed since it last looked and filters each to its own level of consistency.
//!
//! They run in the first tier, after forward checking or arc consistency, so every
//! assignment is propagated to the peers first. A prune carries
//! [`PruneCause::Variant`](crate::event::PruneCause::Variant) with the constraint's index
//! among the board's rules and the cell that rules the digit out; its reason is the state
//! of the other cells the constraint reads (`variant::reason_cells`). A constraint that
//! can no longer hold with no open cell left to empty reports a wipeout of the constraint.
//!
//! What changed is found by comparing each cell the propagator reads with what it saw last
//! (a word a cell): nothing to undo on a backtrack or a restored snapshot, and nothing at
//! all on a classic board, which builds none of these.

mod arrow;
mod cage;
mod givens;
mod groups;
mod kropki;
mod little_killer;
mod negative;
mod nonconsecutive;
mod pairs;
mod thermo;
mod xv;

pub(crate) use arrow::Arrow;
pub(crate) use cage::Cage;
pub(crate) use givens::Givens;
pub(crate) use groups::Group;
pub(crate) use little_killer::LittleKiller;
pub(crate) use pairs::Pair;
pub(crate) use thermo::Thermo;

use super::context::{Context, Contradiction};
use super::needs::Needs;
use super::propagator::Propagator;
use crate::domain::{Digit, Domain};
use crate::event::{PruneCause, WipeoutSite};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::sink::Sink;

/// One constraint's filter: the cells it reads and its propagation to its level of
/// consistency.
pub(crate) trait Filter {
    /// The cells it reads.
    fn cells(&self) -> &[Cell];

    /// Prunes what no way of satisfying the constraint allows, given the domains.
    /// Returns whether it pruned anything.
    fn filter<S: Sink>(&self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction>;
}

/// Every constraint of one kind on the board, and what the propagator saw of their cells.
#[derive(Clone, Debug)]
pub(crate) struct Watched<F> {
    items: Vec<F>,
    /// For each cell of the board, the items that read it.
    readers: Vec<Vec<u32>>,
    /// For each cell, its domain and value as last seen (`u32::MAX`: never seen).
    seen: Vec<u32>,
    /// The cells some item reads.
    cells: Vec<Cell>,
    /// Items waiting to be filtered, and whether each waits.
    dirty: Vec<u32>,
    waiting: Vec<bool>,
}

impl<F: Filter> Watched<F> {
    /// The propagator of `items` on boards of `geometry`.
    pub(crate) fn new(geometry: &Geometry, items: Vec<F>) -> Watched<F> {
        let mut readers = vec![Vec::new(); geometry.cell_count()];
        for (i, item) in items.iter().enumerate() {
            for c in item.cells() {
                if !readers[c.index()].contains(&(i as u32)) {
                    readers[c.index()].push(i as u32);
                }
            }
        }
        let cells = geometry
            .cells()
            .filter(|c| !readers[c.index()].is_empty())
            .collect();
        Watched {
            waiting: vec![false; items.len()],
            items,
            readers,
            seen: vec![u32::MAX; geometry.cell_count()],
            cells,
            dirty: Vec::new(),
        }
    }

    /// Whether it has anything to watch.
    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Queues the items whose cells changed since last seen; whether any did.
    fn look(&mut self, grid: &Grid) -> bool {
        let mut any = false;
        for &cell in &self.cells {
            let now = state(grid, cell);
            let seen = &mut self.seen[cell.index()];
            if *seen != now {
                *seen = now;
                any = true;
                for &i in &self.readers[cell.index()] {
                    if !self.waiting[i as usize] {
                        self.waiting[i as usize] = true;
                        self.dirty.push(i);
                    }
                }
            }
        }
        any
    }
}

impl<F: Filter> Propagator for Watched<F> {
    fn needs(&self) -> Needs {
        Needs::default()
    }

    /// Filters the constraints whose cells changed, until none did. Returns whether it
    /// pruned anything: forward checking then has the cells it left single to assign.
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let mut pruned = false;
        while self.look(cx.grid()) {
            while let Some(i) = self.dirty.pop() {
                self.waiting[i as usize] = false;
                match self.items[i as usize].filter(cx) {
                    Ok(p) => pruned |= p,
                    Err(e) => {
                        // The search backtracks: everything is looked at afresh after.
                        self.forget();
                        return Err(e);
                    }
                }
            }
        }
        Ok(pruned)
    }

    fn reset(&mut self) {
        self.forget();
    }
}

impl<F> Watched<F> {
    /// Forgets what was seen, so that every item is filtered at the next look.
    fn forget(&mut self) {
        self.seen.fill(u32::MAX);
        for i in self.dirty.drain(..) {
            self.waiting[i as usize] = false;
        }
    }
}

/// A cell's domain and value in one word, to compare with what was seen.
fn state(grid: &Grid, cell: Cell) -> u32 {
    grid.domain(cell).bits() | u32::from(grid.value(cell).map_or(0, Digit::get)) << 26
}

/// What a cell may hold: its digit if assigned, else its domain.
pub(super) fn holds(grid: &Grid, cell: Cell) -> Domain {
    grid.value(cell).map_or(grid.domain(cell), Domain::single)
}

/// Narrows open `cell` to `keep`, each digit pruned for constraint `constraint`, naming
/// `with`. Returns whether it pruned anything.
pub(super) fn narrow<S: Sink>(
    cx: &mut Context<'_, S>,
    cell: Cell,
    keep: Domain,
    constraint: u16,
    with: Cell,
) -> Result<bool, Contradiction> {
    if !cx.grid().is_open(cell) {
        return Ok(false);
    }
    let gone = cx.grid().domain(cell).minus(keep);
    for digit in gone {
        cx.prune_checked(cell, digit, PruneCause::Variant { constraint, with })?;
    }
    Ok(!gone.is_empty())
}

/// Reports that constraint `constraint` cannot hold.
pub(super) fn fail<S: Sink>(cx: &mut Context<'_, S>, constraint: u16) -> Contradiction {
    cx.wipeout(WipeoutSite::Constraint { constraint })
}

/// The cell of `cells` (other than `cell`) that rules a digit of `cell` out most
/// directly: an assigned one, else the one with the fewest candidates; `cell` itself
/// when there is no other.
pub(super) fn witness(grid: &Grid, cells: &[Cell], cell: Cell) -> Cell {
    cells
        .iter()
        .copied()
        .filter(|&c| c != cell)
        .min_by_key(|&c| (grid.is_open(c), holds(grid, c).len()))
        .unwrap_or(cell)
}

/// The least and greatest digit of `domain` (0 and 0 when empty).
pub(super) fn bounds(domain: Domain) -> (u32, u32) {
    let low = domain.first().map_or(0, |d| u32::from(d.get()));
    let high = 32 - domain.bits().leading_zeros();
    (low, high)
}

/// The digits of `domain` from `low` to `high`, both included.
pub(super) fn between(domain: Domain, low: u32, high: u32) -> Domain {
    if low > high || high == 0 {
        return Domain::from_bits(0);
    }
    let upto = if high >= 32 {
        u32::MAX
    } else {
        (1u32 << high) - 1
    };
    let from = if low <= 1 {
        u32::MAX
    } else {
        !((1u32 << (low - 1)) - 1)
    };
    domain.and(Domain::from_bits(upto & from))
}

/// The propagators of `geometry`'s variant constraints, by kind (none on a classic board).
#[derive(Debug, Default)]
pub(crate) struct Built {
    pub(crate) cages: Vec<Cage>,
    pub(crate) little_killers: Vec<LittleKiller>,
    pub(crate) thermos: Vec<Thermo>,
    pub(crate) arrows: Vec<Arrow>,
    pub(crate) pairs: Vec<Pair>,
    pub(crate) groups: Vec<Group>,
    pub(crate) givens: Givens,
}

/// Each constraint of `geometry`'s rules as the filter that propagates it. Anti-knight,
/// anti-king, cages without a sum and the groups' ≠ are the board's peers, which forward
/// checking and arc consistency propagate; the groups add their hidden singles here.
pub(crate) fn build(geometry: &Geometry) -> Built {
    use crate::variant::Constraint;
    let mut built = Built::default();
    let Some(rules) = geometry.rules() else {
        return built;
    };
    let size = geometry.size();
    let all = rules.constraints();
    for (i, c) in all.iter().enumerate() {
        let Ok(index) = u16::try_from(i) else {
            break;
        };
        match c {
            Constraint::Cage {
                cells,
                sum: Some(sum),
            } => {
                built
                    .cages
                    .push(Cage::new(index, cells.clone(), *sum, size));
            }
            Constraint::LittleKiller { cells, sum } => {
                built
                    .little_killers
                    .push(LittleKiller::new(index, cells.clone(), *sum));
            }
            Constraint::Thermo { cells } => built.thermos.push(Thermo::new(index, cells.clone())),
            Constraint::Arrow { circle, line } => {
                built.arrows.push(Arrow::new(index, circle, line));
            }
            Constraint::Kropki { cells, dot } => {
                built.pairs.push(kropki::dot(index, *cells, *dot, size));
            }
            Constraint::Xv { cells, sum } => built.pairs.push(xv::sign(index, *cells, *sum, size)),
            Constraint::NonConsecutive => {
                built.pairs.extend(nonconsecutive::pairs(index, geometry));
            }
            Constraint::KropkiNegative { .. } | Constraint::XvNegative { .. } => {
                built.pairs.extend(negative::pairs(index, geometry, all));
            }
            Constraint::Parity { cell, even } => {
                let allowed = Domain::full(size)
                    .iter()
                    .filter(|d| (d.get() % 2 == 0) == *even)
                    .fold(Domain::from_bits(0), Domain::with);
                built.givens.push(index, *cell, allowed);
            }
            Constraint::Candidates { cell, digits } => built.givens.push(index, *cell, *digits),
            Constraint::Cage { sum: None, .. }
            | Constraint::Distinct { .. }
            | Constraint::AntiKnight
            | Constraint::AntiKing => {}
        }
    }
    for (i, cells) in rules.groups() {
        if let Ok(index) = u16::try_from(*i) {
            built.groups.push(Group::new(index, cells.clone(), size));
        }
    }
    built
}
