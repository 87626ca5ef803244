//! Walking a received tree: parent, children, siblings and depth-first order over an
//! [`Execution`], the runs' roots being siblings at the top (a search that restarts shows its
//! runs one after another, as the restart root's children do in dokuscope's own tree).

use std::collections::HashSet;

use dokuscope_profiler::{Execution, NodeIndex, Status};

/// The subtrees the viewer folded.
pub type Folds = HashSet<NodeIndex>;

/// A node's siblings, itself included, in order: its parent's children, or the runs' roots.
pub fn siblings(execution: &Execution, node: NodeIndex) -> Vec<NodeIndex> {
    match execution.node(node).and_then(|n| n.parent) {
        Some(parent) => execution.children(parent),
        None => execution.runs().iter().map(|run| run.root).collect(),
    }
}

/// The node's place among its siblings and their number.
fn place(execution: &Execution, node: NodeIndex) -> (Vec<NodeIndex>, usize) {
    let all = siblings(execution, node);
    let at = all.iter().position(|&n| n == node).unwrap_or(0);
    (all, at)
}

/// The sibling after the node.
pub fn next_sibling(execution: &Execution, node: NodeIndex) -> Option<NodeIndex> {
    let (all, at) = place(execution, node);
    all.get(at + 1).copied()
}

/// The sibling before the node.
pub fn prev_sibling(execution: &Execution, node: NodeIndex) -> Option<NodeIndex> {
    let (all, at) = place(execution, node);
    at.checked_sub(1).and_then(|i| all.get(i).copied())
}

/// The first child shown: none when the node is folded.
pub fn first_child(execution: &Execution, node: NodeIndex, folds: &Folds) -> Option<NodeIndex> {
    if folds.contains(&node) {
        return None;
    }
    execution.children(node).first().copied()
}

/// The last node shown in the node's subtree (itself, when folded or a leaf).
fn last_shown(execution: &Execution, mut node: NodeIndex, folds: &Folds) -> NodeIndex {
    while !folds.contains(&node) {
        match execution.children(node).last() {
            Some(&last) => node = last,
            None => break,
        }
    }
    node
}

/// The node shown after this one in depth-first order.
pub fn next_shown(execution: &Execution, node: NodeIndex, folds: &Folds) -> Option<NodeIndex> {
    if let Some(child) = first_child(execution, node, folds) {
        return Some(child);
    }
    let mut at = node;
    loop {
        if let Some(next) = next_sibling(execution, at) {
            return Some(next);
        }
        at = execution.node(at)?.parent?;
    }
}

/// The node shown before this one in depth-first order.
pub fn prev_shown(execution: &Execution, node: NodeIndex, folds: &Folds) -> Option<NodeIndex> {
    match prev_sibling(execution, node) {
        Some(before) => Some(last_shown(execution, before, folds)),
        None => execution.node(node)?.parent,
    }
}

/// The nodes of the outline's window: up to `rows` nodes in depth-first order, the cursor
/// about a third of the way down.
pub fn window(
    execution: &Execution,
    cursor: NodeIndex,
    folds: &Folds,
    rows: usize,
) -> Vec<NodeIndex> {
    if rows == 0 || execution.node(cursor).is_none() {
        return Vec::new();
    }
    let mut before = Vec::new();
    let mut at = cursor;
    while before.len() < rows / 3 {
        match prev_shown(execution, at, folds) {
            Some(prev) => {
                before.push(prev);
                at = prev;
            }
            None => break,
        }
    }
    before.reverse();
    before.push(cursor);
    let mut at = cursor;
    while before.len() < rows {
        match next_shown(execution, at, folds) {
            Some(next) => {
                before.push(next);
                at = next;
            }
            None => break,
        }
    }
    before
}

/// Counts of a subtree, walked up to a limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Subtree {
    /// Nodes, the root included.
    pub nodes: u64,
    /// Failures.
    pub failures: u64,
    /// Solutions.
    pub solutions: u64,
    /// Skipped nodes.
    pub skipped: u64,
    /// Whether the walk stopped at the limit (the counts are then lower bounds).
    pub partial: bool,
}

/// The counts of the node's subtree, walking at most `limit` nodes.
pub fn subtree(execution: &Execution, node: NodeIndex, limit: u64) -> Subtree {
    let mut counts = Subtree::default();
    let mut stack = vec![node];
    while let Some(at) = stack.pop() {
        if counts.nodes >= limit {
            counts.partial = true;
            break;
        }
        let Some(view) = execution.node(at) else {
            continue;
        };
        counts.nodes += 1;
        match view.status {
            Status::Failed => counts.failures += 1,
            Status::Solved => counts.solutions += 1,
            Status::Skipped => counts.skipped += 1,
            Status::Branch => {}
        }
        stack.extend(execution.children(at));
    }
    counts
}

/// The path from the node's run root down to it, the root first.
pub fn path(execution: &Execution, node: NodeIndex) -> Vec<NodeIndex> {
    let mut path = Vec::new();
    let mut at = Some(node);
    while let Some(n) = at {
        path.push(n);
        at = execution.node(n).and_then(|v| v.parent);
    }
    path.reverse();
    path
}
