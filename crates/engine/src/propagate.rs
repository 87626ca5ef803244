//! Propagation: every inference rule is a propagator behind one trait, and the engine runs
//! the strategy's propagators to a fixpoint after each assignment and refutation.
//!
//! Propagators come in two tiers, as Sudoku solvers have always scheduled them. The
//! propagators of *assignments* (the ≠ constraints' forward checking or arc consistency,
//! which assigns the naked singles, or arc consistency maintained by AC-3 or AC-2001) take the cells assigned since they last ran and prune their peers; they are
//! cheap and run first, to their own fixpoint, whenever anything changed (a *drain*). The
//! *unit rules* (hidden singles, locked candidates, naked and hidden pairs) look for
//! patterns in the domains of a unit; they run only when the first tier is quiet, so every
//! rule sees domains consistent with every assignment, and drain the first tier after each
//! thing they find. A unit rule that changed something sends the propagation back to the
//! first unit rule, which has first claim on what changed.
//!
//! A propagator is handed a [`Context`]: the domains, and the actions it may take (prune a
//! digit for a cause, assign a cell for a cause, report a wipeout), each reported as an
//! event whose cause is the propagator's reason ([`crate::reason`] states it as literals).
//! It cannot reach the search: its frames, its order, its limits or what it has learned.
//!
//! Adding a rule is adding a file here that implements [`Propagator`] and one line in
//! `registry.rs`; the search names none of them.

mod arc_consistency;
mod context;
mod forward_check;
mod hidden_pairs;
mod hidden_singles;
mod locked_candidates;
mod naked_pairs;
mod needs;
mod nogoods;
mod propagator;
mod registry;
mod singles;
mod variants;

pub(crate) use context::Contradiction;
pub(crate) use registry::Propagation;
