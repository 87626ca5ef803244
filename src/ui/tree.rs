//! The tree panel: the near view (the outline around the focused node in Gist's glyphs and
//! colours), the pixel-tree overview, and the focused node's line.
//!
//! ```text
//! search tree · 312 nodes · 150 failures · 1 solution        (header)
//! ⋮ r1c7=1 › r2c3=1                                           (ancestors above, when deep)
//! ● r3c2=8 r7c5                                               (near view: the outline)
//! ├ ▲ r7c5=1 11                                               (a failed subtree, folded)
//! └ ● r7c5≠1 r4c5
//!   └ ■ r4c5=1 ◀                                              (the search's current node)
//! ⣀⣤⣶⣿⣿⣶⣤⣀⣀                                                   (overview: pixel tree)
//! r1c7=1 › r2c3=1 › r3c2=8 › r7c5≠1 › r4c5=1                  (the focused node's path)
//! depth 5 · 1 node · 1 failure · steps 584-752                (its subtree)
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

mod pane;
mod words;

pub use pane::PaneOverview;

pub use words::node_summary;
use words::{building, header_forms};

use super::pixels::PixelTreeView;
use super::theme::Theme;
use crate::app::Lane;
use crate::app::cursor::Origin;
use crate::app::tree::{Outline, OutlineRow, TreeLayout, TreeState};
use crate::numbers::compact;
use crate::solver::tree::export::{glyph, label};
use crate::solver::tree::{NodeKind, SearchTree, SubtreeStats};
use crate::solver::{Geometry, NodeId};

/// The overview's share of the panel's rows (the near view takes the rest).
const OVERVIEW_SHARE: u16 = 3;
/// The fewest rows the overview takes.
const OVERVIEW_MIN: u16 = 2;
/// Columns each indented level takes.
const INDENT: usize = 2;
/// The most levels the outline indents; deeper paths show their top as a breadcrumb.
const MAX_LEVELS: usize = 24;
/// Columns a row keeps for its glyph and label after the indentation.
const LABEL_ROOM: usize = 16;

/// One search's tree panel.
pub struct TreePanel<'a> {
    /// The search.
    pub lane: &'a Lane,
    /// The panel's state.
    pub state: &'a TreeState,
    /// Whether the arrows walk the tree.
    pub focused: bool,
    /// The nodes where breakpoints hit.
    pub hits: &'a [NodeId],
    /// Styles.
    pub theme: Theme,
}

/// The sentence for a tree that is only its root, if it is.
fn single_root(tree: &SearchTree, step: u64) -> Option<&'static str> {
    if tree.visible(step) > 1 {
        return None;
    }
    Some(match tree.node(0, step).map(|n| n.kind) {
        None => "no event yet: the tree starts with the first one",
        Some(NodeKind::Solution) => {
            "solved by propagation alone: no decision was needed, so the tree is its root"
        }
        Some(NodeKind::Failure) => {
            "the initial propagation found a wipeout: no solution, and the tree is its root"
        }
        Some(NodeKind::Open) => "propagating the givens: the root is still open",
        Some(NodeKind::Choice) => "the root's first choice is made: the first decision comes next",
        Some(NodeKind::Skipped) => "the root was jumped over",
    })
}

/// What a tree panel says of a local search: that it has no tree, and why, wrapped to
/// `area` (the first sentence alone where the rest does not fit).
fn no_tree(lane: &Lane, area: Rect, theme: Theme, buf: &mut Buffer) {
    let title = "no search tree";
    let text = format!(
        "{} is a local search: it makes no decisions, so it has no tree. It changes a complete assignment step by step; the conflicts trace shows its course, the event log its steps.",
        lane.name()
    );
    buf.set_stringn(
        area.x,
        area.y,
        title,
        usize::from(area.width),
        theme.title(),
    );
    let lines = super::log::wrap(&text, usize::from(area.width));
    for (i, line) in lines
        .iter()
        .take(usize::from(area.height.saturating_sub(1)))
        .enumerate()
    {
        buf.set_stringn(
            area.x,
            area.y + 1 + i as u16,
            line,
            usize::from(area.width),
            theme.dim(),
        );
    }
}

impl TreePanel<'_> {
    /// The header: the tree's counts (with how far along the search is, where it fits) and
    /// who has the arrows.
    fn render_header(&self, tree: &SearchTree, step: u64, area: Rect, buf: &mut Buffer) {
        let root = tree.subtree(0, step);
        let forms = header_forms(&root, tree.runs_at(step));
        // Who has the arrows: the hint in its shorter form where the long one does not fit
        // (the legend line says it at any width).
        let hints: &[&str] = if self.focused {
            &["  ↑↓←→ walk · Enter jump · Tab step", "  Tab: arrows step"]
        } else {
            &["  Tab: arrows walk the tree", "  Tab: walk"]
        };
        let width = usize::from(area.width);
        let fits = |head: &str, hint: &str| Span::raw(format!("{head}{hint}")).width() <= width;
        // How far along the search is goes with each form of the header where it fits,
        // before the hint.
        let note = super::estimate::tree_note(self.lane);
        let heads: Vec<String> = forms
            .iter()
            .flat_map(|form| [format!("{form}{note}"), form.clone()])
            .collect();
        let (header, hint) = heads
            .iter()
            .find_map(|head| {
                let hint = hints.iter().copied().chain([""]).find(|h| fits(head, h))?;
                Some((head.clone(), hint))
            })
            .unwrap_or_else(|| (super::fit::shortest_if_none(forms, width), ""));
        let mut spans = vec![Span::styled(header, self.theme.title())];
        if !hint.is_empty() {
            spans.push(Span::styled(hint, self.theme.dim()));
        }
        buf.set_line(area.x, area.y, &Line::from(spans), area.width);
    }
}

impl Widget for &TreePanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if self.lane.is_local() {
            no_tree(self.lane, area, self.theme, buf);
            return;
        }
        if area.height < 3 || area.width < 12 {
            return;
        }
        let tree = self.lane.timeline().tree();
        let at = self.lane.tree_at();
        let step = at.view;
        let g = self.lane.timeline().puzzle().geometry();
        if let Some((done, to)) = self.lane.timeline().tree_progress() {
            buf.set_line(
                area.x,
                area.y,
                &Line::styled("search tree", self.theme.title()),
                area.width,
            );
            let body = Rect::new(area.x, area.y + 1, area.width, area.height - 1);
            Paragraph::new(Line::styled(building(done, to), self.theme.dim()))
                .wrap(Wrap { trim: true })
                .render(body, buf);
            return;
        }
        self.render_header(tree, step, area, buf);
        let body = Rect::new(area.x, area.y + 1, area.width, area.height - 1);
        if let Some(sentence) = single_root(tree, step) {
            let kind = tree.node(0, step).map_or(NodeKind::Open, |n| n.kind);
            let text = Line::from(vec![
                Span::styled(format!("{} root  ", glyph(kind)), self.theme.node(kind)),
                Span::raw(sentence),
            ]);
            Paragraph::new(text)
                .wrap(Wrap { trim: true })
                .render(body, buf);
            return;
        }
        let info_h = 2.min(body.height.saturating_sub(2));
        let share = if self.state.layout == TreeLayout::Full {
            2
        } else {
            OVERVIEW_SHARE
        };
        let overview_h = (body.height / share).max(OVERVIEW_MIN);
        let near_h = body.height.saturating_sub(overview_h + info_h);
        let levels =
            (usize::from(body.width).saturating_sub(LABEL_ROOM) / INDENT).clamp(1, MAX_LEVELS);
        let Some(outline) = self.state.outline(tree, at, levels, usize::from(near_h)) else {
            return;
        };
        let near_h = near_height(
            &outline,
            near_h,
            body.height.saturating_sub(OVERVIEW_MIN + info_h),
        );
        let overview_h = body.height.saturating_sub(near_h + info_h);
        let near = Rect::new(body.x, body.y, body.width, near_h);
        // A stream whose givens start as domains: its decisions on givens say so.
        let givens = self
            .lane
            .timeline()
            .stream_header()
            .filter(|h| h.givens == crate::solver::Givens::Domains)
            .map(|h| &h.puzzle);
        render_outline(&outline, g, givens, self.hits, near, self.theme, buf);
        let overview = Rect::new(body.x, body.y + near_h, body.width, overview_h);
        (&PixelTreeView {
            tree,
            step,
            at: at.step,
            marks: &[],
            hits: self.hits,
            theme: self.theme,
        })
            .render(overview, buf);
        let info = Rect::new(body.x, overview.y + overview_h, body.width, info_h);
        render_node_line(&outline, g, info, self.theme, buf);
    }
}

fn row_line(
    row: &OutlineRow,
    g: &Geometry,
    givens: Option<&crate::solver::Puzzle>,
    theme: Theme,
) -> Line<'static> {
    let n = &row.node;
    let mut style = theme.node(n.kind);
    if row.on_path {
        style = style.add_modifier(Modifier::BOLD);
    }

    let failed = row.folded.filter(SubtreeStats::failed);
    let symbol = if failed.is_some() {
        '▲'
    } else {
        glyph(n.kind)
    };
    let symbol_style = if failed.is_some() {
        theme.node(NodeKind::Failure)
    } else {
        style
    };
    // The viewer's own decisions (a fork, a manual pick) in their colour on the board.
    let given = match (n.branch, n.branch_cell, givens) {
        (crate::solver::tree::Branch::Decision(d), Some(cell), Some(puzzle)) => {
            puzzle.given(cell) == Some(d)
        }
        _ => false,
    };
    let label_style = if n.by_user {
        theme.value(Origin::UserDecision)
    } else if matches!(n.branch, crate::solver::tree::Branch::Run(_)) {
        // A run, in the depth trace's colour for restarts.
        theme.key()
    } else if given {
        theme.value(Origin::Given)
    } else {
        style
    };
    let mut spans = vec![
        Span::styled(row.guides.clone(), theme.dim()),
        Span::styled(format!("{symbol} "), symbol_style),
        Span::styled(label(g, n).unwrap_or_else(|| "root".into()), label_style),
    ];
    if given {
        spans.push(Span::styled(" given", theme.dim()));
    }
    if let Some(c) = n.choice {
        spans.push(Span::styled(format!(" {}", g.cell_name(c)), theme.dim()));
    }
    match row.folded {
        Some(f) if f.failed() => {
            spans.push(Span::styled(
                format!(" {}", compact(f.size)),
                theme.node(NodeKind::Failure),
            ));
        }
        Some(f) => {
            let mut text = format!(" +{}", compact(f.size - 1));
            if f.solutions > 0 {
                text = format!("{text} ◆{}", compact(f.solutions));
            }
            spans.push(Span::styled(text, theme.dim()));
        }
        None => {}
    }
    if let Some(f) = row.folded.filter(|f| f.skipped > 0) {
        spans.push(Span::styled(
            format!(" {}⊘", compact(f.skipped)),
            theme.node(NodeKind::Skipped),
        ));
    }
    if n.kind == NodeKind::Skipped {
        spans.push(Span::styled(" skipped", theme.node(NodeKind::Skipped)));
    }
    if row.current {
        spans.push(Span::styled(" ◀", theme.key()));
    }
    if row.later {
        // Made after the step shown, in a finished search's whole tree: dimmed, so that
        // the tree up to the step reads as it stood then.
        for span in &mut spans {
            span.style = theme.dim();
        }
    }
    Line::from(spans)
}

fn render_outline(
    outline: &Outline,
    g: &Geometry,
    givens: Option<&crate::solver::Puzzle>,
    hits: &[NodeId],
    area: Rect,
    theme: Theme,
    buf: &mut Buffer,
) {
    if area.height == 0 {
        return;
    }
    let mut y = area.y;
    let mut height = usize::from(area.height);
    // The ancestors above the outline's top row, on one line.
    let above = (!outline.above.is_empty()).then(|| {
        let path: Vec<String> = outline.above.iter().filter_map(|n| label(g, n)).collect();
        path.join(" › ")
    });
    if above.is_some() {
        height -= 1;
    }
    let mut start = outline
        .focus_row
        .saturating_sub(height / 2)
        .min(outline.rows.len().saturating_sub(height))
        // Rows to keep in sight below the focused one: `⋮ more above` stands in for row
        // `start`, so the rows shown end at `start + height - 1`.
        .max((outline.show_to + 1).saturating_sub(height))
        // The focused row stays in sight: below `⋮ more above`, which takes a row of the
        // outline's, or first under the ancestors' line, which takes none.
        .min(if above.is_some() {
            outline.focus_row
        } else {
            outline.focus_row.saturating_sub(1)
        });
    if let Some(path) = &above {
        // Rows cut above too: one line says both, the row it took back for the outline
        // (at 80×24 a backjump's skipped nodes need every row).
        let cut = if start > 0 {
            format!("⋮ {start} more · ")
        } else {
            "⋮ ".to_string()
        };
        let room = usize::from(area.width).saturating_sub(cut.chars().count());
        let text = format!("{cut}{}", tail(path, room));
        buf.set_line(area.x, y, &Line::styled(text, theme.dim()), area.width);
        y += 1;
    } else if start > 0 && height > 1 {
        // Rows cut above: say so on the first line rather than start mid-tree.
        let text = format!("⋮ {} more above", start + 1);
        buf.set_line(area.x, y, &Line::styled(text, theme.dim()), area.width);
        y += 1;
        height -= 1;
        start += 1;
    }
    for (i, row) in outline.rows.iter().enumerate().skip(start).take(height) {
        let mut line = row_line(row, g, givens, theme);
        if hits.contains(&row.node.id) {
            line.spans.push(Span::styled(" • break", theme.tree_hit()));
        }
        let at = y + (i - start) as u16;
        buf.set_line(area.x, at, &line, area.width);
        if i == outline.focus_row {
            // The node itself, not the guides before it.
            let from = (row.guides.chars().count() as u16).min(area.width);
            let width = (line.width() as u16).min(area.width).saturating_sub(from);
            buf.set_style(Rect::new(area.x + from, at, width, 1), theme.tree_focus());
        }
    }
}

/// The last `width` characters of `text`, with `…` in front when cut.
fn tail(text: &str, width: usize) -> String {
    let count = text.chars().count();
    if count <= width {
        return text.to_string();
    }
    let keep = width.saturating_sub(1);
    let cut: String = text.chars().skip(count - keep).collect();
    format!("…{cut}")
}

/// The outline's rows: `near_h`, or more, up to `near_max`, where the rows to keep in sight
/// (a backjump's skipped nodes, below the failure it jumped from) need them: the pixel tree
/// gives up rows for them, down to its least, rather than the outline cutting them off
/// (80×24).
fn near_height(outline: &Outline, near_h: u16, near_max: u16) -> u16 {
    if outline.show_to <= outline.focus_row {
        return near_h;
    }
    // The rows to the last one, the ancestors' line above them, and one to spare.
    let wanted = outline.show_to + 2 + usize::from(!outline.above.is_empty());
    near_h.max(u16::try_from(wanted).unwrap_or(u16::MAX).min(near_max))
}

fn render_node_line(outline: &Outline, g: &Geometry, area: Rect, theme: Theme, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let labels: Vec<String> = outline.path.iter().filter_map(|n| label(g, n)).collect();
    let path = if labels.is_empty() {
        "root".to_string()
    } else {
        labels.join(" › ")
    };
    let width = usize::from(area.width);
    buf.set_line(
        area.x,
        area.y,
        &Line::styled(tail(&path, width), theme.node(outline.focus.kind)),
        area.width,
    );
    if area.height < 2 {
        return;
    }
    buf.set_line(
        area.x,
        area.y + 1,
        &Line::styled(node_summary(&outline.focus, outline, width), theme.dim()),
        area.width,
    );
}
