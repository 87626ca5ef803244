//! The pixel tree in braille: CP-Profiler's overview of a search of any size. x is a
//! node's place in depth-first order squeezed to the width, y its depth; each character
//! holds 2×4 dots, coloured by the most telling node in it (solution, then failure, then a
//! skipped node, in the depth trace's backjump colour). Each restart is marked `↺` on the
//! top row, where its run begins, as the depth trace marks it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::solver::tree::overview::dot;
use crate::solver::tree::{Branch, NodeId, NodeKind, SearchTree};

/// The braille dot bit of dot (`x`, `y`) inside a character (Unicode's numbering).
const BRAILLE: [[u8; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];

/// One search's pixel tree as it stood at `step`, the search's position at step `at`
/// marked (a finished search's whole tree is drawn at its end, the part after `at` dimmed).
pub struct PixelTreeView<'a> {
    /// The tree.
    pub tree: &'a SearchTree,
    /// The step the tree is drawn at.
    pub step: u64,
    /// The step the view is at: the search's position, and the nodes made after it dimmed.
    pub at: u64,
    /// Nodes to mark besides the search's position (the first diverging node in compare).
    pub marks: &'a [NodeId],
    /// Nodes where breakpoints hit.
    pub hits: &'a [NodeId],
    /// Styles.
    pub theme: Theme,
}

impl Widget for &PixelTreeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width == 0 || area.height == 0 {
            return;
        }
        let (w, h) = (usize::from(area.width), usize::from(area.height));
        let picture = self.tree.pixels(self.step, 2 * w, 4 * h);
        // The first column of dots made after the view's step (none when it is at the end).
        let later_x = (self.at < self.step).then(|| {
            let first_later = NodeId::try_from(self.tree.visible(self.at)).unwrap_or(NodeId::MAX);
            picture.dot_of(first_later, 0).0
        });
        for cy in 0..h {
            for cx in 0..w {
                let mut bits = 0u8;
                let mut flags = 0u8;
                for (dx, column) in BRAILLE.iter().enumerate() {
                    for (dy, bit) in column.iter().enumerate() {
                        let f = picture.at(2 * cx + dx, 4 * cy + dy);
                        if f != 0 {
                            bits |= bit;
                            flags |= f;
                        }
                    }
                }
                if bits == 0 {
                    continue;
                }
                let kind = if flags & dot::SOLUTION != 0 {
                    NodeKind::Solution
                } else if flags & dot::FAILURE != 0 {
                    NodeKind::Failure
                } else if flags & dot::SKIPPED != 0 {
                    NodeKind::Skipped
                } else {
                    NodeKind::Choice
                };
                let glyph = char::from_u32(0x2800 + u32::from(bits)).unwrap_or(' ');
                let style = if later_x.is_some_and(|x| 2 * cx > x) {
                    self.theme.dim()
                } else {
                    self.theme.node(kind)
                };
                buf[(area.x + cx as u16, area.y + cy as u16)]
                    .set_char(glyph)
                    .set_style(style);
            }
        }
        // Restarts: where each run after the first begins.
        for &run in self.tree.run_nodes() {
            if let Some(n) = self
                .tree
                .node(run, self.step)
                .filter(|n| n.branch != Branch::Run(1))
            {
                let (x, _) = picture.dot_of(run, n.depth);
                let cx = (x / 2).min(w - 1);
                buf[(area.x + cx as u16, area.y)]
                    .set_char('↺')
                    .set_style(self.theme.key());
            }
        }
        let mut mark = |id: NodeId, style| {
            if let Some(n) = self.tree.node(id, self.step) {
                let (x, y) = picture.dot_of(id, n.depth);
                let (cx, cy) = ((x / 2).min(w - 1), (y / 4).min(h - 1));
                let cell = &mut buf[(area.x + cx as u16, area.y + cy as u16)];
                if cell.symbol() == " " {
                    cell.set_char('•');
                }
                cell.set_style(style);
            }
        };
        for &id in self.hits {
            mark(id, self.theme.tree_hit());
        }
        for &id in self.marks {
            mark(id, self.theme.tree_divergence());
        }
        if let Some(current) = self.tree.current(self.at) {
            mark(current, self.theme.tree_position());
        }
    }
}
