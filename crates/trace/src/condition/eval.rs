//! Evaluation: a condition bound to a board, and whether it holds at one step.

use super::lex::error;
use super::{Cmp, Condition, ConditionError, Kind, Measure};
use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::{Event, WipeoutSite};
use dokuscope_engine::geometry::{Cell, Geometry};
use dokuscope_engine::stats::Stats;

/// What a condition sees of one step: the event, its step (from 1), the decisions in
/// effect after it, the decisions a backtrack jumped over, and the counters with the event
/// counted.
#[derive(Clone, Copy, Debug)]
pub struct Probe<'a> {
    /// The event.
    pub event: &'a Event,
    /// Its step, from 1.
    pub step: u64,
    /// Decisions in effect after it.
    pub depth: usize,
    /// The counters, the event included.
    pub stats: &'a Stats,
    /// For a backtrack: the decisions it jumped over, in order (empty when it undid the
    /// latest decision); read at backtracks only (see [`super::Decisions`]).
    pub jumped: &'a [(Cell, Digit)],
}

/// A condition whose cells and digits exist on the board, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    root: Expr,
    kinds: u16,
    jumps: bool,
    guard: Option<Guard>,
    text: String,
}

/// A necessary condition tested before the tree: one of these measures lies between its
/// floor and its ceiling (a run spends most of its steps outside every such range of a
/// typical breakpoint).
type Guard = Vec<(Measure, u64, u64)>;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Expr {
    Event {
        kind: Kind,
        cell: Option<Cell>,
        digit: Option<Digit>,
    },
    Compare {
        measure: Measure,
        cmp: Cmp,
        value: u64,
    },
    NodeNumber(u64),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
}

/// Every event kind.
const ALL: u16 = u16::MAX;

/// How many kinds [`kind_index`] tells apart.
pub const KINDS: usize = 16;

/// The event's bit in a kind mask.
#[inline]
pub fn kind_bit(event: &Event) -> u16 {
    1 << kind_index(event)
}

/// The event's kind as an index below [`KINDS`] (select, assign, prune, wipeout,
/// backtrack, solution, exhausted, limit, culprit, weight, restart, revise, set, swap,
/// learnt, learn).
#[inline]
pub fn kind_index(event: &Event) -> usize {
    match event {
        Event::Select { .. } => 0,
        Event::Assign { .. } => 1,
        Event::Prune { .. } => 2,
        Event::Wipeout { .. } => 3,
        Event::Backtrack { .. } => 4,
        Event::Solution { .. } => 5,
        Event::Exhausted => 6,
        Event::Limit => 7,
        Event::Culprit { .. } => 8,
        Event::Weight { .. } => 9,
        Event::Restart { .. } => 10,
        Event::Revise { .. } => 11,
        Event::Set { .. } => 12,
        Event::Swap { .. } => 13,
        Event::Learnt { .. } => 14,
        Event::Learn { .. } => 15,
    }
}

/// A guard for `node`: alternatives `measure >= floor` of which one holds wherever the
/// node holds; `None` when no such test is known.
fn guard(node: &Expr) -> Option<Guard> {
    match node {
        Expr::Compare {
            measure,
            cmp,
            value,
        } => match cmp {
            Cmp::Gt => Some(vec![(*measure, value.saturating_add(1), u64::MAX)]),
            Cmp::Ge => Some(vec![(*measure, *value, u64::MAX)]),
            Cmp::Eq => Some(vec![(*measure, *value, *value)]),
            Cmp::Lt if *value > 0 => Some(vec![(*measure, 0, value - 1)]),
            Cmp::Le => Some(vec![(*measure, 0, *value)]),
            _ => None,
        },
        Expr::NodeNumber(n) => Some(vec![(Measure::Nodes, *n, *n)]),
        Expr::And(a, b) => match (guard(a), guard(b)) {
            // Either side's guard will do; the step is the surest, then the shorter.
            (Some(x), Some(y)) => Some(if rank(&y) < rank(&x) { y } else { x }),
            (x, y) => x.or(y),
        },
        Expr::Or(a, b) => {
            let mut x = guard(a)?;
            x.extend(guard(b)?);
            Some(x)
        }
        _ => None,
    }
}

fn rank(g: &Guard) -> (bool, usize) {
    (!g.iter().all(|(m, _, _)| *m == Measure::Step), g.len())
}

impl Probe<'_> {
    /// The value of `m` at this step.
    #[inline]
    pub fn measure(&self, m: Measure) -> u64 {
        measure(m, self)
    }
}

#[inline]
fn measure(m: Measure, p: &Probe<'_>) -> u64 {
    match m {
        Measure::Step => p.step,
        Measure::Depth => p.depth as u64,
        Measure::Nodes => p.stats.nodes,
        Measure::Backtracks => p.stats.backtracks,
        Measure::Prunes => p.stats.prunes,
        Measure::Wipeouts => p.stats.wipeouts,
        Measure::Assignments => p.stats.assignments,
        Measure::Backjumps => p.stats.backjumps,
        Measure::Skipped => p.stats.skipped,
        Measure::Restarts => p.stats.restarts,
        Measure::Learned => p.stats.learned,
        Measure::Size => match *p.event {
            Event::Learn { size, .. } => u64::from(size),
            _ => 0,
        },
    }
}

impl Condition {
    /// The condition on a board of `geometry`; a cell or digit off the board is an error at
    /// its column.
    pub fn bind(&self, geometry: &Geometry) -> Result<Bound, ConditionError> {
        let root = bind(self, geometry)?;
        Ok(Bound {
            kinds: kinds(&root),
            jumps: reads_jumps(&root),
            guard: guard(&root),
            root,
            text: self.to_string(),
        })
    }
}

fn bind(c: &Condition, g: &Geometry) -> Result<Expr, ConditionError> {
    let side = g.side() as u64;
    Ok(match c {
        Condition::Event { kind, cell, digit } => {
            let cell = match cell {
                Some(r) if r.row > side || r.col > side => {
                    return Err(error(
                        r.at,
                        &format!("r{}c{} is off the {side}×{side} board", r.row, r.col),
                    ));
                }
                Some(r) => Some(g.cell_at(r.row as usize - 1, r.col as usize - 1)),
                None => None,
            };
            let digit = match digit {
                Some(d) => Some(
                    u8::try_from(d.value)
                        .ok()
                        .filter(|&v| u64::from(v) <= side)
                        .and_then(Digit::new)
                        .ok_or_else(|| {
                            error(
                                d.at,
                                &format!("{} is not a digit of a {side}×{side} board", d.value),
                            )
                        })?,
                ),
                None => None,
            };
            Expr::Event {
                kind: *kind,
                cell,
                digit,
            }
        }
        Condition::Compare {
            measure,
            cmp,
            value,
        } => Expr::Compare {
            measure: *measure,
            cmp: *cmp,
            value: *value,
        },
        Condition::Node(n) => Expr::NodeNumber(*n),
        Condition::And(a, b) => Expr::And(Box::new(bind(a, g)?), Box::new(bind(b, g)?)),
        Condition::Or(a, b) => Expr::Or(Box::new(bind(a, g)?), Box::new(bind(b, g)?)),
        Condition::Not(a) => Expr::Not(Box::new(bind(a, g)?)),
    })
}

/// Whether `node` reads the decisions a backtrack jumps over.
fn reads_jumps(node: &Expr) -> bool {
    match node {
        Expr::Event { kind, .. } => matches!(kind, Kind::Backjump | Kind::Skip),
        Expr::And(a, b) | Expr::Or(a, b) => reads_jumps(a) || reads_jumps(b),
        Expr::Not(a) => reads_jumps(a),
        Expr::Compare { .. } | Expr::NodeNumber(_) => false,
    }
}

/// The event kinds at which `node` can hold.
fn kinds(node: &Expr) -> u16 {
    let assign = 1 << 1;
    match node {
        Expr::Event { kind, .. } => match kind {
            Kind::Assign | Kind::Decision => assign,
            Kind::Select => 1,
            Kind::Prune => 1 << 2,
            Kind::Wipeout => 1 << 3,
            Kind::Backtrack | Kind::Backjump | Kind::Skip => 1 << 4,
            Kind::Solution => 1 << 5,
            Kind::Culprit => 1 << 8,
            Kind::Restart => 1 << 10,
            Kind::Revise => 1 << 11,
            Kind::Learn => 1 << 15,
        },
        Expr::NodeNumber(_) => assign,
        Expr::Compare { .. } | Expr::Not(_) => ALL,
        Expr::And(a, b) => kinds(a) & kinds(b),
        Expr::Or(a, b) => kinds(a) | kinds(b),
    }
}

impl Bound {
    /// The kinds of event at which the condition can hold, as a mask of [`kind_bit`]s: a
    /// set of breakpoints skips every other event with one test.
    pub fn kinds(&self) -> u16 {
        self.kinds
    }

    /// Whether the condition reads [`Probe::jumped`] (`backjump`, `skip`): a run that
    /// does not keep the decisions in effect anyway must keep them ([`super::Decisions`]).
    pub fn reads_jumps(&self) -> bool {
        self.jumps
    }

    /// The condition as written back (normalised spacing).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the condition holds at this step.
    #[inline]
    pub fn holds(&self, probe: &Probe<'_>) -> bool {
        self.kinds & kind_bit(probe.event) != 0 && self.holds_of_kind(probe)
    }

    /// A necessary condition to test first: alternatives `floor <= measure <= ceiling`,
    /// one of which holds wherever the condition does (`None`: none known).
    pub fn guard(&self) -> Option<&[(Measure, u64, u64)]> {
        self.guard.as_deref()
    }

    /// Whether the condition holds, for an event whose kind is in [`Bound::kinds`] at a
    /// step where the guard passed.
    #[inline]
    pub fn holds_guarded(&self, probe: &Probe<'_>) -> bool {
        holds(&self.root, probe)
    }

    /// [`Bound::holds`] for an event whose kind is known to be in [`Bound::kinds`].
    #[inline]
    pub fn holds_of_kind(&self, probe: &Probe<'_>) -> bool {
        self.guard.as_ref().is_none_or(|g| {
            g.iter()
                .any(|&(m, lo, hi)| (lo..=hi).contains(&measure(m, probe)))
        }) && holds(&self.root, probe)
    }
}

fn holds(node: &Expr, p: &Probe<'_>) -> bool {
    match node {
        Expr::Event { kind, cell, digit } => event_matches(*kind, *cell, *digit, p),
        Expr::Compare {
            measure,
            cmp,
            value,
        } => cmp.test(self::measure(*measure, p), *value),
        Expr::NodeNumber(n) => p.event.is_decision() && p.stats.nodes == *n,
        Expr::And(a, b) => holds(a, p) && holds(b, p),
        Expr::Or(a, b) => holds(a, p) || holds(b, p),
        Expr::Not(a) => !holds(a, p),
    }
}

fn event_matches(kind: Kind, cell: Option<Cell>, digit: Option<Digit>, p: &Probe<'_>) -> bool {
    let on = |c: Cell| cell.is_none_or(|want| want == c);
    let with = |d: Digit| digit.is_none_or(|want| want == d);
    match (kind, *p.event) {
        (
            Kind::Backjump,
            Event::Backtrack {
                cell: c, digit: d, ..
            },
        ) => !p.jumped.is_empty() && on(c) && with(d),
        (Kind::Skip, Event::Backtrack { .. }) => p.jumped.iter().any(|&(c, d)| on(c) && with(d)),
        (
            Kind::Assign,
            Event::Assign {
                cell: c, digit: d, ..
            },
        )
        | (
            Kind::Prune,
            Event::Prune {
                cell: c, digit: d, ..
            },
        )
        | (
            Kind::Backtrack,
            Event::Backtrack {
                cell: c, digit: d, ..
            },
        )
        | (
            Kind::Culprit,
            Event::Culprit {
                cell: c, digit: d, ..
            },
        ) => on(c) && with(d),
        (
            Kind::Decision,
            Event::Assign {
                cell: c,
                digit: d,
                cause,
                ..
            },
        ) => cause.is_decision() && on(c) && with(d),
        (Kind::Select, Event::Select { cell: c, .. }) => on(c),
        (Kind::Wipeout, Event::Wipeout { site, .. }) => match site {
            WipeoutSite::Cell(c) => on(c),
            WipeoutSite::Unit { .. }
            | WipeoutSite::Nogood { .. }
            | WipeoutSite::Constraint { .. } => cell.is_none(),
        },
        (
            Kind::Revise,
            Event::Revise {
                cell: c, removed, ..
            },
        ) => on(c) && digit.is_none_or(|want| removed == Some(want)),
        (Kind::Solution, Event::Solution { .. })
        | (Kind::Restart, Event::Restart { .. })
        | (Kind::Learn, Event::Learn { .. }) => true,
        _ => false,
    }
}
