//! The board of a received search at the viewer's node, and the node's own words: its label
//! (the why-this-cell of a solver that says nothing else), its nogood and its info.
//!
//! ```text
//! 6 . 7 │ . 8 4 │ . . 3      givens plain, the path's decisions coloured,
//! 4 . . │ . . . │ . 5 .      the node's own decision reversed, a nogood's cells red
//! ──────┼───────┼──────
//! decisions only: the protocol carries no prunes
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::cursor::Origin;
use crate::app::listen::ReceivedLane;
use crate::app::listen::board::{PathBoard, Square};
use crate::ui::Theme;
use dokuscope_profiler::{Cell, Relation};

/// Rows the board takes: nine and two rules.
pub const BOARD_ROWS: u16 = 11;
/// Columns the board takes.
pub const BOARD_COLUMNS: u16 = 21;

/// The board at a node.
pub struct BoardView<'a> {
    /// The board.
    pub board: &'a PathBoard,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let board = self.board;
        let mut y = area.y;
        for row in 0..9 {
            if row == 3 || row == 6 {
                buf.set_line(
                    area.x,
                    y,
                    &Line::styled("──────┼───────┼──────", self.theme.grid()),
                    area.width,
                );
                y += 1;
            }
            let mut spans = Vec::new();
            for col in 0..9 {
                if col == 3 || col == 6 {
                    spans.push(Span::styled("│ ", self.theme.grid()));
                }
                let Some(cell) = Cell::from_row_col(row, col) else {
                    continue;
                };
                let (text, mut style) = match board.square(cell) {
                    Square::Given(d) => (d.to_string(), self.theme.value(Origin::Given)),
                    Square::Placed { digit, .. } => {
                        (digit.to_string(), self.theme.value(Origin::Decision))
                    }
                    Square::Open(mask) if mask.count_ones() < 9 => {
                        ("·".to_string(), self.theme.pencil())
                    }
                    Square::Open(_) => (".".to_string(), self.theme.dim()),
                };
                if board.nogood.iter().any(|d| d.cell == cell) {
                    style = self.theme.wipeout();
                }
                if board.last.is_some_and(|d| d.cell == cell) {
                    style = self.theme.selected();
                }
                spans.push(Span::styled(text, style));
                spans.push(Span::raw(" "));
            }
            if y >= area.bottom() {
                return;
            }
            buf.set_line(area.x, y, &Line::from(spans), area.width);
            y += 1;
        }
    }
}

/// The lines under the board: what it shows, the node's label read, its nogood and info.
pub fn node_lines(
    lane: &ReceivedLane,
    board: Option<&PathBoard>,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(board) = board {
        lines.push(Line::styled(
            format!(
                "{} decisions on the path; the protocol carries no prunes",
                board.decisions.len()
            ),
            theme.dim(),
        ));
    }
    let Some(node) = lane.cursor().and_then(|n| lane.execution.node(n)) else {
        return lines;
    };
    let kind = super::tree::kind_of(node.status);
    let label = node.label.unwrap_or(if node.parent.is_none() {
        "root"
    } else {
        "(no label)"
    });
    let mut why = vec![
        Span::styled(
            format!("{} ", crate::solver::tree::export::glyph(kind)),
            theme.node(kind),
        ),
        Span::styled(label.to_string(), theme.node(kind)),
    ];
    if let Some(decision) = board.and_then(|b| b.last) {
        // As literals are written everywhere else (`r1c2=5`), so a narrow column wraps
        // between the words, never inside the literal.
        let (cell, value) = (decision.cell, decision.value);
        let words = match decision.relation {
            Relation::Eq => format!("assigns {cell}={value}"),
            Relation::Ne => format!("removes {value} from {cell}"),
            other => format!("bounds {cell}{}{value}", other.symbol()),
        };
        why.push(Span::styled(format!("  {words}"), theme.dim()));
    }
    lines.push(Line::from(why));
    lines.push(Line::styled(
        format!(
            "{} · depth {} · id {} · alternative {}{}",
            kind.name(),
            node.depth,
            node.uid,
            node.alternative,
            if node.kids > 0 {
                format!(" · {} kids", node.kids)
            } else {
                String::new()
            }
        ),
        theme.dim(),
    ));
    if let Some(nogood) = node.nogood {
        let cells = board.map_or(0, |b| b.nogood.len());
        lines.push(Line::from(vec![
            Span::styled("nogood ", theme.wipeout()),
            Span::raw(nogood.to_string()),
        ]));
        if cells > 0 {
            lines.push(Line::styled(
                format!("  {cells} literals on cells, red on the board"),
                theme.dim(),
            ));
        }
    }
    if let Some(info) = node
        .info
        .filter(|i| !i.trim().is_empty() && i.trim() != "{}")
    {
        lines.push(Line::from(vec![
            Span::styled("info ", theme.key()),
            Span::raw(info.replace('\n', " ")),
        ]));
    }
    lines
}

/// The node's lines as a wrapped paragraph.
pub fn render_node_lines(lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer) {
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(area, buf);
}
