//! Local search: a search that changes a complete assignment instead of extending a partial
//! one. [`MinConflicts`](min_conflicts) is its engine, a search of its own run behind the
//! same [`Search`](crate::Search) iterator and yielding the same
//! [`Event`](crate::Event) stream (its `set` and `swap` events) as the tree search; [`Assignment`] counts the
//! conflicts of a complete assignment for it, for the stream checker and for the views.

mod board;
pub(crate) mod min_conflicts;
mod search;

pub use board::{Assignment, UnitConflicts, count};
pub(crate) use search::LocalSearch;
