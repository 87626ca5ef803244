//! What a cause says of itself: the name of its rule (as traces and counters write it) and
//! its index among the prune counters, and whether an assignment is a decision.

use super::{AssignCause, PruneCause};

impl PruneCause {
    /// The rule's name as in the trace schema and the counters: `forward_check`, `revise`,
    /// `hidden_single`, `naked_pair`, `hidden_pair`, `locked_candidates`, `refuted`, `conflict`,
    /// `nogood`.
    pub fn rule(&self) -> &'static str {
        match self {
            PruneCause::ForwardCheck { .. } => "forward_check",
            PruneCause::Revise { .. } => "revise",
            PruneCause::HiddenSingle { .. } => "hidden_single",
            PruneCause::NakedPair { .. } => "naked_pair",
            PruneCause::HiddenPair { .. } => "hidden_pair",
            PruneCause::LockedCandidates { .. } => "locked_candidates",
            PruneCause::Refuted => "refuted",
            PruneCause::Conflict { .. } => "conflict",
            PruneCause::Nogood { .. } => "nogood",
            PruneCause::Variant { .. } => "variant",
        }
    }

    /// Index into [`PRUNE_RULES`].
    pub fn index(&self) -> usize {
        match self {
            PruneCause::ForwardCheck { .. } => 0,
            PruneCause::Revise { .. } => 1,
            PruneCause::HiddenSingle { .. } => 2,
            PruneCause::NakedPair { .. } => 3,
            PruneCause::HiddenPair { .. } => 4,
            PruneCause::LockedCandidates { .. } => 5,
            PruneCause::Refuted => 6,
            PruneCause::Conflict { .. } => 7,
            PruneCause::Nogood { .. } => 8,
            PruneCause::Variant { .. } => 9,
        }
    }
}

/// The prune rules in counter order.
pub const PRUNE_RULES: [&str; 10] = [
    "forward_check",
    "revise",
    "hidden_single",
    "naked_pair",
    "hidden_pair",
    "locked_candidates",
    "refuted",
    "conflict",
    "nogood",
    "variant",
];

impl AssignCause {
    /// Whether the assignment is a decision (the search's or a forced one).
    pub fn is_decision(self) -> bool {
        matches!(self, AssignCause::Decision | AssignCause::UserDecision)
    }

    /// `decision` (the search's or a user's), `naked_single`, `hidden_single` or `nogood`.
    pub fn rule(&self) -> &'static str {
        match self {
            AssignCause::Decision | AssignCause::UserDecision => "decision",
            AssignCause::NakedSingle => "naked_single",
            AssignCause::HiddenSingle { .. } => "hidden_single",
            AssignCause::Nogood { .. } => "nogood",
        }
    }
}
