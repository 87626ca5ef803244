//! "Why this cell": the cells the order weighed at the last select, and LCV's counts.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::Lane;
use crate::app::words::order_label;

/// The last select's reasons.
pub struct WhyView<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &WhyView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 {
            return;
        }
        let order = self.lane.timeline().strategy().order;
        let g = self.lane.timeline().puzzle().geometry();
        if self.lane.timeline().is_stream() {
            // A stream's solver says which cell it chose, not why.
            let text = match self.lane.cursor().last_select().map(|l| l.event) {
                Some(crate::solver::Event::Select { cell, domain, .. }) => format!(
                    "why this cell: the solver chose {} ({} candidates) and gave no reason",
                    g.cell_name(cell),
                    domain.len()
                ),
                _ => "why this cell: the solver gave no reason (no select)".to_string(),
            };
            buf.set_stringn(
                area.x,
                area.y,
                text,
                usize::from(area.width),
                self.theme.dim(),
            );
            return;
        }
        let Some(why) = self.lane.why() else {
            buf.set_stringn(
                area.x,
                area.y,
                "why this cell: no select yet",
                usize::from(area.width),
                self.theme.dim(),
            );
            return;
        };
        let mut lines = vec![Line::from(vec![
            Span::styled("why this cell", self.theme.title()),
            Span::styled(
                if order.is_static() {
                    format!(
                        " (step {}, {}: the next open cell of a fixed sequence)",
                        why.select.step,
                        order_label(order)
                    )
                } else {
                    format!(
                        " (step {}, {}; ties go by reading order)",
                        why.select.step,
                        order_label(order)
                    )
                },
                self.theme.dim(),
            ),
        ])];
        let tie = order.tie_break();
        for (i, r) in why.ranked.iter().enumerate() {
            let mut spans = vec![
                Span::styled(if i == 0 { " ▶ " } else { "   " }, self.theme.key()),
                Span::styled(
                    format!("{:<6}", g.cell_name(r.cell).to_string()),
                    if i == 0 {
                        self.theme.title()
                    } else {
                        ratatui::style::Style::new()
                    },
                ),
                Span::raw(format!("{} cand", r.score.candidates)),
            ];
            if let Some(name) = tie {
                spans.push(Span::raw(format!("  {name} {}", r.score.tie_break)));
            } else if order.is_static() {
                spans.push(Span::styled(
                    format!("  #{} in order", i + 1),
                    self.theme.dim(),
                ));
            }
            if i == 0 {
                spans.push(Span::styled("  chosen", self.theme.leader()));
            } else if why.ranked[0].score == r.score {
                spans.push(Span::styled("  tie", self.theme.dim()));
            }
            lines.push(Line::from(spans));
        }
        if !why.lcv.is_empty() {
            let parts: Vec<String> = why
                .lcv
                .iter()
                .map(|(d, n)| format!("{}:{n}", d.symbol(g.size())))
                .collect();
            lines.push(Line::from(vec![
                Span::styled(" LCV ruled-out peer candidates ", self.theme.dim()),
                Span::raw(parts.join(" ")),
            ]));
        }
        for (i, line) in lines.iter().take(usize::from(area.height)).enumerate() {
            buf.set_line(area.x, area.y + i as u16, line, area.width);
        }
    }
}
