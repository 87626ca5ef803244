//! Naked pairs and hidden pairs within a unit.

use crate::solver::domain::Domain;
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
            let Some((pair, a, b)) = self.first_useful_naked_pair(cells) else {
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
            self.drain(sink)?;
        }
        Ok(changed)
    }

    fn first_useful_naked_pair(&self, cells: &[Cell]) -> Option<(Domain, Cell, Cell)> {
        let grid = self.state.grid();
        for (i, &a) in cells.iter().enumerate() {
            let pair = grid.domain(a);
            if !grid.is_open(a) || pair.len() != 2 {
                continue;
            }
            for &b in &cells[i + 1..] {
                if grid.is_open(b) && grid.domain(b) == pair {
                    let useful = cells.iter().any(|&c| {
                        c != a && c != b && grid.is_open(c) && !grid.domain(c).and(pair).is_empty()
                    });
                    if useful {
                        return Some((pair, a, b));
                    }
                }
            }
        }
        None
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
            let Some((digits, a, b)) =
                self.first_useful_hidden_pair(cells, self.state.grid().placed(unit))
            else {
                continue;
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

    fn first_useful_hidden_pair(
        &self,
        cells: &[Cell],
        placed: Domain,
    ) -> Option<(Domain, Cell, Cell)> {
        let grid = self.state.grid();
        let mut positions = [0u32; 25];
        for (i, &c) in cells.iter().enumerate() {
            if grid.is_open(c) {
                for d in grid.domain(c) {
                    positions[usize::from(d.get() - 1)] |= 1 << i;
                }
            }
        }
        let n = cells.len();
        for x in 0..n {
            if positions[x].count_ones() != 2 {
                continue;
            }
            for y in x + 1..n {
                if positions[y] != positions[x] {
                    continue;
                }
                let digits = Domain::from_bits((1 << x) | (1 << y));
                if !placed.and(digits).is_empty() {
                    continue;
                }
                let a = cells[positions[x].trailing_zeros() as usize];
                let b = cells[positions[x].ilog2() as usize];
                if grid.domain(a).len() > 2 || grid.domain(b).len() > 2 {
                    return Some((digits, a, b));
                }
            }
        }
        None
    }
}
