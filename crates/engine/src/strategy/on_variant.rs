//! Which searches run a variant: every tree search does (the variant's constraints are
//! propagators of its own, and its groups are peers); min-conflicts counts conflicts
//! between peers only, so it runs a variant whose every rule is a peer's ≠ (jigsaw,
//! diagonals, windows, disjoint groups, anti-knight, anti-king, cages without a sum) and
//! refuses the others, naming the first rule it cannot count and a preset to use. The
//! searches that learn nogoods refuse every variant board for now: their conflict analysis
//! has not been proven on the variants' reasons.

use super::{LookBack, Strategy};
use crate::geometry::Geometry;
use crate::variant::Constraint;

impl Strategy {
    /// Why this search cannot run on `geometry`'s board, if it cannot.
    pub fn refuses(&self, geometry: &Geometry) -> Option<String> {
        if self.lookback == LookBack::Nogood && geometry.rules().is_some() {
            return Some(
                "nogood learning does not search variants yet: its conflict analysis is proven on the classic rules only; use a tree search such as --preset fast (or mrv, mac, dom-wdeg)"
                    .into(),
            );
        }
        self.local()?;
        let rules = geometry.rules()?;
        let (i, _) = rules.constraints().iter().enumerate().find(|(_, c)| {
            !matches!(
                c,
                Constraint::Cage { sum: None, .. }
                    | Constraint::Distinct { .. }
                    | Constraint::AntiKnight
                    | Constraint::AntiKing
            )
        })?;
        let name = geometry.constraint_name(u16::try_from(i).unwrap_or(u16::MAX));
        Some(format!(
            "min-conflicts cannot search this variant: it counts conflicts between peers only, and {name} is not a rule between peers; use a tree search such as --preset fast (or mrv, mac, dom-wdeg)"
        ))
    }
}
