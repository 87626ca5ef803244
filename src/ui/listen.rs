//! The `listen` screen: one lane per received execution, the lane in view's tree growing
//! live, its counters and estimate, the board at the viewer's node and the node's words.
//!
//! ```text
//! dokuscope listen · 127.0.0.1:6565 · saving run.jsonl                (title)
//!  1 gecode-sudoku-size done   2 sudoku.fzn receiving                  (lanes)
//! 2,641 nodes · 1,320 choices · 1,320 failures · ... · estimate ~2.7k  (counters)
//! ● root                               │ 6 . 7 │ . 8 4 │ . . 3        (outline │ board)
//!   ● var[54] = 8                      │ ...
//!     ■ var[8] = 3                     │ 9 decisions on the path; ...
//! ⣀⣤⣶⣿⣿⣶⣤⣀⣀                            │ ● var[54] = 8  assigns r7c1 = 8 (the node)
//! frame 12, byte 3456: unknown type 9 (1 warning)                      (the lane's problems)
//! q quit  Tab lane  ↑↓ walk  ...                                       (keys)
//! ```

mod board;
mod tree;

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use self::board::{BOARD_COLUMNS, BOARD_ROWS, BoardView, node_lines, render_node_lines};
pub use self::tree::kind_of;
use self::tree::{Outline, Overview, counts_fitted};
use super::Theme;
use crate::app::listen::keys::legend;
use crate::app::listen::{ListenApp, ReceivedLane};
use crate::numbers::compact;

/// Rows above the body: title, lanes, counters.
const HEAD_ROWS: u16 = 3;
/// Rows below it: the lane's problems, the keys.
const FOOT_ROWS: u16 = 2;
/// The narrowest screen with a side column.
const SIDE_MIN_WIDTH: u16 = 60;
/// The side column's width at least (the board and a margin).
const SIDE_WIDTH: u16 = BOARD_COLUMNS + 3;
/// The overview's share of the tree's rows.
const OVERVIEW_SHARE: u16 = 4;

/// Draws the listen screen.
#[expect(
    clippy::too_many_lines,
    reason = "one screen's layout, read top to bottom"
)]
#[expect(clippy::cast_sign_loss, reason = "an estimate, at least 0")]
pub fn render(app: &ListenApp, theme: Theme, area: Rect, buf: &mut Buffer) {
    if area.height < HEAD_ROWS + FOOT_ROWS + 2 || area.width < 20 {
        buf.set_line(
            area.x,
            area.y,
            &Line::raw("dokuscope listen: the terminal is too small"),
            area.width,
        );
        return;
    }
    let row = |n: u16| Rect::new(area.x, area.y + n, area.width, 1);
    let mut title = format!("dokuscope listen · {}", app.setup().address);
    if let Some(saving) = &app.setup().saving {
        let _ = write!(title, " · saving {saving}");
    }
    buf.set_line(
        area.x,
        area.y,
        &Line::styled(title, theme.title()),
        area.width,
    );
    lanes_line(app, theme, row(1), buf);
    let bottom = area.bottom();
    // As many keys as fit, whole: none is cut in the middle of its words.
    let mut keys = String::new();
    for key in legend() {
        let sep = if keys.is_empty() { "" } else { "  " };
        if keys.chars().count() + sep.len() + key.chars().count() > usize::from(area.width) {
            break;
        }
        keys.push_str(sep);
        keys.push_str(key);
    }
    buf.set_line(
        area.x,
        bottom - 1,
        &Line::styled(keys, theme.dim()),
        area.width,
    );
    let Some(lane) = app.focused() else {
        let waiting = format!(
            "waiting for a solver: Gecode and Chuffed send their search here with the port {} (docs/listen.md)",
            app.setup().address.rsplit(':').next().unwrap_or("6565")
        );
        buf.set_line(
            area.x,
            area.y + 2,
            &Line::styled(waiting, theme.dim()),
            area.width,
        );
        return;
    };
    let estimate = lane.estimate().map(|(nodes, done)| {
        format!(
            "estimate ~{} ({:.0}% done)",
            compact(nodes.max(0.0) as u64),
            100.0 * done
        )
    });
    let counts = counts_fitted(lane, estimate, usize::from(area.width));
    buf.set_line(area.x, area.y + 2, &Line::raw(counts), area.width);
    problems_line(lane, theme, row(area.height - 2), buf);
    let body = Rect::new(
        area.x,
        area.y + HEAD_ROWS,
        area.width,
        area.height - HEAD_ROWS - FOOT_ROWS,
    );
    let board = app.board();
    let side_width = if area.width >= SIDE_MIN_WIDTH {
        SIDE_WIDTH.max(area.width / 3)
    } else {
        0
    };
    let tree_area = Rect::new(body.x, body.y, body.width - side_width, body.height);
    let overview_rows = (tree_area.height / OVERVIEW_SHARE).max(1);
    let outline_area = Rect::new(
        tree_area.x,
        tree_area.y,
        tree_area.width,
        tree_area.height - overview_rows,
    );
    (&Outline { lane, theme }).render(outline_area, buf);
    let overview_area = Rect::new(
        tree_area.x,
        outline_area.bottom(),
        tree_area.width.saturating_sub(1),
        overview_rows,
    );
    (&Overview { lane, theme }).render(overview_area, buf);
    if side_width == 0 {
        return;
    }
    let side = Rect::new(tree_area.right() + 1, body.y, side_width - 1, body.height);
    for y in side.top()..side.bottom() {
        buf[(tree_area.right(), y)]
            .set_char('│')
            .set_style(theme.grid());
    }
    let mut text_top = side.y;
    if let Some(board) = &board {
        let board_area = Rect::new(
            side.x + 1,
            side.y,
            BOARD_COLUMNS.min(side.width),
            BOARD_ROWS.min(side.height),
        );
        (&BoardView { board, theme }).render(board_area, buf);
        text_top = board_area.bottom();
    }
    if app.detail() && text_top < side.bottom() {
        let text = Rect::new(
            side.x + 1,
            text_top,
            side.width - 1,
            side.bottom() - text_top,
        );
        render_node_lines(node_lines(lane, board.as_ref(), theme), text, buf);
    }
}

/// The lanes, the one in view reversed.
fn lanes_line(app: &ListenApp, theme: Theme, area: Rect, buf: &mut Buffer) {
    if app.lanes().is_empty() {
        buf.set_line(
            area.x,
            area.y,
            &Line::styled("no execution yet", theme.dim()),
            area.width,
        );
        return;
    }
    let mut spans = Vec::new();
    for (i, lane) in app.lanes().iter().enumerate() {
        let state = lane_state(lane);
        let mut style = match state {
            "done" => theme.node(crate::solver::NodeKind::Solution),
            "receiving" => theme.key(),
            _ => theme.error(),
        };
        if i == app.focus() {
            style = style.add_modifier(Modifier::REVERSED);
        }
        spans.push(Span::styled(
            format!(" {} {} {state} ", i + 1, lane.name()),
            style,
        ));
        spans.push(Span::raw(" "));
    }
    buf.set_line(area.x, area.y, &Line::from(spans), area.width);
}

/// A lane's state in one word.
pub fn lane_state(lane: &ReceivedLane) -> &'static str {
    if lane.is_open() {
        "receiving"
    } else if lane.execution.is_done() {
        "done"
    } else {
        "incomplete"
    }
}

/// The lane's first problem (a frame refused, a node without parent, an early end), located,
/// and how many there are.
fn problems_line(lane: &ReceivedLane, theme: Theme, area: Rect, buf: &mut Buffer) {
    let warnings = lane.execution.warnings();
    let total = warnings.len() as u64 + lane.execution.warnings_dropped();
    let said = match warnings.first() {
        None => Line::styled(
            format!("connection {} from {}: no problem", lane.id, lane.peer),
            theme.dim(),
        ),
        Some(first) => {
            let more = if total > 1 {
                format!(" ({total} problems; the first)")
            } else {
                String::new()
            };
            Line::styled(format!("{first}{more}"), theme.error())
        }
    };
    buf.set_line(area.x, area.y, &said, area.width);
}
