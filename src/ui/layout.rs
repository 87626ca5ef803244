//! Where everything goes: the watch and compare layouts, the full or compact board, the
//! too-small size, and which cell a mouse click falls on.

use ratatui::layout::Rect;

use super::board::BoardLayout;
use crate::app::App;
use crate::app::tree::TreeLayout;
use crate::solver::Cell;

/// The narrowest side panel beside the board in watch.
const WATCH_SIDE_MIN: u16 = 31;
/// The narrowest side panel beside a board in a compare pane.
const PANE_SIDE_MIN: u16 = 24;
/// Panes that may go without their side panel when the screen is too narrow for it (two:
/// at 80×24 their compact boards stand side by side, and the race table below gives
/// their counters).
const NARROW_PANES: usize = 2;
/// Rows around the board in watch: title, explanation, trace (2 at least), legend, status.
const WATCH_CHROME: u16 = 6;
/// Rows around the board in a pane: header, explanation, trace (1 at least).
const PANE_CHROME: u16 = 3;
/// The most rows the depth trace takes.
const TRACE_MAX: u16 = 12;
/// Rows the side panel wants: preset, counters, gauge, why, and a few log lines.
const SIDE_WANTS: u16 = 24;

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
        /// A lesson's note (and question) under the race table (compare only; in watch they
        /// go in the side panel).
        note: Option<Rect>,
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

fn pane_rects(
    area: Rect,
    b: usize,
    side_min: u16,
    chrome: u16,
    small_board: bool,
) -> Option<PaneRects> {
    let fits = |l: &BoardLayout| {
        area.width >= l.width() + 1 + side_min && area.height >= l.height() + chrome
    };
    let full = BoardLayout::new(b, false);
    let compact = BoardLayout::new(b, true);
    let layout = if fits(&full) && !small_board {
        full
    } else if fits(&compact) {
        compact
    } else {
        return None;
    };
    // The header and the explanation take a row each. The body takes what the board and the
    // side panel want (the board at least); the trace the rest: at least the rows `chrome`
    // counts for it, 3 when there is room, at most TRACE_MAX.
    let spare = area.height - 2;
    let body_want = layout.height().max(SIDE_WANTS.min(spare.saturating_sub(3)));
    let trace_h = if small_board {
        // The tree takes the screen: the trace keeps its fewest rows.
        chrome - 2
    } else {
        (spare - body_want).clamp(chrome - 2, TRACE_MAX)
    };
    let body_h = spare - trace_h;
    let header = Rect::new(area.x, area.y, area.width, 1);
    let body_y = area.y + 1;
    let board = Rect::new(area.x, body_y, layout.width(), layout.height());
    // Narrower than the side panel's least, the side panel is left out (compare's narrow
    // form: the race table gives the counters).
    let side_w = area.width - layout.width() - 1;
    let side_w = if side_w < PANE_SIDE_MIN { 0 } else { side_w };
    let side = Rect::new(area.x + layout.width() + 1, body_y, side_w, body_h);
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
        let full_tree = app.tree().layout == TreeLayout::Full;
        return match pane_rects(body, box_side, WATCH_SIDE_MIN, WATCH_CHROME - 2, full_tree) {
            Some(p) => Screen::Fits {
                panes: vec![p],
                race: None,
                note: None,
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
    // A lesson's note and question take rows under the race table, a third of the screen
    // at most.
    let note_h = super::teach_area::teach_rows(app, area.width).min(area.height / 3);
    let race_h = count as u16 + 2 + note_h;
    // Two panes may go without their side panels (see NARROW_PANES): the size they need
    // then is the boards'.
    let side_min = if count <= NARROW_PANES {
        0
    } else {
        PANE_SIDE_MIN
    };
    let needed = Screen::TooSmall {
        width: cols * (compact.width() + 1 + side_min) + (cols - 1),
        height: rows * (compact.height() + PANE_CHROME) + race_h + 2,
    };
    let Some(grid_h) = area.height.checked_sub(race_h + 2) else {
        return needed;
    };
    let pane_w = area.width.saturating_sub(cols - 1) / cols;
    let pane_h = grid_h / rows;
    let lay = |side_min: u16| -> Option<Vec<PaneRects>> {
        (0..count as u16)
            .map(|i| {
                let (col, row) = (i % cols, i / cols);
                let rect = Rect::new(
                    area.x + col * (pane_w + 1),
                    area.y + row * pane_h,
                    pane_w,
                    pane_h,
                );
                pane_rects(rect, box_side, side_min, PANE_CHROME, false)
            })
            .collect()
    };
    let Some(panes) = lay(PANE_SIDE_MIN).or_else(|| lay(side_min)) else {
        return needed;
    };
    let race = Rect::new(area.x, area.y + rows * pane_h, area.width, race_h - note_h);
    let note = (note_h > 0).then(|| Rect::new(area.x, race.y + race.height, area.width, note_h));
    Screen::Fits {
        panes,
        race: Some(race),
        note,
        legend,
        status,
    }
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
