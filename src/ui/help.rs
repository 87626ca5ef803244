//! The help overlay: the key table (made from the table that dispatches the keys, wrapped
//! to the screen by [`Page`]) as a centred box that scrolls when the screen is too short.
//!
//! ```text
//! ┌ keys ──────────────────────────────────────────────────────────────────────┐
//! │  Space       play / pause                                                  │
//! │  f           fork: pick a cell (arrows, hjkl or a click) and type a digit: │
//! │                a new pane decides it                                       │
//! └ lines 1–21 of 48 · ↑↓ PgUp PgDn Home End scroll · ? closes ────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::fit::first_fitting;
use super::theme::Theme;
use crate::app::help::{HelpRow, Page, RowKind};

/// The keys, as a centred box.
pub struct HelpView {
    /// Panes on screen (some keys apply to one pane only, or to several).
    pub panes: usize,
    /// The first row on screen (the app keeps it within the content).
    pub offset: usize,
    /// Styles.
    pub theme: Theme,
}

fn styled(row: &HelpRow, theme: Theme) -> Line<'static> {
    match row.kind {
        RowKind::Note => Line::from(Span::styled(
            format!("{}{}", row.key, row.text),
            theme.dim(),
        )),
        RowKind::Key | RowKind::Condition => Line::from(vec![
            Span::styled(row.key.clone(), theme.key()),
            Span::raw(row.text.clone()),
        ]),
    }
}

/// Where the viewer is, and how to move, in the longest wording that fits `width`.
fn indicator(first: usize, last: usize, total: usize, width: usize) -> Option<String> {
    let at = format!("lines {first}–{last} of {total}");
    first_fitting(
        [
            format!(" {at} · ↑↓ PgUp PgDn Home End scroll · ? closes "),
            format!(" {at} · ↑↓ PgUp PgDn scroll · ? closes "),
            format!(" {at} · ↑↓ scroll "),
            format!(" {at} "),
            format!(" {first}–{last}/{total} "),
        ],
        width,
    )
}

impl Widget for &HelpView {
    /// `area` is the whole screen: the box is centred above the status line.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let page = Page::for_screen(self.panes, area.width, area.height);
        let room = Rect {
            height: area.height.saturating_sub(1),
            ..area
        };
        let rect = Rect::new(
            room.x + room.width.saturating_sub(page.width) / 2,
            room.y + room.height.saturating_sub(page.height) / 2,
            page.width.min(room.width),
            page.height.min(room.height),
        );
        Clear.render(rect, buf);
        let mut block = Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(" keys ", self.theme.title()));
        let offset = self.offset.min(page.max_offset());
        let shown = page.rows.len().saturating_sub(offset).min(page.visible);
        if page.scrolls() && shown > 0 {
            let border = usize::from(rect.width.saturating_sub(2));
            if let Some(text) = indicator(offset + 1, offset + shown, page.rows.len(), border) {
                block = block.title_bottom(Span::styled(text, self.theme.dim()));
            }
        }
        let inner = block.inner(rect);
        block.render(rect, buf);
        for (i, row) in page.rows.iter().skip(offset).take(shown).enumerate() {
            buf.set_line(
                inner.x + 1,
                inner.y + i as u16,
                &styled(row, self.theme),
                inner.width.saturating_sub(1),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_indicator_fits_at_80_columns_and_shrinks_whole() {
        let full = indicator(1, 21, 49, 78).expect("fits in an 80-column box");
        assert!(full.contains("lines 1–21 of 49") && full.contains("? closes"));
        let narrow = indicator(1, 21, 49, 30).expect("a shorter wording");
        assert_eq!(narrow, " lines 1–21 of 49 · ↑↓ scroll ");
        assert_eq!(indicator(1, 21, 49, 3), None);
    }
}
