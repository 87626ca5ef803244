//! One compare pane's tree: a caption, the outline of the path to the search's node (where
//! there are rows for it) and the pixel tree, the first diverging node marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::words::{plural, plural_compact};
use super::{INDENT, LABEL_ROOM, MAX_LEVELS, no_tree, render_outline, single_root};
use crate::app::Lane;
use crate::app::tree::TreeState;
use crate::solver::NodeId;
use crate::ui::pixels::PixelTreeView;
use crate::ui::theme::Theme;

/// One pane's tree in compare: a caption, the outline of the path to the search's node
/// (where there are rows for it), and the pixel tree, the first diverging node marked.
pub struct PaneOverview<'a> {
    /// The pane's search.
    pub lane: &'a Lane,
    /// The first diverging node, when found.
    pub divergence: Option<NodeId>,
    /// The nodes where breakpoints hit.
    pub hits: &'a [NodeId],
    /// Styles.
    pub theme: Theme,
}

/// Rows below which a pane's tree is its pixel tree alone (the outline needs a few to say
/// anything).
const PANE_OUTLINE_MIN: u16 = 8;

impl Widget for &PaneOverview<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if self.lane.is_local() {
            no_tree(self.lane, area, self.theme, buf);
            return;
        }
        if area.height < 2 {
            return;
        }
        let tree = self.lane.timeline().tree();
        let at = self.lane.tree_at();
        let step = at.view;
        let root = tree.subtree(0, step);
        let width = usize::from(area.width);
        let long = format!(
            "tree · {} · {}",
            plural(root.size, "node", "nodes"),
            plural(root.failures, "failure", "failures")
        );
        let short = format!("tree · {}", plural_compact(root.size, "node", "nodes"));
        // The caption in the longest form that fits whole, the divergence's mark with it.
        let mark = self.divergence.is_some();
        let forms: Vec<(String, &str)> = if mark {
            vec![
                (long.clone(), " • diverges"),
                (short.clone(), " • diverges"),
                (short.clone(), " •"),
                (short, ""),
            ]
        } else {
            vec![(long, ""), (short, "")]
        };
        let (text, note) = forms
            .iter()
            .find(|(t, n)| Span::raw(format!("{t}{n}")).width() <= width)
            .or_else(|| forms.last())
            .cloned()
            .unwrap_or_default();
        let mut caption = vec![Span::styled(text, self.theme.title())];
        if let Some(rest) = note.strip_prefix(" •") {
            caption.push(Span::raw(" "));
            caption.push(Span::styled("•", self.theme.tree_divergence()));
            caption.push(Span::raw(rest.to_string()));
        }
        buf.set_line(area.x, area.y, &Line::from(caption), area.width);
        let mut body = Rect::new(area.x, area.y + 1, area.width, area.height - 1);
        if area.height >= PANE_OUTLINE_MIN && single_root(tree, step).is_none() {
            // The path to the search's node, above the pixel tree: half the rows.
            let near_h = body.height / 2;
            let levels = (width.saturating_sub(LABEL_ROOM) / INDENT).clamp(1, MAX_LEVELS);
            let state = TreeState::default();
            if let Some(outline) = state.outline(tree, at, levels, usize::from(near_h)) {
                let g = self.lane.timeline().puzzle().geometry();
                // No more rows than the outline has (its ancestors' line with them): the
                // pixel tree takes the rest.
                let used = outline.rows.len() + usize::from(!outline.above.is_empty());
                let near_h = near_h.min(u16::try_from(used).unwrap_or(u16::MAX));
                let near = Rect::new(body.x, body.y, body.width, near_h);
                render_outline(&outline, g, None, self.hits, near, self.theme, buf);
                body = Rect::new(body.x, body.y + near_h, body.width, body.height - near_h);
            }
        }
        let marks: Vec<NodeId> = self.divergence.into_iter().collect();
        (&PixelTreeView {
            tree,
            step,
            at: at.step,
            marks: &marks,
            hits: self.hits,
            theme: self.theme,
        })
            .render(body, buf);
    }
}
