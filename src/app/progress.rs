//! How far along a pane's search is, in words: the estimate of its size
//! ([`crate::solver::estimate`]) and, while it runs, the time left at the pace it goes.

use std::collections::VecDeque;
use std::time::Duration;

use crate::numbers::{approx, duration, grouped, percent};
use crate::solver::estimate::Estimate;

/// How far back the pace looks.
const WINDOW: Duration = Duration::from_secs(2);
/// The closest two samples of the pace are kept.
const SPACING: Duration = Duration::from_millis(100);

/// The decisions a pane made against the clock, over the last [`WINDOW`].
#[derive(Clone, Debug, Default)]
pub struct Pace {
    samples: VecDeque<(Duration, u64)>,
}

impl Pace {
    /// Notes that the pane had made `nodes` decisions at `now`. A step back starts over.
    pub fn record(&mut self, now: Duration, nodes: u64) {
        if self
            .samples
            .back()
            .is_some_and(|&(t, n)| nodes < n || now < t)
        {
            self.samples.clear();
        }
        let recent = self
            .samples
            .back()
            .is_some_and(|&(t, _)| now.saturating_sub(t) < SPACING);
        // Within SPACING the newest sample follows the pane; the window's start stays put.
        if recent && self.samples.len() > 1 {
            self.samples.pop_back();
        }
        self.samples.push_back((now, nodes));
        while self.samples.len() > 2 && now.saturating_sub(self.samples[1].0) >= WINDOW {
            self.samples.pop_front();
        }
    }

    /// Decisions a second over the window, when the pane has moved on in it.
    #[expect(clippy::cast_precision_loss, reason = "a rate")]
    pub fn rate(&self) -> Option<f64> {
        let (&(t0, n0), &(t1, n1)) = (self.samples.front()?, self.samples.back()?);
        let seconds = t1.saturating_sub(t0).as_secs_f64();
        (seconds > 0.0 && n1 > n0).then(|| (n1 - n0) as f64 / seconds)
    }
}

/// A pane's progress: the estimate at its step, the decisions made, and the time left at
/// its pace while it runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// The estimate at the pane's step.
    pub estimate: Estimate,
    /// Decisions made so far.
    pub explored: u64,
    /// Seconds left at the pace the pane goes, while it runs.
    pub left: Option<f64>,
    /// Whether the pane is at the end of its search.
    pub finished: bool,
}

impl Progress {
    /// The progress of a pane at `estimate` having made `explored` decisions, going at
    /// `rate` decisions a second if it runs.
    pub fn new(estimate: Estimate, explored: u64, rate: Option<f64>, finished: bool) -> Progress {
        #[expect(clippy::cast_precision_loss, reason = "an estimate")]
        let left = match (estimate, rate) {
            (Estimate::About { point, .. }, Some(rate)) if !finished => {
                Some((point - explored as f64).max(0.0) / rate)
            }
            _ => None,
        };
        Progress {
            estimate,
            explored,
            left,
            finished,
        }
    }

    /// The share of the estimated decisions made, below 1 while the search runs.
    #[expect(clippy::cast_precision_loss, reason = "a share")]
    pub fn share(&self) -> Option<f64> {
        match self.estimate {
            Estimate::About { point, .. } if point > 0.0 => {
                Some((self.explored as f64 / point).min(0.999))
            }
            _ => None,
        }
    }

    /// The progress in a line, its forms longest first: `≈ 37% of ~2.1e8 nodes
    /// (1.0e8–4.2e8) · ~41 s left at this speed`, down to `37% of ~2.1e8`; `search size:
    /// unknown yet`; for a finished search, its decisions.
    pub fn forms(&self) -> Vec<String> {
        if self.finished {
            let n = crate::numbers::plural(self.explored, "node", "nodes");
            return vec![format!("search finished after {n}"), format!("done: {n}")];
        }
        match self.estimate {
            Estimate::Unknown => vec![
                "search size: unknown yet, too early to estimate".into(),
                "search size: unknown yet".into(),
                "size unknown".into(),
            ],
            Estimate::Restarting { run } => vec![
                format!("run {run} of a search that restarts: its size unknown"),
                format!("run {run}, restarts: size unknown"),
                "size unknown".into(),
            ],
            Estimate::Done { total } => vec![format!("all {} nodes searched", grouped(total))],
            Estimate::About {
                point,
                low,
                high,
                rising,
            } => {
                let share = percent(self.share().unwrap_or(0.0));
                let and_rising = if rising { " and rising" } else { "" };
                let of = format!("≈ {share} of ~{} nodes{and_rising}", approx(point));
                let range = format!(" ({}–{})", approx(low), approx(high));
                let mut forms = Vec::new();
                if let Some(left) = self.left {
                    let left = duration(left);
                    forms.push(format!("{of}{range} · ~{left} left at this speed"));
                    forms.push(format!("{of} · ~{left} left at this speed"));
                    forms.push(format!("{of} · ~{left} left"));
                }
                forms.push(format!("{of}{range}"));
                forms.push(of);
                forms.push(format!("{share} of ~{}{}", approx(point), arrow(rising)));
                forms
            }
        }
    }

    /// The status line's part: `≈ 37% of ~2.1e8 nodes, ~41 s left` (`~2.1e8↑` while the
    /// estimate rises with the search), `size unknown`; none for a finished search (its
    /// counters say it all).
    pub fn status(&self) -> Option<String> {
        if self.finished {
            return None;
        }
        Some(match self.estimate {
            Estimate::Unknown => "size unknown".into(),
            Estimate::Restarting { run } => format!("run {run}, size unknown"),
            Estimate::Done { total } => format!("all {} nodes", grouped(total)),
            Estimate::About { point, rising, .. } => {
                let share = percent(self.share().unwrap_or(0.0));
                let total = format!("~{}{}", approx(point), arrow(rising));
                match self.left {
                    Some(left) => format!("≈ {share} of {total} nodes, ~{} left", duration(left)),
                    None => format!("≈ {share} of {total} nodes"),
                }
            }
        })
    }

    /// The race table's cell: `37% of ~2.1e8`, `unknown`, or `done`.
    pub fn cell(&self) -> String {
        if self.finished {
            return "done".into();
        }
        match self.estimate {
            Estimate::Unknown => "unknown".into(),
            Estimate::Restarting { run } => format!("unknown, run {run}"),
            Estimate::Done { .. } => "done".into(),
            Estimate::About { point, rising, .. } => format!(
                "{} of ~{}{}",
                percent(self.share().unwrap_or(0.0)),
                approx(point),
                arrow(rising)
            ),
        }
    }
}

/// `↑` after an estimate still rising with the search, where there is no room for words.
fn arrow(rising: bool) -> &'static str {
    if rising { "↑" } else { "" }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn about(point: f64) -> Estimate {
        Estimate::About {
            point,
            low: point / 2.0,
            high: point * 2.0,
            rising: false,
        }
    }

    #[test]
    fn the_pace_is_the_decisions_over_the_last_seconds() {
        let mut pace = Pace::default();
        assert_eq!(pace.rate(), None);
        for tenth in 0..=50u64 {
            pace.record(Duration::from_millis(tenth * 100), tenth * 1_000);
        }
        let rate = pace.rate().expect("moving");
        assert!((rate - 10_000.0).abs() < 1.0, "{rate}");
        // Paused: the window empties of progress.
        for tenth in 51..=80u64 {
            pace.record(Duration::from_millis(tenth * 100), 50_000);
        }
        assert_eq!(pace.rate(), None);
        // A step back starts over.
        pace.record(Duration::from_millis(8_100), 10);
        assert_eq!(pace.rate(), None);
    }

    #[test]
    fn progress_reads_as_a_share_of_an_estimate_with_the_time_left() {
        let p = Progress::new(about(2.1e8), 77_700_000, Some(3_250_000.0), false);
        assert_eq!(
            p.forms()[0],
            "≈ 37% of ~2.1e8 nodes (1.1e8–4.2e8) · ~41 s left at this speed"
        );
        assert_eq!(
            p.status().as_deref(),
            Some("≈ 37% of ~2.1e8 nodes, ~41 s left")
        );
        assert_eq!(p.cell(), "37% of ~2.1e8");
        let paused = Progress::new(about(2.1e8), 77_700_000, None, false);
        assert_eq!(paused.forms()[0], "≈ 37% of ~2.1e8 nodes (1.1e8–4.2e8)");
        assert_eq!(paused.status().as_deref(), Some("≈ 37% of ~2.1e8 nodes"));
        let unknown = Progress::new(Estimate::Unknown, 12, Some(5.0), false);
        assert_eq!(unknown.status().as_deref(), Some("size unknown"));
        assert_eq!(unknown.cell(), "unknown");
        let restarting = Progress::new(Estimate::Restarting { run: 3 }, 12, Some(5.0), false);
        assert_eq!(restarting.left, None, "no time left without a size");
        assert_eq!(
            restarting.forms()[0],
            "run 3 of a search that restarts: its size unknown"
        );
        assert_eq!(restarting.status().as_deref(), Some("run 3, size unknown"));
        assert_eq!(restarting.cell(), "unknown, run 3");
        let rising = Estimate::About {
            point: 1.7e7,
            low: 8.7e6,
            high: 3.5e7,
            rising: true,
        };
        let early = Progress::new(rising, 2_097_152, None, false);
        assert_eq!(
            early.forms()[0],
            "≈ 12% of ~1.7e7 nodes and rising (8.7e6–3.5e7)"
        );
        assert_eq!(early.status().as_deref(), Some("≈ 12% of ~1.7e7↑ nodes"));
        assert_eq!(early.cell(), "12% of ~1.7e7↑");
        let done = Progress::new(about(10.0), 1_234, None, true);
        assert_eq!(done.status(), None);
        assert_eq!(done.forms()[0], "search finished after 1,234 nodes");
    }
}
