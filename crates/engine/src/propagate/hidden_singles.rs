//! Hidden singles: a digit with one place left in a unit is assigned there.

use super::context::{Context, Contradiction};
use super::needs::Needs;
use super::propagator::Propagator;
use crate::domain::Digit;
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::geometry::{Cell, Unit};
use crate::sink::Sink;

/// Hidden singles, from the (unit, digit) pairs whose places dropped to one or none (noted
/// by the grid as they happen, or scanned off the digits' bitboards), each assigned and
/// drained before the next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HiddenSingles;

impl Propagator for HiddenSingles {
    fn needs(&self) -> Needs {
        Needs {
            places: true,
            takes_notes: true,
            scan: true,
            snapshots: true,
            ..Needs::default()
        }
    }

    /// Works through the noted (unit, digit) pairs. A digit with no place left in a unit is
    /// a wipeout. Each hidden single's other candidates are pruned, the digit is assigned
    /// and drained before the next pair, so when it returns every single it found is
    /// propagated and nothing is left to look at: the rules before it (none) need not run
    /// again.
    fn propagate<S: Sink>(&mut self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        if cx.grid().scans() {
            return scanned(cx);
        }
        while let Some(note) = cx.grid_mut().hand_notes(false) {
            let (unit, digit) = (note.unit(), note.digit());
            let grid = cx.grid();
            let Some(places) = grid.open_places(unit, digit) else {
                continue;
            };
            match places {
                0 => return Err(cx.wipeout(WipeoutSite::Unit { unit, digit })),
                1 => {}
                _ => continue,
            }
            let geometry = grid.geometry();
            let cell = match (grid.digit_cells(digit), geometry.unit_cell_bits(unit)) {
                (Some(cands), Some(here)) => Cell::new((cands & here).trailing_zeros() as usize),
                _ => *geometry
                    .unit_cells(unit)
                    .iter()
                    .find(|&&c| grid.open_domain(c).contains(digit))
                    .expect("BUG: the places count says one open cell has the digit"),
            };
            if hidden_single(cx, unit, digit, cell)? {
                break;
            }
        }
        Ok(false)
    }
}

/// [`HiddenSingles::propagate`] when the grid scans the digits' bitboards for them
/// (`grid/scan.rs`): the units where a digit lost a place, digits ascending.
fn scanned<S: Sink>(cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
    while let Some((unit, digit, places)) = cx.grid_mut().next_hidden_single() {
        if places == 0 {
            return Err(cx.wipeout(WipeoutSite::Unit { unit, digit }));
        }
        let cell = Cell::new(places.trailing_zeros() as usize);
        if hidden_single(cx, unit, digit, cell)? {
            break;
        }
    }
    Ok(false)
}

/// Prunes the other candidates of `cell`, the only place of `digit` in `unit`, assigns it
/// and drains; returns whether the grid is full.
#[inline]
fn hidden_single<S: Sink>(
    cx: &mut Context<'_, S>,
    unit: Unit,
    digit: Digit,
    cell: Cell,
) -> Result<bool, Contradiction> {
    let cause = PruneCause::HiddenSingle { unit, digit };
    let others = cx.state().prune_others(cell, digit);
    // A counting sink takes them in one count, without a loop whose length (one to
    // eight) cannot be predicted.
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
    cx.assign(cell, digit, AssignCause::HiddenSingle { unit });
    cx.drain()?;
    // A full grid: the notes left hold nothing (see `Propagation::run`).
    Ok(cx.grid().open_count() == 0)
}
