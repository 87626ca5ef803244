//! The summary at the end of a quiz or a lesson: the score by kind, precision and recall of
//! the marked candidates, what was skipped or left to the teacher, and where the answers
//! are; a centred box over the view.
//!
//! ```text
//! ┌ quiz over ─────────────────────────────────────┐
//! │ 7 of 10 right                                  │
//! │ cell     4/5                                   │
//! │ prunes   1/2  precision 0.83 · recall 0.75     │
//! │ answers written to answers.jsonl               │
//! │ Esc closes · q quits                           │
//! └────────────────────────────────────────────────┘
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::log::wrap;
use super::theme::Theme;
use crate::app::App;

/// The summary box.
pub struct SummaryView<'a> {
    /// The app.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

/// The summary's title and its lines of text.
pub fn summary_text(app: &App) -> (String, Vec<String>) {
    let tally = app.tally();
    let (right, asked) = tally.total();
    let title = match app.lesson_state() {
        Some(l) => format!(" lesson over: {} ", l.plan.title),
        None => " quiz over ".to_string(),
    };
    let mut lines = vec![if asked == 0 {
        "no question answered".to_string()
    } else {
        format!("{right} of {asked} right")
    }];
    for (kind, s) in tally.kinds() {
        let mut line = match kind {
            crate::teach::Kind::Free => format!("{:<8} {} answered", kind.name(), s.open),
            _ => format!("{:<8} {}/{}", kind.name(), s.right, s.asked),
        };
        let mean = |(sum, n): (f64, u32)| (n > 0).then(|| sum / f64::from(n));
        if let (Some(p), Some(r)) = (mean(s.precision), mean(s.recall)) {
            line = format!("{line}  precision {p:.2} · recall {r:.2}");
        }
        if s.skipped > 0 {
            line = format!("{line}  ({} skipped)", s.skipped);
        }
        lines.push(line);
    }
    if tally.open() > 0 {
        lines.push(format!(
            "{} answer{} left for your teacher to mark",
            tally.open(),
            if tally.open() == 1 { "" } else { "s" }
        ));
    }
    lines.push(match (app.answers_label(), app.unsaved()) {
        (_, n) if n > 0 => format!("{n} answers not saved: q offers to save them"),
        (Some(file), _) => format!("answers written to {file}"),
        (None, _) => "no answers to save".to_string(),
    });
    lines.push(String::new());
    lines.push(if app.lesson_state().is_some() {
        "p back to the last stop · Esc closes · q quits".to_string()
    } else {
        "Esc closes · ←→ step on · q quits".to_string()
    });
    (title, lines)
}

impl Widget for &SummaryView<'_> {
    /// `area` is the whole screen: the box is centred above the status line.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (title, text) = summary_text(self.app);
        let inner_width = text
            .iter()
            .map(|l| l.chars().count())
            .chain([title.chars().count()])
            .max()
            .unwrap_or(0)
            .min(usize::from(area.width.saturating_sub(4)));
        let mut lines = Vec::new();
        for (i, line) in text.iter().enumerate() {
            for part in wrap(line, inner_width.max(1)) {
                let style = if i == 0 {
                    self.theme.title()
                } else if i + 1 == text.len() {
                    self.theme.dim()
                } else {
                    ratatui::style::Style::new()
                };
                lines.push(Line::from(Span::styled(part, style)));
            }
        }
        let width = (inner_width as u16 + 4).min(area.width);
        let height = (lines.len() as u16 + 2).min(area.height.saturating_sub(1));
        let rect = Rect::new(
            area.x + area.width.saturating_sub(width) / 2,
            area.y + area.height.saturating_sub(1).saturating_sub(height) / 2,
            width,
            height,
        );
        Clear.render(rect, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(title, self.theme.title()));
        let inner = block.inner(rect);
        block.render(rect, buf);
        for (i, line) in lines.iter().take(usize::from(inner.height)).enumerate() {
            buf.set_line(
                inner.x + 1,
                inner.y + i as u16,
                line,
                inner.width.saturating_sub(1),
            );
        }
    }
}
