//! The tree panel's state (shown or not, whether the arrows walk it, the node walked to,
//! the subtrees the viewer folded or unfolded) and the outline it shows: the path to the
//! focused node with every sibling along it, other subtrees folded into one row each.

use std::collections::BTreeSet;

use crate::solver::tree::{NodeId, NodeInfo, SearchTree, SubtreeStats};

/// Where the tree is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TreeLayout {
    /// Not drawn.
    #[default]
    Hidden,
    /// In place of the side panel.
    Side,
    /// Over most of the screen, the board kept small.
    Full,
}

/// The tree panel's state.
#[derive(Clone, Debug, Default)]
pub struct TreeState {
    /// Where the tree is drawn.
    pub layout: TreeLayout,
    /// Whether the arrows walk the tree (else they step through events).
    pub focus: bool,
    /// The node walked to; `None` follows the search's current node.
    pub selected: Option<NodeId>,
    folded: BTreeSet<NodeId>,
    pub(super) unfolded: BTreeSet<NodeId>,
}

/// One row of the outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutlineRow {
    /// The node as it stood at the step shown.
    pub node: NodeInfo,
    /// The guides drawn before it (`│ `, `├ `, `└ `), two columns a level.
    pub guides: String,
    /// The subtree's counts, when it is folded into this row (more than one node).
    pub folded: Option<SubtreeStats>,
    /// Whether it lies on the path from the root to the search's current node.
    pub on_path: bool,
    /// Whether it is the search's current node.
    pub current: bool,
    /// Whether the search made it after the step shown (a finished search's whole tree is
    /// drawn, the part after the step dimmed).
    pub later: bool,
}

/// What the near view shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The ancestors above the outline's top row, root first (when the path is too deep to indent).
    pub above: Vec<NodeInfo>,
    /// The rows, in depth-first order.
    pub rows: Vec<OutlineRow>,
    /// The focused node's row.
    pub focus_row: usize,
    /// The last row to keep in sight with the focused one (a backjump's skipped nodes).
    pub show_to: usize,
    /// The focused node.
    pub focus: NodeInfo,
    /// The focused node's subtree counts.
    pub focus_stats: SubtreeStats,
    /// The runs begun, when the focused node is the root of a search that restarts (else 0).
    pub runs: u64,
    /// The path from the root to the focused node (root first).
    pub path: Vec<NodeInfo>,
}

/// Where the tree is read: the tree as it stood at `view` (a finished search's whole tree,
/// or the tree at the view's step), with the search at `step` in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The step the tree is drawn at: its nodes, kinds and counts.
    pub view: u64,
    /// The step the view is at: the search's current node and path.
    pub step: u64,
}

impl At {
    /// The tree at `step`, the search at `step` (a search under way).
    pub fn step(step: u64) -> At {
        At { view: step, step }
    }
}

impl TreeState {
    /// The node the panel is about: the walked-to node if it existed at `at.view`, else
    /// the search's current node at `at.step`.
    pub fn focus(&self, tree: &SearchTree, at: At) -> Option<NodeId> {
        self.selected
            .filter(|&id| tree.node(id, at.view).is_some())
            .or_else(|| tree.current(at.step))
    }

    /// Whether `id`'s children are listed: on the focus path, or unfolded by the viewer.
    fn expanded(&self, id: NodeId, on_focus_path: bool) -> bool {
        if self.folded.contains(&id) {
            false
        } else {
            on_focus_path || self.unfolded.contains(&id)
        }
    }

    /// Folds the focused node's subtree when it is listed, unfolds it when it is not.
    pub fn toggle_fold(&mut self, tree: &SearchTree, at: At) {
        let Some(id) = self.focus(tree, at) else {
            return;
        };
        let on_path = true; // the focused node is on its own path
        if self.expanded(id, on_path) {
            self.unfolded.remove(&id);
            self.folded.insert(id);
        } else {
            self.folded.remove(&id);
            self.unfolded.insert(id);
        }
    }

    /// Forgets the walk and the folds (a new search).
    pub fn reset(&mut self) {
        self.selected = None;
        self.folded.clear();
        self.unfolded.clear();
    }

    /// The outline around the focused node `at` a step, indenting at most `levels` levels.
    /// Where `rows` leaves room, the levels below the focused node are listed too (failed
    /// subtrees stay folded), as many as fit.
    pub fn outline(
        &self,
        tree: &SearchTree,
        at: At,
        levels: usize,
        rows: usize,
    ) -> Option<Outline> {
        let mut best = self.outline_below(tree, at, levels, 0)?;
        for below in 1..=MAX_UNFOLDED_BELOW {
            let wider = self.outline_below(tree, at, levels, below)?;
            if wider.rows.len() > rows || wider.rows.len() == best.rows.len() {
                break;
            }
            best = wider;
        }
        Some(best)
    }

    /// The outline with the `below` levels under the focused node listed.
    fn outline_below(
        &self,
        tree: &SearchTree,
        at: At,
        levels: usize,
        below: u16,
    ) -> Option<Outline> {
        let At { view, step } = at;
        let focus_id = self.focus(tree, at)?;
        let focus = tree.node(focus_id, view)?;
        let current = tree.current(step)?;
        let on_current_path: BTreeSet<NodeId> = tree.path_to(current).into_iter().collect();
        let path_ids = tree.path_to(focus_id);
        let path: Vec<NodeInfo> = path_ids
            .iter()
            .filter_map(|&id| tree.node(id, view))
            .collect();
        let mut on_focus_path: BTreeSet<NodeId> = path_ids.iter().copied().collect();
        // A backjump shown: the way down to the failure it jumped from is listed, each
        // decision it undid with its skipped node beside it, and indented to fit.
        let mut deepest = path_ids.len();
        let mut jumped_from = None;
        if let Some(failed) = tree.backjump_at(step) {
            let way = tree.path_to(failed);
            if way.contains(&focus_id) {
                deepest = way.len();
                jumped_from = Some(failed);
            }
            on_focus_path.extend(way);
        }
        let anchor_at = deepest
            .saturating_sub(levels.max(1))
            .min(path_ids.len() - 1);
        let anchor = path_ids[anchor_at];
        let above = path[..anchor_at].to_vec();
        let mut rows = Vec::new();
        let mut focus_row = 0;
        let mut show_to = 0;
        // (node, guides for its children, guide before it)
        let mut stack: Vec<(NodeId, String, String)> = vec![(anchor, String::new(), String::new())];
        while let Some((id, inherited, guide)) = stack.pop() {
            let Some(node) = tree.node(id, view) else {
                continue;
            };
            let stats = tree.subtree(id, view);
            let under_focus = node.depth > focus.depth
                && node.depth <= focus.depth + below
                && path_to_contains(tree, id, focus_id)
                && !stats.failed();
            let expanded = self.expanded(id, on_focus_path.contains(&id) || under_focus);
            if id == focus_id {
                focus_row = rows.len();
            }
            if jumped_from.is_some_and(|f| id >= f) {
                // The failure and the skipped nodes after it.
                show_to = rows.len();
            }
            rows.push(OutlineRow {
                node,
                guides: format!("{inherited}{guide}"),
                folded: (!expanded && stats.size > 1).then_some(stats),
                on_path: on_current_path.contains(&id),
                current: id == current,
                later: node.first_step > step,
            });
            if !expanded {
                continue;
            }
            let children = tree.children(id, view);
            let below = if id == anchor {
                String::new()
            } else if guide.starts_with('├') {
                format!("{inherited}│ ")
            } else {
                format!("{inherited}  ")
            };
            for (i, &child) in children.iter().enumerate().rev() {
                let mark = if i + 1 == children.len() {
                    "└ "
                } else {
                    "├ "
                };
                stack.push((child, below.clone(), mark.to_string()));
            }
        }
        Some(Outline {
            above,
            rows,
            focus_row,
            show_to: show_to.max(focus_row),
            focus,
            focus_stats: tree.subtree(focus_id, view),
            runs: if focus_id == 0 && tree.has_runs() {
                tree.runs_at(view)
            } else {
                0
            },
            path,
        })
    }

    /// Walks from the focused node: to its parent, first child, or previous or next sibling.
    pub fn walk(&mut self, tree: &SearchTree, at: At, to: Walk) {
        let Some(id) = self.focus(tree, at) else {
            return;
        };
        let Some(node) = tree.node(id, at.view) else {
            return;
        };
        let target = match to {
            Walk::Root => Some(0),
            Walk::Parent => node.parent,
            Walk::FirstChild => tree.children(id, at.view).first().copied(),
            Walk::Previous | Walk::Next => node.parent.and_then(|p| {
                let siblings = tree.children(p, at.view);
                let i = siblings.iter().position(|&s| s == id)?;
                match to {
                    Walk::Previous => i.checked_sub(1).map(|j| siblings[j]),
                    _ => siblings.get(i + 1).copied(),
                }
            }),
        };
        if let Some(t) = target {
            self.selected = Some(t);
            // Walking into a folded subtree unfolds the way there.
            if let Some(p) = tree.node(t, at.view).and_then(|n| n.parent) {
                self.folded.remove(&p);
            }
        }
    }
}

/// The most levels below the focused node that the outline lists when it has room.
const MAX_UNFOLDED_BELOW: u16 = 6;

/// Whether `ancestor` is on the path from the root to `id`.
fn path_to_contains(tree: &SearchTree, id: NodeId, ancestor: NodeId) -> bool {
    let mut at = Some(id);
    while let Some(n) = at.and_then(|a| tree.node(a, tree.frontier())) {
        if n.id == ancestor {
            return true;
        }
        if n.id < ancestor {
            return false;
        }
        at = n.parent;
    }
    false
}

/// A move through the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// To the root.
    Root,
    /// To the parent.
    Parent,
    /// To the first child.
    FirstChild,
    /// To the previous sibling.
    Previous,
    /// To the next sibling.
    Next,
}
