//! Rendering: every screen is a function of the app state (widgets only read it).
//!
//! The watch screen (one pane):
//! ```text
//! ┌ title: dokuscope · file:line · givens ─────────────────────────────────────┐
//! │ board (pencil marks 67×31, or compact 31×13) │ preset · counters           │
//! │                                              │ depth gauge                 │
//! │                                              │ why this cell │ event log   │
//! │ explanation of the last event                                              │
//! │ depth-over-time trace                                                      │
//! │ key legend (or the go-to prompt, or a message)                             │
//! └ status line: PAUSED step N depth D nodes N backtracks N speed preset ──────┘
//! ```
//! The compare screen puts 2 panes side by side or 4 in a 2×2 grid, each with its header
//! (pane letter, preset, badge), board, counters, gauge, explanation and trace; then the
//! race table (or the summary), the legend and the status line.

pub mod board;
pub mod depth;
pub mod help;
pub mod inspect;
pub mod log;
pub mod race;
pub mod stats;
pub mod status;
pub mod theme;
pub mod why;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use self::board::{BoardLayout, BoardView};
use self::depth::{DepthGauge, DepthTraceView};
use self::help::HelpView;
use self::inspect::InspectView;
use self::log::{LogView, explanation};
use self::race::{RaceView, badge};
use self::stats::{StatsView, preset_line};
pub use self::theme::Theme;
use self::why::WhyView;
use crate::app::lane::WHY_CELLS;
use crate::app::{App, Lane};
use crate::solver::Cell;

/// The narrowest side panel beside the board in watch.
const WATCH_SIDE_MIN: u16 = 31;
/// The narrowest side panel beside a board in a compare pane.
const PANE_SIDE_MIN: u16 = 24;
/// Rows around the board in watch: title, explanation, trace (2 at least), legend, status.
const WATCH_CHROME: u16 = 6;
/// Rows around the board in a pane: header, explanation, trace (2 at least).
const PANE_CHROME: u16 = 4;
/// The most rows the depth trace takes.
const TRACE_MAX: u16 = 12;
/// Rows the side panel wants: preset, counters, gauge, why, and a few log lines.
const SIDE_WANTS: u16 = 24;
/// A side panel this wide shows the log in a column of its own.
const SPLIT_SIDE: u16 = 80;

/// Where one pane's parts go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaneRects {
    /// The header (compare) or title (watch) row.
    pub header: Rect,
    /// The board.
    pub board: Rect,
    /// The board's form.
    pub layout: BoardLayout,
    /// Counters, gauge, why and log.
    pub side: Rect,
    /// The explanation line.
    pub explanation: Rect,
    /// The depth trace.
    pub trace: Rect,
}

/// The whole screen's parts, or the size it needs when it does not fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Everything fits.
    Fits {
        /// One per pane.
        panes: Vec<PaneRects>,
        /// The race table (compare only).
        race: Option<Rect>,
        /// The legend row.
        legend: Rect,
        /// The status row.
        status: Rect,
    },
    /// The terminal is smaller than the compact form needs.
    TooSmall {
        /// Columns needed.
        width: u16,
        /// Rows needed.
        height: u16,
    },
}

fn pane_rects(area: Rect, b: usize, side_min: u16, chrome: u16) -> Option<PaneRects> {
    let fits = |l: &BoardLayout| {
        area.width >= l.width() + 1 + side_min && area.height >= l.height() + chrome
    };
    let full = BoardLayout::new(b, false);
    let compact = BoardLayout::new(b, true);
    let layout = if fits(&full) {
        full
    } else if fits(&compact) {
        compact
    } else {
        return None;
    };
    // The body takes what the board and the side panel want; the trace the rest, within bounds.
    let spare = area.height - (chrome - 2);
    let body_want = layout.height().max(SIDE_WANTS.min(spare - 2));
    let trace_h = (spare - body_want).clamp(3, TRACE_MAX);
    let body_h = spare - trace_h;
    let header = Rect::new(area.x, area.y, area.width, 1);
    let body_y = area.y + 1;
    let board = Rect::new(area.x, body_y, layout.width(), layout.height());
    let side = Rect::new(
        area.x + layout.width() + 1,
        body_y,
        area.width - layout.width() - 1,
        body_h,
    );
    let explanation = Rect::new(area.x, body_y + body_h, area.width, 1);
    let trace = Rect::new(area.x, explanation.y + 1, area.width, trace_h);
    Some(PaneRects {
        header,
        board,
        layout,
        side,
        explanation,
        trace,
    })
}

/// Lays the screen out for `app` in `area`.
pub fn screen(app: &App, area: Rect) -> Screen {
    let box_side = app.source().puzzle.size().get();
    let count = app.lanes().len();
    let compact = BoardLayout::new(box_side, true);
    let status = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(1),
        area.width,
        1,
    );
    let legend = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(2),
        area.width,
        1,
    );
    if count <= 1 {
        let body = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(2));
        return match pane_rects(body, box_side, WATCH_SIDE_MIN, WATCH_CHROME - 2) {
            Some(p) => Screen::Fits {
                panes: vec![p],
                race: None,
                legend,
                status,
            },
            None => Screen::TooSmall {
                width: compact.width() + 1 + WATCH_SIDE_MIN,
                height: compact.height() + WATCH_CHROME,
            },
        };
    }
    let (cols, rows) = if count == 2 { (2u16, 1u16) } else { (2, 2) };
    let race_h = count as u16 + 2;
    let needed = Screen::TooSmall {
        width: cols * (compact.width() + 1 + PANE_SIDE_MIN) + (cols - 1),
        height: rows * (compact.height() + PANE_CHROME) + race_h + 2,
    };
    let Some(grid_h) = area.height.checked_sub(race_h + 2) else {
        return needed;
    };
    let pane_w = area.width.saturating_sub(cols - 1) / cols;
    let pane_h = grid_h / rows;
    let mut panes = Vec::with_capacity(count);
    for i in 0..count as u16 {
        let (col, row) = (i % cols, i / cols);
        let rect = Rect::new(
            area.x + col * (pane_w + 1),
            area.y + row * pane_h,
            pane_w,
            pane_h,
        );
        match pane_rects(rect, box_side, PANE_SIDE_MIN, PANE_CHROME) {
            Some(p) => panes.push(p),
            None => return needed,
        }
    }
    let race = Rect::new(area.x, area.y + rows * pane_h, area.width, race_h);
    Screen::Fits {
        panes,
        race: Some(race),
        legend,
        status,
    }
}

/// Draws the whole screen.
pub fn render(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    match screen(app, area) {
        Screen::TooSmall { width, height } => {
            let lines = [
                format!("enlarge the terminal to at least {width}×{height}"),
                format!("(now {}×{}; q quits)", area.width, area.height),
            ];
            for (i, text) in lines.iter().enumerate() {
                let y = area.y + area.height / 2 + i as u16;
                let x = area.x + area.width.saturating_sub(text.chars().count() as u16) / 2;
                if y < area.y + area.height {
                    buf.set_stringn(
                        x,
                        y,
                        text,
                        usize::from(area.width),
                        if i == 0 { theme.key() } else { theme.dim() },
                    );
                }
            }
            if let Some(line) = Some(status::status_line(app, theme)) {
                buf.set_line(
                    area.x,
                    area.y + area.height.saturating_sub(1),
                    &line,
                    area.width,
                );
            }
        }
        Screen::Fits {
            panes,
            race,
            legend,
            status,
        } => {
            let several = panes.len() > 1;
            for (i, (lane, rects)) in app.lanes().iter().zip(&panes).enumerate() {
                render_pane(app, i, lane, rects, several, theme, buf);
            }
            if let Some(r) = race {
                (&RaceView { app, theme }).render_into(r, buf);
            }
            buf.set_line(
                legend.x,
                legend.y,
                &status::legend_line(app, theme, legend.width),
                legend.width,
            );
            buf.set_line(
                status.x,
                status.y,
                &status::status_line(app, theme),
                status.width,
            );
            if let Some(inspect) = app.inspect() {
                if let (Some(lane), Some(rects)) =
                    (app.lanes().get(inspect.lane), panes.get(inspect.lane))
                {
                    let h =
                        (lane.timeline().puzzle().size().side() as u16 + 3).min(rects.side.height);
                    let area = Rect::new(
                        rects.side.x,
                        rects.side.y + rects.side.height - h,
                        rects.side.width,
                        h,
                    );
                    (&InspectView {
                        inspect,
                        lane,
                        theme,
                    })
                        .render_into(area, buf);
                }
            }
            if app.help() {
                (&HelpView {
                    panes: app.lanes().len(),
                    theme,
                })
                    .render_into(
                        Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1)),
                        buf,
                    );
            }
        }
    }
}

trait RenderInto {
    fn render_into(self, area: Rect, buf: &mut Buffer);
}

impl<W> RenderInto for W
where
    W: ratatui::widgets::Widget,
{
    fn render_into(self, area: Rect, buf: &mut Buffer) {
        self.render(area, buf);
    }
}

fn render_pane(
    app: &App,
    index: usize,
    lane: &Lane,
    rects: &PaneRects,
    several: bool,
    theme: Theme,
    buf: &mut Buffer,
) {
    let header = if several {
        let mut spans = vec![
            Span::styled(
                format!(" {} ", status::PANE_NAMES[index]),
                theme.phase("PANE"),
            ),
            Span::raw(" "),
        ];
        let mut preset = preset_line(lane, theme).spans;
        let name = preset.remove(0);
        spans.push(name);
        let badge = badge(lane);
        if !badge.is_empty() {
            let style = if lane.cursor().solved() {
                theme.leader()
            } else {
                theme.event(&crate::solver::Event::Exhausted)
            };
            spans.push(Span::raw("  "));
            spans.push(Span::styled(badge, style));
        }
        spans.extend(preset);
        Line::from(spans)
    } else {
        status::title_line(app, theme)
    };
    buf.set_line(rects.header.x, rects.header.y, &header, rects.header.width);
    let inspected = app.inspect().filter(|i| i.lane == index).map(|i| i.cell);
    (&BoardView {
        lane,
        theme,
        now: app.now(),
        layout: rects.layout,
        inspected,
    })
        .render_into(rects.board, buf);
    render_side(lane, rects.side, !several, theme, buf);
    buf.set_line(
        rects.explanation.x,
        rects.explanation.y,
        &explanation(lane, theme),
        rects.explanation.width,
    );
    let mark = app
        .divergence()
        .and_then(|d| d.found())
        .and_then(|f| f.choices.get(index))
        .map(|c| c.step());
    (&DepthTraceView { lane, theme, mark }).render_into(rects.trace, buf);
}

fn render_side(lane: &Lane, area: Rect, with_preset: bool, theme: Theme, buf: &mut Buffer) {
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
    if with_preset {
        let r = take(2);
        if r.height > 0 {
            buf.set_line(r.x, r.y, &preset_line(lane, theme), r.width);
        }
    }

    let cols = (left.width / 24).max(1) as usize;
    let count = self::stats::counters(lane).len();
    let counter_rows = if cols == 1 { 8 } else { count.div_ceil(cols) } as u16;
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
    let why_h = WHY_CELLS as u16 + 2;
    let why = take(why_h + 1);
    (&WhyView { lane, theme }).render_into(
        Rect {
            height: why.height.saturating_sub(1),
            ..why
        },
        buf,
    );
    let rest = take(u16::MAX);
    let log = log_area.unwrap_or(rest);
    (&LogView { lane, theme }).render_into(log, buf);
}

/// The pane and cell under a screen position, if any.
pub fn hit_test(app: &App, area: Rect, x: u16, y: u16) -> Option<(usize, Cell)> {
    let Screen::Fits { panes, .. } = screen(app, area) else {
        return None;
    };
    let geo = app.source().puzzle.geometry();
    panes.iter().enumerate().find_map(|(lane, pane)| {
        let board = pane.board;
        let inside =
            x >= board.x && y >= board.y && x < board.x + board.width && y < board.y + board.height;
        if !inside {
            return None;
        }
        let (row, col) = pane.layout.cell_at(x - board.x, y - board.y)?;
        Some((lane, geo.cell_at(row, col)))
    })
}
