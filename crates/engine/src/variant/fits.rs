//! Whether a constraint can hold: a search of its cells' digits, written from the rules and
//! not from the propagators, for the checks of a stream (`check`) and of a solution.

use super::{Constraint, Dot};
use crate::domain::{Digit, Domain};
use crate::geometry::{Cell, Geometry};

/// Whether some digits of `scope`'s cells, each from `domain`, satisfy `constraint` as far
/// as those cells decide it (a board rule such as non-consecutive is checked between the
/// cells of `scope` alone). `rules` is every constraint of the board, which the negative
/// constraints read (a pair with a dot is exempt).
pub fn satisfiable(
    geometry: &Geometry,
    rules: &[Constraint],
    constraint: &Constraint,
    scope: &[Cell],
    domain: &dyn Fn(Cell) -> Domain,
) -> bool {
    let mut values: Vec<Option<Digit>> = vec![None; geometry.cell_count()];
    let order = order(constraint, scope);
    search(geometry, rules, constraint, &order, 0, domain, &mut values)
}

/// Whether `constraint` holds on `value` (every cell it reads holding a digit), as far as
/// the cells it reads decide it.
pub fn holds(
    geometry: &Geometry,
    rules: &[Constraint],
    constraint: &Constraint,
    value: &dyn Fn(Cell) -> Option<Digit>,
) -> bool {
    let digit = |c: Cell| value(c).map_or(0, |d| u32::from(d.get()));
    let distinct = |cells: &[Cell]| {
        let mut seen = 0u64;
        cells.iter().all(|&c| {
            let bit = 1u64 << digit(c);
            let fresh = digit(c) == 0 || seen & bit == 0;
            seen |= bit;
            fresh
        })
    };
    let known = |cells: &[Cell]| cells.iter().all(|&c| value(c).is_some());
    let sum = |cells: &[Cell]| cells.iter().map(|&c| digit(c)).sum::<u32>();
    let adjacent = orthogonal_pairs(geometry);
    match constraint {
        Constraint::Cage { cells, sum: total } => {
            distinct(cells) && (!known(cells) || total.is_none_or(|s| sum(cells) == s))
        }
        Constraint::LittleKiller { cells, sum: total } => !known(cells) || sum(cells) == *total,
        Constraint::Distinct { cells, .. } => distinct(cells),
        Constraint::AntiKnight | Constraint::AntiKing => true,
        Constraint::Thermo { cells } => cells
            .windows(2)
            .all(|w| !known(w) || digit(w[0]) < digit(w[1])),
        Constraint::Arrow { circle, line } => {
            if !known(circle) || !known(line) {
                return true;
            }
            let number = circle
                .iter()
                .fold(0u64, |v, &c| v * 10 + u64::from(digit(c)));
            number == u64::from(sum(line))
        }
        Constraint::Kropki { cells, dot } => {
            !known(cells) || pair(value, *cells, |a, b| dot.holds(a, b))
        }
        Constraint::Xv { cells, sum: s } => {
            !known(cells) || pair(value, *cells, |a, b| u32::from(a.get() + b.get()) == *s)
        }
        Constraint::NonConsecutive => adjacent
            .iter()
            .all(|&p| !known(&p) || pair(value, p, |a, b| !Dot::White.holds(a, b))),
        Constraint::KropkiNegative { white, black } => adjacent.iter().all(|&p| {
            !known(&p)
                || has_mark(rules, p, true)
                || pair(value, p, |a, b| {
                    !(*white && Dot::White.holds(a, b) || *black && Dot::Black.holds(a, b))
                })
        }),
        Constraint::XvNegative { x, v } => adjacent.iter().all(|&p| {
            !known(&p)
                || has_mark(rules, p, false)
                || pair(value, p, |a, b| {
                    let s = a.get() + b.get();
                    !(*x && s == 10 || *v && s == 5)
                })
        }),
        Constraint::Parity { cell, even } => {
            value(*cell).is_none_or(|d| (d.get() % 2 == 0) == *even)
        }
        Constraint::Candidates { cell, digits } => value(*cell).is_none_or(|d| digits.contains(d)),
    }
}

/// Whether the two cells' digits are in `relation`.
fn pair(
    value: &dyn Fn(Cell) -> Option<Digit>,
    cells: [Cell; 2],
    relation: impl Fn(Digit, Digit) -> bool,
) -> bool {
    match (value(cells[0]), value(cells[1])) {
        (Some(a), Some(b)) => relation(a, b),
        _ => true,
    }
}

/// Whether the pair carries a dot (`dots`) or an XV sign (else), of any kind.
pub(crate) fn has_mark(rules: &[Constraint], p: [Cell; 2], dots: bool) -> bool {
    let same = |c: &[Cell; 2]| *c == p || *c == [p[1], p[0]];
    rules.iter().any(|r| match r {
        Constraint::Kropki { cells, .. } => dots && same(cells),
        Constraint::Xv { cells, .. } => !dots && same(cells),
        _ => false,
    })
}

/// Every pair of orthogonally adjacent cells, the upper or left one first.
pub(crate) fn orthogonal_pairs(geometry: &Geometry) -> Vec<[Cell; 2]> {
    let n = geometry.side();
    let mut pairs = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let here = geometry.cell_at(r, c);
            if c + 1 < n {
                pairs.push([here, geometry.cell_at(r, c + 1)]);
            }
            if r + 1 < n {
                pairs.push([here, geometry.cell_at(r + 1, c)]);
            }
        }
    }
    pairs
}

/// The order the search assigns `scope` in: an arrow's circle first, else as given.
fn order(constraint: &Constraint, scope: &[Cell]) -> Vec<Cell> {
    let mut order = scope.to_vec();
    if let Constraint::Arrow { circle, .. } = constraint {
        order.sort_by_key(|c| !circle.contains(c));
    }
    order
}

/// The depth-first search of [`satisfiable`]: cells `order[at..]` still to assign.
fn search(
    geometry: &Geometry,
    rules: &[Constraint],
    constraint: &Constraint,
    order: &[Cell],
    at: usize,
    domain: &dyn Fn(Cell) -> Domain,
    values: &mut Vec<Option<Digit>>,
) -> bool {
    let Some(&cell) = order.get(at) else {
        return true;
    };
    for digit in domain(cell) {
        values[cell.index()] = Some(digit);
        let ok = {
            let value = |c: Cell| values[c.index()];
            holds(geometry, rules, constraint, &value)
                && within_bounds(constraint, &order[at + 1..], domain, &value)
        };
        if ok && search(geometry, rules, constraint, order, at + 1, domain, values) {
            values[cell.index()] = None;
            return true;
        }
    }
    values[cell.index()] = None;
    false
}

/// Whether a sum can still be reached with the cells `rest` left to assign, each between
/// its domain's least and greatest digit (a cut of the search, not a rule).
fn within_bounds(
    constraint: &Constraint,
    rest: &[Cell],
    domain: &dyn Fn(Cell) -> Domain,
    value: &dyn Fn(Cell) -> Option<Digit>,
) -> bool {
    let digit = |c: &Cell| value(*c).map_or(0, |d| u32::from(d.get()));
    let (low, high) = rest.iter().fold((0, 0), |(l, h), &c| {
        let d = domain(c);
        let min = d.iter().next().map_or(0, |x| u32::from(x.get()));
        let max = d.iter().last().map_or(0, |x| u32::from(x.get()));
        (l + min, h + max)
    });
    let reach = |cells: &[Cell], target: u32| {
        let partial: u32 = cells.iter().map(digit).sum();
        partial + low <= target && target <= partial + high
    };
    match constraint {
        Constraint::Cage {
            cells,
            sum: Some(s),
        }
        | Constraint::LittleKiller { cells, sum: s } => reach(cells, *s),
        Constraint::Arrow { circle, line } if circle.iter().all(|c| value(*c).is_some()) => {
            let number = circle.iter().fold(0u32, |v, c| v * 10 + digit(c));
            reach(line, number)
        }
        _ => true,
    }
}
