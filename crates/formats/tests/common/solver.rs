//! A small independent solver for the tests: candidate bitmasks, a propagation sweep to a
//! fixpoint (peers, hidden singles, binary relations, cage combinations, sum bounds) and
//! backtracking on the cell with fewest candidates. Written from the rules, like the
//! checker in `rules.rs`, which vets every solution it returns.

use dokuscope_engine::variant::{Constraint, Dot, Variant};

use super::rules::{self, KING, KNIGHT};

#[derive(Clone, Copy)]
enum Rel {
    Less,
    Greater,
    Diff1,
    NotDiff1,
    Double,
    NotDouble,
    NotDiff1NotDouble,
    Sum(u32),
    NotSums(bool, bool),
}

impl Rel {
    fn holds(self, a: u32, b: u32) -> bool {
        match self {
            Rel::Less => a < b,
            Rel::Greater => a > b,
            Rel::Diff1 => a.abs_diff(b) == 1,
            Rel::NotDiff1 => a.abs_diff(b) != 1,
            Rel::Double => a == 2 * b || b == 2 * a,
            Rel::NotDouble => a != 2 * b && b != 2 * a,
            Rel::NotDiff1NotDouble => a.abs_diff(b) != 1 && a != 2 * b && b != 2 * a,
            Rel::Sum(s) => a + b == s,
            Rel::NotSums(ten, five) => !(ten && a + b == 10 || five && a + b == 5),
        }
    }
}

struct SumRule {
    cells: Vec<usize>,
    total: u32,
    /// Digit sets (as masks) of the right size and total, when the cells must differ.
    combos: Option<Vec<u32>>,
}

/// A variant turned into masks and lists.
pub struct Model {
    n: usize,
    init: Vec<u32>,
    peers: Vec<Vec<usize>>,
    houses: Vec<Vec<usize>>,
    binary: Vec<(usize, usize, Rel)>,
    sums: Vec<SumRule>,
    arrows: Vec<(Vec<usize>, Vec<usize>)>,
}

fn bit(d: u32) -> u32 {
    1 << (d - 1)
}

fn digits(mask: u32) -> impl Iterator<Item = u32> {
    (1..=32).filter(move |d| mask & bit(*d) != 0)
}

impl Model {
    pub fn new(v: &Variant) -> Model {
        let n = rules::side(v);
        let full = (1u32 << n) - 1;
        let mut init = vec![full; n * n];
        for (i, g) in v.givens.givens().iter().enumerate() {
            if let Some(d) = g {
                init[i] = bit(u32::from(d.get()));
            }
        }
        let mut groups = rules::houses(v);
        let houses: Vec<Vec<usize>> = Vec::new();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let mut binary = Vec::new();
        let mut sums = Vec::new();
        let mut arrows = Vec::new();
        let dotted: Vec<(usize, usize)> = v
            .constraints
            .iter()
            .filter_map(|c| match c {
                Constraint::Kropki { cells, .. } => Some((cells[0].index(), cells[1].index())),
                _ => None,
            })
            .collect();
        let signed: Vec<(usize, usize)> = v
            .constraints
            .iter()
            .filter_map(|c| match c {
                Constraint::Xv { cells, .. } => Some((cells[0].index(), cells[1].index())),
                _ => None,
            })
            .collect();
        let has = |list: &[(usize, usize)], a: usize, b: usize| {
            list.contains(&(a, b)) || list.contains(&(b, a))
        };
        for c in &v.constraints {
            match c {
                Constraint::Cage { cells, sum } => {
                    let cells: Vec<usize> = cells.iter().map(|c| c.index()).collect();
                    groups.push(cells.clone());
                    if let Some(total) = sum {
                        let k = cells.len() as u32;
                        let combos = (0u32..=full)
                            .filter(|m| m.count_ones() == k && digits(*m).sum::<u32>() == *total)
                            .collect();
                        sums.push(SumRule {
                            cells,
                            total: *total,
                            combos: Some(combos),
                        });
                    }
                }
                Constraint::LittleKiller { cells, sum } => {
                    sums.push(SumRule {
                        cells: cells.iter().map(|c| c.index()).collect(),
                        total: *sum,
                        combos: None,
                    });
                }
                Constraint::Distinct { cells, .. } => {
                    groups.push(cells.iter().map(|c| c.index()).collect());
                }
                Constraint::AntiKnight => pairs.extend(rules::stepped_pairs(n, &KNIGHT)),
                Constraint::AntiKing => pairs.extend(rules::stepped_pairs(n, &KING)),
                Constraint::NonConsecutive => {
                    binary.extend(
                        rules::orthogonal_pairs(n)
                            .into_iter()
                            .map(|(a, b)| (a, b, Rel::NotDiff1)),
                    );
                }
                Constraint::Thermo { cells } => {
                    for w in cells.windows(2) {
                        binary.push((w[0].index(), w[1].index(), Rel::Less));
                    }
                }
                Constraint::Arrow { circle, line } => {
                    arrows.push((
                        circle.iter().map(|c| c.index()).collect(),
                        line.iter().map(|c| c.index()).collect(),
                    ));
                }
                Constraint::Kropki { cells, dot } => {
                    let rel = if *dot == Dot::White {
                        Rel::Diff1
                    } else {
                        Rel::Double
                    };
                    binary.push((cells[0].index(), cells[1].index(), rel));
                }
                Constraint::Xv { cells, sum } => {
                    binary.push((cells[0].index(), cells[1].index(), Rel::Sum(*sum)));
                }
                Constraint::KropkiNegative { white, black } => {
                    let rel = match (white, black) {
                        (true, true) => Rel::NotDiff1NotDouble,
                        (true, false) => Rel::NotDiff1,
                        _ => Rel::NotDouble,
                    };
                    for (a, b) in rules::orthogonal_pairs(n) {
                        if !has(&dotted, a, b) {
                            binary.push((a, b, rel));
                        }
                    }
                }
                Constraint::XvNegative { x, v: five } => {
                    for (a, b) in rules::orthogonal_pairs(n) {
                        if !has(&signed, a, b) {
                            binary.push((a, b, Rel::NotSums(*x, *five)));
                        }
                    }
                }
                Constraint::Parity { cell, even } => {
                    let mask = digits(full)
                        .filter(|d| (d % 2 == 0) == *even)
                        .fold(0, |m, d| m | bit(d));
                    init[cell.index()] &= mask;
                }
                Constraint::Candidates { cell, digits } => init[cell.index()] &= digits.bits(),
            }
        }
        let mut peers = vec![Vec::new(); n * n];
        for g in &groups {
            for &a in g {
                for &b in g {
                    if a != b && !peers[a].contains(&b) {
                        peers[a].push(b);
                    }
                }
            }
        }
        for (a, b) in pairs {
            if !peers[a].contains(&b) {
                peers[a].push(b);
                peers[b].push(a);
            }
        }
        let houses = houses
            .into_iter()
            .chain(groups.iter().filter(|g| g.len() == n).cloned())
            .filter(|h| h.len() == n)
            .collect();
        Model {
            n,
            init,
            peers,
            houses,
            binary,
            sums,
            arrows,
        }
    }

    /// Narrows `d` to a fixpoint; `false` on a wipeout.
    fn propagate(&self, d: &mut [u32]) -> bool {
        loop {
            let before: Vec<u32> = d.to_vec();
            for i in 0..d.len() {
                if d[i] == 0 {
                    return false;
                }
                if d[i].is_power_of_two() {
                    for &p in &self.peers[i] {
                        d[p] &= !d[i];
                        if d[p] == 0 {
                            return false;
                        }
                    }
                }
            }
            for h in &self.houses {
                for dg in 1..=self.n as u32 {
                    let mut at = h.iter().filter(|&&c| d[c] & bit(dg) != 0);
                    match (at.next(), at.next()) {
                        (None, _) => return false,
                        (Some(&c), None) => d[c] &= bit(dg),
                        _ => {}
                    }
                }
            }
            for &(a, b, rel) in &self.binary {
                let keep_a = digits(d[a])
                    .filter(|&x| digits(d[b]).any(|y| rel.holds(x, y)))
                    .fold(0, |m, x| m | bit(x));
                let keep_b = digits(d[b])
                    .filter(|&y| digits(d[a]).any(|x| rel.holds(x, y)))
                    .fold(0, |m, y| m | bit(y));
                d[a] = keep_a;
                d[b] = keep_b;
                if keep_a == 0 || keep_b == 0 {
                    return false;
                }
            }
            for s in &self.sums {
                if !Model::sum(s, d) {
                    return false;
                }
            }
            for (circle, line) in &self.arrows {
                if !arrow(circle, line, d) {
                    return false;
                }
            }
            if before == d {
                return true;
            }
        }
    }

    fn sum(s: &SumRule, d: &mut [u32]) -> bool {
        if let Some(combos) = &s.combos {
            let fixed = s
                .cells
                .iter()
                .filter(|&&c| d[c].is_power_of_two())
                .fold(0, |m, &c| m | d[c]);
            let union = s.cells.iter().fold(0, |m, &c| m | d[c]);
            let feasible: Vec<u32> = combos
                .iter()
                .copied()
                .filter(|&m| {
                    m & fixed == fixed && m & !union == 0 && s.cells.iter().all(|&c| d[c] & m != 0)
                })
                .collect();
            if feasible.is_empty() {
                return false;
            }
            let allowed = feasible.iter().fold(0, |m, &x| m | x);
            let required = feasible.iter().fold(u32::MAX, |m, &x| m & x);
            for &c in &s.cells {
                d[c] &= allowed;
            }
            for dg in digits(required) {
                let mut at = s.cells.iter().filter(|&&c| d[c] & bit(dg) != 0);
                match (at.next(), at.next()) {
                    (None, _) => return false,
                    (Some(&c), None) => d[c] &= bit(dg),
                    _ => {}
                }
            }
            return true;
        }
        bounds(&s.cells, s.total, d)
    }

    /// Up to `limit` solutions, or `None` when `nodes` runs out first.
    pub fn solve(&self, limit: usize, nodes: u64) -> Option<Vec<Vec<u8>>> {
        let mut found = Vec::new();
        let mut budget = nodes;
        let mut root = self.init.clone();
        if self.propagate(&mut root) && !self.search(&root, limit, &mut found, &mut budget) {
            return None;
        }
        Some(found)
    }

    /// `false` when out of budget.
    fn search(&self, d: &[u32], limit: usize, found: &mut Vec<Vec<u8>>, budget: &mut u64) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let pick = (0..d.len())
            .filter(|&i| !d[i].is_power_of_two())
            .min_by_key(|&i| d[i].count_ones());
        let Some(cell) = pick else {
            found.push(d.iter().map(|m| m.trailing_zeros() as u8 + 1).collect());
            return true;
        };
        for dg in digits(d[cell]) {
            let mut next = d.to_vec();
            next[cell] = bit(dg);
            if self.propagate(&mut next) && !self.search(&next, limit, found, budget) {
                return false;
            }
            if found.len() >= limit {
                return true;
            }
        }
        true
    }
}

fn lo(m: u32) -> u32 {
    m.trailing_zeros() + 1
}

fn hi(m: u32) -> u32 {
    32 - m.leading_zeros()
}

/// A sum whose digits may repeat, kept generalised arc consistent: a digit stays if the
/// other cells can make up the rest.
fn bounds(cells: &[usize], total: u32, d: &mut [u32]) -> bool {
    let k = cells.len();
    let mut prefix = vec![1u128; k + 1];
    for i in 0..k {
        prefix[i + 1] = digits(d[cells[i]]).fold(0u128, |next, x| {
            next | prefix[i].checked_shl(x).unwrap_or(0)
        });
    }
    let mut suffix = vec![1u128; k + 1];
    for i in (0..k).rev() {
        suffix[i] = digits(d[cells[i]]).fold(0u128, |next, x| {
            next | suffix[i + 1].checked_shl(x).unwrap_or(0)
        });
    }
    if total >= 128 || prefix[k] >> total & 1 == 0 {
        return false;
    }
    for i in 0..k {
        let keep = digits(d[cells[i]])
            .filter(|&x| {
                let Some(rest) = total.checked_sub(x) else {
                    return false;
                };
                (0..=rest).any(|s| prefix[i] >> s & 1 == 1 && suffix[i + 1] >> (rest - s) & 1 == 1)
            })
            .fold(0, |m, x| m | bit(x));
        d[cells[i]] = keep;
        if keep == 0 {
            return false;
        }
    }
    true
}

/// Totals reachable with one digit from each mask, as a table of booleans.
fn reach(masks: &[u32]) -> Vec<Vec<bool>> {
    let mut out = vec![vec![true]];
    for &m in masks {
        let prev = out.last().map(Vec::as_slice).unwrap_or_default();
        let mut next = vec![false; prev.len() + 32];
        for (s, _) in prev.iter().enumerate().filter(|(_, r)| **r) {
            for x in digits(m) {
                next[s + x as usize] = true;
            }
        }
        out.push(next);
    }
    out
}

/// The circle's number against the line's sum, kept generalised arc consistent.
fn arrow(circle: &[usize], line: &[usize], d: &mut [u32]) -> bool {
    let masks: Vec<u32> = line.iter().map(|&c| d[c]).collect();
    let prefix = reach(&masks);
    let rev: Vec<u32> = masks.iter().rev().copied().collect();
    let suffix_rev = reach(&rev);
    let sums = &prefix[line.len()];
    let reachable = |v: u64| {
        usize::try_from(v)
            .ok()
            .is_some_and(|v| sums.get(v).copied().unwrap_or(false))
    };
    // Every reading of the circle, kept when the line can make it.
    let mut readings: Vec<(Vec<u32>, u64)> = vec![(Vec::new(), 0)];
    for &c in circle {
        readings = readings
            .into_iter()
            .flat_map(|(ds, v)| {
                digits(d[c]).map(move |x| ([ds.clone(), vec![x]].concat(), v * 10 + u64::from(x)))
            })
            .collect();
    }
    readings.retain(|(_, v)| reachable(*v));
    if readings.is_empty() {
        return false;
    }
    for (i, &c) in circle.iter().enumerate() {
        d[c] = readings.iter().fold(0, |m, (ds, _)| m | bit(ds[i]));
    }
    let values: Vec<usize> = readings
        .iter()
        .filter_map(|(_, v)| usize::try_from(*v).ok())
        .collect();
    let k = line.len();
    for (i, &c) in line.iter().enumerate() {
        let (before, after) = (&prefix[i], &suffix_rev[k - 1 - i]);
        let keep = digits(d[c])
            .filter(|&x| {
                values.iter().any(|&v| {
                    v.checked_sub(x as usize).is_some_and(|rest| {
                        (0..=rest).any(|s| {
                            before.get(s).copied().unwrap_or(false)
                                && after.get(rest - s).copied().unwrap_or(false)
                        })
                    })
                })
            })
            .fold(0, |m, x| m | bit(x));
        d[c] = keep;
        if keep == 0 {
            return false;
        }
    }
    true
}
