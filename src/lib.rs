//! dokuscope: watch a constraint solver think.
//!
//! Sudoku as a constraint satisfaction problem, searched by an explicit-stack backtracking
//! iterator that yields every assign, prune, wipeout and backtrack as an event.
//!
//! The crate by role, dependencies pointing inward:
//! - [`solver`]: the engine. Board geometry, domains, parsing, the search iterator and its
//!   events, inference rules, heuristics, presets, replay. No terminal or CLI code.
//! - [`bench`](mod@bench): presets over puzzle sets: the parallel runner, aggregates and report
//!   formats, testable without a terminal.
//! - [`app`]: the TUI's state machine, testable without a terminal: lanes (one search's
//!   checkpointed timeline and the step shown), the keymap, lockstep for races. Reads the
//!   engine only through its events.
//! - [`teach`]: questions a search can be asked about itself and their right answers,
//!   lessons read and checked against their searches; pure, like the engine.
//! - [`ui`]: widgets that draw the app state (board, depth, counters, why, log, help, race).
//! - [`tui`]: the terminal: setup and restore, the event loop.
//! - [`cli`]: the command line; only it and the terminal module do I/O.
//! - [`numbers`]: how every count, estimate and duration is written for people.
pub mod app;
pub mod bench;
pub mod cli;
pub use dokuscope_trace::numbers;
pub mod solver;
pub mod teach;
pub mod tui;
pub mod ui;
