//! Hidden pairs: two digits whose only places in a unit are the same two cells, which
//! then hold nothing else.

use super::context::{Context, Contradiction};
use super::needs::Needs;
use super::propagator::Propagator;
use crate::domain::{Digit, Domain};
use crate::event::PruneCause;
use crate::geometry::{Cell, Unit};
use crate::grid::Grid;
use crate::sink::Sink;

/// Hidden pairs, from the (unit, digit) pairs whose places dropped to two.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HiddenPairs;

impl Propagator for HiddenPairs {
    fn needs(&self) -> Needs {
        Needs {
            places: true,
            two_places: true,
            snapshots: true,
            ..Needs::default()
        }
    }

    /// Two digits whose only places in a unit are the same two cells: those cells hold
    /// nothing else. Looks only at the (unit, digit) pairs whose places dropped to two since
    /// the last call (newest first): a hidden pair is found from whichever of its digits
    /// got there last, since within one propagation places only drop. Returns whether
    /// anything changed.
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let mut changed = false;
        loop {
            let grid = cx.grid_mut();
            let found = if grid.scans() {
                // The units where a digit lost a place (see `grid/scan.rs`).
                grid.next_hidden_pair().map(|(unit, _, pair)| (unit, pair))
            } else {
                let Some(note) = grid.next_two_places() else {
                    break;
                };
                let Some(pair) = useful_hidden_pair(cx.grid(), note.unit(), note.digit()) else {
                    continue;
                };
                Some((note.unit(), pair))
            };
            let Some((unit, (digits, [a, b]))) = found else {
                break;
            };
            for cell in [a, b] {
                for other in cx.grid().domain(cell).minus(digits) {
                    cx.prune_checked(cell, other, PruneCause::HiddenPair { unit, digits })?;
                }
            }
            changed = true;
            cx.drain()?;
        }
        Ok(changed)
    }
}

/// If `x` has two places left in `unit` and another digit has the same two, those two
/// digits (the smallest such partner) and their cells in unit order, when either cell
/// holds another candidate; from the place counts (a search that scans asks
/// `Grid::hidden_pair_of`).
// Measured (callgrind, top95 with `fast`): it runs about 230 times a puzzle and finds a
// pair about three times; as a call its entry and exit were 1 % of the run.
#[allow(clippy::inline_always)]
#[inline(always)]
fn useful_hidden_pair(grid: &Grid, unit: Unit, x: Digit) -> Option<(Domain, [Cell; 2])> {
    let [a, b] = two_places_of(grid, unit, x)?;
    let (da, db) = (grid.domain(a), grid.domain(b));
    if da.is_pair() && db.is_pair() {
        return None;
    }
    // A partner is a candidate of both cells (so not placed in the unit) with no other
    // place there.
    let y = da
        .and(db)
        .without(x)
        .iter()
        .find(|&y| grid.places(unit, y) == 2)?;
    Some((Domain::single(x).with(y), [a, b]))
}

/// The two places of `x` in `unit`, in unit order, if it has exactly two there.
// Measured (callgrind, sudoku17 with `fast`): it runs about 140 times a puzzle, and as a
// call its entry and exit were 2 % of the run.
#[expect(clippy::inline_always, reason = "measured: see above")]
#[inline(always)]
fn two_places_of(grid: &Grid, unit: Unit, x: Digit) -> Option<[Cell; 2]> {
    if let (Some(xs), Some(here)) = (grid.digit_cells(x), grid.geometry().unit_cell_bits(unit)) {
        // Two places: the lowest bit, and the only one left without it (no bit count).
        // A digit placed in the unit has none (forward checking pruned it).
        let at = xs & here;
        let rest = at & at.wrapping_sub(1);
        if at == 0 || !rest.is_power_of_two() {
            return None;
        }
        return Some([
            Cell::new(at.trailing_zeros() as usize),
            Cell::new(rest.trailing_zeros() as usize),
        ]);
    }
    if grid.open_places(unit, x) != Some(2) {
        return None;
    }
    let mut places = grid
        .geometry()
        .unit_cells(unit)
        .iter()
        .copied()
        .filter(|&c| grid.open_domain(c).contains(x));
    Some([places.next()?, places.next()?])
}
