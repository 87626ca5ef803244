//! The help overlay, generated from the key table that dispatches the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::theme::Theme;
use crate::app::keymap::{KEYMAP, Scope};

/// Breakpoint conditions in brief (the grammar is in docs/breakpoints.md and the `:` prompt).
const CONDITIONS: [&str; 3] = [
    "assign|decision|prune|backtrack [r5c3[=7]] · select [r5c3] · wipeout [r2c1]",
    "solution · node N · depth|step|nodes|backtracks|prunes|wipeouts > >= < <= == N",
    "combined with and, or, not, ( ); e.g. :break select and depth > 8",
];

/// The keys, as a centred box.
pub struct HelpView {
    /// Panes on screen (some keys apply to one pane only, or to several).
    pub panes: usize,
    /// Styles.
    pub theme: Theme,
}

/// The help lines: every binding that applies, then the mouse.
pub fn help_lines(panes: usize, theme: Theme) -> Vec<Line<'static>> {
    let mut lines: Vec<Line> = KEYMAP
        .iter()
        .filter(|b| match b.scope {
            Scope::Both => true,
            Scope::Watch | Scope::Tree => panes == 1,
            Scope::Compare => panes > 1,
        })
        .map(|b| {
            Line::from(vec![
                Span::styled(format!(" {:<10}", b.label), theme.key()),
                Span::raw(b.help),
            ])
        })
        .collect();
    lines.push(Line::from(vec![
        Span::styled(format!(" {:<10}", "click"), theme.key()),
        Span::raw("a cell: its domain history (which event removed each candidate)"),
    ]));
    for (i, text) in CONDITIONS.iter().enumerate() {
        let label = if i == 0 { "COND" } else { "" };
        lines.push(Line::from(vec![
            Span::styled(format!(" {label:<10}"), theme.key()),
            Span::raw(*text),
        ]));
    }
    lines.push(Line::from(Span::styled(
        " any key stops a run-to; Esc or ? closes this help",
        theme.dim(),
    )));
    lines
}

impl Widget for &HelpView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = help_lines(self.panes, self.theme);
        let w = (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4).min(area.width);
        let h = (lines.len() as u16 + 2).min(area.height);
        let rect = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        Clear.render(rect, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(" keys ", self.theme.title()));
        let inner = block.inner(rect);
        block.render(rect, buf);
        let rows = usize::from(inner.height);
        // Too short a terminal: say how much is left out rather than end mid-table.
        let shown = if lines.len() > rows {
            rows.saturating_sub(1)
        } else {
            rows
        };
        for (i, line) in lines.iter().take(shown).enumerate() {
            buf.set_line(
                inner.x + 1,
                inner.y + i as u16,
                line,
                inner.width.saturating_sub(1),
            );
        }
        if shown < lines.len() && rows > 0 {
            let more = format!(
                "… {} more lines: a terminal {} rows tall shows them all",
                lines.len() - shown,
                lines.len() + 4
            );
            buf.set_line(
                inner.x + 1,
                inner.y + shown as u16,
                &Line::styled(more, self.theme.dim()),
                inner.width.saturating_sub(1),
            );
        }
    }
}
