//! An independent checker of every constraint of a [`Variant`], written from the rules of
//! each variant (not from the engine or the readers): given a filled grid, the list of
//! broken rules, each named.

use dokuscope_engine::variant::{Constraint, Dot, Regions, Variant};

/// The board's side.
pub fn side(v: &Variant) -> usize {
    v.givens.givens().len().isqrt()
}

/// The cells of every row, column and region (boxes, jigsaw pieces, or none), each holding
/// every digit once.
pub fn houses(v: &Variant) -> Vec<Vec<usize>> {
    let n = side(v);
    let b = n.isqrt();
    let mut out = Vec::new();
    for i in 0..n {
        out.push((0..n).map(|c| i * n + c).collect());
        out.push((0..n).map(|r| r * n + i).collect());
    }
    match &v.regions {
        Regions::Boxes => {
            for bx in 0..n {
                let (r0, c0) = ((bx / b) * b, (bx % b) * b);
                out.push((0..n).map(|k| (r0 + k / b) * n + c0 + k % b).collect());
            }
        }
        Regions::Jigsaw(layout) => {
            for id in 0..n {
                out.push(
                    (0..n * n)
                        .filter(|&i| usize::from(layout[i]) == id)
                        .collect(),
                );
            }
        }
        Regions::None => {}
    }
    out
}

/// Pairs of side-by-side cells, each once.
pub fn orthogonal_pairs(n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                out.push((r * n + c, r * n + c + 1));
            }
            if r + 1 < n {
                out.push((r * n + c, (r + 1) * n + c));
            }
        }
    }
    out
}

/// Pairs of cells a given set of (row, column) steps apart, each once.
pub fn stepped_pairs(n: usize, steps: &[(isize, isize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for &(dr, dc) in steps {
                let (Some(r2), Some(c2)) = (r.checked_add_signed(dr), c.checked_add_signed(dc))
                else {
                    continue;
                };
                if r2 < n && c2 < n && (r2, c2) > (r, c) {
                    out.push((r * n + c, r2 * n + c2));
                }
            }
        }
    }
    out
}

/// The knight's moves.
pub const KNIGHT: [(isize, isize); 8] = [
    (1, 2),
    (2, 1),
    (1, -2),
    (2, -1),
    (-1, 2),
    (-2, 1),
    (-1, -2),
    (-2, -1),
];
/// The king's diagonal moves (the orthogonal ones share a row or column anyway).
pub const KING: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn all_differ(grid: &[u8], cells: &[usize]) -> bool {
    let mut seen = 0u64;
    cells.iter().all(|&c| {
        let bit = 1u64 << grid[c];
        let fresh = seen & bit == 0;
        seen |= bit;
        fresh
    })
}

fn total(grid: &[u8], cells: &[usize]) -> u32 {
    cells.iter().map(|&c| u32::from(grid[c])).sum()
}

/// The number a circle (or pill) reads: its first cell the most significant digit.
pub fn circle_value(grid: &[u8], circle: &[usize]) -> u64 {
    circle
        .iter()
        .fold(0, |acc, &c| acc * 10 + u64::from(grid[c]))
}

/// Whether the pair `(a, b)` carries any dot.
fn dotted(v: &Variant, a: usize, b: usize) -> bool {
    v.constraints.iter().any(|c| match c {
        Constraint::Kropki { cells, .. } => {
            let (x, y) = (cells[0].index(), cells[1].index());
            (x, y) == (a, b) || (y, x) == (a, b)
        }
        _ => false,
    })
}

fn signed(v: &Variant, a: usize, b: usize) -> bool {
    v.constraints.iter().any(|c| match c {
        Constraint::Xv { cells, .. } => {
            let (x, y) = (cells[0].index(), cells[1].index());
            (x, y) == (a, b) || (y, x) == (a, b)
        }
        _ => false,
    })
}

/// Every rule `grid` (one digit a cell, row-major) breaks, named; empty when it solves `v`.
pub fn violations(v: &Variant, grid: &[u8]) -> Vec<String> {
    let n = side(v);
    let mut out = Vec::new();
    if grid.len() != n * n || grid.iter().any(|&d| d == 0 || usize::from(d) > n) {
        out.push("the grid is not full of digits 1..n".to_string());
        return out;
    }
    for (i, given) in v.givens.givens().iter().enumerate() {
        if let Some(d) = given {
            if d.get() != grid[i] {
                out.push(format!("cell {i} is given {d}"));
            }
        }
    }
    for house in houses(v) {
        if !all_differ(grid, &house) {
            out.push(format!(
                "a row, column or region repeats a digit: {house:?}"
            ));
        }
    }
    for c in &v.constraints {
        if let Some(broken) = check(v, c, grid, n) {
            out.push(broken);
        }
    }
    out
}

fn idx(cells: &[dokuscope_engine::geometry::Cell]) -> Vec<usize> {
    cells.iter().map(|c| c.index()).collect()
}

fn check(v: &Variant, c: &Constraint, grid: &[u8], n: usize) -> Option<String> {
    let fail = |ok: bool, what: String| (!ok).then_some(what);
    match c {
        Constraint::Cage { cells, sum } => {
            let cells = idx(cells);
            fail(
                all_differ(grid, &cells) && sum.is_none_or(|s| total(grid, &cells) == s),
                format!("cage {cells:?} ({sum:?})"),
            )
        }
        Constraint::LittleKiller { cells, sum } => {
            let cells = idx(cells);
            fail(
                total(grid, &cells) == *sum,
                format!("little killer {cells:?} ({sum})"),
            )
        }
        Constraint::Distinct { kind, cells } => {
            let cells = idx(cells);
            fail(
                all_differ(grid, &cells),
                format!("{kind:?} {cells:?} repeats a digit"),
            )
        }
        Constraint::AntiKnight => {
            let bad = stepped_pairs(n, &KNIGHT)
                .into_iter()
                .find(|&(a, b)| grid[a] == grid[b]);
            fail(bad.is_none(), format!("anti-knight: {bad:?}"))
        }
        Constraint::AntiKing => {
            let bad = stepped_pairs(n, &KING)
                .into_iter()
                .find(|&(a, b)| grid[a] == grid[b]);
            fail(bad.is_none(), format!("anti-king: {bad:?}"))
        }
        Constraint::NonConsecutive => {
            let bad = orthogonal_pairs(n)
                .into_iter()
                .find(|&(a, b)| grid[a].abs_diff(grid[b]) == 1);
            fail(bad.is_none(), format!("non-consecutive: {bad:?}"))
        }
        Constraint::Thermo { cells } => {
            let cells = idx(cells);
            fail(
                cells.windows(2).all(|w| grid[w[0]] < grid[w[1]]),
                format!("thermo {cells:?}"),
            )
        }
        Constraint::Arrow { circle, line } => {
            let (circle, line) = (idx(circle), idx(line));
            fail(
                circle_value(grid, &circle) == u64::from(total(grid, &line)),
                format!("arrow {circle:?} {line:?}"),
            )
        }
        Constraint::Kropki { cells, dot } => {
            let (a, b) = (grid[cells[0].index()], grid[cells[1].index()]);
            let ok = match dot {
                Dot::White => a.abs_diff(b) == 1,
                Dot::Black => a == 2 * b || b == 2 * a,
            };
            fail(ok, format!("{dot:?} dot {cells:?}"))
        }
        Constraint::Xv { cells, sum } => {
            let (a, b) = (grid[cells[0].index()], grid[cells[1].index()]);
            fail(
                u32::from(a) + u32::from(b) == *sum,
                format!("XV {cells:?} ({sum})"),
            )
        }
        Constraint::KropkiNegative { white, black } => {
            let bad = orthogonal_pairs(n).into_iter().find(|&(a, b)| {
                let (x, y) = (grid[a], grid[b]);
                !dotted(v, a, b)
                    && ((*white && x.abs_diff(y) == 1) || (*black && (x == 2 * y || y == 2 * x)))
            });
            fail(bad.is_none(), format!("kropki negative: {bad:?}"))
        }
        Constraint::XvNegative { x, v: vee } => {
            let bad = orthogonal_pairs(n).into_iter().find(|&(a, b)| {
                let s = grid[a] + grid[b];
                !signed(v, a, b) && ((*x && s == 10) || (*vee && s == 5))
            });
            fail(bad.is_none(), format!("XV negative: {bad:?}"))
        }
        Constraint::Parity { cell, even } => {
            let d = grid[cell.index()];
            fail(
                (d % 2 == 0) == *even,
                format!("parity of cell {}", cell.index()),
            )
        }
        Constraint::Candidates { cell, digits } => {
            let d = grid[cell.index()];
            fail(
                digits.bits() & (1 << (d - 1)) != 0,
                format!("candidates of cell {}", cell.index()),
            )
        }
    }
}
