//! VSIDS, variable state independent decaying sum (M. W. Moskewicz, C. F. Madigan, Y.
//! Zhao, L. Zhang and S. Malik, "Chaff: engineering an efficient SAT solver", DAC 2001),
//! on cells: each conflict bumps the activity of the cells of the literals its analysis
//! met, and every activity decays (the bump grows by 1/0.95 a conflict, as `MiniSat`'s
//! `var_decay`, rescaled before it overflows). The next decision is the open cell of the
//! highest activity; ties go to fewer candidates, then to the earlier cell of the
//! sequence (so that before any conflict it is mrv's choice).

use crate::event::Score;
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::heuristic::Ranked;

/// How much the bump grows a conflict: 1 / 0.95.
const DECAY: f64 = 1.0 / 0.95;
/// Activities are rescaled past this.
const RESCALE: f64 = 1e100;

/// The activity of every cell.
#[derive(Clone, Debug)]
pub(super) struct Vsids {
    activity: Vec<f64>,
    bump: f64,
}

impl Vsids {
    pub(super) fn new(geometry: &'static Geometry) -> Vsids {
        Vsids {
            activity: vec![0.0; geometry.cell_count()],
            bump: 1.0,
        }
    }

    pub(super) fn reset(&mut self) {
        self.activity.fill(0.0);
        self.bump = 1.0;
    }

    /// Bumps `cell`.
    pub(super) fn bump(&mut self, cell: Cell) {
        let a = &mut self.activity[cell.index()];
        *a += self.bump;
        if *a > RESCALE {
            for a in &mut self.activity {
                *a /= RESCALE;
            }
            self.bump /= RESCALE;
        }
    }

    /// One conflict more: later bumps weigh more.
    pub(super) fn decay(&mut self) {
        self.bump *= DECAY;
    }

    /// The open cell to decide next over `sequence` (every cell in reading order when it is
    /// empty), or `None` when every cell holds a digit.
    pub(super) fn select(&self, grid: &Grid, sequence: &[Cell]) -> Option<Ranked> {
        let mut best: Option<(Cell, f64, usize)> = None;
        let mut consider = |cell: Cell| {
            if !grid.is_open(cell) {
                return;
            }
            let (a, len) = (self.activity[cell.index()], grid.domain(cell).len());
            let better = best.is_none_or(|(_, ba, bl)| match a.total_cmp(&ba) {
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Equal => len < bl,
                std::cmp::Ordering::Less => false,
            });
            if better {
                best = Some((cell, a, len));
            }
        };
        if sequence.is_empty() {
            grid.geometry().cells().for_each(&mut consider);
        } else {
            sequence.iter().copied().for_each(&mut consider);
        }
        best.map(|(cell, _, len)| Ranked {
            cell,
            score: Score {
                candidates: len as u8,
                tie_break: 0,
            },
        })
    }
}
