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
///
/// The estimate is of the whole tree ([`crate::solver::estimate`]). A search that may stop
/// sooner (the views stop at the first solution) makes at most that many decisions, so for
/// it the estimate is a `bound`: the share done is at least the share shown (`≥ 37%`) and
/// the time left at most the time shown, and the words say so.
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
    /// Whether the search may stop before its whole tree is searched (at a solution): the
    /// estimate of the tree is then an upper bound on it.
    pub bound: bool,
}

impl Progress {
    /// The progress of a pane at `estimate` having made `explored` decisions, going at
    /// `rate` decisions a second if it runs; `bound` when the search may stop before its
    /// whole tree (see [`Progress`]).
    pub fn new(
        estimate: Estimate,
        explored: u64,
        rate: Option<f64>,
        finished: bool,
        bound: bool,
    ) -> Progress {
        #[expect(clippy::cast_precision_loss, reason = "an estimate")]
        let left = match (estimate, rate) {
            // An estimate rising with the search bounds nothing yet (see `bound_forms`).
            (Estimate::About { rising: true, .. }, _) if bound => None,
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
            bound,
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

    /// The share in words: `≈ 37%`, or for a bound `≥ 37%` (rounded down, so that it stays
    /// one).
    pub fn share_words(&self) -> String {
        let share = self.share().unwrap_or(0.0);
        if self.bound {
            format!("≥ {}", at_least(share))
        } else {
            format!("≈ {}", percent(share))
        }
    }

    /// The progress in a line, its forms longest first: `≈ 37% of ~2.1e8 nodes
    /// (1.0e8–4.2e8) · ~41 s left at this speed`, down to `37% of ~2.1e8`; for a bound,
    /// `≥ 37% done · whole tree ~2.1e8 nodes (1.0e8–4.2e8) · at most ~41 s left at this
    /// speed: a solution may come sooner`, down to `≥ 37% of ~2.1e8`; `search size:
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
            } if self.bound => self.bound_forms(point, (low, high), rising),
            Estimate::About {
                point,
                low,
                high,
                rising,
            } => {
                let share = self.share_words();
                let and_rising = if rising { " and rising" } else { "" };
                let of = format!("{share} of ~{} nodes{and_rising}", approx(point));
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
                forms.push(format!(
                    "{} of ~{}{}",
                    percent(self.share().unwrap_or(0.0)),
                    approx(point),
                    arrow(rising)
                ));
                forms
            }
        }
    }

    /// [`Progress::forms`] of an estimate that bounds the search: the share done at least,
    /// the whole tree's size, the time left at most. An estimate still rising with the
    /// search (it grew by half while the decisions doubled) bounds nothing yet: the share of
    /// it stays put while the search goes on, so none is shown, only the estimate so far.
    fn bound_forms(&self, point: f64, (low, high): (f64, f64), rising: bool) -> Vec<String> {
        let size = approx(point);
        if rising {
            return vec![
                format!("whole tree ~{size} nodes so far, rising with the search: no share yet"),
                format!("whole tree ~{size} nodes and rising: no share yet"),
                format!("tree ~{size}↑ rising: no share yet"),
                format!("tree ~{size}↑, rising"),
                format!("~{size}↑ rising"),
            ];
        }
        let share = self.share_words();
        let head = format!("{share} done · whole tree ~{size} nodes");
        let range = format!(" ({}–{})", approx(low), approx(high));
        let sooner = "a solution may come sooner";
        let short = format!("{share} of ~{size}");
        let mut forms = Vec::new();
        if let Some(left) = self.left {
            let left = duration(left);
            forms.push(format!(
                "{head}{range} · at most ~{left} left at this speed: {sooner}"
            ));
            forms.push(format!("{head}{range} · at most ~{left} left: {sooner}"));
            forms.push(format!("{head} · at most ~{left} left: {sooner}"));
            forms.push(format!("{head} · at most ~{left} left"));
            forms.push(format!("{short} nodes · at most ~{left} left"));
            forms.push(format!("{short} · ≤ ~{left} left"));
        }
        forms.push(format!("{head}{range}: {sooner}"));
        forms.push(format!("{head}{range}"));
        forms.push(head);
        forms.push(format!("{short} nodes"));
        forms.push(short);
        forms
    }

    /// Whether there is a share to show: an estimate, and for a bound one not still rising
    /// with the search.
    pub fn has_share(&self) -> bool {
        match self.estimate {
            Estimate::About { rising, .. } => !(self.bound && rising),
            _ => false,
        }
    }

    /// The status line's part: `≈ 37% of ~2.1e8 nodes, ~41 s left` (`~2.1e8↑` while the
    /// estimate rises with the search; for a bound `≥ 37% of ~2.1e8 nodes, ≤ ~41 s left`),
    /// `size unknown`; none for a finished search (its counters say it all).
    pub fn status(&self) -> Option<String> {
        if self.finished {
            return None;
        }
        let within = if self.bound { "≤ " } else { "" };
        Some(match self.estimate {
            Estimate::Unknown => "size unknown".into(),
            Estimate::Restarting { run } => format!("run {run}, size unknown"),
            Estimate::Done { total } => format!("all {} nodes", grouped(total)),
            Estimate::About { point, .. } if !self.has_share() => {
                format!("tree ~{}↑ rising", approx(point))
            }
            Estimate::About { point, rising, .. } => {
                let share = self.share_words();
                let total = format!("~{}{}", approx(point), arrow(rising));
                match self.left {
                    Some(left) => {
                        format!("{share} of {total} nodes, {within}~{} left", duration(left))
                    }
                    None => format!("{share} of {total} nodes"),
                }
            }
        })
    }

    /// The race table's cell: `37% of ~2.1e8` (for a bound `≥ 37% of ~2.1e8`), `unknown`,
    /// or `done`.
    pub fn cell(&self) -> String {
        if self.finished {
            return "done".into();
        }
        match self.estimate {
            Estimate::Unknown => "unknown".into(),
            Estimate::Restarting { run } => format!("unknown, run {run}"),
            Estimate::Done { .. } => "done".into(),
            Estimate::About { point, .. } if !self.has_share() => {
                format!("rising ~{}↑", approx(point))
            }
            Estimate::About { point, rising, .. } => {
                let share = if self.bound {
                    self.share_words()
                } else {
                    percent(self.share().unwrap_or(0.0))
                };
                format!("{share} of ~{}{}", approx(point), arrow(rising))
            }
        }
    }
}

/// A share as a percentage rounded down, so that a lower bound stays one: `37%`, `0.4%`
/// below 1 %.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a share from 0 to 1, in percent"
)]
fn at_least(share: f64) -> String {
    let p = share.clamp(0.0, 1.0) * 100.0;
    if p >= 1.0 || p == 0.0 {
        format!("{}%", p.floor() as u32)
    } else {
        format!("{}%", (p * 10.0).floor() / 10.0)
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
        let p = Progress::new(about(2.1e8), 77_700_000, Some(3_250_000.0), false, false);
        assert_eq!(
            p.forms()[0],
            "≈ 37% of ~2.1e8 nodes (1.1e8–4.2e8) · ~41 s left at this speed"
        );
        assert_eq!(
            p.status().as_deref(),
            Some("≈ 37% of ~2.1e8 nodes, ~41 s left")
        );
        assert_eq!(p.cell(), "37% of ~2.1e8");
        let paused = Progress::new(about(2.1e8), 77_700_000, None, false, false);
        assert_eq!(paused.forms()[0], "≈ 37% of ~2.1e8 nodes (1.1e8–4.2e8)");
        assert_eq!(paused.status().as_deref(), Some("≈ 37% of ~2.1e8 nodes"));
        let unknown = Progress::new(Estimate::Unknown, 12, Some(5.0), false, false);
        assert_eq!(unknown.status().as_deref(), Some("size unknown"));
        assert_eq!(unknown.cell(), "unknown");
        let restarting =
            Progress::new(Estimate::Restarting { run: 3 }, 12, Some(5.0), false, false);
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
        let early = Progress::new(rising, 2_097_152, None, false, false);
        assert_eq!(
            early.forms()[0],
            "≈ 12% of ~1.7e7 nodes and rising (8.7e6–3.5e7)"
        );
        assert_eq!(early.status().as_deref(), Some("≈ 12% of ~1.7e7↑ nodes"));
        assert_eq!(early.cell(), "12% of ~1.7e7↑");
        let done = Progress::new(about(10.0), 1_234, None, true, false);
        assert_eq!(done.status(), None);
        assert_eq!(done.forms()[0], "search finished after 1,234 nodes");
    }

    /// A search that stops at its first solution makes at most the whole tree's decisions:
    /// the share is at least the one shown, rounded down, the time left at most.
    #[test]
    fn an_estimate_of_the_whole_tree_bounds_a_search_that_may_stop_sooner() {
        let p = Progress::new(about(2.1e8), 79_000_000, Some(3_250_000.0), false, true);
        assert_eq!(
            p.forms()[0],
            "≥ 37% done · whole tree ~2.1e8 nodes (1.1e8–4.2e8) · at most ~40 s left at this speed: a solution may come sooner"
        );
        assert_eq!(
            p.status().as_deref(),
            Some("≥ 37% of ~2.1e8 nodes, ≤ ~40 s left")
        );
        assert_eq!(p.cell(), "≥ 37% of ~2.1e8");
        assert_eq!(
            p.forms().last().map(String::as_str),
            Some("≥ 37% of ~2.1e8")
        );
        let paused = Progress::new(about(2.1e8), 79_000_000, None, false, true);
        assert_eq!(
            paused.forms()[0],
            "≥ 37% done · whole tree ~2.1e8 nodes (1.1e8–4.2e8): a solution may come sooner"
        );
        let rising = Estimate::About {
            point: 1.0e3,
            low: 5.0e2,
            high: 2.0e3,
            rising: true,
        };
        let early = Progress::new(rising, 250, Some(100.0), false, true);
        assert!(!early.has_share());
        assert_eq!(early.left, None, "no time left of a size still rising");
        assert_eq!(
            early.forms()[0],
            "whole tree ~1,000 nodes so far, rising with the search: no share yet"
        );
        assert_eq!(early.status().as_deref(), Some("tree ~1,000↑ rising"));
        assert_eq!(early.cell(), "rising ~1,000↑");
        assert_eq!(at_least(0.3799), "37%");
        assert_eq!(at_least(0.0042), "0.4%");
        assert_eq!(at_least(0.0), "0%");
    }
}
