//! Naked pairs: two open cells of a unit with the same two candidates, which no other
//! cell of the unit may then hold.

use super::context::{Context, Contradiction};
use super::needs::Needs;
use super::propagator::Propagator;
use crate::domain::Domain;
use crate::event::PruneCause;
use crate::geometry::{Cell, Unit};
use crate::grid::Grid;
use crate::sink::Sink;

/// Naked pairs, from the cells left with two candidates since the rule last looked.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NakedPairs;

impl Propagator for NakedPairs {
    fn needs(&self) -> Needs {
        Needs {
            bivalue: true,
            snapshots: true,
            ..Needs::default()
        }
    }

    /// Two open cells of a unit with the same two candidates: no other cell of the unit may
    /// hold either. Looks only at the cells left with two candidates since the last call
    /// (newest first): a pair is found from whichever of its cells got there last, since
    /// within one propagation domains only shrink. For each such cell, looks in its row,
    /// column and box for a twin. Returns whether anything changed: the rules before it may
    /// find something new.
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let geometry = cx.grid().geometry();
        let mut changed = false;
        while let Some(a) = cx.grid_mut().next_bivalue() {
            let pair = cx.grid().open_domain(a);
            if !pair.is_pair() {
                continue;
            }
            // On bitboards, the open peers whose candidates are exactly the pair, in all
            // three units at once: with none (most cells), no unit has a twin. Looking unit by
            // unit, each look's exit was unpredictable; they are taken afresh after each unit
            // that prunes.
            let mut exact = exact_twins(cx.grid(), a, pair);
            if exact == Some(0) {
                continue;
            }
            for unit in geometry.units_of(a) {
                // A propagation after the previous unit's prunes may have shrunk `a`.
                if cx.grid().open_domain(a) != pair {
                    break;
                }
                let cells = geometry.unit_cells(unit);
                let Some(b) = twin_in(cx.grid(), unit, a, pair, exact) else {
                    continue;
                };
                if !pair_has_other_place(cx.grid(), unit, cells, pair, [a, b]) {
                    continue;
                }
                let cause = PruneCause::NakedPair {
                    unit,
                    cells: [a.min(b), a.max(b)],
                };
                for &cell in cells {
                    let grid = cx.grid();
                    if cell == a || cell == b || !grid.is_open(cell) {
                        continue;
                    }
                    for digit in grid.domain(cell).and(pair) {
                        cx.prune_checked(cell, digit, cause)?;
                    }
                }
                changed = true;
                cx.drain()?;
                // The peers with both digits taken again too: a stale one may have lost one
                // and been left with two candidates all the same.
                cx.grid_mut().retake_bivalue();
                exact = exact_twins(cx.grid(), a, pair);
            }
        }
        Ok(changed)
    }
}

/// The open peers of `a` whose candidates are exactly `pair`, on boards with bitboards:
/// of those with both digits, on a grid that scans the ones with two candidates,
/// without a loop whose length cannot be predicted.
fn exact_twins(grid: &Grid, a: Cell, pair: Domain) -> Option<u128> {
    let twins = twins_of(grid, a, pair)?;
    if let Some(two) = grid.bivalue_cells() {
        return Some(twins & two);
    }
    let (mut left, mut exact) = (twins, 0);
    while left != 0 {
        let b = left.trailing_zeros();
        left &= left - 1;
        exact |= u128::from(grid.open_domain(Cell::new(b as usize)) == pair) << b;
    }
    Some(exact)
}

/// The open peers of `a` with both digits of `pair` as candidates, on boards with
/// bitboards.
fn twins_of(grid: &Grid, a: Cell, pair: Domain) -> Option<u128> {
    let mut digits = pair.iter();
    let (x, y) = (digits.next()?, digits.next()?);
    Some(grid.digit_cells(x)? & grid.digit_cells(y)? & grid.geometry().peer_bits(a)?)
}

/// The first open cell of `unit` other than `a` (in unit order) whose candidates are
/// exactly `pair`; `exact` is [`exact_twins`] for `a`, on boards with bitboards.
fn twin_in(grid: &Grid, unit: Unit, a: Cell, pair: Domain, exact: Option<u128>) -> Option<Cell> {
    if let (Some(exact), Some(here)) = (exact, grid.geometry().unit_cell_bits(unit)) {
        // Only the open cells with both digits can be twins, and `exact` holds those
        // whose candidates were exactly the pair when it was taken: nothing has been
        // pruned since (it is taken again after a unit that prunes).
        let b = exact & here;
        return (b != 0).then(|| Cell::new(b.trailing_zeros() as usize));
    }
    let cells = grid.geometry().unit_cells(unit);
    cells
        .iter()
        .copied()
        .find(|&b| b != a && grid.open_domain(b) == pair)
}

/// Whether a digit of `pair` is a candidate of an open cell of `unit` other than `ab`.
fn pair_has_other_place(
    grid: &Grid,
    unit: Unit,
    cells: &[Cell],
    pair: Domain,
    ab: [Cell; 2],
) -> bool {
    if grid.counts_places() {
        // Both cells of the pair are places of both digits.
        return pair.iter().any(|d| grid.places(unit, d) > 2);
    }
    if grid.scans() {
        // No place is counted: the digits' bitboards have the other places.
        let others = grid.geometry().unit_cell_bits(unit).unwrap_or(0)
            & !(1 << ab[0].index())
            & !(1 << ab[1].index());
        return pair
            .iter()
            .any(|d| grid.digit_cells(d).is_some_and(|ds| ds & others != 0));
    }
    cells
        .iter()
        .any(|&c| !ab.contains(&c) && !grid.open_domain(c).and(pair).is_empty())
}
