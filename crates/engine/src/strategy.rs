//! The parts a search is made of: a cell order, a value order and a set of inference rules,
//! and how it looks back at failures (see [`lookback`]).

use std::fmt;
use std::str::FromStr;

mod arcs;
mod learning;
pub mod lookback;
mod names;
mod on_variant;
pub mod repair;

pub use super::heuristic::Sequence;
pub use arcs::{ArcConsistency, NotAlone};
pub use learning::Learning;
pub use lookback::{BadRestart, LookBack, Restart};
pub(crate) use names::parse_named;
pub use names::{UnknownName, closest};
pub use repair::{BadOption, Family, Fill, Probability, Repair};

/// Which open cell the next decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellOrder {
    /// The first open cell in reading order, left to right (seed 000's and 004's CBT).
    RowMajor,
    /// The last open cell in reading order, right to left (seed 004).
    Reverse,
    /// Static: by domain size after the initial propagation, fixed for the whole search (seed 004).
    StaticDomain,
    /// Dynamic minimum remaining values: the most constrained cell (seeds 000, 001, 002, 003 H1).
    Mrv,
    /// MRV with the maximum degree (unassigned peers) as tie-break (seed 002 MRV+MD).
    MrvDegree,
    /// Most constraints: the most assigned peers (seed 003 H3).
    MostConstraints,
    /// Smallest domain with most constraints as tie-break (seed 003 H1+H3).
    MrvConstraints,
    /// dom/wdeg: the smallest ratio of domain size to weighted degree, every constraint's
    /// weight being one more than the wipeouts its checks caused (Boussemart, Hemery,
    /// Lecoutre and Sais 2004, "Boosting systematic search by weighting constraints").
    DomWdeg,
    /// dom/wdeg with last-conflict reasoning: the cell whose decision led to the last
    /// failure is chosen again while it is open (Lecoutre, Saïs, Tabary and Vidal 2009,
    /// "Reasoning from last conflict(s) in constraint programming").
    DomWdegLc,
}

/// In which order a decision cell's digits are tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueOrder {
    /// Smallest digit first.
    Ascending,
    /// Least constraining value: the digit ruling out the fewest candidates of open peers,
    /// counted in their current domains (seed 001 version 2).
    Lcv,
}

/// A set of inference rules applied to a fixpoint after every assignment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "one switch per independent rule"
)]
pub struct Inference {
    /// Forward checking: an assigned digit is pruned from the peers' domains. Without it the
    /// search is plain backtracking with a consistency check on every candidate.
    pub forward_check: bool,
    /// Arc consistency: a cell left with one candidate is assigned and that digit revised
    /// out of its peers, to a fixpoint. Seed 003's revise does it cell by cell, unless an
    /// algorithm maintains it ([`Inference::arcs`]).
    pub arc_consistency: bool,
    /// Hidden singles: a digit with one place left in a unit goes there.
    pub hidden_singles: bool,
    /// Naked pairs: two cells of a unit with the same two candidates.
    pub naked_pairs: bool,
    /// Hidden pairs: two digits with the same two places in a unit.
    pub hidden_pairs: bool,
    /// Locked candidates (pointing and claiming): a digit whose places in a unit all lie in
    /// one crossing unit has no place in the rest of that crossing unit.
    pub locked_candidates: bool,
    /// Maintaining arc consistency by an algorithm of the literature (AC-3, AC-2001), in
    /// place of the rules above: it revises the arcs of the ≠ constraints from a queue, each
    /// revision an event, and assigns the cells its fixpoint leaves with one candidate
    /// (normalised, forward checking and arc consistency are then on: it covers both).
    pub arcs: Option<ArcConsistency>,
}

impl Inference {
    /// Plain backtracking.
    pub const NONE: Inference = Inference {
        forward_check: false,
        arc_consistency: false,
        hidden_singles: false,
        naked_pairs: false,
        hidden_pairs: false,
        locked_candidates: false,
        arcs: None,
    };

    /// Forward checking only.
    pub const FC: Inference = Inference {
        forward_check: true,
        ..Inference::NONE
    };

    /// The rules with their flag names, as `--infer` takes them.
    pub const NAMES: [&'static str; 6] = ["fc", "ac", "hs", "np", "hp", "lc"];

    /// Maintaining arc consistency by `algorithm` alone (it covers forward checking, and
    /// its fixpoint is arc consistency's: both flags are on).
    pub const fn mac(algorithm: ArcConsistency) -> Inference {
        Inference {
            forward_check: true,
            arc_consistency: true,
            arcs: Some(algorithm),
            ..Inference::NONE
        }
    }

    /// Whether any rule beyond forward checking is on.
    pub fn any_beyond_fc(self) -> bool {
        self.arc_consistency
            || self.hidden_singles
            || self.naked_pairs
            || self.hidden_pairs
            || self.locked_candidates
    }

    /// This set with forward checking switched on if any other rule is: every rule works on
    /// domains, which only forward checking keeps consistent with the assignments.
    #[must_use]
    pub fn normalised(mut self) -> Inference {
        self.arc_consistency |= self.arcs.is_some();
        self.forward_check |= self.any_beyond_fc();
        self
    }

    fn flags(self) -> [bool; 6] {
        [
            self.forward_check,
            self.arc_consistency,
            self.hidden_singles,
            self.naked_pairs,
            self.hidden_pairs,
            self.locked_candidates,
        ]
    }
}

impl fmt::Display for Inference {
    /// `fc,ac,hs`, or `none`; an arc-consistency algorithm alone (`ac3`), which covers
    /// forward checking.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(algorithm) = self.arcs {
            return f.write_str(algorithm.name());
        }
        let on: Vec<&str> = Inference::NAMES
            .iter()
            .zip(self.flags())
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect();
        if on.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&on.join(","))
        }
    }
}

/// A bad `--infer` value: an unknown rule, or an arc-consistency algorithm with another rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadInference {
    /// A name that is no rule.
    #[error(transparent)]
    Unknown(#[from] UnknownName),
    /// An arc-consistency algorithm named beside another rule.
    #[error(transparent)]
    NotAlone(#[from] NotAlone),
}

impl FromStr for Inference {
    type Err = BadInference;
    /// `fc,ac,hs,np,hp,lc` in any order and subset, or `none`; or `ac3` or `ac2001` alone
    /// (`fc` may be named with them).
    fn from_str(s: &str) -> Result<Inference, BadInference> {
        let mut inf = Inference::NONE;
        for part in s
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty() && *p != "none")
        {
            if let Some(algorithm) = ArcConsistency::ALL.into_iter().find(|a| a.name() == part) {
                inf.arcs = Some(algorithm);
                continue;
            }
            let flag = match part {
                "fc" => &mut inf.forward_check,
                "ac" => &mut inf.arc_consistency,
                "hs" => &mut inf.hidden_singles,
                "np" => &mut inf.naked_pairs,
                "hp" => &mut inf.hidden_pairs,
                "lc" => &mut inf.locked_candidates,
                _ => {
                    let names = ["none", "fc", "ac", "hs", "np", "hp", "lc", "ac3", "ac2001"];
                    return Err(UnknownName::among("inference rule", part, &names).into());
                }
            };
            *flag = true;
        }
        if let Some(algorithm) = inf.arcs {
            // Forward checking and arc consistency it covers; the unit rules it does not.
            let other = Inference::NAMES
                .iter()
                .zip(inf.flags())
                .skip(2)
                .find(|(_, on)| *on);
            if let Some((rule, _)) = other {
                return Err(NotAlone {
                    algorithm: algorithm.name(),
                    rule: (*rule).to_string(),
                }
                .into());
            }
        }
        Ok(inf.normalised())
    }
}

impl CellOrder {
    /// Every cell order.
    pub const ALL: [CellOrder; 9] = [
        CellOrder::RowMajor,
        CellOrder::Reverse,
        CellOrder::StaticDomain,
        CellOrder::Mrv,
        CellOrder::MrvDegree,
        CellOrder::MostConstraints,
        CellOrder::MrvConstraints,
        CellOrder::DomWdeg,
        CellOrder::DomWdegLc,
    ];

    /// Its `--order` name.
    pub fn name(self) -> &'static str {
        match self {
            CellOrder::RowMajor => "row-major",
            CellOrder::Reverse => "reverse",
            CellOrder::StaticDomain => "static-domain",
            CellOrder::Mrv => "mrv",
            CellOrder::MrvDegree => "mrv-degree",
            CellOrder::MostConstraints => "most-constraints",
            CellOrder::MrvConstraints => "mrv-constraints",
            CellOrder::DomWdeg => "dom-wdeg",
            CellOrder::DomWdegLc => "dom-wdeg-lc",
        }
    }

    /// Whether the order learns from failures (it needs the weights of dom/wdeg).
    pub fn learns(self) -> bool {
        matches!(self, CellOrder::DomWdeg | CellOrder::DomWdegLc)
    }

    /// What the tie-break number of its [`Score`](super::event::Score) means, if it has one.
    pub fn tie_break(self) -> Option<&'static str> {
        match self {
            CellOrder::MrvDegree => Some("degree"),
            CellOrder::MostConstraints | CellOrder::MrvConstraints => Some("constraints"),
            CellOrder::DomWdeg | CellOrder::DomWdegLc => Some("wdeg"),
            _ => None,
        }
    }
}

impl ValueOrder {
    /// Every value order.
    pub const ALL: [ValueOrder; 2] = [ValueOrder::Ascending, ValueOrder::Lcv];

    /// Its `--values` name.
    pub fn name(self) -> &'static str {
        match self {
            ValueOrder::Ascending => "ascending",
            ValueOrder::Lcv => "lcv",
        }
    }
}

impl fmt::Display for CellOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for ValueOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CellOrder {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<CellOrder, UnknownName> {
        parse_named(s, &CellOrder::ALL, CellOrder::name, "cell order")
    }
}

impl FromStr for ValueOrder {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<ValueOrder, UnknownName> {
        parse_named(s, &ValueOrder::ALL, ValueOrder::name, "value order")
    }
}

/// A whole search strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Strategy {
    /// Cell order.
    pub order: CellOrder,
    /// Value order.
    pub values: ValueOrder,
    /// Inference rules.
    pub inference: Inference,
    /// Where a failure sends the search.
    pub lookback: LookBack,
    /// When the search starts again from the root.
    pub restart: Restart,
    /// Ties in a dynamic cell order broken at random from this seed, reproducibly (none:
    /// the earlier cell in the base sequence); a local search's random choices (none: 0).
    pub seed: Option<u64>,
    /// The base cell sequence the cell order scans and breaks ties in.
    pub sequence: Sequence,
    /// Backtracking (the parts above), or a local search with its own options (the cell
    /// order, value order, inference and look-back are then unused).
    pub family: Family,
    /// How a search that learns nogoods ([`LookBack::Nogood`]) branches and how many it
    /// keeps (unused by any other).
    pub learning: Learning,
}

impl Strategy {
    /// The strategy of a cell order, a value order and rules, with chronological
    /// backtracking, no restarts and ties in reading order.
    pub const fn new(order: CellOrder, values: ValueOrder, inference: Inference) -> Strategy {
        Strategy {
            order,
            values,
            inference,
            lookback: LookBack::Chronological,
            restart: Restart::Never,
            seed: None,
            sequence: Sequence::Reading,
            family: Family::Backtracking,
            learning: Learning::KEEP_ALL,
        }
    }

    /// Whether the search learns nogoods.
    pub fn learns_nogoods(&self) -> bool {
        self.family == Family::Backtracking && self.lookback == LookBack::Nogood
    }

    /// Whether the search needs what looks back at failures (conflict sets, weights,
    /// restarts, random ties): the engine then hears its own events (see `solver::learn`).
    pub fn looks_back(&self) -> bool {
        self.family == Family::Backtracking
            && (self.lookback != LookBack::Chronological
                || self.order.learns()
                || self.restart != Restart::Never
                || self.seed.is_some())
    }

    /// Why the parts do not go together, if they do not: conflict-directed backjumping
    /// takes its conflict sets from forward checking's or the consistency check's culprits
    /// (rules beyond forward checking assign singles whose reasons it does not keep), and a
    /// static cell order has no ties for a seed to break and repeats its run at a restart.
    pub fn conflict(&self) -> Option<String> {
        if self.local().is_some() {
            // A local search's options are checked as they are read.
            return None;
        }
        if self.lookback == LookBack::Cbj && self.inference.normalised().any_beyond_fc() {
            return Some(format!(
                "conflict-directed backjumping takes its conflict sets from forward checking; \
                 use --infer fc or none, not {}",
                self.inference
            ));
        }
        if self.lookback == LookBack::Nogood {
            let inference = self.inference.normalised();
            if !inference.forward_check
                || inference.naked_pairs
                || inference.hidden_pairs
                || inference.arcs.is_some()
            {
                return Some(format!(
                    "learning nogoods takes its reasons from forward checking, naked and hidden \
                     singles and locked candidates; use --infer fc,ac,hs (or a subset with fc, \
                     or with lc), not {}",
                    self.inference
                ));
            }
        }
        if self.order.is_static() && self.restart != Restart::Never {
            return Some(format!(
                "a restart with the static cell order {} would repeat the same run; \
                 use a dynamic order (mrv, dom-wdeg, ...)",
                self.order
            ));
        }
        if self.order.is_static() && self.seed.is_some() {
            return Some(format!(
                "a seed breaks ties in a dynamic cell order, and {} is static",
                self.order
            ));
        }
        None
    }
}

impl fmt::Display for Strategy {
    /// `order mrv, values ascending, infer fc,hs`, then the sequence and what looks back
    /// where they are not the default (`, sequence hashmap, lookback cbj, restart luby:100,
    /// seed 7`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(repair) = self.local() {
            // `min-conflicts, fill boxes, tabu 10, max steps 100000, seed 0`.
            return write!(f, "min-conflicts, {repair}, seed {}", self.local_seed());
        }
        write!(
            f,
            "order {}, values {}, infer {}",
            self.order, self.values, self.inference
        )?;
        if self.sequence != Sequence::Reading {
            write!(f, ", sequence {}", self.sequence)?;
        }
        if self.lookback != LookBack::Chronological {
            write!(f, ", lookback {}", self.lookback)?;
        }
        if self.lookback == LookBack::Nogood {
            write!(f, ", {}", self.learning)?;
        }
        if self.restart != Restart::Never {
            write!(f, ", restart {}", self.restart)?;
        }
        if let Some(seed) = self.seed {
            write!(f, ", seed {seed}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inference_parses_any_subset_and_implies_forward_checking() {
        let inf: Inference = "hs,np".parse().expect("valid");
        assert!(inf.forward_check && inf.hidden_singles && inf.naked_pairs && !inf.hidden_pairs);
        assert_eq!(inf.to_string(), "fc,hs,np");
        assert_eq!("none".parse::<Inference>().expect("valid"), Inference::NONE);
        assert_eq!(Inference::NONE.to_string(), "none");
        let err = "fc,xx".parse::<Inference>().expect_err("invalid");
        assert!(err.to_string().contains("'xx'"), "{err}");
    }

    #[test]
    fn orders_round_trip_through_their_names() {
        for o in CellOrder::ALL {
            assert_eq!(o.name().parse::<CellOrder>(), Ok(o));
        }
        for v in ValueOrder::ALL {
            assert_eq!(v.name().parse::<ValueOrder>(), Ok(v));
        }
        assert!(
            "best"
                .parse::<CellOrder>()
                .expect_err("unknown")
                .to_string()
                .contains("mrv-degree")
        );
    }
}
