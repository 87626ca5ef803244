//! Local search: a search that changes a complete assignment instead of extending a partial
//! one. [`MinConflicts`](min_conflicts) is its engine, run by the same
//! [`Search`](super::Search) and yielding the same [`Event`](super::Event) stream (its
//! `set` and `swap` events) as the backtracking engine; [`Assignment`] counts the
//! conflicts of a complete assignment for it, for the stream checker and for the views.

mod board;
pub(crate) mod min_conflicts;

pub use board::{Assignment, UnitConflicts, count};
pub(crate) use min_conflicts::{MinConflicts, Progress};
