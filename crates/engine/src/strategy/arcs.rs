//! The arc-consistency algorithms a search can maintain after every assignment (MAC), in
//! place of the rules: each revises the arcs of the binary ≠ constraints between peers
//! from a FIFO queue, and they differ only in how they look for a digit's support.

use std::fmt;

/// An arc-consistency algorithm, maintained after every assignment and every refutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArcConsistency {
    /// AC-3 (Mackworth 1977, "Consistency in networks of relations", Artificial
    /// Intelligence 8(1); Russell and Norvig, "Artificial Intelligence: A Modern Approach",
    /// chapter 6): `revise` looks for each digit's support among all the peer's digits.
    Ac3,
    /// AC-2001 (Bessière and Régin 2001, "Refining the basic constraint propagation
    /// algorithm", IJCAI'01): AC-3's queue, and each digit's last support remembered, so
    /// that `revise` checks no pair it has already found to support it.
    Ac2001,
}

impl ArcConsistency {
    /// Every algorithm.
    pub const ALL: [ArcConsistency; 2] = [ArcConsistency::Ac3, ArcConsistency::Ac2001];

    /// Its `--infer` name.
    pub fn name(self) -> &'static str {
        match self {
            ArcConsistency::Ac3 => "ac3",
            ArcConsistency::Ac2001 => "ac2001",
        }
    }

    /// Its name in the literature.
    pub fn label(self) -> &'static str {
        match self {
            ArcConsistency::Ac3 => "AC-3",
            ArcConsistency::Ac2001 => "AC-2001",
        }
    }
}

impl fmt::Display for ArcConsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `--infer` named an arc-consistency algorithm beside a rule it replaces.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{algorithm} maintains arc consistency alone: it takes no rule but fc and ac (which it covers), not {rule}"
)]
pub struct NotAlone {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The other rule named.
    pub rule: String,
}
