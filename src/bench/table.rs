//! `--format table`: the report drawn for people, per file: verdicts and time, search
//! counters, ratios to the best preset, the puzzles stopped by the limit, and histograms.

use std::fmt::Write;

use super::report::{FileReport, Report};
use super::summary::Summary;
use super::survival;
use crate::numbers::grouped;

/// Width of the longest histogram bar, in characters.
pub const HISTOGRAM_WIDTH: usize = 40;
/// Limit hits listed per preset in the table (the JSON and CSV outputs list all).
pub const LISTED_LIMITS: usize = 10;
/// The survival plot of `--seeds`: columns and rows of its plot area.
pub const SURVIVAL_SIZE: (usize, usize) = (60, 16);

mod counters;

use counters::{arc_counters, counters, distribution, learning_counters};

/// Lays out `rows` under `header`: the first column left-aligned, the rest right-aligned.
fn grid(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    let header: Vec<String> = header.iter().map(|h| (*h).to_string()).collect();
    for row in std::iter::once(&header).chain(rows) {
        let mut line = String::new();
        for (i, (cell, w)) in row.iter().zip(&widths).enumerate() {
            let pad = w.saturating_sub(cell.chars().count());
            if i == 0 {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            } else {
                line.push_str("  ");
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// Nanoseconds as microseconds with one decimal.
#[expect(clippy::cast_precision_loss, reason = "display")]
fn micros(nanos: u64) -> String {
    format!("{:.1}", nanos as f64 / 1000.0)
}

/// Nanoseconds as seconds with three decimals.
#[expect(clippy::cast_precision_loss, reason = "display")]
fn seconds(nanos: u64) -> String {
    format!("{:.3}", nanos as f64 / 1e9)
}

/// A mean: whole and grouped by thousands from 100,000 on, else to a tenth.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a positive mean, rounded"
)]
fn float(x: f64) -> String {
    if x >= 1e5 {
        grouped(x.round() as u64)
    } else {
        format!("{x:.1}")
    }
}

/// The preset's name, starred when some of its puzzles hit the limit (their figures are
/// then lower bounds).
fn name(s: &Summary) -> String {
    if s.verdicts.limit > 0 {
        format!("{}*", s.preset)
    } else {
        s.preset.clone()
    }
}

/// The verdicts and times; `seeded` (`--seeds`) adds the runs column, also when only a
/// local search runs (which has no run-time distribution in nodes).
fn outcomes(f: &FileReport, seeded: bool) -> String {
    let mut header = vec![
        "preset",
        "puzzles",
        "solved",
        "unsolvable",
        "multiple",
        "limit",
        "invalid",
        "no guess",
        "µs mean",
        "median",
        "p90",
        "p99",
        "max",
        "total s",
        "puzzles/s",
    ];
    if seeded {
        header.insert(2, "runs");
        if let Some(last) = header.last_mut() {
            *last = "runs/s";
        }
    }
    let rows: Vec<Vec<String>> = f
        .summaries
        .iter()
        .map(|s| {
            let v = s.verdicts;
            let mut row = vec![
                name(s),
                grouped(s.puzzles),
                grouped(v.solved),
                grouped(v.unsolvable),
                grouped(v.multiple),
                grouped(v.limit),
                grouped(v.invalid),
                if s.local.is_some() {
                    "-".to_string()
                } else {
                    format!("{:.1}%", 100.0 * s.no_guess_share)
                },
                float(s.nanos.mean / 1000.0),
                micros(s.nanos.median),
                micros(s.nanos.p90),
                micros(s.nanos.p99),
                micros(s.nanos.max),
                seconds(s.nanos.sum),
                float(s.puzzles_per_second),
            ];
            if seeded {
                row.insert(2, (s.puzzles * s.runs_per_puzzle).to_string());
            }
            row
        })
        .collect();
    grid(&header, &rows)
}

fn ratio_table(report: &Report, f: &FileReport) -> String {
    let mut header = vec!["preset"];
    header.extend(report.ratio_columns.iter().map(String::as_str));
    let rows: Vec<Vec<String>> = f
        .summaries
        .iter()
        .zip(&f.ratios)
        .map(|(s, ratios)| {
            let mut row = vec![name(s)];
            row.extend(
                ratios
                    .iter()
                    .map(|r| r.map_or_else(|| "-".to_string(), |r| format!("{r:.2}"))),
            );
            row
        })
        .collect();
    grid(&header, &rows)
}

fn limits(f: &FileReport) -> String {
    let mut out = String::new();
    for s in f.summaries.iter().filter(|s| !s.limited.is_empty()) {
        let shown: Vec<&str> = s
            .limited
            .iter()
            .take(LISTED_LIMITS)
            .map(String::as_str)
            .collect();
        let more = s.limited.len().saturating_sub(LISTED_LIMITS);
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  {}: {} hit the limit: {}{tail}",
            s.preset,
            grouped(s.limited.len() as u64),
            shown.join(" ")
        );
    }
    out
}

/// The nodes per puzzle of each preset on one scale (a local search's line says it has none).
fn histograms(f: &FileReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nnodes (decisions) per searched puzzle, log₂ buckets, one scale for all presets:"
    );
    let spans = f
        .summaries
        .iter()
        .filter(|s| s.local.is_none())
        .filter_map(|s| s.histogram.span());
    let span = spans.reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)));
    let fullest = f
        .summaries
        .iter()
        .map(|s| s.histogram.fullest())
        .max()
        .unwrap_or(0);
    for s in &f.summaries {
        let _ = writeln!(out, "{}", s.preset);
        if s.local.is_some() {
            let _ = writeln!(out, "  a local search: no decisions (its steps are above)");
            continue;
        }
        if let Some(span) = span {
            out.push_str(&s.histogram.render_in(span, fullest, HISTOGRAM_WIDTH));
        }
    }
    out
}

/// One file's sections: verdicts and time, counters, ratios, limits, histograms, and with
/// `--seeds` the run-time distributions.
fn file_section(report: &Report, f: &FileReport) -> String {
    let mut out = String::new();
    let puzzles = f.summaries.first().map_or(0, |s| s.puzzles);
    let _ = writeln!(
        out,
        "== {}: {} puzzles, {} bad input ==\n",
        f.file,
        grouped(puzzles),
        grouped(f.bad_input)
    );
    if puzzles == 0 {
        return out;
    }
    let _ = writeln!(
        out,
        "verdicts and time per puzzle (µs, each puzzle's own time on one thread; total s = their sum):"
    );
    if let Some(seeds) = report.seeds {
        let _ = writeln!(
            out,
            "(--seeds {seeds}: a dynamic cell order (or a local search) runs once per seed, and every figure counts runs)"
        );
    }
    out.push_str(&outcomes(f, report.seeds.is_some()));
    let _ = writeln!(out, "\nsearch counters per searched puzzle:");
    out.push_str(&counters(f));
    out.push_str(&arc_counters(f));
    out.push_str(&learning_counters(f));
    let local = super::min_conflicts::table(f, grid);
    if !local.is_empty() {
        let _ = writeln!(
            out,
            "\nlocal search: success within the step limit, steps per solved puzzle (no nodes, backtracks or prunes):"
        );
        out.push_str(&local);
    }
    if f.summaries.len() > 1 {
        let _ = writeln!(
            out,
            "\nratio to the best preset in each column (1.00 = best; higher = worse):"
        );
        out.push_str(&ratio_table(report, f));
    }
    let limited = limits(f);
    if !limited.is_empty() {
        let _ = writeln!(
            out,
            "\n* some puzzles hit the limit; that preset's figures are lower bounds."
        );
        out.push_str(&limited);
    }
    out.push_str(&histograms(f));
    if f.summaries.iter().any(|s| s.survival.is_some()) {
        let _ = writeln!(out, "\nrun-time distribution in nodes per run:");
        out.push_str(&distribution(f));
    }
    out.push('\n');
    out
}

/// Draws the whole report.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a positive rate, rounded"
)]
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    if report.interrupted {
        let _ = writeln!(
            out,
            "INTERRUPTED: partial results; {} puzzle(s) read but unfinished are not counted.\n",
            report.unfinished.len()
        );
    }
    for f in report.files.iter().chain(&report.all_files) {
        out.push_str(&file_section(report, f));
    }
    let puzzles: u64 = report
        .files
        .iter()
        .filter_map(|f| f.summaries.first())
        .map(|s| s.puzzles)
        .sum();
    let limit = match (report.node_limit, report.time_limit) {
        (None, None) => "no limit".to_string(),
        (n, t) => {
            let n = n.map(|n| format!("{} nodes", grouped(n)));
            let t = t.map(|t| format!("{t} s"));
            format!(
                "limit {} per puzzle",
                [n, t]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" or ")
            )
        }
    };
    let runs: u64 = report
        .files
        .iter()
        .flat_map(|f| &f.summaries)
        .map(|s| s.puzzles * s.runs_per_puzzle)
        .sum();
    #[expect(clippy::cast_precision_loss, reason = "display")]
    let rate = if report.wall_seconds > 0.0 {
        runs as f64 / report.wall_seconds
    } else {
        0.0
    };
    let seeds = report.seeds.map_or_else(String::new, |n| {
        format!(" ({} runs with {n} seeds)", grouped(runs))
    });
    let _ = writeln!(
        out,
        "{} puzzles × {} preset(s){seeds} in {:.2} s wall time on {} job(s) ({} runs/s); counting up to {} solution(s); {limit}.",
        grouped(puzzles),
        report.presets.len(),
        report.wall_seconds,
        report.jobs,
        grouped(rate.round() as u64),
        report.count
    );
    out
}
