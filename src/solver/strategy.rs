//! The parts a search is made of: a cell order, a value order and a set of inference rules,
//! and how it looks back at failures (see [`lookback`]).

use std::fmt;
use std::str::FromStr;

pub mod local;
pub mod lookback;

pub use super::heuristic::Sequence;
pub use local::{BadOption, Family, Fill, Probability, Repair};
pub use lookback::{BadRestart, LookBack, Restart};

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
    /// Arc consistency (seed 003's revise): a cell left with one candidate is assigned and
    /// that digit revised out of its peers, to a fixpoint.
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
    };

    /// Forward checking only.
    pub const FC: Inference = Inference {
        forward_check: true,
        ..Inference::NONE
    };

    /// The rules with their flag names, as `--infer` takes them.
    pub const NAMES: [&'static str; 6] = ["fc", "ac", "hs", "np", "hp", "lc"];

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
    /// `fc,ac,hs`, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

/// An unknown name for a strategy part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{name}'{} (expected one of: {expected})", suggest(.suggestion.as_deref()))]
pub struct UnknownName {
    /// Which part.
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names that exist.
    pub expected: String,
    /// The name meant, when the one given is a typo away from exactly one (`fsat`: `fast`).
    pub suggestion: Option<String>,
}

fn suggest(name: Option<&str>) -> String {
    name.map(|n| format!(": did you mean '{n}'?"))
        .unwrap_or_default()
}

impl UnknownName {
    /// `name`, unknown among `names` (all listed in the message), with the closest of them
    /// when it is a typo away.
    pub fn among(what: &'static str, name: &str, names: &[&str]) -> UnknownName {
        UnknownName {
            what,
            name: name.to_string(),
            expected: names.join(", "),
            suggestion: closest(name, names).map(str::to_string),
        }
    }
}

/// The one name of `names` a typo away from `name`: one letter added, dropped, changed or
/// two swapped (two such edits for names of six letters or more); `None` when none is, or
/// when two are equally close.
pub fn closest<'a>(name: &str, names: &[&'a str]) -> Option<&'a str> {
    let allowed = if name.chars().count() >= 6 { 2 } else { 1 };
    let mut scored: Vec<(usize, &str)> = names
        .iter()
        .map(|&n| (typo_distance(name, n), n))
        .filter(|&(d, _)| d <= allowed)
        .collect();
    scored.sort_by_key(|&(d, _)| d);
    match scored.as_slice() {
        [(d, n), rest @ ..] if rest.first().is_none_or(|(e, _)| e > d) => Some(n),
        _ => None,
    }
}

/// Edits from `a` to `b`: letters inserted, deleted, substituted, or two neighbours
/// swapped (the optimal string alignment distance).
fn typo_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

impl FromStr for Inference {
    type Err = UnknownName;
    /// `fc,ac,hs,np,hp` in any order and subset, or `none`.
    fn from_str(s: &str) -> Result<Inference, UnknownName> {
        let mut inf = Inference::NONE;
        for part in s
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty() && *p != "none")
        {
            let flag = match part {
                "fc" => &mut inf.forward_check,
                "ac" => &mut inf.arc_consistency,
                "hs" => &mut inf.hidden_singles,
                "np" => &mut inf.naked_pairs,
                "hp" => &mut inf.hidden_pairs,
                "lc" => &mut inf.locked_candidates,
                _ => {
                    let names = ["none", "fc", "ac", "hs", "np", "hp", "lc"];
                    return Err(UnknownName::among("inference rule", part, &names));
                }
            };
            *flag = true;
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

pub(crate) fn parse_named<T: Copy>(
    s: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    what: &'static str,
) -> Result<T, UnknownName> {
    all.iter().copied().find(|v| name(*v) == s).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|v| name(*v)).collect();
        UnknownName::among(what, s, &names)
    })
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
        }
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

    #[test]
    fn a_typo_suggests_the_one_name_it_is_close_to() {
        let names = ["fast", "bt", "cbt", "mrv", "mrv-degree", "seed003", "all"];
        assert_eq!(closest("fsat", &names), Some("fast"), "two letters swapped");
        assert_eq!(closest("fas", &names), Some("fast"), "one dropped");
        assert_eq!(closest("mrv-degre", &names), Some("mrv-degree"));
        assert_eq!(closest("seed03", &names), Some("seed003"));
        assert_eq!(closest("quickest", &names), None, "too far from any");
        // `bx` is one letter from `bt` and from nothing else; `ct` from both `bt` and `cbt`.
        assert_eq!(closest("bx", &names), Some("bt"));
        assert_eq!(closest("ct", &names), None, "a tie suggests nothing");
        assert_eq!(typo_distance("fsat", "fast"), 1);
        assert_eq!(typo_distance("", "abc"), 3);
    }
}
