//! dokuscope: watch a constraint solver think.
//!
//! Sudoku as a constraint satisfaction problem, searched by an explicit-stack backtracking
//! iterator that yields every assign, prune, wipeout and backtrack as an event.
//!
//! The crate by role, dependencies pointing inward:
//! - [`solver`]: the engine. Board geometry, domains, parsing, the search iterator and its
//!   events, inference rules, heuristics, presets, replay. No terminal or CLI code.
//! - [`bench`]: presets over puzzle sets: the parallel runner, aggregates and report
//!   formats, testable without a terminal.
//! - [`cli`]: the command line; only it and the terminal module do I/O.
pub mod bench;
pub mod cli;
pub mod solver;
