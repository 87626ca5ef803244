//! The breakpoint list (`:breaks`), numbered as `delete N` names them, with their hits.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::theme::Theme;
use crate::app::breakpoints::Breakpoints;

/// The list in a box.
pub struct BreaksView<'a> {
    /// The breakpoints.
    pub breakpoints: &'a Breakpoints,
    /// Styles.
    pub theme: Theme,
}

impl BreaksView<'_> {
    /// Rows the box needs.
    pub fn height(&self) -> u16 {
        self.breakpoints.list().len().max(1) as u16 + 2
    }
}

impl Widget for &BreaksView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(area, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(self.theme.dim())
            .title(Line::styled(
                " breakpoints · :delete N · :clear · Esc closes ",
                self.theme.title(),
            ));
        let inner = block.inner(area);
        block.render(area, buf);
        let list = self.breakpoints.list();
        if list.is_empty() {
            buf.set_stringn(
                inner.x + 1,
                inner.y,
                "none: :break COND adds one (e.g. :break assign r5c3=7)",
                usize::from(inner.width.saturating_sub(1)),
                self.theme.dim(),
            );
            return;
        }
        let text_w = list
            .iter()
            .map(|b| b.bound.text().chars().count())
            .max()
            .unwrap_or(0);
        for (i, b) in list.iter().enumerate().take(usize::from(inner.height)) {
            let hits = if b.hits == 1 {
                "1 hit".to_string()
            } else {
                format!("{} hits", crate::numbers::grouped(b.hits))
            };
            let row = format!("#{:<3} {:<text_w$}   {hits}", b.id, b.bound.text());
            buf.set_stringn(
                inner.x + 1,
                inner.y + i as u16,
                &row,
                usize::from(inner.width.saturating_sub(1)),
                self.theme.key(),
            );
        }
    }
}
