//! Where a lesson's note and a question go: beside the board in watch (see
//! `render_side`), under the tree, under the race table in compare, or alone on a screen
//! too small for the stop's layout.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::render_into::RenderInto;
use super::theme::Theme;
use super::{note, quiz, status, summary};
use crate::app::App;

/// Rows a lesson's note and a question want at `width` (compare: under the race table).
pub fn teach_rows(app: &App, width: u16) -> u16 {
    if app.lanes().len() < 2 {
        return 0;
    }
    side_teach_rows(app, width)
}

/// Rows the note and the question panel want at `width`.
pub(super) fn side_teach_rows(app: &App, width: u16) -> u16 {
    let Some(lane) = app.lanes().first() else {
        return 0;
    };
    let note = note::NotePanel {
        app,
        theme: Theme { color: false },
    };
    let quiz = quiz::QuizPanel {
        app,
        lane,
        theme: Theme { color: false },
    };
    let quiz_rows = if quiz.shows() { quiz.rows(width) } else { 0 };
    note.rows(width) + quiz_rows
}

/// The note, then the question panel, in `area`.
pub(super) fn render_teach(app: &App, area: Rect, theme: Theme, buf: &mut Buffer) {
    let Some(lane) = app.lanes().first() else {
        return;
    };
    let note = note::NotePanel { app, theme };
    let note_h = note.rows(area.width).min(area.height);
    (&note).render_into(
        Rect {
            height: note_h,
            ..area
        },
        buf,
    );
    let quiz = quiz::QuizPanel { app, lane, theme };
    if quiz.shows() {
        let rest = Rect::new(area.x, area.y + note_h, area.width, area.height - note_h);
        (&quiz).render_into(rest, buf);
    }
}

/// A lesson on a screen too small for its stop's layout: the note and the question still
/// show, under a line saying what the layout needs.
pub(super) fn render_lesson_too_small(
    app: &App,
    (width, height): (u16, u16),
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    // A lesson's note and question still show, with what the layout needs.
    let head = format!(
        "this stop's view needs {width}×{height} (now {}×{}): its note and question",
        area.width, area.height
    );
    buf.set_stringn(area.x, area.y, head, usize::from(area.width), theme.key());
    let body = Rect::new(
        area.x + 1,
        area.y + 2,
        area.width.saturating_sub(2),
        area.height.saturating_sub(4),
    );
    render_teach(app, body, theme, buf);
    let legend = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(2),
        area.width,
        1,
    );
    buf.set_line(
        legend.x,
        legend.y,
        &status::legend_line(app, theme, legend.width),
        legend.width,
    );
    buf.set_line(
        area.x,
        area.y + area.height.saturating_sub(1),
        &status::status_line(app, theme, area.width),
        area.width,
    );
    if app.summary_shown() {
        (&summary::SummaryView { app, theme }).render_into(area, buf);
    }
}
