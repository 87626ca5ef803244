//! Wasted search in a trace whose every event is legal: what `check` warns about, one
//! sentence each, and their counts.
//!
//! A warning is not an error: the events are legal moves on the board, so the trace stays
//! consistent (exit 0) unless `check --strict` makes warnings failures. The checker finds
//! them as it goes ([`Board`](super::Board)), beside the events, as it keeps what it derived.

use serde::Serialize;

use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::WipeoutSite;
use dokuscope_engine::geometry::{Cell, Geometry};

/// One kind of wasted search, found at one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Warning {
    /// The search went on (a select, assign or prune elsewhere) below a contradiction the
    /// board has shown since line `since`: a cell with no candidate, or (for a solver that
    /// reasons on a digit's places) a digit with no place left in a unit.
    BelowContradiction {
        /// The contradiction.
        site: WipeoutSite,
        /// The line that made it.
        since: u64,
    },
    /// The search went on (a select or a decision elsewhere) while an open cell's every
    /// candidate was held by an assigned peer, since line `since`, in the trace of a solver
    /// that prunes what assigned peers hold (forward checking, arc consistency): its own
    /// inference had found the contradiction.
    BelowDeadCell {
        /// The cell.
        cell: Cell,
        /// The line that made it so.
        since: u64,
    },
    /// An assignment of a digit that a given peer, not yet assigned, is (givens as domains):
    /// the branch cannot succeed.
    RuledOut {
        /// The cell assigned.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// The given peer holding that digit in the puzzle.
        given: Cell,
    },
    /// A decision refuted under the same decisions in effect, tried again.
    Retried {
        /// The decision's cell.
        cell: Cell,
        /// Its digit.
        digit: Digit,
        /// The line of the backtrack that refuted it.
        refuted_at: u64,
    },
}

impl Warning {
    /// The warning in one sentence, with the board's names:
    /// `the search goes on below a contradiction: r5c3 has had no candidate since line 4398`.
    pub fn sentence(&self, g: &Geometry) -> String {
        let sym = |d: Digit| d.symbol(g.size());
        match *self {
            Warning::BelowContradiction {
                site: WipeoutSite::Cell(cell),
                since,
            } => format!(
                "the search goes on below a contradiction: {} has had no candidate since line {since}",
                g.cell_name(cell)
            ),
            Warning::BelowContradiction {
                site: WipeoutSite::Unit { unit, digit },
                since,
            } => format!(
                "the search goes on below a contradiction: {} has had no place in {} since line {since}",
                sym(digit),
                g.unit_name(unit)
            ),
            Warning::BelowContradiction {
                site: WipeoutSite::Nogood { id },
                since,
            } => format!(
                "the search goes on below a contradiction: every literal of nogood #{id} has held since line {since}"
            ),
            Warning::BelowContradiction {
                site: WipeoutSite::Constraint { constraint },
                since,
            } => format!(
                "the search goes on below a contradiction: {} has had no way to hold since line {since}",
                g.constraint_name(constraint)
            ),
            Warning::BelowDeadCell { cell, since } => format!(
                "the search goes on below a contradiction: every candidate of {} has been held by a peer since line {since}",
                g.cell_name(cell)
            ),
            Warning::RuledOut { cell, digit, given } => format!(
                "assign {}={} cannot succeed: its peer {} is the given {}, not yet assigned",
                g.cell_name(cell),
                sym(digit),
                g.cell_name(given),
                sym(digit)
            ),
            Warning::Retried {
                cell,
                digit,
                refuted_at,
            } => format!(
                "decision {}={} tried again under the same decisions (refuted at line {refuted_at})",
                g.cell_name(cell),
                sym(digit)
            ),
        }
    }

    /// A short form for narrow places (the log's mark): `search below a contradiction`.
    pub fn short(&self) -> &'static str {
        match self {
            Warning::BelowContradiction { .. } | Warning::BelowDeadCell { .. } => {
                "search below a contradiction"
            }
            Warning::RuledOut { .. } => "ruled out by a given",
            Warning::Retried { .. } => "a refuted decision again",
        }
    }
}

/// How many warnings of each kind a stream gave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Warnings {
    /// Searches that went on below a contradiction (one per contradiction).
    pub below_contradiction: u64,
    /// Assignments of a digit a given peer not yet assigned is.
    pub ruled_out: u64,
    /// Refuted decisions tried again under the same decisions.
    pub retried: u64,
}

impl Warnings {
    /// All warnings.
    pub fn total(&self) -> u64 {
        self.below_contradiction + self.ruled_out + self.retried
    }

    pub(super) fn count(&mut self, warning: &Warning) {
        match warning {
            Warning::BelowContradiction { .. } | Warning::BelowDeadCell { .. } => {
                self.below_contradiction += 1;
            }
            Warning::RuledOut { .. } => self.ruled_out += 1,
            Warning::Retried { .. } => self.retried += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dokuscope_engine::BoxSize;
    use dokuscope_engine::geometry::Unit;

    #[test]
    fn warnings_read_as_one_located_sentence_each() {
        let g = Geometry::of(BoxSize::NINE);
        let seven = Digit::new(7).expect("a digit");
        let below = Warning::BelowContradiction {
            site: WipeoutSite::Cell(g.cell_at(4, 2)),
            since: 4398,
        };
        assert_eq!(
            below.sentence(g),
            "the search goes on below a contradiction: r5c3 has had no candidate since line 4398"
        );
        let unit = Warning::BelowContradiction {
            site: WipeoutSite::Unit {
                unit: Unit::new(2),
                digit: seven,
            },
            since: 12,
        };
        assert_eq!(
            unit.sentence(g),
            "the search goes on below a contradiction: 7 has had no place in row 3 since line 12"
        );
        let ruled = Warning::RuledOut {
            cell: g.cell_at(0, 0),
            digit: seven,
            given: g.cell_at(2, 2),
        };
        assert_eq!(
            ruled.sentence(g),
            "assign r1c1=7 cannot succeed: its peer r3c3 is the given 7, not yet assigned"
        );
        let retried = Warning::Retried {
            cell: g.cell_at(3, 4),
            digit: seven,
            refuted_at: 880,
        };
        assert_eq!(
            retried.sentence(g),
            "decision r4c5=7 tried again under the same decisions (refuted at line 880)"
        );
        let dead = Warning::BelowDeadCell {
            cell: g.cell_at(6, 3),
            since: 77,
        };
        assert_eq!(
            dead.sentence(g),
            "the search goes on below a contradiction: every candidate of r7c4 has been held by a peer since line 77"
        );
        let mut counts = Warnings::default();
        for w in [below, unit, ruled, retried, dead] {
            counts.count(&w);
        }
        assert_eq!((counts.below_contradiction, counts.total()), (3, 5));
    }
}
