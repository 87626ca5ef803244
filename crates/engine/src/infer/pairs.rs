//! Naked pairs and hidden pairs within a unit.

use crate::domain::{Digit, Domain};
use crate::event::PruneCause;
use crate::geometry::{Cell, Unit};
use crate::search::{Contradiction, Engine, Sink};

impl Engine {
    /// Two open cells of a unit with the same two candidates: no other cell of the unit may
    /// hold either. Looks only at the cells left with two candidates since the last call
    /// (newest first): a pair is found from whichever of its cells got there last, since
    /// within one propagation domains only shrink. For each such cell, looks in its row,
    /// column and box for a twin. Returns whether anything changed.
    pub(crate) fn naked_pairs<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        let geometry = self.state.grid().geometry();
        let mut changed = false;
        while let Some(a) = self.state.grid_mut().next_bivalue() {
            let pair = self.state.grid().open_domain(a);
            if !pair.is_pair() {
                continue;
            }
            // On bitboards, the open peers whose candidates are exactly the pair, in all
            // three units at once: with none (most cells), no unit has a twin. Looking unit by
            // unit, each look's exit was unpredictable; they are taken afresh after each unit
            // that prunes.
            let mut exact = self.exact_twins(a, pair);
            if exact == Some(0) {
                continue;
            }
            for unit in geometry.units_of(a) {
                // A propagation after the previous unit's prunes may have shrunk `a`.
                if self.state.grid().open_domain(a) != pair {
                    break;
                }
                let cells = geometry.unit_cells(unit);
                let Some(b) = self.twin_in(unit, a, pair, exact) else {
                    continue;
                };
                if !self.pair_has_other_place(unit, cells, pair, [a, b]) {
                    continue;
                }
                let cause = PruneCause::NakedPair {
                    unit,
                    cells: [a.min(b), a.max(b)],
                };
                for &cell in cells {
                    let grid = self.state.grid();
                    if cell == a || cell == b || !grid.is_open(cell) {
                        continue;
                    }
                    for digit in grid.domain(cell).and(pair) {
                        self.prune_checked(sink, cell, digit, cause)?;
                    }
                }
                changed = true;
                self.drain(sink)?;
                // The peers with both digits taken again too: a stale one may have lost one
                // and been left with two candidates all the same.
                self.state.grid_mut().retake_bivalue();
                exact = self.exact_twins(a, pair);
            }
        }
        Ok(changed)
    }

    /// The open peers of `a` whose candidates are exactly `pair`, on boards with bitboards:
    /// of those with both digits, on a grid that scans the ones with two candidates,
    /// without a loop whose length cannot be predicted.
    fn exact_twins(&self, a: Cell, pair: Domain) -> Option<u128> {
        let twins = self.twins_of(a, pair)?;
        let grid = self.state.grid();
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
    fn twins_of(&self, a: Cell, pair: Domain) -> Option<u128> {
        let grid = self.state.grid();
        let mut digits = pair.iter();
        let (x, y) = (digits.next()?, digits.next()?);
        Some(grid.digit_cells(x)? & grid.digit_cells(y)? & grid.geometry().peer_bits(a)?)
    }

    /// The first open cell of `unit` other than `a` (in unit order) whose candidates are
    /// exactly `pair`; `exact` is [`Engine::exact_twins`] for `a`, on boards with bitboards.
    fn twin_in(&self, unit: Unit, a: Cell, pair: Domain, exact: Option<u128>) -> Option<Cell> {
        let grid = self.state.grid();
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
        &self,
        unit: Unit,
        cells: &[Cell],
        pair: Domain,
        ab: [Cell; 2],
    ) -> bool {
        let grid = self.state.grid();
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

    /// Two digits whose only places in a unit are the same two cells: those cells hold
    /// nothing else. Looks only at the (unit, digit) pairs whose places dropped to two since
    /// the last call (newest first): a hidden pair is found from whichever of its digits
    /// got there last, since within one propagation places only drop. Returns whether
    /// anything changed.
    pub(crate) fn hidden_pairs<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        let mut changed = false;
        loop {
            let grid = self.state.grid_mut();
            let found = if grid.scans() {
                // The units where a digit lost a place (see `grid/scan.rs`).
                grid.next_hidden_pair().map(|(unit, _, pair)| (unit, pair))
            } else {
                let Some(note) = grid.next_two_places() else {
                    break;
                };
                let Some(pair) = self.useful_hidden_pair(note.unit(), note.digit()) else {
                    continue;
                };
                Some((note.unit(), pair))
            };
            let Some((unit, (digits, [a, b]))) = found else {
                break;
            };
            for cell in [a, b] {
                for other in self.state.grid().domain(cell).minus(digits) {
                    self.prune_checked(sink, cell, other, PruneCause::HiddenPair { unit, digits })?;
                }
            }
            changed = true;
            self.drain(sink)?;
        }
        Ok(changed)
    }

    /// If `x` has two places left in `unit` and another digit has the same two, those two
    /// digits (the smallest such partner) and their cells in unit order, when either cell
    /// holds another candidate; from the place counts (a search that scans asks
    /// `Grid::hidden_pair_of`).
    // Measured (callgrind, top95 with `fast`): it runs about 230 times a puzzle and finds a
    // pair about three times; as a call its entry and exit were 1 % of the run.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn useful_hidden_pair(&self, unit: Unit, x: Digit) -> Option<(Domain, [Cell; 2])> {
        let grid = self.state.grid();
        let [a, b] = self.two_places_of(unit, x)?;
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
    fn two_places_of(&self, unit: Unit, x: Digit) -> Option<[Cell; 2]> {
        let grid = self.state.grid();
        if let (Some(xs), Some(here)) = (grid.digit_cells(x), grid.geometry().unit_cell_bits(unit))
        {
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
}
