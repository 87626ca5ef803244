//! The state of the CSP at one moment: each cell's domain and value, each unit's placed digits.

use super::domain::{Digit, Domain};
use super::geometry::{Cell, Geometry, Unit};
use super::puzzle::Puzzle;

/// Domains and values of every cell. Givens start assigned; every empty cell starts with
/// its full domain. Only [`State`](super::state::State) changes a grid, so every change is
/// on the trail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    geometry: &'static Geometry,
    domains: Vec<Domain>,
    values: Vec<Option<Digit>>,
    placed: Vec<Domain>,
    open: usize,
}

impl Grid {
    /// The initial state of `puzzle`: givens placed, every empty cell with its full domain.
    /// The givens are assumed not to conflict ([`Puzzle::conflict`]).
    pub fn new(puzzle: &Puzzle) -> Grid {
        let geometry = puzzle.geometry();
        let full = Domain::full(puzzle.size());
        let mut grid = Grid {
            geometry,
            domains: vec![full; geometry.cell_count()],
            values: vec![None; geometry.cell_count()],
            placed: vec![Domain::EMPTY; geometry.unit_count()],
            open: geometry.cell_count(),
        };
        for cell in geometry.cells() {
            if let Some(digit) = puzzle.given(cell) {
                grid.domains[cell.index()] = Domain::single(digit);
                grid.assign(cell, digit);
            }
        }
        grid
    }

    /// The board's tables.
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The candidates left in `cell` (for an assigned cell, what was left when it was assigned).
    #[inline]
    pub fn domain(&self, cell: Cell) -> Domain {
        self.domains[cell.index()]
    }

    /// The digit assigned to `cell`, if any.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values[cell.index()]
    }

    /// Whether `cell` has no digit yet.
    #[inline]
    pub fn is_open(&self, cell: Cell) -> bool {
        self.values[cell.index()].is_none()
    }

    /// The digits assigned in `unit`.
    #[inline]
    pub fn placed(&self, unit: Unit) -> Domain {
        self.placed[unit.index()]
    }

    /// How many cells have no digit yet.
    pub fn open_count(&self) -> usize {
        self.open
    }

    /// The peer of `cell` holding `digit`, if one does.
    pub fn peer_holding(&self, cell: Cell, digit: Digit) -> Option<Cell> {
        self.geometry.peers(cell).iter().copied().find(|&p| self.value(p) == Some(digit))
    }

    /// Unassigned peers of `cell`: the degree heuristic's score.
    pub fn degree(&self, cell: Cell) -> usize {
        self.geometry.peers(cell).iter().filter(|&&p| self.is_open(p)).count()
    }

    /// Assigned peers of `cell`: seed 003's "number of constraints" (H3).
    pub fn constraints(&self, cell: Cell) -> usize {
        self.geometry.peers(cell).len() - self.degree(cell)
    }

    /// The board as a puzzle whose givens are the current values.
    pub fn to_puzzle(&self) -> Puzzle {
        Puzzle::new(self.geometry.size(), self.values.clone())
            .expect("BUG: a grid has one value slot per cell")
    }

    #[inline]
    pub(crate) fn remove(&mut self, cell: Cell, digit: Digit) {
        let d = &mut self.domains[cell.index()];
        *d = d.without(digit);
    }

    #[inline]
    pub(crate) fn restore(&mut self, cell: Cell, digit: Digit) {
        let d = &mut self.domains[cell.index()];
        *d = d.with(digit);
    }

    #[inline]
    pub(crate) fn assign(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = Some(digit);
        for unit in self.geometry.units_of(cell) {
            let p = &mut self.placed[unit.index()];
            *p = p.with(digit);
        }
        self.open -= 1;
    }

    #[inline]
    pub(crate) fn unassign(&mut self, cell: Cell) {
        if let Some(digit) = self.values[cell.index()].take() {
            for unit in self.geometry.units_of(cell) {
                let p = &mut self.placed[unit.index()];
                *p = p.without(digit);
            }
            self.open += 1;
        }
    }
}
