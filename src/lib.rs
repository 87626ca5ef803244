//! dokuscope: watch a constraint solver think.
//!
//! Sudoku as a constraint satisfaction problem, searched by an explicit-stack backtracking
//! iterator that yields every assign, prune, wipeout and backtrack as an event.
//!
//! The crate by role, dependencies pointing inward:
//! - [`solver`]: the engine. Board geometry, domains, parsing, the search iterator and its
//!   events, inference rules, heuristics, presets, replay. No terminal or CLI code.
pub mod cli;
pub mod solver;
