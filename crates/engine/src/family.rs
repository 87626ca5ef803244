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
mod lookback;

pub(crate) use heard::Heard;
pub(crate) use hooks::{Answer, Chronological, Family};
pub(crate) use lookback::LookBack;
