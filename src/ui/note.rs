//! A lesson's note on screen: the stop's heading and its words, the cells it names
//! highlighted in the text and on the board.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::log::wrap;
use super::theme::Theme;
use crate::app::App;
use crate::solver::{Cell, Geometry};
use crate::teach::lesson::{cell_word, named_cells};

/// The cells the lesson's current note names (none outside a lesson, or past its end).
pub fn noted_cells(app: &App) -> Vec<Cell> {
    let Some(lesson) = app.lesson_state().filter(|l| !l.ended) else {
        return Vec::new();
    };
    lesson
        .stop()
        .map(|s| named_cells(&s.note, app.source().puzzle.geometry()))
        .unwrap_or_default()
}

/// `text` as spans, its cell names in `cell`'s style.
fn highlighted(text: &str, g: &Geometry, plain: Style, cell: Style) -> Line<'static> {
    let mut spans = Vec::new();
    let mut word = String::new();
    let mut other = String::new();
    let flush_word = |word: &mut String, spans: &mut Vec<Span<'static>>| {
        if !word.is_empty() {
            let style = if cell_word(word, g).is_some() {
                cell
            } else {
                plain
            };
            spans.push(Span::styled(std::mem::take(word), style));
        }
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            if !other.is_empty() {
                spans.push(Span::styled(std::mem::take(&mut other), plain));
            }
            word.push(c);
        } else {
            flush_word(&mut word, &mut spans);
            other.push(c);
        }
    }
    flush_word(&mut word, &mut spans);
    if !other.is_empty() {
        spans.push(Span::styled(other, plain));
    }
    Line::from(spans)
}

/// The note panel of a lesson's stop.
pub struct NotePanel<'a> {
    /// The app.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

impl NotePanel<'_> {
    /// Whether a note shows: in a lesson, before its end.
    pub fn shows(&self) -> bool {
        self.app.lesson_state().is_some_and(|l| !l.ended)
    }

    /// The panel's lines at `width`: the heading, then the note.
    pub fn lines(&self, width: u16) -> Vec<Line<'static>> {
        let Some(lesson) = self.app.lesson_state().filter(|l| !l.ended) else {
            return Vec::new();
        };
        let Some(stop) = lesson.stop() else {
            return Vec::new();
        };
        let t = self.theme;
        let total = lesson.plan.stops.len();
        let mut head = format!("stop {} of {total}", stop.number);
        if let Some(title) = &stop.title {
            head = format!("{head} · {title}");
        }
        let mut lines: Vec<Line<'static>> = wrap(&head, usize::from(width))
            .into_iter()
            .map(|l| Line::from(Span::styled(l, t.title())))
            .collect();
        if lesson.exploring {
            lines.push(Line::from(Span::styled(
                format!("exploring · L returns to stop {}", stop.number),
                t.key(),
            )));
        }
        let g = self.app.source().puzzle.geometry();
        for paragraph in stop.note.split("\n\n") {
            let flat = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
            for part in wrap(&flat, usize::from(width)) {
                lines.push(highlighted(&part, g, Style::new(), t.note_cell()));
            }
        }
        lines
    }

    /// Rows the panel wants at `width`, a blank row after it included.
    pub fn rows(&self, width: u16) -> u16 {
        let n = self.lines(width).len();
        if n == 0 { 0 } else { n as u16 + 1 }
    }
}

impl Widget for &NotePanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = self.lines(area.width);
        for (i, line) in lines.iter().take(usize::from(area.height)).enumerate() {
            buf.set_line(area.x, area.y + i as u16, line, area.width);
        }
    }
}
