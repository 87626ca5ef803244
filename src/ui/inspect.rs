//! The domain history of a clicked cell: which event removed each candidate, and why.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::log::wrap;
use super::theme::Theme;
use crate::app::event_words::explain;
use crate::app::{Inspect, Lane};
use crate::numbers::grouped;

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
            grouped(self.lane.step()),
            crate::app::event_words::set(g, grid.domain(cell))
        );
        // Each entry (an event's words wrapped at word boundaries under their own column)
        // is shown whole or not at all.
        let mut entries: Vec<Vec<Line>> = Vec::new();
        let w = super::log::step_column(self.lane.step()) - 1;
        let inner_width = usize::from(area.width.saturating_sub(2));
        let mut push = |lead: Vec<Span<'static>>, text: String| {
            let lead_width: usize = lead.iter().map(Span::width).sum();
            let rows = wrap(&text, inner_width.saturating_sub(lead_width).max(1));
            let mut entry = Vec::new();
            for (k, row) in rows.into_iter().enumerate() {
                let mut spans = if k == 0 {
                    lead.clone()
                } else {
                    vec![Span::raw(" ".repeat(lead_width))]
                };
                spans.push(Span::raw(row));
                entry.push(Line::from(spans));
            }
            entries.push(entry);
        };
        match &self.inspect.history {
            None => push(Vec::new(), "history not computed yet".into()),
            Some(h) => {
                if self.lane.timeline().puzzle().given(cell).is_some() {
                    push(Vec::new(), "a given: never searched".into());
                } else if let Some(a) = h.assigned {
                    push(
                        vec![Span::styled(
                            format!("{:>w$} ", grouped(a.step)),
                            self.theme.dim(),
                        )],
                        explain(g, &self.lane.voice(&a), &a),
                    );
                }
                for (digit, logged) in &h.removed {
                    let sym = digit.symbol(g.size());
                    // The digit and the cell are the row's and the title's: the reason is
                    // the rest of the log's sentence.
                    let text = explain(g, &self.lane.voice(logged), logged);
                    let lead = format!("prune {sym} from {}: ", g.cell_name(cell));
                    let text = text
                        .strip_prefix(&lead)
                        .map_or(text.clone(), str::to_string);
                    push(
                        vec![
                            Span::styled(format!("{sym} "), self.theme.key()),
                            Span::styled(
                                format!("{:>w$} ", grouped(logged.step)),
                                self.theme.dim(),
                            ),
                        ],
                        text,
                    );
                }
                if h.removed.is_empty()
                    && h.assigned.is_none()
                    && self.lane.timeline().puzzle().given(cell).is_none()
                {
                    push(Vec::new(), "no candidate removed yet".into());
                }
            }
        }
        let rows = usize::from(area.height.saturating_sub(2));
        let mut lines: Vec<Line> = Vec::new();
        let total = entries.len();
        for (i, entry) in entries.into_iter().enumerate() {
            // Room for this entry, and for the note of the ones left out after it.
            let after = usize::from(i + 1 < total);
            if lines.len() + entry.len() + after > rows && i + 1 < total
                || lines.len() + entry.len() > rows
            {
                let left = total - i;
                lines.push(Line::from(Span::styled(
                    format!("… {left} more: a taller terminal shows them"),
                    self.theme.dim(),
                )));
                break;
            }
            lines.extend(entry);
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
