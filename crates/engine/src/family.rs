//! Search families: what a tree search decides beyond its cell and value orders, and what
//! it hears of its own search to decide it.
//!
//! The search calls a family at the few places where searches differ from chronological
//! backtracking (Pumpkin's brancher, Choco's monitors): which cell to decide next, which
//! assigned peer a rejected digit is blamed on, and where the search goes back to after a
//! failure or a solution; and it tells the family what happens (decisions, prunes,
//! conflicts, backtracks, restarts, solutions) through [`Heard`], the sink its events go
//! through. [`Chronological`] answers as plain backtracking and hears nothing, at no cost;
//! [`LookBack`] is conflict-directed backjumping, dom/wdeg's weights, last-conflict
//! reasoning, restarts and random ties. A new family is a new folder here that implements
//! [`Family`], and the line in the search that builds it.

mod heard;
mod hooks;
mod learning;
mod lookback;

pub(crate) use heard::Heard;
pub(crate) use hooks::{Answer, Chronological, Family};
pub(crate) use learning::Learning;
pub(crate) use lookback::LookBack;

use crate::geometry::Geometry;
use crate::strategy::Strategy;

/// The family a strategy that looks back builds: conflict sets, weights and restarts
/// ([`LookBack`]), or learned nogoods ([`Learning`]).
#[derive(Clone, Debug)]
pub(crate) enum Looking {
    /// Conflict-directed backjumping, dom/wdeg, last conflict, restarts, random ties.
    Back(LookBack),
    /// Nogood learning.
    Learn(Learning),
}

impl Looking {
    /// The family of `strategy` on boards of `geometry`, if it looks back.
    pub(crate) fn new(geometry: &'static Geometry, strategy: &Strategy) -> Option<Looking> {
        match Learning::new(geometry, strategy) {
            Some(learning) => Some(Looking::Learn(learning)),
            None => LookBack::new(geometry, strategy).map(Looking::Back),
        }
    }

    pub(crate) fn geometry(&self) -> &'static Geometry {
        match self {
            Looking::Back(f) => f.geometry(),
            Looking::Learn(f) => f.geometry(),
        }
    }

    pub(crate) fn reset(&mut self) {
        match self {
            Looking::Back(f) => f.reset(),
            Looking::Learn(f) => f.reset(),
        }
    }

    pub(crate) fn set_seed(&mut self, seed: Option<u64>) {
        if let Looking::Back(f) = self {
            f.set_seed(seed);
        }
    }

    pub(crate) fn weights(&self) -> Option<&lookback::Weights> {
        match self {
            Looking::Back(f) => f.weights(),
            Looking::Learn(_) => None,
        }
    }

    pub(crate) fn run(&self) -> u32 {
        match self {
            Looking::Back(f) => f.run(),
            Looking::Learn(f) => f.run(),
        }
    }

    /// The learned nogoods kept, for a search that learns.
    pub(crate) fn kept(&self) -> Option<usize> {
        match self {
            Looking::Back(_) => None,
            Looking::Learn(f) => Some(f.kept()),
        }
    }
}
