//! Naked pairs and hidden pairs within a unit.

use crate::solver::domain::{Digit, Domain};
use crate::solver::event::PruneCause;
use crate::solver::geometry::{Cell, Unit};
use crate::solver::grid::Dirty;
use crate::solver::search::{Contradiction, Engine, Sink};

impl Engine {
    /// Two open cells of a unit with the same two candidates: no other cell of the unit may
    /// hold either. Stops at the first pair that prunes in a unit, then moves on to the next unit.
    pub(crate) fn naked_pairs<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        let geometry = self.state.grid().geometry();
        let mut changed = false;
        let mut dirty = self.state.grid_mut().take_dirty(Dirty::NakedPairs);
        while dirty != 0 {
            let unit = Unit::new(dirty.trailing_zeros() as usize);
            dirty &= dirty - 1;
            let cells = geometry.unit_cells(unit);
            let Some((pair, a, b)) = self.first_useful_naked_pair(unit, cells) else {
                continue;
            };
            for &cell in cells {
                let grid = self.state.grid();
                if cell == a || cell == b || !grid.is_open(cell) {
                    continue;
                }
                for digit in grid.domain(cell).and(pair) {
                    self.prune_checked(
                        sink,
                        cell,
                        digit,
                        PruneCause::NakedPair {
                            unit,
                            cells: [a, b],
                        },
                    )?;
                }
            }
            changed = true;
            self.state.grid_mut().revisit(Dirty::NakedPairs, unit);
            self.drain(sink)?;
        }
        Ok(changed)
    }

    /// The first bivalue cell `a` (in unit order) with a later twin `b` whose pair still
    /// has a candidate elsewhere in the unit.
    fn first_useful_naked_pair(&self, unit: Unit, cells: &[Cell]) -> Option<(Domain, Cell, Cell)> {
        let grid = self.state.grid();
        // One pass collects the bivalue cells; the pairs are then sought among those alone.
        let mut bivalue = [(Domain::EMPTY, Cell::new(0)); 25];
        let mut count = 0;
        for &c in cells {
            let domain = grid.open_domain(c);
            bivalue[count] = (domain, c);
            count += usize::from(domain.is_pair());
        }
        let bivalue = &bivalue[..count];
        for (i, &(pair, a)) in bivalue.iter().enumerate() {
            for &(other, b) in &bivalue[i + 1..] {
                if other == pair && self.pair_has_other_place(unit, cells, pair, [a, b]) {
                    return Some((pair, a, b));
                }
            }
        }
        None
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
        cells
            .iter()
            .any(|&c| !ab.contains(&c) && !grid.open_domain(c).and(pair).is_empty())
    }

    /// Two digits whose only places in a unit are the same two cells: those cells hold
    /// nothing else. Stops at the first pair that prunes in a unit.
    pub(crate) fn hidden_pairs<S: Sink>(&mut self, sink: &mut S) -> Result<bool, Contradiction> {
        let geometry = self.state.grid().geometry();
        let mut changed = false;
        let mut dirty = self.state.grid_mut().take_dirty(Dirty::HiddenPairs);
        while dirty != 0 {
            let unit = Unit::new(dirty.trailing_zeros() as usize);
            dirty &= dirty - 1;
            let cells = geometry.unit_cells(unit);
            let Some((digits, a, b)) = self.first_useful_hidden_pair(unit, cells) else {
                continue;
            };
            for cell in [a, b] {
                for other in self.state.grid().domain(cell).minus(digits) {
                    self.prune_checked(sink, cell, other, PruneCause::HiddenPair { unit, digits })?;
                }
            }
            changed = true;
            self.state.grid_mut().revisit(Dirty::HiddenPairs, unit);
            self.drain(sink)?;
        }
        Ok(changed)
    }

    fn first_useful_hidden_pair(&self, unit: Unit, cells: &[Cell]) -> Option<(Domain, Cell, Cell)> {
        let grid = self.state.grid();
        // Only digits with exactly two places can pair up; the grid counts places.
        let twos = grid.digits_with_two_places(unit);
        if twos.len() < 2 {
            return None;
        }
        // Each digit's places, as a bitboard of cells where the board has one, else as
        // bit i for the unit's i-th cell; either way equal places give equal masks.
        if let Some(here) = grid.geometry().unit_cell_bits(unit) {
            let places = |d: Digit| grid.digit_cells(d).unwrap_or(0) & here;
            return self.first_useful_pair_of(twos, places, |bit| Cell::new(bit as usize));
        }
        let mut positions = [0u128; 25];
        for (i, &c) in cells.iter().enumerate() {
            for d in grid.open_domain(c).and(twos) {
                positions[usize::from(d.get() - 1)] |= 1 << i;
            }
        }
        let places = |d: Digit| positions[usize::from(d.get() - 1)];
        self.first_useful_pair_of(twos, places, |bit| cells[bit as usize])
    }

    /// The first two digits of `twos` with the same two places whose cells hold another
    /// candidate, the places named by `to_cell` from their bit positions.
    fn first_useful_pair_of(
        &self,
        twos: Domain,
        places: impl Fn(Digit) -> u128,
        to_cell: impl Fn(u32) -> Cell,
    ) -> Option<(Domain, Cell, Cell)> {
        let grid = self.state.grid();
        let mut rest = twos;
        while let Some(x) = rest.first() {
            rest = rest.without(x);
            let px = places(x);
            for y in rest {
                if places(y) != px {
                    continue;
                }
                let (a, b) = (to_cell(px.trailing_zeros()), to_cell(px.ilog2()));
                if grid.domain(a).len() > 2 || grid.domain(b).len() > 2 {
                    return Some((Domain::single(x).with(y), a, b));
                }
            }
        }
        None
    }
}
