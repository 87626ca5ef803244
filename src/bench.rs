//! Bench: presets over whole puzzle sets, measured per puzzle and aggregated into tables,
//! distributions and per-puzzle rows. No terminal code: the CLI (`cli::bench`) does the I/O.
//!
//! - [`sample`]: one preset on one puzzle, timed on its own thread.
//! - [`runner`]: the parallel, streaming, order-keeping runner (with `batch` sizing and the
//!   `ledger` that keeps results in input order).
//! - [`tally`], [`collect`]: what is kept while running (a few numbers per puzzle).
//! - [`contender`]: what runs on every puzzle: a preset with its variants, and its seeds.
//! - [`quantile`], [`summary`], [`histogram`], [`survival`]: the aggregates and their
//!   definitions.
//! - [`report`], [`table`] (with [`local`]'s for local searches), [`csv`], [`progress`]:
//!   the outputs.

mod batch;
pub mod collect;
pub mod contender;
pub mod csv;
pub mod histogram;
mod ledger;
pub mod min_conflicts;
pub mod observer;
pub mod progress;
pub mod quantile;
pub mod report;
pub mod runner;
pub mod sample;
pub mod summary;
pub mod survival;
pub mod table;
pub mod tally;

pub use collect::Collector;
pub use contender::Contender;
pub use report::{Report, Settings};
pub use runner::{Config, Input, Observer, RunEnd, run};
pub use sample::{RunLimits, Sample, Verdict, measure};
pub use summary::Summary;
