//! The search: an explicit-stack, event-yielding backtracking iterator (no recursion), or a
//! local search behind the same iterator.
//!
//! Each call to `next()` yields one [`Event`](crate::event::Event). Internally the machine
//! advances one *step* at a time (initial propagation, select a cell, try its next digit
//! and propagate, or backtrack one decision) and buffers that step's events; a step never
//! calls itself. The same machine runs headless through a sink that only counts, so
//! `solve` and `bench` measure exactly the search that `watch` shows.

mod batch;
mod engine;
mod forced;
mod iterator;
mod jump;
mod outcome;
mod steer;
mod step;

pub use batch::Batch;
pub use iterator::Search;
pub use outcome::{Limits, Outcome, Status};
pub use steer::{Refusal, Schedule, ScheduleError, illegal};
