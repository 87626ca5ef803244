//! The tree written out for other programs: JSON (every node), Graphviz DOT (Gist's shapes
//! and colours, large trees collapsed) and an indented text outline.

use std::io::{self, Write};

use super::{Branch, NodeId, NodeInfo, NodeKind, SearchTree};
use crate::solver::geometry::Geometry;

/// Above this many nodes, DOT draws each failed subtree as one triangle.
pub const DOT_COLLAPSE_FAILED: usize = 500;
/// DOT draws at most about this many shapes; deeper subtrees become triangles.
pub const DOT_MAX_SHAPES: usize = 4000;

/// The branch label as the screen and the formats write it: `r8c7=7`, `r8c7≠7`, `r8c7≠?`
/// (a choice wiped out before any digit was tried), `r8c7…` (left unexplored by a limit);
/// `None` for the root.
///
/// Digits are written with the board's symbols (`A`-`G` on 16×16), as the board and the
/// event log write them.
pub fn label(g: &Geometry, n: &NodeInfo) -> Option<String> {
    let cell = n.branch_cell.map(|c| g.cell_name(c).to_string());
    let cell = cell.unwrap_or_default();
    let sym = |d: crate::solver::Digit| d.symbol(g.size());
    match n.branch {
        Branch::Root => None,
        Branch::Decision(d) => Some(format!("{cell}={}", sym(d))),
        Branch::Refutation(Some(d)) => Some(format!("{cell}≠{}", sym(d))),
        Branch::Refutation(None) => Some(format!("{cell}≠?")),
        Branch::Unexplored => Some(format!("{cell}…")),
    }
}

/// The branch's kind as the JSON names it.
fn branch_name(b: Branch) -> &'static str {
    match b {
        Branch::Root => "root",
        Branch::Decision(_) => "decision",
        Branch::Refutation(_) => "refutation",
        Branch::Unexplored => "unexplored",
    }
}

/// Gist's glyph for a kind: ● choice, ■ failure, ◆ solution, ○ open.
pub fn glyph(kind: NodeKind) -> char {
    match kind {
        NodeKind::Choice => '●',
        NodeKind::Failure => '■',
        NodeKind::Solution => '◆',
        NodeKind::Open => '○',
    }
}

fn nodes(tree: &SearchTree) -> impl Iterator<Item = NodeInfo> + '_ {
    let step = tree.frontier();
    (0..tree.len() as NodeId).filter_map(move |id| tree.node(id, step))
}

/// `{"nodes":[{"id":0,"parent":null,"kind":"choice","label":null,...}, ...]}`, one node a
/// line; `last_step` of a node the search never left is the search's last step.
pub fn write_json(out: &mut impl Write, g: &Geometry, tree: &SearchTree) -> io::Result<()> {
    writeln!(out, "{{\"nodes\":[")?;
    let end = tree.frontier();
    let mut first = true;
    for n in nodes(tree) {
        if !first {
            writeln!(out, ",")?;
        }
        first = false;
        let parent = n.parent.map_or("null".to_string(), |p| p.to_string());
        let label = label(g, &n).map_or("null".to_string(), |l| format!("\"{l}\""));
        write!(
            out,
            "{{\"id\":{},\"parent\":{parent},\"kind\":\"{}\",\"label\":{label},\"branch\":\"{}\",\"depth\":{},\"first_step\":{},\"step\":{},\"last_step\":{}",
            n.id,
            n.kind.name(),
            branch_name(n.branch),
            n.depth,
            n.first_step,
            n.step(),
            n.last_step.unwrap_or(end),
        )?;
        if let Some(c) = n.choice {
            write!(out, ",\"choice\":\"{}\"", g.cell_name(c))?;
        }
        if n.by_user {
            write!(out, ",\"by\":\"user\"")?;
        }
        write!(out, "}}")?;
    }
    writeln!(out, "\n]}}")
}

/// An indented outline, one node a line: glyph, label, kind, chosen cell, steps.
pub fn write_text(out: &mut impl Write, g: &Geometry, tree: &SearchTree) -> io::Result<()> {
    let end = tree.frontier();
    for n in nodes(tree) {
        let indent = "  ".repeat(usize::from(n.depth));
        let label = label(g, &n).unwrap_or_else(|| "root".into());
        write!(out, "{indent}{} {label}  {}", glyph(n.kind), n.kind.name())?;
        if let Some(c) = n.choice {
            write!(out, " {}", g.cell_name(c))?;
        }
        let last = n.last_step.unwrap_or(end);
        if last == n.first_step {
            writeln!(out, "  step {}", n.first_step)?;
        } else {
            writeln!(out, "  steps {}-{last}", n.first_step)?;
        }
    }
    Ok(())
}

/// Graphviz DOT in Gist's language: choices blue circles, failures red squares, solutions
/// green diamonds, open nodes white circles, collapsed subtrees triangles with their node
/// count (red when they hold no solution).
pub fn write_dot(out: &mut impl Write, g: &Geometry, tree: &SearchTree) -> io::Result<()> {
    let step = tree.frontier();
    let collapse_failed = tree.len() > DOT_COLLAPSE_FAILED;
    let cut = depth_cut(tree);
    writeln!(out, "digraph search {{")?;
    writeln!(
        out,
        "  graph [ordering=out, nodesep=0.15, ranksep=0.3];\n  node [style=filled, fontname=\"monospace\", fontsize=9, width=0.3, height=0.3, fixedsize=false, label=\"\"];\n  edge [fontname=\"monospace\", fontsize=8, arrowhead=none];"
    )?;
    let mut id: NodeId = 0;
    while (id as usize) < tree.len() {
        let Some(n) = tree.node(id, step) else { break };
        let sub = tree.subtree(id, step);
        let collapsed = sub.size > 1 && ((collapse_failed && sub.failed()) || n.depth >= cut);
        if collapsed {
            let colour = if sub.solutions > 0 {
                "#4e9a06"
            } else {
                "#cc0000"
            };
            writeln!(
                out,
                "  n{id} [shape=triangle, fillcolor=\"{colour}\", fontcolor=white, label=\"{}\"];",
                sub.size
            )?;
        } else {
            let (shape, fill) = match n.kind {
                NodeKind::Choice => ("circle", "#3465a4"),
                NodeKind::Failure => ("square", "#cc0000"),
                NodeKind::Solution => ("diamond", "#4e9a06"),
                NodeKind::Open => ("circle", "white"),
            };
            writeln!(out, "  n{id} [shape={shape}, fillcolor=\"{fill}\"];")?;
        }
        if let Some(p) = n.parent {
            let label = label(g, &n).unwrap_or_default();
            writeln!(out, "  n{p} -> n{id} [label=\"{label}\"];")?;
        }
        id = if collapsed {
            id + sub.size as NodeId
        } else {
            id + 1
        };
    }
    writeln!(out, "}}")
}

/// The depth from which DOT collapses every subtree, so that about [`DOT_MAX_SHAPES`]
/// shapes are drawn.
fn depth_cut(tree: &SearchTree) -> u16 {
    let mut per_depth: Vec<usize> = Vec::new();
    let step = tree.frontier();
    for id in 0..tree.len() as NodeId {
        if let Some(n) = tree.node(id, step) {
            let d = usize::from(n.depth);
            if per_depth.len() <= d {
                per_depth.resize(d + 1, 0);
            }
            per_depth[d] += 1;
        }
    }
    let mut total = 0;
    for (d, count) in per_depth.iter().enumerate() {
        total += count;
        if total > DOT_MAX_SHAPES {
            return d.saturating_sub(1) as u16;
        }
    }
    u16::MAX
}
