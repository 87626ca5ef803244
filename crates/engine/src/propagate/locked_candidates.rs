//! Locked candidates: pointing (a box's places of a digit in one row or column) and
//! claiming (a row's or column's places of a digit in one box).

use super::context::{Context, Contradiction};
use super::needs::Needs;
use super::propagator::Propagator;
use crate::domain::Digit;
use crate::event::PruneCause;
use crate::geometry::{Cell, Unit, UnitKind};
use crate::grid::Grid;
use crate::sink::Sink;

/// Locked candidates, from the (unit, digit) pairs whose places dropped to a few.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LockedCandidates;

impl Propagator for LockedCandidates {
    fn needs(&self) -> Needs {
        Needs {
            places: true,
            locks: true,
            snapshots: true,
            ..Needs::default()
        }
    }

    /// A digit whose places in a unit all lie in one crossing unit must go in that
    /// intersection, so it is pruned from the rest of the crossing unit. Looks only at the
    /// (unit, digit) pairs whose places dropped to a few since the last call, units in
    /// index order and digits ascending. Returns whether anything changed: the rules before
    /// it may find something new.
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let mut changed = false;
        if cx.grid().scans() {
            // The units where a digit lost a place (see `grid/scan.rs`).
            while let Some((unit, digit, (crossing, mut cells))) = cx.grid_mut().next_lock() {
                let cause = PruneCause::LockedCandidates {
                    unit,
                    crossing,
                    digit,
                };
                while cells != 0 {
                    let cell = Cell::new(cells.trailing_zeros() as usize);
                    cells &= cells - 1;
                    cx.prune_checked(cell, digit, cause)?;
                }
                changed = true;
                cx.drain()?;
            }
            return Ok(changed);
        }
        let mut dirty = cx.grid_mut().take_locked_units();
        while dirty != 0 {
            let unit = Unit::new(dirty.trailing_zeros() as usize);
            dirty &= dirty - 1;
            for digit in cx.grid_mut().take_locks(unit) {
                changed |= lock(cx, unit, digit)?;
            }
        }
        Ok(changed)
    }
}

/// Locked candidates for `digit` in `unit`: prunes it from the rest of the crossing unit if
/// its places are all there, and drains. Returns whether it did.
#[inline]
fn lock<S: Sink>(cx: &mut Context<'_, S>, unit: Unit, digit: Digit) -> Result<bool, Contradiction> {
    let Some(crossing) = locking_unit(cx.grid(), unit, digit) else {
        return Ok(false);
    };
    {
        let geometry = cx.grid().geometry();
        let cause = PruneCause::LockedCandidates {
            unit,
            crossing,
            digit,
        };
        for &cell in geometry.unit_cells(crossing) {
            let grid = cx.grid();
            if grid.open_domain(cell).contains(digit) && !geometry.units_of(cell).contains(&unit) {
                cx.prune_checked(cell, digit, cause)?;
            }
        }
    }
    cx.drain()?;
    Ok(true)
}

/// The crossing unit holding every place of `digit` in `unit`, if the digit has two up
/// to a box side of places there and the crossing unit has a place for it elsewhere.
// Measured (callgrind, top95 with `fast`): it runs about 400 times a puzzle and mostly
// finds nothing; as a call its entry and exit were 1 % of the run.
#[allow(clippy::inline_always)]
#[inline(always)]
fn locking_unit(grid: &Grid, unit: Unit, digit: Digit) -> Option<Unit> {
    let geometry = grid.geometry();
    let b = geometry.size().get();
    let places = grid.open_places(unit, digit)?;
    if !(2..=b).contains(&places) {
        return None;
    }
    if let Some(cands) = grid.digit_cells(digit) {
        return grid
            .locked_crossing(unit, cands)
            .map(|(crossing, _)| crossing);
    }
    let cells = geometry.unit_cells(unit);
    if geometry.is_jigsaw() {
        // Irregular regions: the crossing is the other unit of the first place that holds
        // every place (two units share at most one cell unless one is a region).
        let open = |c: &&crate::geometry::Cell| grid.open_domain(**c).contains(digit);
        let first = *cells.iter().find(open)?;
        return geometry
            .units_of(first)
            .into_iter()
            .filter(|&u| u != unit)
            .find(|&u| {
                let inside = geometry.unit_cells(u);
                cells.iter().filter(open).all(|c| inside.contains(c))
            })
            .filter(|&u| grid.places(u, digit) > places);
    }
    // Bit i: the unit's i-th cell (reading order) is a place of the digit.
    let at = cells.iter().enumerate().fold(0u32, |at, (i, &c)| {
        at | u32::from(grid.open_domain(c).contains(digit)) << i
    });
    let first = at.trailing_zeros() as usize;
    let is_box = geometry.unit_kind(unit).0 == UnitKind::Box;
    // In reading order a box's rows, and a line's stretches through one box, are runs
    // of b cells; a box's columns are every b-th cell.
    let run = first / b * b;
    let which = if at >> run < 1 << b {
        if is_box { 0 } else { 2 }
    } else if is_box && at & !(COLUMN_OF_BOX[b] << (first % b)) == 0 {
        1
    } else {
        return None;
    };
    let crossing = geometry.units_of(cells[first])[which];
    (grid.places(crossing, digit) > places).then_some(crossing)
}

/// For box side b, the cells of a box's first column in reading order: bits 0, b, 2b, ...
const COLUMN_OF_BOX: [u32; 6] = [0, 0, 0b0101, 0o111, 0x1111, 0b00001_00001_00001_00001_00001];
