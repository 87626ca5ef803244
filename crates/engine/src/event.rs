//! The events a search yields: small `Copy` values that say what changed and why.
//!
//! Replaying them on the initial state (givens placed, every empty cell with its full
//! domain) reproduces the solver's domains at every step; [`Replay`](super::replay::Replay)
//! does that, and can undo them again.

use super::domain::{Digit, Domain};
use super::geometry::{Cell, Unit};
use super::literal::Literal;

/// Why a cell was assigned a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssignCause {
    /// A decision of the search (a node of the search tree).
    Decision,
    /// A decision forced on the search from outside (`--decide`, a fork, a caller's own
    /// cell order): a node of the tree like any decision, written `"by":"user"`.
    UserDecision,
    /// The cell had one candidate left (arc consistency assigns it).
    NakedSingle,
    /// The digit had one place left in `unit`.
    HiddenSingle {
        /// The unit with one place for the digit.
        unit: Unit,
    },
    /// A learned nogood had every literal but one true, the one saying `cell ≠ digit`: the
    /// assignment is its negation (`family/learning`).
    Nogood {
        /// The nogood's number, from 1, as its `Learn` event gave it.
        id: u32,
    },
}

/// Why a digit was removed from a cell's domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PruneCause {
    /// Forward checking: a peer, `from`, was assigned this digit.
    ForwardCheck {
        /// The assigned peer.
        from: Cell,
    },
    /// Arc consistency (revise): the peer `against` has this digit as its only candidate.
    Revise {
        /// The peer whose domain is this single digit.
        against: Cell,
    },
    /// Hidden single: `digit` has one place left in `unit`, this cell, so its other candidates go.
    HiddenSingle {
        /// The unit.
        unit: Unit,
        /// The digit that must go here.
        digit: Digit,
    },
    /// Naked pair: `cells` in `unit` share the same two candidates, so no other cell there may hold them.
    NakedPair {
        /// The unit.
        unit: Unit,
        /// The two cells of the pair.
        cells: [Cell; 2],
    },
    /// Hidden pair: `digits` have only the same two places in `unit`, so those cells hold nothing else.
    HiddenPair {
        /// The unit.
        unit: Unit,
        /// The two digits of the pair.
        digits: Domain,
    },
    /// Locked candidates: every place of `digit` in `unit` lies in `crossing` (a box and a
    /// row or column), so the digit has no place in the rest of `crossing`.
    LockedCandidates {
        /// The unit whose places of the digit all lie in `crossing`.
        unit: Unit,
        /// The crossing unit, where the digit goes from every cell outside `unit`.
        crossing: Unit,
        /// The digit.
        digit: Digit,
    },
    /// The decision cell = digit was searched and led to no (further) solution.
    Refuted,
    /// Plain backtracking's consistency check: the peer `with` already holds this digit.
    Conflict {
        /// The peer holding the digit.
        with: Cell,
    },
    /// A learned nogood had every literal but one true: the prune is that literal's
    /// negation (`cell = digit` was the literal), or follows from it (the literal was
    /// `cell ≠ e`, so the cell must hold `e` and loses its other digits).
    Nogood {
        /// The nogood's number, from 1, as its `Learn` event gave it.
        id: u32,
    },
    /// A variant's constraint (a cage, a thermometer, a dot, ...): the digit fits no way of
    /// satisfying constraint number `constraint` of the board's rules
    /// ([`crate::geometry::Rules::constraints`]) with the other cells' domains; `with` is
    /// the cell that rules it out most directly (the cell itself where none does).
    Variant {
        /// The constraint's index among the board's rules.
        constraint: u16,
        /// The cell whose digit or domain rules it out.
        with: Cell,
    },
}

/// Where a contradiction showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WipeoutSite {
    /// The cell has no candidate left.
    Cell(Cell),
    /// `digit` has no place left in `unit`.
    Unit {
        /// The unit.
        unit: Unit,
        /// The digit without a place.
        digit: Digit,
    },
    /// Every literal of learned nogood `id` holds.
    Nogood {
        /// The nogood's number.
        id: u32,
    },
    /// A variant's constraint can no longer be satisfied by its cells' domains (a cage whose
    /// assigned digits miss its sum, a group left without a place for a digit).
    Constraint {
        /// The constraint's index among the board's rules.
        constraint: u16,
    },
}

/// The heuristic's reasons for choosing a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    /// Candidates in the cell's domain.
    pub candidates: u8,
    /// The cell order's second number, if it has one: degree (unassigned peers) for
    /// MRV+degree, constraints (assigned peers) for most-constraints orders, the weighted
    /// degree for dom/wdeg (whose ratio is `candidates / tie_break`; saturated at 65,535,
    /// which keeps events 16 bytes: the search itself compares exact weights); 0 otherwise.
    pub tie_break: u16,
}

/// One step of the search. `depth` is the number of decisions in effect once the event
/// has happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The cell order chose `cell` for the next decision.
    Select {
        /// The chosen cell.
        cell: Cell,
        /// Its domain when chosen.
        domain: Domain,
        /// Decisions in effect (the decision will be one deeper).
        depth: u16,
        /// Why it was chosen.
        score: Score,
    },
    /// `cell` was given `digit`.
    Assign {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// Decisions in effect, this one included if it is a decision.
        depth: u16,
        /// Decision or inference.
        cause: AssignCause,
    },
    /// `digit` was removed from `cell`'s domain.
    Prune {
        /// The cell.
        cell: Cell,
        /// The removed digit.
        digit: Digit,
        /// Decisions in effect.
        depth: u16,
        /// The rule that removed it.
        cause: PruneCause,
    },
    /// A contradiction: a cell with no candidate, or a digit with no place in a unit.
    Wipeout {
        /// Where.
        site: WipeoutSite,
        /// Decisions in effect.
        depth: u16,
    },
    /// The decision `cell` = `digit` was undone with everything after it; `depth` decisions remain.
    Backtrack {
        /// The decision's cell.
        cell: Cell,
        /// The decision's digit.
        digit: Digit,
        /// Decisions in effect afterwards.
        depth: u16,
    },
    /// Conflict-directed backjumping's explanation of the wipeout about to be reported: `cell`,
    /// a decision in effect holding `digit`, is in the failure's conflict set. The culprits
    /// of one failure come in the order of their decisions, just before its wipeout (so
    /// that the wipeout is shown with them), and the backtrack after the wipeout goes to the
    /// latest of them (Prosser 1993).
    Culprit {
        /// The culprit decision's cell.
        cell: Cell,
        /// Its digit.
        digit: Digit,
        /// Decisions in effect.
        depth: u16,
    },
    /// dom/wdeg learned from the wipeout just reported: the binary constraint between the
    /// two peers `cells` (the emptied cell first) now weighs `weight` (one more than before;
    /// Boussemart, Hemery, Lecoutre and Sais 2004).
    Weight {
        /// The constraint's two cells: the cell left without a candidate, then the peer
        /// whose check emptied it.
        cells: [Cell; 2],
        /// The constraint's weight after the bump.
        weight: u32,
        /// Decisions in effect.
        depth: u16,
    },
    /// The search starts again from the root: every decision is undone (what the root
    /// itself has proven stays). `run` is the run that starts now (the first is run 1),
    /// `cutoff` the failures it may have before the next restart (0: no cutoff given).
    Restart {
        /// The run starting now, from 2.
        run: u32,
        /// Its cutoff in failures (wipeouts), or 0 when the solver gave none.
        cutoff: u32,
    },
    /// A local search set `cell` to `digit` in its complete assignment: filling the cell at
    /// the start (`from` is `None`: it was empty), or a step's move (`from` is the digit it
    /// held; the same digit when the step kept it). It inverts itself: setting `from` back.
    Set {
        /// The cell.
        cell: Cell,
        /// Its digit now.
        digit: Digit,
        /// Its digit before, if it had one.
        from: Option<Digit>,
        /// Conflicts on the board afterwards: pairs of peers holding the same digit.
        conflicts: u16,
        /// Whether the step was a random walk rather than the min-conflicts move.
        walk: bool,
    },
    /// A local search's step swapped the digits of two cells (of one box, with boxes
    /// filled). It inverts itself.
    Swap {
        /// The two cells.
        cells: [Cell; 2],
        /// Conflicts on the board afterwards.
        conflicts: u16,
        /// Whether the step was a random walk rather than the min-conflicts move.
        walk: bool,
    },
    /// Arc consistency revised the arc (`cell`, `against`) of the ≠ constraint between two
    /// peers (`revise` of AC-3, Mackworth 1977): every digit of `cell` that no digit of
    /// `against` supports is removed, which on Sudoku is `against`'s only candidate (or
    /// digit) when `cell` has it. The removal follows as a prune (cause `revise`).
    Revise {
        /// Xi: the cell whose digits were revised.
        cell: Cell,
        /// Xj: the peer whose digits support them.
        against: Cell,
        /// The digit removed, if one was (a ≠ constraint removes at most one).
        removed: Option<Digit>,
        /// Constraint checks: the digit pairs compared (saturated at 255).
        checks: u8,
        /// Arcs in the queue when this one was taken off, itself included (saturated at
        /// 65,535); 0 when a stream did not say.
        queue: u16,
        /// Arcs put back on the queue after the removal: (Xk, `cell`) for each open peer
        /// Xk of `cell` but `against`, not waiting already (saturated at 255).
        requeued: u8,
        /// Decisions in effect.
        depth: u16,
    },
    /// One literal of the nogood being learned (`family/learning`): the literals of one
    /// nogood come one after another, the asserting literal first (the one whose negation
    /// the nogood forces after the jump), each true on the board at the conflict; the
    /// [`Event::Learn`] after them closes the nogood.
    Learnt {
        /// The literal.
        literal: Literal,
        /// Decisions in effect (at the conflict).
        depth: u16,
    },
    /// A nogood was learned from the wipeout (or solution) just reported, its literals the
    /// [`Event::Learnt`] just before: no solution has them all true (a solution's nogood,
    /// the decisions that led to it, holds for the solutions not yet found). The search
    /// goes back to `level` decisions, where every literal but the asserting one holds, and
    /// the nogood forces the asserting literal's negation (a prune or an assignment whose
    /// cause is `nogood`).
    Learn {
        /// The nogood's number, from 1 (never reused, even once it is deleted).
        id: u32,
        /// Its literals.
        size: u16,
        /// Its literal block distance: the decision levels among its literals (Audemard and
        /// Simon 2009).
        lbd: u16,
        /// The level the search goes back to.
        level: u16,
        /// Decisions in effect (at the conflict).
        depth: u16,
    },
    /// Every cell holds a digit.
    Solution {
        /// Decisions in effect.
        depth: u16,
    },
    /// The whole tree was searched: no (further) solution.
    Exhausted,
    /// The node limit was reached before the search ended.
    Limit,
}

impl Event {
    /// The event's kind as named in the trace schema: `select`, `assign`, `prune`,
    /// `wipeout`, `backtrack`, `culprit`, `weight`, `restart`, `revise`, `set`, `swap`,
    /// `learnt`, `learn`, `solution`, `exhausted`, `limit` (a trace writes a nogood's
    /// `learnt` literals inside its `learn` line).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Select { .. } => "select",
            Event::Assign { .. } => "assign",
            Event::Prune { .. } => "prune",
            Event::Wipeout { .. } => "wipeout",
            Event::Backtrack { .. } => "backtrack",
            Event::Culprit { .. } => "culprit",
            Event::Weight { .. } => "weight",
            Event::Restart { .. } => "restart",
            Event::Set { .. } => "set",
            Event::Swap { .. } => "swap",
            Event::Revise { .. } => "revise",
            Event::Learnt { .. } => "learnt",
            Event::Learn { .. } => "learn",
            Event::Solution { .. } => "solution",
            Event::Exhausted => "exhausted",
            Event::Limit => "limit",
        }
    }

    /// Whether this is a decision (an assignment the search chose).
    pub fn is_decision(&self) -> bool {
        matches!(self, Event::Assign { cause, .. } if cause.is_decision())
    }

    /// A local search's conflicts after the event, for its moves and fills.
    pub fn conflicts(&self) -> Option<u16> {
        match *self {
            Event::Set { conflicts, .. } | Event::Swap { conflicts, .. } => Some(conflicts),
            _ => None,
        }
    }

    /// Whether the search ends with this event.
    pub fn is_final(&self) -> bool {
        matches!(self, Event::Exhausted | Event::Limit)
    }

    /// Decisions in effect after the event, where the event says.
    pub fn depth(&self) -> Option<usize> {
        match *self {
            Event::Select { depth, .. }
            | Event::Assign { depth, .. }
            | Event::Prune { depth, .. }
            | Event::Wipeout { depth, .. }
            | Event::Backtrack { depth, .. }
            | Event::Culprit { depth, .. }
            | Event::Weight { depth, .. }
            | Event::Revise { depth, .. }
            | Event::Learnt { depth, .. }
            | Event::Learn { depth, .. }
            | Event::Solution { depth } => Some(usize::from(depth)),
            Event::Restart { .. } | Event::Set { .. } | Event::Swap { .. } => Some(0),
            Event::Exhausted | Event::Limit => None,
        }
    }

    /// The cell the event is about, if one.
    pub fn cell(&self) -> Option<Cell> {
        match *self {
            Event::Select { cell, .. }
            | Event::Assign { cell, .. }
            | Event::Prune { cell, .. }
            | Event::Backtrack { cell, .. }
            | Event::Culprit { cell, .. }
            | Event::Set { cell, .. }
            | Event::Swap {
                cells: [cell, _], ..
            }
            | Event::Revise { cell, .. }
            | Event::Learnt {
                literal: Literal { cell, .. },
                ..
            }
            | Event::Weight {
                cells: [cell, _], ..
            }
            | Event::Wipeout {
                site: WipeoutSite::Cell(cell),
                ..
            } => Some(cell),
            _ => None,
        }
    }
}

mod rules;

pub use rules::PRUNE_RULES;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_stay_small_enough_to_copy_freely() {
        assert!(
            std::mem::size_of::<Event>() <= 16,
            "{}",
            std::mem::size_of::<Event>()
        );
    }

    #[test]
    fn prune_rule_indexes_match_the_counter_names() {
        let causes = [
            PruneCause::ForwardCheck { from: Cell::new(0) },
            PruneCause::Revise {
                against: Cell::new(0),
            },
            PruneCause::HiddenSingle {
                unit: Unit::new(0),
                digit: Digit::new(1).expect("digit"),
            },
            PruneCause::NakedPair {
                unit: Unit::new(0),
                cells: [Cell::new(0), Cell::new(1)],
            },
            PruneCause::HiddenPair {
                unit: Unit::new(0),
                digits: Domain::EMPTY,
            },
            PruneCause::LockedCandidates {
                unit: Unit::new(0),
                crossing: Unit::new(9),
                digit: Digit::new(1).expect("digit"),
            },
            PruneCause::Refuted,
            PruneCause::Conflict { with: Cell::new(0) },
            PruneCause::Nogood { id: 17 },
        ];
        for c in causes {
            assert_eq!(PRUNE_RULES[c.index()], c.rule());
        }
    }
}
