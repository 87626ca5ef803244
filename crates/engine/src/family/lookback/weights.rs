//! dom/wdeg's constraint weights: one per pair of peers (a binary ≠ constraint), starting
//! at 1 and bumped each time a check on the constraint empties a domain (Boussemart,
//! Hemery, Lecoutre and Sais 2004).

use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;

/// The weights of every binary constraint of a board.
#[derive(Clone, Debug)]
pub(crate) struct Weights {
    geometry: &'static Geometry,
    /// Row `a`, column `b`: the weight of the constraint between peers `a` and `b`, kept
    /// symmetric (0 between cells that are not peers).
    weight: Vec<u32>,
}

impl Weights {
    /// Every constraint at weight 1.
    pub(crate) fn new(geometry: &'static Geometry) -> Weights {
        let mut weights = Weights {
            geometry,
            weight: vec![0; geometry.cell_count() * geometry.cell_count()],
        };
        weights.reset();
        weights
    }

    /// Every constraint back to weight 1.
    pub(crate) fn reset(&mut self) {
        let n = self.geometry.cell_count();
        self.weight.fill(0);
        for a in self.geometry.cells() {
            for &b in self.geometry.peers(a) {
                self.weight[a.index() * n + b.index()] = 1;
            }
        }
    }

    /// One more failure on the constraint between peers `a` and `b`; its new weight.
    pub(crate) fn bump(&mut self, a: Cell, b: Cell) -> u32 {
        let n = self.geometry.cell_count();
        let w = self.weight[a.index() * n + b.index()].saturating_add(1);
        self.weight[a.index() * n + b.index()] = w;
        self.weight[b.index() * n + a.index()] = w;
        w
    }

    /// The weighted degree of `cell`: the weights of its constraints with open peers.
    pub(crate) fn wdeg(&self, grid: &Grid, cell: Cell) -> u32 {
        let row = &self.weight[cell.index() * self.geometry.cell_count()..];
        self.geometry
            .peers(cell)
            .iter()
            .filter(|&&p| grid.is_open(p))
            .map(|p| row[p.index()])
            .sum()
    }
}
