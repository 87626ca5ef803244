//! A received search's tree: the outline around the viewer's node in Gist's glyphs and
//! colours, and the pixel tree of the whole search below it.
//!
//! ```text
//! ● root                                           (a run's root)
//!   ● var[54] = 8  ○1                              (a choice, one alternative not yet come)
//!     ■ var[8] = 3                                 (a failure)
//!     ▲ var[8] != 3  37                            (a folded failed subtree and its nodes)
//!   ◆ var[54] != 8 ◀                               (a solution; ◀ the newest node)
//! ⣀⣤⣶⣿⣿⣶⣤⣀⣀                                        (the pixel tree)
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::app::listen::ReceivedLane;
use crate::app::listen::walk::{self, Subtree};
use crate::numbers::{compact, grouped};
use crate::solver::NodeKind;
use crate::solver::tree::export::glyph;
use crate::ui::Theme;
use dokuscope_profiler::{NodeIndex, Status};

/// Columns each level indents.
const INDENT: usize = 2;
/// Columns kept for the glyph and the label after indentation.
const LABEL_ROOM: usize = 14;
/// Nodes a folded subtree's count walks at most.
const FOLD_COUNT_LIMIT: u64 = 1 << 20;

/// Gist's kind of a protocol status.
pub fn kind_of(status: Status) -> NodeKind {
    match status {
        Status::Branch => NodeKind::Choice,
        Status::Failed => NodeKind::Failure,
        Status::Solved => NodeKind::Solution,
        Status::Skipped => NodeKind::Skipped,
    }
}

/// The outline of a lane's tree around its cursor.
pub struct Outline<'a> {
    /// The lane.
    pub lane: &'a ReceivedLane,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &Outline<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lane = self.lane;
        let ex = &lane.execution;
        let Some(cursor) = lane.cursor() else {
            buf.set_line(
                area.x,
                area.y,
                &Line::styled(
                    "no node yet: the tree starts with the first",
                    self.theme.dim(),
                ),
                area.width,
            );
            return;
        };
        let rows = walk::window(ex, cursor, &lane.folds, usize::from(area.height));
        let top = rows
            .iter()
            .filter_map(|&n| ex.node(n).map(|v| v.depth))
            .min()
            .unwrap_or(0);
        let width = usize::from(area.width);
        let max_indent = width.saturating_sub(LABEL_ROOM) / INDENT;
        let newest = NodeIndex(ex.len().saturating_sub(1) as u32);
        let several_runs = ex.runs().len() > 1;
        for (y, &node) in rows.iter().enumerate() {
            let Some(view) = ex.node(node) else { continue };
            let level = ((view.depth - top) as usize).min(max_indent);
            let mut spans = vec![Span::raw(" ".repeat(level * INDENT))];
            let folded = lane.folds.contains(&node);
            let sub = folded.then(|| walk::subtree(ex, node, FOLD_COUNT_LIMIT));
            let kind = kind_of(view.status);
            let failed_subtree =
                sub.is_some_and(|s: Subtree| s.solutions == 0 && !lane_open_below(lane, node));
            let (mark, style) = if failed_subtree {
                ('▲', self.theme.node(NodeKind::Failure))
            } else {
                (glyph(kind), self.theme.node(kind))
            };
            spans.push(Span::styled(format!("{mark} "), style));
            let run = (view.parent.is_none() && several_runs)
                .then(|| ex.runs().iter().position(|r| r.root == node))
                .flatten();
            let text = match (run, view.label) {
                (Some(r), Some(label)) => format!("run {} {label}", r + 1),
                (Some(r), None) => format!("run {}", r + 1),
                (None, Some(label)) => label.to_string(),
                (None, None) if view.parent.is_none() => "root".to_string(),
                (None, None) => format!("alt {}", view.alternative),
            };
            spans.push(Span::styled(text, style));
            if let Some(sub) = sub {
                let more = if sub.partial { "+" } else { "" };
                let words = if failed_subtree {
                    format!("  {}{more}", compact(sub.nodes))
                } else {
                    format!("  +{}{more}", compact(sub.nodes))
                };
                spans.push(Span::styled(words, self.theme.dim()));
            }
            let open = open_alternatives(lane, node);
            if open > 0 && !folded {
                spans.push(Span::styled(
                    format!("  ○{open}"),
                    self.theme.node(NodeKind::Open),
                ));
            }
            if node == newest && lane.is_open() {
                spans.push(Span::styled(" ◀", self.theme.key()));
            }
            let row = Line::from(spans);
            let y = area.y + y as u16;
            buf.set_line(area.x, y, &row, area.width);
            if node == cursor {
                buf.set_style(Rect::new(area.x, y, area.width, 1), self.theme.tree_focus());
            }
        }
    }
}

/// Alternatives a choice announced that have not come.
fn open_alternatives(lane: &ReceivedLane, node: NodeIndex) -> usize {
    let ex = &lane.execution;
    match ex.node(node) {
        Some(view) if view.status == Status::Branch => {
            (view.kids as usize).saturating_sub(ex.children(node).len())
        }
        _ => 0,
    }
}

/// Whether a subtree still has alternatives to come (it is not finished).
fn lane_open_below(lane: &ReceivedLane, node: NodeIndex) -> bool {
    if !lane.is_open() {
        return false;
    }
    let mut stack = vec![node];
    let mut walked = 0u64;
    while let Some(at) = stack.pop() {
        walked += 1;
        if walked > FOLD_COUNT_LIMIT || open_alternatives(lane, at) > 0 {
            return true;
        }
        stack.extend(lane.execution.children(at));
    }
    false
}

/// The braille dot bit of dot (`x`, `y`) inside a character (Unicode's numbering).
const BRAILLE: [[u8; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];

/// The pixel tree of a lane: x the arrival order, y the depth.
pub struct Overview<'a> {
    /// The lane.
    pub lane: &'a ReceivedLane,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &Overview<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let pixels = self.lane.pixels();
        let buckets = pixels.buckets();
        if area.width == 0 || area.height == 0 || buckets.is_empty() {
            return;
        }
        let (w, h) = (usize::from(area.width), usize::from(area.height));
        let (columns, rows) = (2 * w, 4 * h);
        let levels = pixels.max_depth() as usize + 1;
        // A shallow tree gets up to 4 dot rows a level; a deep one is squeezed.
        let per_level = (rows / levels).clamp(1, 4);
        let row_of = |depth: usize| {
            if levels * per_level <= rows {
                depth * per_level
            } else {
                (depth * rows / levels).min(rows - 1)
            }
        };
        let mut dots = vec![0u8; columns * rows];
        for (b, bucket) in buckets.iter().enumerate() {
            let x = (b * columns / buckets.len()).min(columns - 1);
            for depth in 0..levels {
                let bit = 1u64 << depth;
                if bucket.any & bit == 0 {
                    continue;
                }
                let flag = if bucket.solution & bit != 0 {
                    4
                } else if bucket.failure & bit != 0 {
                    2
                } else if bucket.skipped & bit != 0 {
                    8
                } else {
                    1
                };
                dots[row_of(depth) * columns + x] |= flag;
            }
        }
        for cy in 0..h {
            for cx in 0..w {
                let (mut bits, mut flags) = (0u8, 0u8);
                for (dx, column) in BRAILLE.iter().enumerate() {
                    for (dy, bit) in column.iter().enumerate() {
                        let f = dots[(4 * cy + dy) * columns + 2 * cx + dx];
                        if f != 0 {
                            bits |= bit;
                            flags |= f;
                        }
                    }
                }
                if bits == 0 {
                    continue;
                }
                let kind = if flags & 4 != 0 {
                    NodeKind::Solution
                } else if flags & 2 != 0 {
                    NodeKind::Failure
                } else if flags & 8 != 0 {
                    NodeKind::Skipped
                } else {
                    NodeKind::Choice
                };
                let glyph = char::from_u32(0x2800 + u32::from(bits)).unwrap_or(' ');
                buf[(area.x + cx as u16, area.y + cy as u16)]
                    .set_char(glyph)
                    .set_style(self.theme.node(kind));
            }
        }
        // The viewer's node: its column marked on the top row.
        if let Some(cursor) = self.lane.cursor() {
            let b = pixels.bucket_of(u64::from(cursor.0));
            let cx = ((b * columns / buckets.len()) / 2).min(w - 1);
            let cell = &mut buf[(area.x + cx as u16, area.y)];
            cell.set_style(self.theme.key().add_modifier(Modifier::REVERSED));
        }
    }
}

/// The counters, with the estimate after them, as many as fit in `width` columns: the
/// nodes, failures, solutions, restarts and the estimate stay; the choices, open and
/// skipped nodes, nogoods and depth give way first, in that order.
pub fn counts_fitted(lane: &ReceivedLane, estimate: Option<String>, width: usize) -> String {
    let mut words = counts_words(lane, estimate);
    let width_of = |words: &[(u8, String)]| {
        words
            .iter()
            .map(|(_, w)| w.chars().count() + 3)
            .sum::<usize>()
            .saturating_sub(3)
    };
    for drop in 1..=5 {
        if width_of(&words) <= width {
            break;
        }
        words.retain(|(rank, _)| *rank != drop);
    }
    words
        .into_iter()
        .map(|(_, w)| w)
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The counters in the order shown, each with the rank at which it gives way for room (0:
/// never).
fn counts_words(lane: &ReceivedLane, estimate: Option<String>) -> Vec<(u8, String)> {
    let c = lane.execution.counts();
    let mut words = vec![
        (0, format!("{} nodes", grouped(c.nodes))),
        (1, format!("{} choices", grouped(c.choices))),
        (0, format!("{} failures", grouped(c.failures))),
        (
            0,
            crate::numbers::plural(c.solutions, "solution", "solutions"),
        ),
    ];
    if c.skipped > 0 {
        words.push((3, format!("{} skipped", grouped(c.skipped))));
    }
    words.push((2, format!("{} open", grouped(c.open))));
    words.push((5, format!("depth {}", c.max_depth)));
    if c.restarts > 0 {
        words.push((0, format!("{} restarts", c.restarts)));
    }
    if c.nogoods > 0 {
        words.push((4, format!("{} nogoods", grouped(c.nogoods))));
    }
    if let Some(estimate) = estimate {
        words.push((0, estimate));
    }
    words
}
