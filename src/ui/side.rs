//! The side panel of a pane: its preset, counters, depth gauge and estimate, "why this
//! cell" and the arc queue where both fit, and the event log.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::depth::DepthGauge;
use super::log::LogView;
use super::queue::{QUEUE_ROWS, QueuePanel};
use super::render_into::RenderInto;
use super::stats::{StatsView, preset_line};
use super::theme::Theme;
use super::why::WhyView;
use super::{estimate, log, note, quiz, stats};

/// A side panel this wide shows the log in a column of its own.
const SPLIT_SIDE: u16 = 80;
use crate::app::lane::WHY_CELLS;
use crate::app::{App, Lane};

/// The side panel: preset, counters, gauge, why this cell, the arc queue (for a pane that
/// revises arcs, unless `A` hid it) and the log.
pub(super) fn render_side(
    app: &App,
    index: usize,
    lane: &Lane,
    area: Rect,
    with_preset: bool,
    theme: Theme,
    buf: &mut Buffer,
) {
    let (left, log_area) = if area.width >= SPLIT_SIDE {
        let lw = 60.min(area.width / 2);
        (
            Rect {
                width: lw - 1,
                ..area
            },
            Some(Rect::new(
                area.x + lw + 1,
                area.y,
                area.width - lw - 1,
                area.height,
            )),
        )
    } else {
        (area, None)
    };
    let mut y = left.y;
    let bottom = left.y + left.height;
    let mut take = |h: u16| {
        let h = h.min(bottom.saturating_sub(y));
        let r = Rect::new(left.x, y, left.width, h);
        y += h;
        r
    };
    // Pane A of one search carries the lesson's note and the question, in place of "why
    // this cell"; when they need the room, the counters and the gauge give way.
    let note = note::NotePanel { app, theme };
    let quiz = quiz::QuizPanel { app, lane, theme };
    let teaching = index == 0 && app.lanes().len() == 1;
    let note_h = if teaching { note.rows(left.width) } else { 0 };
    let quiz_h = if teaching && quiz.shows() {
        quiz.rows(left.width)
    } else {
        0
    };
    let cols = (left.width / 24).max(1) as usize;
    let count = stats::counters(lane).len();
    let counter_rows = if cols == 1 { 8 } else { count.div_ceil(cols) } as u16;
    let fixed = if with_preset { 2 } else { 0 } + counter_rows + 1 + 2;
    let with_counters = note_h + quiz_h == 0 || fixed + note_h + quiz_h <= left.height;
    if with_preset {
        let r = take(2);
        for (i, row) in log::wrap_spans(preset_line(lane, theme), r.width)
            .iter()
            .take(usize::from(r.height))
            .enumerate()
        {
            buf.set_line(r.x, r.y + i as u16, row, r.width);
        }
    }

    if with_counters {
        let stats_area = take(counter_rows + 1);
        (&StatsView { lane, theme }).render_into(
            Rect {
                height: stats_area.height.saturating_sub(1),
                ..stats_area
            },
            buf,
        );
        let gauge = take(2);
        (&DepthGauge { lane, theme }).render_into(
            Rect {
                height: gauge.height.min(1),
                ..gauge
            },
            buf,
        );
        estimate::render_under(gauge, lane, app.running(), theme, buf);
    }
    if note_h > 0 {
        (&note).render_into(take(note_h), buf);
    }
    if quiz_h > 0 {
        (&quiz).render_into(take(quiz_h), buf);
        let rest = take(u16::MAX);
        let log = log_area.unwrap_or(rest);
        (&LogView { lane, theme }).render_into(log, buf);
        return;
    }
    let rest = render_why_and_queue(app, lane, take(u16::MAX), log_area.is_some(), theme, buf);
    let log = log_area.unwrap_or(rest);
    (&LogView { lane, theme }).render_into(log, buf);
}

/// "Why this cell" and the arc queue panel (for a pane that revises arcs, unless `A` hid
/// it) at the top of `area`; returns what is left below them (for the log, unless `split`:
/// the log has a column of its own). Where both do not fit, the queue takes why's place
/// but at a select, whose reasons why this cell gives.
fn render_why_and_queue(
    app: &App,
    lane: &Lane,
    area: Rect,
    split: bool,
    theme: Theme,
    buf: &mut Buffer,
) -> Rect {
    let room = area.height;
    let mut y = area.y;
    let mut take = |h: u16| {
        let h = h.min(area.y + area.height - y);
        let r = Rect::new(area.x, y, area.width, h);
        y += h;
        r
    };
    let why_h = WHY_CELLS as u16 + 2;
    let queue = app.queue_panel() && lane.timeline().revises() && lane.cursor().queue().is_some();
    // Both when the log keeps a few rows (or has a column of its own).
    let both = room >= why_h + QUEUE_ROWS + 2 + if split { 0 } else { 3 };
    let at_select = matches!(
        lane.cursor().last().map(|l| l.event),
        Some(crate::solver::Event::Select { .. })
    );
    if !queue || both || at_select {
        let why = take(why_h + 1);
        (&WhyView { lane, theme }).render_into(
            Rect {
                height: why.height.saturating_sub(1),
                ..why
            },
            buf,
        );
    }
    if queue && (both || !at_select) {
        let rows = if both { QUEUE_ROWS } else { why_h };
        let area = take(rows + 1);
        (&QueuePanel { lane, theme }).render_into(
            Rect {
                height: area.height.saturating_sub(1),
                ..area
            },
            buf,
        );
    }
    take(u16::MAX)
}
