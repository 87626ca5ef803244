//! The counter tables of a set's section: the search counters per preset, their spread
//! over the puzzles, and the counters of arc consistency and of nogood learning.

use super::{FileReport, SURVIVAL_SIZE, Write, float, grid, grouped, name, survival};

/// The revisions, checks and queue of the presets that revise arcs, with its heading (none:
/// empty).
pub(super) fn arc_counters(f: &FileReport) -> String {
    let header = [
        "preset",
        "revisions mean",
        "median",
        "max",
        "effective mean",
        "checks mean",
        "median",
        "max",
        "checks/revision",
        "queue peak",
    ];
    let rows: Vec<Vec<String>> = f
        .summaries
        .iter()
        .filter_map(|s| s.arcs.map(|a| (s, a)))
        .map(|(s, a)| {
            #[expect(clippy::cast_precision_loss, reason = "a ratio of sums")]
            let per = if a.revisions.sum == 0 {
                0.0
            } else {
                a.checks.sum as f64 / a.revisions.sum as f64
            };
            vec![
                name(s),
                float(a.revisions.mean),
                a.revisions.median.to_string(),
                a.revisions.max.to_string(),
                float(a.effective_mean),
                float(a.checks.mean),
                a.checks.median.to_string(),
                a.checks.max.to_string(),
                format!("{per:.2}"),
                a.queue_peak.to_string(),
            ]
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    format!(
        "\narc revisions per searched puzzle (the presets that maintain arc consistency by an algorithm):\n{}",
        grid(&header, &rows)
    )
}

/// The nogoods of the presets that learn them, with its heading (none: empty).
pub(super) fn learning_counters(f: &FileReport) -> String {
    let header = [
        "preset",
        "learned mean",
        "median",
        "max",
        "mean size",
        "mean LBD",
    ];
    let rows: Vec<Vec<String>> = f
        .summaries
        .iter()
        .filter_map(|s| s.learning.map(|l| (s, l)))
        .map(|(s, l)| {
            vec![
                name(s),
                float(l.learned.mean),
                grouped(l.learned.median),
                grouped(l.learned.max),
                format!("{:.1}", l.size_mean),
                format!("{:.2}", l.lbd_mean),
            ]
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    format!(
        "\nlearned nogoods per searched puzzle (the presets that learn them; a solution's nogood counts):\n{}",
        grid(&header, &rows)
    )
}

/// With `--seeds`: each preset's nodes per run at its percentiles, then their survival
/// functions on log-log axes.
pub(super) fn distribution(f: &FileReport) -> String {
    let series: Vec<(&str, &survival::Survival)> = f
        .summaries
        .iter()
        .filter_map(|s| s.survival.as_ref().map(|d| (s.preset.as_str(), d)))
        .collect();
    let header = [
        "preset", "runs", "p10", "p25", "median", "p75", "p90", "p99", "max",
    ];
    let rows: Vec<Vec<String>> = series
        .iter()
        .map(|(name, d)| {
            let p = d.percentiles;
            [p.p10, p.p25, p.p50, p.p75, p.p90, p.p99, p.max]
                .iter()
                .fold(
                    vec![(*name).to_string(), d.runs.to_string()],
                    |mut row, v| {
                        row.push(v.to_string());
                        row
                    },
                )
        })
        .collect();
    let mut out = grid(&header, &rows);
    let _ = writeln!(
        out,
        "\nshare of runs that made at least x nodes (log-log; a heavy tail is a straight line, a restart policy cuts it):"
    );
    let (width, height) = SURVIVAL_SIZE;
    out.push_str(&survival::render(&series, width, height));
    out
}

pub(super) fn counters(f: &FileReport) -> String {
    let header = [
        "preset",
        "nodes mean",
        "median",
        "max",
        "backtracks mean",
        "median",
        "max",
        "prunes mean",
        "median",
        "max",
        "wipeouts mean",
    ];
    let rows: Vec<Vec<String>> = f
        .summaries
        .iter()
        .map(|s| {
            if s.local.is_some() {
                // A local search's steps are in a table of their own.
                let mut row = vec![name(s)];
                row.extend(std::iter::repeat_n("-".to_string(), 10));
                return row;
            }
            vec![
                name(s),
                float(s.nodes.mean),
                grouped(s.nodes.median),
                grouped(s.nodes.max),
                float(s.backtracks.mean),
                grouped(s.backtracks.median),
                grouped(s.backtracks.max),
                float(s.prunes.mean),
                grouped(s.prunes.median),
                grouped(s.prunes.max),
                float(s.wipeouts_mean),
            ]
        })
        .collect();
    grid(&header, &rows)
}
