//! A preset's run-time distribution in nodes over seeded runs (`bench --seeds`): its
//! percentiles and its survival function P(nodes ≥ x), drawn on log-log axes, where a heavy
//! tail shows as a straight line (Gomes, Selman, Crato and Kautz 2000, "Heavy-tailed
//! phenomena in satisfiability and constraint satisfaction problems", J. Automated
//! Reasoning 24) and a restart policy shows as the tail cut short.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::quantile::nearest_rank;

/// At most this many points are kept of a survival function (log-spaced where there are
/// more distinct node counts); the plot reads far fewer.
pub const MAX_POINTS: usize = 200;

/// Nodes per run at the percentiles a run-time distribution is read by (nearest rank).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Percentiles {
    /// 10th percentile.
    pub p10: u64,
    /// 25th percentile.
    pub p25: u64,
    /// Median.
    pub p50: u64,
    /// 75th percentile.
    pub p75: u64,
    /// 90th percentile.
    pub p90: u64,
    /// 99th percentile.
    pub p99: u64,
    /// The longest run.
    pub max: u64,
}

/// The distribution of nodes over a preset's runs on a file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Survival {
    /// Runs measured.
    pub runs: u64,
    /// Nodes per run.
    pub percentiles: Percentiles,
    /// `[nodes, runs]`: the runs that made at least `nodes` nodes, at each distinct node
    /// count (at most [`MAX_POINTS`], log-spaced, the smallest and largest always kept).
    pub points: Vec<(u64, u64)>,
}

impl Survival {
    /// The distribution of `nodes`, one value per run.
    pub fn of(nodes: &[u64]) -> Survival {
        let mut sorted = nodes.to_vec();
        sorted.sort_unstable();
        let at = |permille| nearest_rank(&sorted, permille).unwrap_or(0);
        let percentiles = Percentiles {
            p10: at(100),
            p25: at(250),
            p50: at(500),
            p75: at(750),
            p90: at(900),
            p99: at(990),
            max: sorted.last().copied().unwrap_or(0),
        };
        let n = sorted.len() as u64;
        let mut points: Vec<(u64, u64)> = Vec::new();
        for (i, &v) in sorted.iter().enumerate() {
            if points.last().is_none_or(|&(last, _)| last != v) {
                points.push((v, n - i as u64));
            }
        }
        Survival {
            runs: n,
            percentiles,
            points: thin(points),
        }
    }

    /// P(nodes ≥ x) × runs: the runs that made at least `x` nodes.
    pub fn at_least(&self, x: u64) -> u64 {
        let i = self.points.partition_point(|&(v, _)| v < x);
        self.points.get(i).map_or(0, |&(_, runs)| runs)
    }
}

/// At most [`MAX_POINTS`] of `points`: the first at or past each of evenly spaced marks on
/// the log scale of node counts, the first and last always kept.
#[expect(
    clippy::cast_precision_loss,
    reason = "positions on a log scale, for spacing only"
)]
fn thin(points: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    if points.len() <= MAX_POINTS {
        return points;
    }
    let log = |v: u64| (v.max(1) as f64).log10();
    let (lo, hi) = (log(points[0].0), log(points[points.len() - 1].0));
    let step = (hi - lo) / (MAX_POINTS - 2) as f64;
    let mut kept = vec![points[0]];
    let mut mark = lo + step;
    for &p in &points[1..points.len() - 1] {
        if log(p.0) >= mark {
            kept.push(p);
            while mark <= log(p.0) {
                mark += step;
            }
        }
    }
    kept.push(points[points.len() - 1]);
    kept
}

/// Markers of the presets on one plot, in preset order (repeating past eight).
pub const MARKERS: [char; 8] = ['●', '○', '■', '□', '▲', '△', '◆', '◇'];
/// Where the lines of several presets meet.
pub const OVERLAP: char = '*';

/// `10^k` in a few characters: 1, 10, 100, 1k, 10k, 100k, 1M, ...
fn decade(k: i32) -> String {
    const UNITS: [(i32, &str); 4] = [(12, "T"), (9, "G"), (6, "M"), (3, "k")];
    UNITS.iter().find(|(e, _)| k >= *e).map_or_else(
        || 10u64.pow(k.max(0).unsigned_abs()).to_string(),
        |(e, unit)| format!("{}{unit}", 10u64.pow((k - e).unsigned_abs())),
    )
}

/// `10^-k` as a share: 100%, 10%, 1%, 0.1%, ...
fn share(k: i32) -> String {
    if k <= 2 {
        format!("{}%", 10u64.pow((2 - k).unsigned_abs()))
    } else {
        format!("0.{}1%", "0".repeat((k - 3).unsigned_abs() as usize))
    }
}

/// Draws the survival functions of `series` (name and distribution) on one pair of log-log
/// axes, `width` columns by `height` rows of plot, with their legend: x the nodes of a run
/// (the runs that made no node are left out of the axis), y the share of runs that made at
/// least x. Where presets meet, [`OVERLAP`] is drawn.
#[expect(
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_truncation,
    reason = "a plot's coordinates: logarithms of counts, rounded to character cells"
)]
pub fn render(series: &[(&str, &Survival)], width: usize, height: usize) -> String {
    let (width, height) = (width.max(10), height.max(4));
    let largest = series
        .iter()
        .map(|(_, s)| s.percentiles.max)
        .max()
        .unwrap_or(0);
    let smallest = series
        .iter()
        .filter_map(|(_, s)| s.points.iter().find(|&&(v, _)| v > 0).map(|&(v, _)| v))
        .min();
    let (Some(smallest), true) = (smallest, largest > 0) else {
        return "  (no run made a decision)\n".to_string();
    };
    let log = |v: f64| v.log10();
    let x_lo = log(smallest as f64).floor() as i32;
    let x_hi = (log(largest as f64).ceil() as i32).max(x_lo + 1);
    let runs = series.iter().map(|(_, s)| s.runs).max().unwrap_or(1).max(1);
    let y_decades = (log(runs as f64).ceil() as i32).max(1);
    let mut grid = vec![vec![' '; width]; height];
    for (k, (_, s)) in series.iter().enumerate() {
        let marker = MARKERS[k % MARKERS.len()];
        for (c, column) in (0..width).zip(0..) {
            let exponent =
                f64::from(x_lo) + f64::from(x_hi - x_lo) * f64::from(column) / (width - 1) as f64;
            let x = 10f64.powf(exponent).round() as u64;
            let count = s.at_least(x.max(1));
            if count == 0 || s.runs == 0 {
                continue;
            }
            let fall = -log(count as f64 / s.runs as f64);
            let row = (fall / f64::from(y_decades) * (height - 1) as f64).round() as usize;
            if let Some(cell) = grid.get_mut(row).and_then(|r| r.get_mut(c)) {
                *cell = match *cell {
                    ' ' => marker,
                    other if other == marker => marker,
                    _ => OVERLAP,
                };
            }
        }
    }
    // The widest label, whichever decade it is: "100%" is wider than "1%" or "10%", and
    // "0.001%" than "100%".
    let label_width = (0..=y_decades).map(|k| share(k).len()).max().unwrap_or(0);
    let mut out = String::new();
    for (r, row) in grid.iter().enumerate() {
        // The decade whose row this is, if one is.
        let label = (0..=y_decades)
            .find(|&k| {
                (f64::from(k) / f64::from(y_decades) * (height - 1) as f64).round() as usize == r
            })
            .map(share)
            .unwrap_or_default();
        let line: String = row.iter().collect();
        let _ = writeln!(out, "  {label:>label_width$} ┤{}", line.trim_end());
    }
    let _ = writeln!(out, "  {:>label_width$} └{}", "", "─".repeat(width));
    let mut axis = vec![' '; width + 8];
    for k in x_lo..=x_hi {
        let c =
            (f64::from(k - x_lo) / f64::from(x_hi - x_lo) * (width - 1) as f64).round() as usize;
        let text = decade(k);
        let start = c.saturating_sub(text.len() / 2);
        if axis[start.saturating_sub(1)..start]
            .iter()
            .all(|&ch| ch == ' ')
        {
            for (i, ch) in text.chars().enumerate() {
                if let Some(slot) = axis.get_mut(start + i) {
                    *slot = ch;
                }
            }
        }
    }
    let axis: String = axis.iter().collect();
    let _ = writeln!(out, "  {:>label_width$}  {}  nodes", "", axis.trim_end());
    let legend: Vec<String> = series
        .iter()
        .enumerate()
        .map(|(k, (name, s))| {
            let plural = if s.runs == 1 { "" } else { "s" };
            format!(
                "{} {name} ({} run{plural})",
                MARKERS[k % MARKERS.len()],
                s.runs
            )
        })
        .collect();
    let overlap = if series.len() > 1 {
        format!("   {OVERLAP} several")
    } else {
        String::new()
    };
    let _ = writeln!(out, "  {}{overlap}", legend.join("   "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_survival_function_counts_the_runs_at_or_past_each_count() {
        let s = Survival::of(&[1, 2, 2, 10, 100]);
        assert_eq!(s.runs, 5);
        assert_eq!(s.points, [(1, 5), (2, 4), (10, 2), (100, 1)]);
        assert_eq!(s.at_least(0), 5);
        assert_eq!(s.at_least(2), 4);
        assert_eq!(s.at_least(3), 2);
        assert_eq!(s.at_least(100), 1);
        assert_eq!(s.at_least(101), 0);
        assert_eq!(s.percentiles.p50, 2);
        assert_eq!(s.percentiles.max, 100);
    }

    #[test]
    fn many_counts_are_thinned_on_the_log_scale_keeping_both_ends() {
        let nodes: Vec<u64> = (1..=100_000).collect();
        let s = Survival::of(&nodes);
        assert!(s.points.len() <= MAX_POINTS, "{}", s.points.len());
        assert_eq!(s.points.first(), Some(&(1, 100_000)));
        assert_eq!(s.points.last(), Some(&(100_000, 1)));
        // Log-spaced: about as many points in each decade.
        let in_decade = |lo: u64| {
            s.points
                .iter()
                .filter(|p| p.0 >= lo && p.0 < lo * 10)
                .count()
        };
        let (a, b) = (in_decade(100), in_decade(10_000));
        assert!(a.abs_diff(b) <= 2, "{a} and {b}");
    }

    #[test]
    fn a_power_law_tail_is_a_straight_line_and_a_cut_tail_drops() {
        // P(X ≥ x) = 1/x for x = 1..1000: a straight line from 100% at 1 to 0.1% at 1000.
        let heavy: Vec<u64> = (1..=1000).map(|i| 1000 / i).collect();
        let cut: Vec<u64> = heavy.iter().map(|&v| v.min(20)).collect();
        let text = render(
            &[
                ("heavy", &Survival::of(&heavy)),
                ("cut", &Survival::of(&cut)),
            ],
            31,
            10,
        );
        let rows: Vec<&str> = text.lines().collect();
        assert!(
            rows[0].contains("100%") && rows[9].contains("0.1%"),
            "{text}"
        );
        assert!(
            rows[11].contains("1k") && rows[11].contains("nodes"),
            "{text}"
        );
        assert!(rows[12].contains("● heavy (1000 runs)") && rows[12].contains("○ cut"));
        // The heavy tail stands on the diagonal: row r reaches column about 10r/3; the
        // cut one follows it (the two meet, `*`) to 20 nodes, and stops there.
        let plot =
            |row: &str| -> Vec<char> { row.split('┤').nth(1).unwrap_or("").chars().collect() };
        for (r, row) in rows.iter().take(10).enumerate() {
            let plot = plot(row);
            let near = plot
                .iter()
                .enumerate()
                .any(|(c, &m)| m != ' ' && c.abs_diff(r * 10 / 3) <= 2);
            assert!(near, "row {r}: {text}");
            let last_cut = plot.iter().rposition(|&m| m == '○' || m == OVERLAP);
            assert!(last_cut.is_none_or(|c| c <= 14), "row {r}: {text}");
        }
        assert!(
            text.contains('*') && text.contains('●') && text.contains("* several"),
            "{text}"
        );
    }

    /// Issue 44: with 100 runs the lowest label is "1%", and the axis was as wide as that
    /// label: "100%" and "10%" pushed their rows' `┤` right of the others'.
    #[test]
    fn the_y_axis_stands_in_one_column_whatever_its_lowest_label() {
        for runs in [5_u64, 10, 100, 1000, 100_000] {
            let nodes: Vec<u64> = (1..=runs).collect();
            let text = render(&[("p", &Survival::of(&nodes))], 31, 10);
            let columns: Vec<usize> = text
                .lines()
                .filter_map(|l| l.chars().position(|c| c == '┤' || c == '└'))
                .collect();
            assert_eq!(columns.len(), 11, "{runs} runs: {text}");
            assert!(
                columns.iter().all(|&c| c == columns[0]),
                "{runs} runs: the axis is not straight:\n{text}"
            );
            assert!(text.contains("100%"), "{runs} runs: {text}");
        }
    }

    #[test]
    fn decades_and_shares_read_at_a_glance() {
        assert_eq!(
            (0..8).map(decade).collect::<Vec<_>>(),
            ["1", "10", "100", "1k", "10k", "100k", "1M", "10M"]
        );
        assert_eq!(
            (0..6).map(share).collect::<Vec<_>>(),
            ["100%", "10%", "1%", "0.1%", "0.01%", "0.001%"]
        );
    }
}
