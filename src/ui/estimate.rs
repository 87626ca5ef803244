//! How far along the search is: the line under the depth gauge (`≈ 37% of ~2.1e8 nodes
//! (1.1e8–4.2e8) · ~41 s left at this speed`), in the longest form that fits; the tree
//! header's note; and the chart of how the estimate moved (`E`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::Lane;
use crate::numbers::{approx, grouped};
use crate::solver::estimate::Estimate;

/// The estimate of one lane's search at its step.
pub struct EstimateLine<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Whether the view runs (the time left is then shown).
    pub running: bool,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &EstimateLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 || area.width == 0 {
            return;
        }
        let progress = self.lane.progress(self.running);
        let text = super::fit::shortest_if_none(progress.forms(), usize::from(area.width));
        let style = match progress.estimate {
            Estimate::Unknown | Estimate::Restarting { .. } => self.theme.dim(),
            _ => self.theme.title(),
        };
        buf.set_line(
            area.x,
            area.y,
            &Line::from(Span::styled(text, style)),
            area.width,
        );
    }
}

/// The estimate's line on the second row of `gauge` (the depth gauge's area), if it has one.
pub fn render_under(gauge: Rect, lane: &Lane, running: bool, theme: Theme, buf: &mut Buffer) {
    // A local search has no tree to estimate, nor nodes to count.
    if gauge.height > 1 && !lane.is_local() {
        let row = Rect {
            y: gauge.y + 1,
            height: 1,
            ..gauge
        };
        (&EstimateLine {
            lane,
            running,
            theme,
        })
            .render(row, buf);
    }
}

/// What the tree's header adds: ` · ≥ 37% searched` (of a search that may stop at its
/// first solution, at least the share of the whole tree's estimate), ` · size unknown`,
/// nothing once the search has ended (the tree is then whole).
pub fn tree_note(lane: &Lane) -> String {
    let progress = lane.progress(false);
    if progress.finished {
        return String::new();
    }
    match progress.estimate {
        Estimate::Unknown | Estimate::Restarting { .. } => " · size unknown".into(),
        Estimate::About { .. } if !progress.has_share() => " · size still rising".into(),
        _ if progress.share().is_some() => format!(" · {} searched", progress.share_words()),
        _ => String::new(),
    }
}

/// Eighths of a cell, for the chart's bars.
const PARTIAL: [&str; 9] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];

/// How the estimate moved over the search (`E` in place of the depth trace): one column per
/// span of steps, a bar as high as the estimated total then on a log scale, grey beyond
/// the current step, the current column marked, and a `─` across at the search's own
/// total once it has ended.
pub struct EstimateTraceView<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

/// The estimated total at the end of each of `width` columns over `steps` steps: the last
/// checkpoint's in the column, or the view's own in the column it is at; with each
/// column's last step.
fn columns(lane: &Lane, steps: u64, width: u64) -> Vec<(u64, Option<f64>)> {
    let step = lane.step();
    let points: Vec<(u64, Option<f64>)> = lane
        .timeline()
        .estimates()
        .map(|(s, e)| (s, e.total()))
        .chain(std::iter::once((step, lane.cursor().estimate().total())))
        .collect();
    (0..width)
        .map(|i| {
            let end = ((i + 1) * steps).div_ceil(width);
            let value = points
                .iter()
                .filter(|(s, _)| *s <= end)
                .max_by_key(|(s, _)| *s)
                .and_then(|(_, v)| *v);
            (end, value)
        })
        .collect()
}

impl Widget for &EstimateTraceView<'_> {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "chart heights from a log scale"
    )]
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 || area.width < 8 {
            return;
        }
        let labelled = area.height >= 2;
        let timeline = self.lane.timeline();
        let step = self.lane.step();
        let steps = timeline.trace().steps().max(1);
        let columns = columns(self.lane, steps, u64::from(area.width));
        let end_total = timeline
            .end()
            .filter(|_| self.lane.at_end())
            .map(|_| self.lane.cursor().stats().nodes as f64);
        let known = columns.iter().filter_map(|c| c.1).chain(end_total);
        let (low, high) = known.fold((f64::INFINITY, 0f64), |(lo, hi), v| {
            (lo.min(v.max(1.0)), hi.max(v.max(1.0)))
        });
        // Whole decades, so that the bars' heights read as orders of magnitude.
        let (low, high) = (
            10f64.powf(low.log10().floor()),
            10f64.powf(high.log10().ceil().max(low.log10().floor() + 1.0)),
        );
        let label = if high > 0.0 {
            format!(
                "estimated nodes of the whole tree over {} steps (log scale {}–{}{}; E: depth)",
                grouped(steps),
                approx(low),
                approx(high),
                if end_total.is_some() {
                    ", ─ this search's nodes"
                } else {
                    ""
                }
            )
        } else {
            format!(
                "estimated nodes of the whole tree over {} steps: unknown so far (E: depth)",
                grouped(steps)
            )
        };
        if labelled {
            buf.set_stringn(
                area.x,
                area.y,
                &label,
                usize::from(area.width),
                self.theme.dim(),
            );
        }
        let rows = area.height - u16::from(labelled);
        let levels = u64::from(rows) * 8;
        let (lo, hi) = (low.log10(), high.log10());
        let height = |v: f64| -> u64 {
            if hi - lo < 1e-9 {
                levels
            } else {
                (((v.max(1.0).log10() - lo) / (hi - lo)) * (levels - 1) as f64).round() as u64 + 1
            }
        };
        let mut previous_end = 0;
        for (i, &(end, value)) in columns.iter().enumerate() {
            let x = area.x + i as u16;
            let current = step > previous_end && step <= end;
            let ahead = previous_end >= step;
            previous_end = end;
            let style = self.theme.trace(false, false, ahead);
            let high = value.map_or(0, height);
            for r in 0..rows {
                let (row_lo, row_hi) = (u64::from(r) * 8, u64::from(r) * 8 + 8);
                let fill = high.clamp(row_lo, row_hi) - row_lo;
                let y = area.y + area.height - 1 - r;
                let mut s = style;
                if current {
                    s = s.add_modifier(ratatui::style::Modifier::REVERSED);
                }
                let symbol = PARTIAL[fill as usize];
                if symbol != " " || current {
                    buf.set_string(x, y, symbol, s);
                }
            }
        }
        if let Some(total) = end_total {
            let row = (height(total).saturating_sub(1) / 8) as u16;
            let y = area.y + area.height - 1 - row.min(rows - 1);
            for i in 0..area.width {
                buf.set_string(area.x + i, y, "─", self.theme.key());
            }
        }
    }
}
