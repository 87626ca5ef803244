//! Question points, and the right answers there, worked out from the search itself: a
//! clone of it is run ahead to see what it does, and its order's own comparison says which
//! other choices it would have accepted (ties). Nobody types a right answer.
//!
//! A board question is asked at a *point*, a step where the board shows what the student
//! needs and nothing that gives the answer away:
//! - cell: the search is about to select (the next event is a select);
//! - digit: the last event is a select (the decision comes next);
//! - prunes: the last event is a decision, with forward checking on (its propagation
//!   comes next);
//! - jump: the next event starts a failure (a first culprit, or a wipeout without culprits
//!   before it), with decisions in effect to go back to.

use std::cmp::Ordering;

use super::Kind;
use crate::solver::heuristic::Ratio;
use crate::solver::{
    Cell, CellOrder, Digit, Event, Score, Search, Sequence, ValueOrder, WipeoutSite,
};

/// The most events a prunes question looks ahead for the end of a propagation.
const PROPAGATION_LIMIT: u64 = 1 << 20;

/// A question the search can be asked at a point, with its right answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    /// What it asks.
    pub kind: Kind,
    /// The step the board shows while asking.
    pub step: u64,
    /// The step that shows the answer (the select, the decision, the end of the
    /// propagation, the backtrack).
    pub reveal: u64,
    /// The right answers.
    pub truth: Truth,
    /// What the verdict explains with.
    pub detail: Detail,
}

/// The right answers to a question.
#[derive(Clone, Debug, PartialEq)]
pub enum Truth {
    /// Any of these cells is right (a cell question's ties; a jump's target).
    Cells(Vec<Cell>),
    /// Any of these digits is right (LCV's ties).
    Digits(Vec<Digit>),
    /// Exactly these candidates are removed: a marking is scored by precision and recall.
    Prunes(Vec<(Cell, Digit)>),
    /// Any of these choices is right (indices from 0).
    Choices(Vec<usize>),
    /// The number, and how far off an answer may be, relative to it (0: exactly).
    Number {
        /// The value.
        value: u64,
        /// The relative tolerance.
        tolerance: f64,
    },
    /// No right answer: the teacher marks it.
    Open,
}

/// How the order broke a tie among cells it values alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// A static order has no ties: its sequence is fixed.
    Static,
    /// The earlier cell in this base sequence.
    Sequence(Sequence),
    /// At random, from this seed.
    Random(u64),
    /// Last-conflict reasoning chose the cell of the last failure, whatever its ratio.
    LastConflict,
}

/// What a verdict explains with, by kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The cell chosen, its score, the cells tied with it (it included) and the tie-break.
    Cell {
        /// The cell the order chose.
        chosen: Cell,
        /// Its score.
        score: Score,
        /// The cells the order values as it (it included).
        tied: usize,
        /// The order.
        order: CellOrder,
        /// How the tie was broken.
        tie_break: TieBreak,
    },
    /// The cell decided, the digit tried first, the value order and LCV's counts.
    Digit {
        /// The decision's cell.
        cell: Cell,
        /// The digit tried first.
        chosen: Digit,
        /// The value order.
        values: ValueOrder,
        /// For LCV: each candidate with the peer candidates it rules out, in trying order.
        lcv: Vec<(Digit, usize)>,
    },
    /// The decision whose propagation it is.
    Prunes {
        /// Its cell.
        cell: Cell,
        /// Its digit.
        digit: Digit,
    },
    /// The failure, its conflict set (under CBJ) and where the search goes back to.
    Jump {
        /// Where the contradiction shows.
        site: WipeoutSite,
        /// The culprit decisions, in decision order (CBJ only).
        culprits: Vec<(Cell, Digit)>,
        /// The decision undone first.
        target: (Cell, Digit),
        /// Decisions jumped over (0: the latest).
        skipped: u32,
        /// Decisions in effect at the failure.
        depth: u16,
    },
    /// A lesson's word question: nothing on the board to explain with.
    Words,
}

/// The question of `kind` at this point of `search` (which has yielded `step` events, the
/// last of them `last`), or `None` when this is not a point of that kind.
pub fn ask(kind: Kind, search: &Search, step: u64, last: Option<&Event>) -> Option<Asked> {
    match kind {
        Kind::Cell => cell(search, step),
        Kind::Digit => digit(search, step, last?),
        Kind::Prunes => prunes(search, step, last?),
        Kind::Jump => jump(search, step, last),
        Kind::Choice | Kind::Number | Kind::Free => None,
    }
}

/// The first point of `kind` at or after `step` (a lesson's question), running `search`
/// on; `None` when the search ends first or `limit` events pass.
pub fn next_point(
    kind: Kind,
    mut search: Search,
    mut step: u64,
    mut last: Option<Event>,
    limit: u64,
) -> Option<Asked> {
    let end = step.saturating_add(limit);
    loop {
        if let Some(asked) = ask(kind, &search, step, last.as_ref()) {
            return Some(asked);
        }
        if step >= end {
            return None;
        }
        last = Some(search.next()?);
        step += 1;
    }
}

/// Whether `event` starts a failure: a culprit when none came just before it (`culprits`
/// counts those of the failure under way, this one included), or a wipeout without
/// culprits; and one with decisions in effect, so that the search goes back somewhere.
pub fn starts_failure(event: &Event, culprits: usize) -> bool {
    match event {
        Event::Culprit { depth, .. } => culprits == 1 && *depth > 0,
        Event::Wipeout { depth, .. } => culprits == 0 && *depth > 0,
        _ => false,
    }
}

fn cell(search: &Search, step: u64) -> Option<Asked> {
    if !search.awaiting_select() || search.state().grid().open_count() == 0 {
        return None;
    }
    let mut ahead = search.clone();
    let Some(Event::Select { cell, score, .. }) = ahead.next() else {
        return None;
    };
    let (right, tie_break) = accepted_cells(search, cell);
    Some(Asked {
        kind: Kind::Cell,
        step,
        reveal: step + 1,
        detail: Detail::Cell {
            chosen: cell,
            score,
            tied: right.len(),
            order: search.strategy().order,
            tie_break,
        },
        truth: Truth::Cells(right),
    })
}

/// The open cells the order values exactly as `chosen` (any of them it could have chosen),
/// and how it broke the tie. Only `chosen` when the order has no ties (a static order) or
/// chose it for another reason (last conflict).
pub fn accepted_cells(search: &Search, chosen: Cell) -> (Vec<Cell>, TieBreak) {
    let strategy = search.strategy();
    let order = strategy.order;
    let grid = search.state().grid();
    if order.is_static() {
        return (vec![chosen], TieBreak::Static);
    }
    let cmp = |a: Cell, b: Cell| -> Ordering {
        if order.learns() {
            let ratio = |c: Cell| Ratio {
                dom: grid.domain(c).len() as u32,
                wdeg: search.wdeg(c).unwrap_or(0),
            };
            ratio(a).cmp_ratio(ratio(b))
        } else {
            order.key(grid, a).cmp(&order.key(grid, b))
        }
    };
    let open: Vec<Cell> = grid
        .geometry()
        .cells()
        .filter(|&c| grid.is_open(c))
        .collect();
    if open.iter().any(|&c| cmp(c, chosen).is_lt()) {
        // Chosen ahead of better-valued cells: last-conflict reasoning.
        return (vec![chosen], TieBreak::LastConflict);
    }
    let tied: Vec<Cell> = open
        .into_iter()
        .filter(|&c| cmp(c, chosen).is_eq())
        .collect();
    let tie_break = match strategy.seed {
        Some(seed) => TieBreak::Random(seed),
        None => TieBreak::Sequence(strategy.sequence),
    };
    (tied, tie_break)
}

fn digit(search: &Search, step: u64, last: &Event) -> Option<Asked> {
    let Event::Select { cell, domain, .. } = *last else {
        return None;
    };
    if domain.len() < 2 {
        // One candidate: nothing to choose, so nothing to ask.
        return None;
    }
    let mut ahead = search.clone();
    let Some(Event::Assign {
        cell: decided,
        digit: chosen,
        cause,
        ..
    }) = ahead.next()
    else {
        return None;
    };
    if decided != cell || !cause.is_decision() {
        return None;
    }
    let values = search.strategy().values;
    let grid = search.state().grid();
    let lcv = match values {
        ValueOrder::Lcv => ValueOrder::lcv_scores(grid, cell),
        ValueOrder::Ascending => Vec::new(),
    };
    let mut right: Vec<Digit> = match lcv.first() {
        Some(&(_, fewest)) => lcv
            .iter()
            .filter(|(_, n)| *n == fewest)
            .map(|(d, _)| *d)
            .collect(),
        None => domain.first().into_iter().collect(),
    };
    if !right.contains(&chosen) {
        // A forced decision: the order did not choose.
        right = vec![chosen];
    }
    Some(Asked {
        kind: Kind::Digit,
        step,
        reveal: step + 1,
        truth: Truth::Digits(right),
        detail: Detail::Digit {
            cell,
            chosen,
            values,
            lcv,
        },
    })
}

/// Whether `event` ends a decision's propagation (the prunes and inferred assignments
/// that follow it).
fn ends_propagation(event: &Event) -> bool {
    match event {
        Event::Prune { .. } => false,
        Event::Assign { cause, .. } => cause.is_decision(),
        _ => true,
    }
}

fn prunes(search: &Search, step: u64, last: &Event) -> Option<Asked> {
    let Event::Assign {
        cell, digit, cause, ..
    } = *last
    else {
        return None;
    };
    if !cause.is_decision() || !search.strategy().inference.forward_check {
        return None;
    }
    let mut ahead = search.clone();
    let mut removed = Vec::new();
    let mut reveal = step;
    let mut at = step;
    while at < step + PROPAGATION_LIMIT {
        let Some(event) = ahead.next() else { break };
        at += 1;
        if ends_propagation(&event) {
            break;
        }
        if let Event::Prune {
            cell: c, digit: d, ..
        } = event
        {
            removed.push((c, d));
        }
        reveal = at;
    }
    removed.sort_unstable_by_key(|&(c, d)| (c.index(), d.get()));
    removed.dedup();
    Some(Asked {
        kind: Kind::Prunes,
        step,
        reveal,
        truth: Truth::Prunes(removed),
        detail: Detail::Prunes { cell, digit },
    })
}

fn jump(search: &Search, step: u64, last: Option<&Event>) -> Option<Asked> {
    if matches!(last, Some(Event::Culprit { .. })) {
        return None;
    }
    let mut ahead = search.clone();
    let first = ahead.next()?;
    if !starts_failure(&first, usize::from(matches!(first, Event::Culprit { .. }))) {
        return None;
    }
    let mut culprits = Vec::new();
    let mut failure = None;
    let mut at = step + 1;
    let mut event = first;
    loop {
        match event {
            Event::Culprit { cell, digit, .. } => culprits.push((cell, digit)),
            Event::Wipeout { site, depth } => failure = Some((site, depth)),
            Event::Backtrack {
                cell,
                digit,
                depth: after,
            } => {
                let (site, depth) = failure?;
                let skipped = u32::from(depth.saturating_sub(after + 1));
                return Some(Asked {
                    kind: Kind::Jump,
                    step,
                    reveal: at,
                    truth: Truth::Cells(vec![cell]),
                    detail: Detail::Jump {
                        site,
                        culprits,
                        target: (cell, digit),
                        skipped,
                        depth,
                    },
                });
            }
            Event::Weight { .. } => {}
            // The search ended, or restarted, without going back to a decision.
            _ => return None,
        }
        event = ahead.next()?;
        at += 1;
    }
}

#[cfg(test)]
mod tests {
    #![expect(clippy::expect_used, reason = "tests fail by panicking")]

    use super::*;
    use crate::solver::{Limits, Puzzle, preset};

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn search(name: &str) -> Search {
        let puzzle: Puzzle = HARD.parse().expect("a puzzle");
        let strategy = preset::find(name).expect("a preset").strategy;
        Search::with_limits(
            &puzzle,
            strategy,
            Limits {
                solutions: 1,
                nodes: None,
                deadline: None,
            },
        )
        .expect("no clash")
    }

    /// Every select of the first decisions is asked before it, answered by the cell it chose.
    #[test]
    fn a_cell_question_comes_before_every_select_and_the_chosen_cell_is_right() {
        let mut s = search("mcv");
        let mut step = 0;
        let mut asked = 0;
        while asked < 20 {
            if let Some(a) = ask(Kind::Cell, &s, step, None) {
                let Some(Event::Select { cell, .. }) = s.clone().next() else {
                    unreachable!("a cell question comes before a select");
                };
                let Truth::Cells(right) = &a.truth else {
                    unreachable!()
                };
                assert!(right.contains(&cell));
                asked += 1;
            }
            s.next().expect("the search goes on");
            step += 1;
        }
    }

    /// A jump under conflict-directed backjumping is answered by the backtrack's decision.
    #[test]
    fn a_jump_question_under_cbj_names_the_latest_culprit() {
        let mut s = search("fc-cbj");
        let mut step = 0;
        let mut last = None;
        loop {
            if let Some(a) = ask(Kind::Jump, &s, step, last.as_ref()) {
                let Detail::Jump {
                    culprits, target, ..
                } = &a.detail
                else {
                    unreachable!()
                };
                assert_eq!(culprits.last(), Some(target), "{a:?}");
                assert_eq!(a.truth, Truth::Cells(vec![target.0]));
                break;
            }
            last = Some(s.next().expect("a failure comes"));
            step += 1;
        }
    }
}
