//! The domain history of a clicked cell: which event removed each candidate, and why.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::theme::Theme;
use crate::app::words::explain;
use crate::app::{Inspect, Lane};

/// The inspected cell's history, as a box.
pub struct InspectView<'a> {
    /// The inspection.
    pub inspect: &'a Inspect,
    /// Its lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &InspectView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.lane.timeline().puzzle().geometry();
        let cell = self.inspect.cell;
        let grid = self.lane.cursor().replay().grid();
        let title = format!(
            " {} at step {}: domain {} ",
            g.cell_name(cell),
            self.lane.step(),
            crate::app::words::set(g, grid.domain(cell))
        );
        let mut lines = Vec::new();
        match &self.inspect.history {
            None => lines.push(Line::from(Span::styled(
                "history not computed yet",
                self.theme.dim(),
            ))),
            Some(h) => {
                if self.lane.timeline().puzzle().given(cell).is_some() {
                    lines.push(Line::from("a given: never searched"));
                } else if let Some(a) = h.assigned {
                    lines.push(Line::from(vec![
                        Span::styled(format!("{:>7} ", a.step), self.theme.dim()),
                        Span::raw(explain(g, &self.lane.voice(&a), &a)),
                    ]));
                }
                for (digit, logged) in &h.removed {
                    lines.push(Line::from(vec![
                        Span::styled(format!("{} ", digit.symbol(g.size())), self.theme.key()),
                        Span::styled(format!("{:>7} ", logged.step), self.theme.dim()),
                        Span::raw(explain(g, &self.lane.voice(logged), logged)),
                    ]));
                }
                if h.removed.is_empty()
                    && h.assigned.is_none()
                    && self.lane.timeline().puzzle().given(cell).is_none()
                {
                    lines.push(Line::from("no candidate removed yet"));
                }
            }
        }
        let w = area.width;
        let h = (lines.len() as u16 + 2).min(area.height);
        let rect = Rect::new(area.x, area.y + area.height - h, w, h);
        Clear.render(rect, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(title, self.theme.title()));
        let inner = block.inner(rect);
        block.render(rect, buf);
        for (i, line) in lines.iter().take(usize::from(inner.height)).enumerate() {
            buf.set_line(inner.x, inner.y + i as u16, line, inner.width);
        }
    }
}
