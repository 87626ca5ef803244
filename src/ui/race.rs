//! The race: a live leaderboard of the panes, and once all have finished, a summary of
//! their totals with the ratios to the best.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::status::PANE_NAMES;
use super::theme::Theme;
use crate::app::Lock;
use crate::app::{App, Lane};

/// A finished pane's badge: `SOLVED at step N / node M` or `EXHAUSTED`; empty while searching.
pub fn badge(lane: &Lane) -> String {
    let c = lane.cursor();
    if !lane.at_end() {
        String::new()
    } else if let Some(error) = lane.timeline().error() {
        format!("STOPPED at line {}", error.line)
    } else if c.solved() {
        format!("SOLVED at step {} / node {}", c.step(), c.stats().nodes)
    } else {
        "EXHAUSTED".into()
    }
}

/// The pane leading the race: the first to solve (by the lock's measure), or else the one
/// with the fewest backtracks so far.
pub fn leader(app: &App) -> Option<usize> {
    let lanes = app.lanes();
    let measure = |l: &Lane| match app.lock() {
        Lock::Nodes => l.cursor().stats().nodes,
        _ => l.cursor().stats().events,
    };
    let solved = lanes
        .iter()
        .enumerate()
        .filter(|(_, l)| l.at_end() && l.cursor().solved())
        .min_by_key(|(_, l)| measure(l));
    solved
        .or_else(|| {
            lanes
                .iter()
                .enumerate()
                .min_by_key(|(_, l)| (l.cursor().stats().backtracks, l.cursor().stats().nodes))
        })
        .map(|(i, _)| i)
}

/// The leaderboard, or the summary once every pane has finished.
pub struct RaceView<'a> {
    /// The app.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

fn columns(lane: &Lane) -> [u64; 5] {
    let s = lane.cursor().stats();
    [s.events, s.nodes, s.backtracks, s.prunes, s.wipeouts]
}

const NAMES: [&str; 5] = ["events", "nodes", "backtracks", "prunes", "wipeouts"];

impl Widget for &RaceView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lanes = self.app.lanes();
        let finished = self.app.all_finished();
        let lead = leader(self.app);
        let best: Vec<u64> = (0..NAMES.len())
            .map(|k| lanes.iter().map(|l| columns(l)[k]).min().unwrap_or(0))
            .collect();
        let col_w = if finished { 15 } else { 11 };
        let mut header = vec![Span::styled(
            if finished {
                " summary       "
            } else {
                " race          "
            },
            self.theme.title(),
        )];
        for name in NAMES {
            header.push(Span::styled(format!(" {name:>col_w$}"), self.theme.dim()));
        }
        header.push(Span::styled("   status", self.theme.dim()));
        buf.set_line(area.x, area.y, &Line::from(header), area.width);
        for (i, lane) in lanes.iter().enumerate() {
            let y = area.y + 1 + i as u16;
            if y >= area.y + area.height {
                break;
            }
            let is_lead = lead == Some(i);
            let name_style = if is_lead {
                self.theme.leader()
            } else {
                ratatui::style::Style::new()
            };
            let mut spans = vec![Span::styled(
                format!(" {} {:<12}", PANE_NAMES[i], truncate(lane.name(), 12)),
                name_style,
            )];
            for (k, v) in columns(lane).iter().enumerate() {
                let text = if finished {
                    format!("{v} {}", to_best(*v, best[k]))
                } else {
                    v.to_string()
                };
                let style = if *v <= best[k] && lanes.len() > 1 {
                    self.theme.leader()
                } else {
                    ratatui::style::Style::new()
                };
                spans.push(Span::raw(" "));
                spans.push(Span::styled(format!("{text:>col_w$}"), style));
            }
            let badge = badge(lane);
            spans.push(Span::raw("   "));
            spans.push(Span::styled(
                if badge.is_empty() {
                    "searching".to_string()
                } else {
                    badge
                },
                if is_lead {
                    self.theme.leader()
                } else {
                    self.theme.dim()
                },
            ));
            if is_lead {
                spans.push(Span::styled("  ◀ leader", self.theme.leader()));
            }
            buf.set_line(area.x, y, &Line::from(spans), area.width);
        }
        let y = area.y + 1 + lanes.len() as u16;
        if y < area.y + area.height {
            if let Some(text) = divergence_text(self.app) {
                buf.set_line(
                    area.x,
                    y,
                    &Line::from(Span::styled(format!(" {text}"), self.theme.dim())),
                    area.width,
                );
            }
        }
    }
}

/// `value` as a ratio to the column's best. When the best is 0 there is no ratio: the
/// panes at 0 show `×1.00` (they are the best) and the others `×—`.
#[expect(clippy::cast_precision_loss, reason = "a ratio shown to three figures")]
fn to_best(value: u64, best: u64) -> String {
    match (best, value) {
        (0, 0) => times(1.0),
        (0, _) => "×—".to_string(),
        _ => times(value as f64 / best as f64),
    }
}

/// A ratio to the best as `×1.00`, `×48.5` or `×38526`: three significant figures or more.
fn times(r: f64) -> String {
    if r >= 100.0 {
        format!("×{r:.0}")
    } else if r >= 10.0 {
        format!("×{r:.1}")
    } else {
        format!("×{r:.2}")
    }
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// Where the panes first diverged, in words.
pub fn divergence_text(app: &App) -> Option<String> {
    let d = app.divergence()?;
    let g = app.source().puzzle.geometry();
    if let Some(found) = d.found() {
        let parts: Vec<String> = found
            .choices
            .iter()
            .zip(PANE_NAMES)
            .map(|(c, n)| match c {
                crate::app::race::Choice::Decision { cell, digit, step } => {
                    format!("{n} {}={digit} (step {step})", g.cell_name(*cell))
                }
                crate::app::race::Choice::Ended { step } => format!("{n} ended (step {step})"),
            })
            .collect();
        Some(format!(
            "divergence at decision {}: {} — press d to jump there",
            found.node,
            parts.join(", ")
        ))
    } else if d.never() {
        Some("no divergence: every pane made the same decisions".into())
    } else {
        Some(format!(
            "no divergence yet: the first {} decisions agree",
            d.agreed()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::to_best;

    #[test]
    fn ratios_to_a_best_of_zero_are_not_made_up() {
        assert_eq!(to_best(0, 0), "×1.00");
        assert_eq!(to_best(84, 0), "×—");
        assert_eq!(to_best(84, 2), "×42.0");
        assert_eq!(to_best(2, 2), "×1.00");
        assert_eq!(to_best(77051, 2), "×38526");
    }
}
