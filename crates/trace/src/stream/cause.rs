//! Whether a stated cause holds on the board: the rule named for a prune or an
//! inferred assignment must be true of the domains at that moment.

use dokuscope_engine::domain::{Digit, Domain};
use dokuscope_engine::event::{AssignCause, PruneCause};
use dokuscope_engine::geometry::{Cell, Unit};
use dokuscope_engine::grid::Grid;
use dokuscope_engine::variant::{Label, reason_cells, satisfiable};

/// `[1,2,5]`, as the trace writes domains.
pub fn list(domain: Domain) -> String {
    let digits: Vec<String> = domain.iter().map(|d| d.to_string()).collect();
    format!("[{}]", digits.join(","))
}

/// Open cells of `unit` with `digit` as a candidate.
fn places(grid: &Grid, unit: Unit, digit: Digit) -> usize {
    let g = grid.geometry();
    g.unit_cells(unit)
        .iter()
        .filter(|&&c| grid.open_domain(c).contains(digit))
        .count()
}

fn in_unit(grid: &Grid, cell: Cell, unit: Unit) -> bool {
    grid.geometry().units_of(cell).contains(&unit)
}

/// Why `cause` does not explain removing `digit` from `cell`, if it does not.
pub fn prune(grid: &Grid, cell: Cell, digit: Digit, cause: PruneCause) -> Option<String> {
    let g = grid.geometry();
    let name = |c| g.cell_name(c);
    let unit_name = |u| g.unit_name(u);
    let holds = |c: Cell| grid.value(c) == Some(digit);
    if let PruneCause::Variant { constraint, with } = cause {
        return variant(grid, cell, digit, constraint, with);
    }
    match cause {
        // A nogood's prunes are judged by the board, which keeps the nogoods learned
        // (`check/nogood.rs`); one that reaches here was never learned.
        PruneCause::Nogood { id } => Some(format!("by nogood #{id}, which no learn line gave")),
        PruneCause::ForwardCheck { from: peer } | PruneCause::Conflict { with: peer } => {
            let how = if cause.rule() == "conflict" {
                "a conflict with"
            } else {
                "forward checking from"
            };
            if !g.are_peers(cell, peer) {
                Some(format!(
                    "by {how} {}, which is not a peer of it",
                    name(peer)
                ))
            } else if !holds(peer) {
                Some(format!(
                    "by {how} {}, which does not hold {digit}",
                    name(peer)
                ))
            } else {
                None
            }
        }
        PruneCause::Revise { against } => {
            let single = grid.domain(against) == Domain::single(digit);
            if !g.are_peers(cell, against) {
                Some(format!(
                    "by revising against {}, which is not a peer of it",
                    name(against)
                ))
            } else if !(holds(against) || grid.is_open(against) && single) {
                Some(format!(
                    "by revising against {}, whose candidates are {}",
                    name(against),
                    list(grid.domain(against))
                ))
            } else {
                None
            }
        }
        PruneCause::HiddenSingle { unit, digit: only } => {
            let n = places(grid, unit, only);
            if !in_unit(grid, cell, unit) {
                Some(format!(
                    "by a hidden single in {}, which does not hold the cell",
                    unit_name(unit)
                ))
            } else if only == digit || !grid.domain(cell).contains(only) || n != 1 {
                Some(format!(
                    "as {only} is a hidden single of {}, but {only} has {n} places there",
                    unit_name(unit)
                ))
            } else {
                None
            }
        }
        PruneCause::NakedPair { .. }
        | PruneCause::HiddenPair { .. }
        | PruneCause::LockedCandidates { .. } => unit_rule(grid, cell, digit, cause),
        // A variant's prune was checked above.
        PruneCause::Refuted | PruneCause::Variant { .. } => None,
    }
}

/// [`prune`] for the rules about a unit's pairs and locked candidates.
fn unit_rule(grid: &Grid, cell: Cell, digit: Digit, cause: PruneCause) -> Option<String> {
    let g = grid.geometry();
    let name = |c| g.cell_name(c);
    let unit_name = |u| g.unit_name(u);
    match cause {
        PruneCause::NakedPair {
            unit,
            cells: [a, b],
        } => {
            let pair = grid.open_domain(a);
            let ok = in_unit(grid, cell, unit)
                && in_unit(grid, a, unit)
                && in_unit(grid, b, unit)
                && a != b
                && cell != a
                && cell != b
                && pair.is_pair()
                && grid.open_domain(b) == pair
                && pair.contains(digit);
            (!ok).then(|| {
                format!(
                    "by the naked pair {} {} in {}, but their candidates are {} and {}",
                    name(a),
                    name(b),
                    unit_name(unit),
                    list(grid.open_domain(a)),
                    list(grid.open_domain(b))
                )
            })
        }
        PruneCause::HiddenPair { unit, digits } => {
            let holds_both = grid.open_domain(cell).and(digits) == digits;
            let counts: Vec<usize> = digits.iter().map(|d| places(grid, unit, d)).collect();
            let ok = in_unit(grid, cell, unit)
                && !digits.contains(digit)
                && holds_both
                && counts.iter().all(|&c| c == 2);
            (!ok).then(|| {
                format!(
                    "by the hidden pair {} in {}, but those digits have {counts:?} places there",
                    list(digits),
                    unit_name(unit)
                )
            })
        }
        PruneCause::LockedCandidates {
            unit,
            crossing,
            digit: locked,
        } => {
            let crossing_cells = g.unit_cells(crossing);
            let outside = g
                .unit_cells(unit)
                .iter()
                .any(|&c| grid.open_domain(c).contains(locked) && !crossing_cells.contains(&c));
            let ok = locked == digit
                && in_unit(grid, cell, crossing)
                && !in_unit(grid, cell, unit)
                && !grid.placed(unit).contains(locked)
                && !outside;
            (!ok).then(|| {
                format!(
                    "by locked candidates of {locked} in {} and {}, but they do not lock {digit} there",
                    unit_name(unit),
                    unit_name(crossing)
                )
            })
        }
        _ => None,
    }
}

/// Why `cause` does not explain assigning `digit` to `cell`, if it does not.
pub fn assign(grid: &Grid, cell: Cell, digit: Digit, cause: AssignCause) -> Option<String> {
    let g = grid.geometry();
    match cause {
        AssignCause::Decision | AssignCause::UserDecision => None,
        AssignCause::Nogood { id } => Some(format!("by nogood #{id}, which no learn line gave")),
        AssignCause::NakedSingle => {
            let domain = grid.domain(cell);
            (domain != Domain::single(digit)).then(|| {
                format!(
                    "as a naked single, but {}'s candidates are {}",
                    g.cell_name(cell),
                    list(domain)
                )
            })
        }
        AssignCause::HiddenSingle { unit } => {
            let n = places(grid, unit, digit);
            if in_unit(grid, cell, unit) {
                (n != 1).then(|| {
                    format!(
                        "as a hidden single in {}, but {digit} has {n} places there",
                        g.unit_name(unit)
                    )
                })
            } else {
                Some(format!(
                    "as a hidden single in {}, which does not hold the cell",
                    g.unit_name(unit)
                ))
            }
        }
    }
}

/// Why constraint number `index` of the board does not explain removing `digit` from
/// `cell`, if it does not: it explains it when no digits of the cells it reads
/// ([`reason_cells`]), from their domains, satisfy it with `cell` holding `digit`.
fn variant(grid: &Grid, cell: Cell, digit: Digit, index: u16, with: Cell) -> Option<String> {
    let g = grid.geometry();
    let rules = g.rules().map_or(&[][..], |r| r.constraints());
    let Some(constraint) = rules.get(usize::from(index)) else {
        return Some(format!(
            "by constraint {index}, which the board does not have"
        ));
    };
    let mut scope = reason_cells(constraint, cell, with);
    scope.push(cell);
    let domain = |c: Cell| {
        if c == cell {
            Domain::single(digit)
        } else {
            grid.value(c).map_or(grid.domain(c), Domain::single)
        }
    };
    satisfiable(g, rules, constraint, &scope, &domain).then(|| {
        format!(
            "by {}, which {} holding {digit} can still satisfy",
            Label::new(constraint, g),
            g.cell_name(cell)
        )
    })
}
