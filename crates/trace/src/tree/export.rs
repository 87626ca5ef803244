//! The tree written out for other programs: JSON (every node), Graphviz DOT (Gist's shapes
//! and colours, large trees collapsed) and an indented text outline. A folded subtree is
//! written as its root with its counts, and the output says how many were folded.

use std::io::{self, Write};

use super::{Branch, FoldInfo, NodeId, NodeInfo, NodeKind, SearchTree};
use crate::numbers::grouped;
use dokuscope_engine::geometry::Geometry;

/// Above this many nodes, DOT draws each failed subtree as one triangle.
pub const DOT_COLLAPSE_FAILED: usize = 500;
/// DOT draws at most about this many shapes; deeper subtrees become triangles.
pub const DOT_MAX_SHAPES: usize = 4000;

/// The branch label as the screen and the formats write it: `r8c7=7`, `r8c7≠7`, `r8c7≠?`
/// (a choice wiped out before any digit was tried), `r8c7…` (left unexplored by a limit),
/// `run 2` (a run of a search that restarts); `None` for the root.
///
/// Digits are written with the board's symbols (`A`-`G` on 16×16), as the board and the
/// event log write them.
pub fn label(g: &Geometry, n: &NodeInfo) -> Option<String> {
    let cell = n.branch_cell.map(|c| g.cell_name(c).to_string());
    let cell = cell.unwrap_or_default();
    let sym = |d: dokuscope_engine::Digit| d.symbol(g.size());
    match n.branch {
        Branch::Root => None,
        Branch::Decision(d) => Some(format!("{cell}={}", sym(d))),
        Branch::Refutation(Some(d)) => Some(format!("{cell}≠{}", sym(d))),
        Branch::Refutation(None) => Some(format!("{cell}≠?")),
        Branch::Unexplored => Some(format!("{cell}…")),
        Branch::Run(k) => Some(format!("run {k}")),
    }
}

/// The branch's kind as the JSON names it.
fn branch_name(b: Branch) -> &'static str {
    match b {
        Branch::Root => "root",
        Branch::Decision(_) => "decision",
        Branch::Refutation(_) => "refutation",
        Branch::Unexplored => "unexplored",
        Branch::Run(_) => "run",
    }
}

/// Gist's glyph for a kind: ● choice, ■ failure, ◆ solution, ○ open, and ⊘ for a skipped
/// node (an alternative a backjump jumped over).
pub fn glyph(kind: NodeKind) -> char {
    match kind {
        NodeKind::Choice => '●',
        NodeKind::Failure => '■',
        NodeKind::Solution => '◆',
        NodeKind::Open => '○',
        NodeKind::Skipped => '⊘',
    }
}

/// `1 node`, `1,234 nodes`.
fn counted(n: u64, one: &str) -> String {
    format!("{} {one}{}", grouped(n), if n == 1 { "" } else { "s" })
}

/// A node of the tree at its newest step, or a folded subtree's root with its counts.
enum Entry {
    Node(NodeInfo),
    Fold(NodeInfo, FoldInfo),
}

impl Entry {
    fn node(&self) -> &NodeInfo {
        match self {
            Entry::Node(n) | Entry::Fold(n, _) => n,
        }
    }
}

/// The nodes in id order, each folded subtree as one entry.
fn entries(tree: &SearchTree) -> impl Iterator<Item = Entry> + '_ {
    let step = tree.frontier();
    let mut id: NodeId = 0;
    std::iter::from_fn(move || {
        while (id as usize) < tree.len() {
            let at = id;
            let fold = tree.folded(at);
            id = fold.map_or(at + 1, |f| f.end + 1);
            if let Some(n) = tree.node(at, step) {
                return Some(match fold {
                    Some(f) => Entry::Fold(n, f),
                    None => Entry::Node(n),
                });
            }
        }
        None
    })
}

/// What the folds hide, in one sentence, when the tree holds any.
fn folded_note(tree: &SearchTree) -> Option<String> {
    let folds = tree.folds();
    (folds > 0).then(|| {
        format!(
            "{} of {} nodes are exact; {} finished subtrees (of at most {} steps each) are folded into summaries: each is written as its root with its counts",
            grouped(tree.exact_nodes() as u64),
            grouped(tree.len() as u64),
            grouped(folds as u64),
            grouped(tree.fold_policy().max_span),
        )
    })
}

/// `{"nodes":[{"id":0,"parent":null,"kind":"choice","label":null,...}, ...]}`, one node a
/// line; `last_step` of a node the search never left is the search's last step. A folded
/// subtree is its root with `"folded":{counts}`, and the document ends with
/// `"folded":{"subtrees":...,"note":...}`.
pub fn write_json(out: &mut impl Write, g: &Geometry, tree: &SearchTree) -> io::Result<()> {
    writeln!(out, "{{\"nodes\":[")?;
    let end = tree.frontier();
    let mut first = true;
    for entry in entries(tree) {
        if !first {
            writeln!(out, ",")?;
        }
        first = false;
        let n = entry.node();
        let parent = n.parent.map_or("null".to_string(), |p| p.to_string());
        let label = label(g, n).map_or("null".to_string(), |l| format!("\"{l}\""));
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
        if let Entry::Fold(_, f) = &entry {
            let s = f.summary;
            write!(
                out,
                ",\"folded\":{{\"nodes\":{},\"decisions\":{},\"choices\":{},\"failures\":{},\"solutions\":{},\"skipped\":{},\"max_depth\":{},\"last_id\":{}}}",
                s.nodes,
                s.decisions,
                s.choices,
                s.failures,
                s.solutions,
                s.skipped,
                s.max_depth,
                f.end
            )?;
        }
        write!(out, "}}")?;
    }
    match folded_note(tree) {
        Some(note) => writeln!(
            out,
            "\n],\"folded\":{{\"subtrees\":{},\"exact_nodes\":{},\"nodes\":{},\"note\":\"{note}\"}}}}",
            tree.folds(),
            tree.exact_nodes(),
            tree.len()
        ),
        None => writeln!(out, "\n]}}"),
    }
}

/// `steps 272-1,706`, or `step 459` for a single step.
fn steps(first: u64, last: u64) -> String {
    if last == first {
        format!("step {}", grouped(first))
    } else {
        format!("steps {}-{}", grouped(first), grouped(last))
    }
}

/// An indented outline, one node a line: glyph, label, kind, chosen cell, steps. A folded
/// subtree is its root's line with `▸` and its counts; a first `#` line then says so.
pub fn write_text(out: &mut impl Write, g: &Geometry, tree: &SearchTree) -> io::Result<()> {
    let end = tree.frontier();
    if let Some(note) = folded_note(tree) {
        writeln!(out, "# {note} (lines with ▸)")?;
    }
    for entry in entries(tree) {
        let n = entry.node();
        let indent = "  ".repeat(usize::from(n.depth));
        let label = label(g, n).unwrap_or_else(|| "root".into());
        write!(out, "{indent}{} {label}  {}", glyph(n.kind), n.kind.name())?;
        if let Some(c) = n.choice {
            write!(out, " {}", g.cell_name(c))?;
        }
        if n.id == 0 && tree.has_runs() {
            let runs = tree.runs_at(end);
            write!(
                out,
                " of {} run{}",
                grouped(runs),
                if runs == 1 { "" } else { "s" }
            )?;
        }
        write!(out, "  {}", steps(n.first_step, n.last_step.unwrap_or(end)))?;
        if let Entry::Fold(_, f) = &entry {
            let s = f.summary;
            write!(
                out,
                "  ▸ {} · {} · {}",
                counted(s.nodes, "node"),
                counted(s.failures, "failure"),
                counted(s.solutions, "solution")
            )?;
            if s.skipped > 0 {
                write!(out, " · {} skipped", grouped(s.skipped))?;
            }
            write!(out, " · depth to {}", s.max_depth)?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Gist's shape and fill for a kind (a skipped node: a dashed pale circle).
fn shape(kind: NodeKind) -> (&'static str, &'static str) {
    match kind {
        NodeKind::Choice => ("circle", "#3465a4"),
        NodeKind::Failure => ("square", "#cc0000"),
        NodeKind::Solution => ("diamond", "#4e9a06"),
        NodeKind::Open => ("circle", "white"),
        NodeKind::Skipped => ("circle", "#e9c8e6"),
    }
}

/// Graphviz DOT in Gist's language: choices blue circles, failures red squares, solutions
/// green diamonds, open nodes white circles, skipped nodes pale dashed circles, collapsed
/// and folded subtrees triangles with their node count (red when they hold no solution).
pub fn write_dot(out: &mut impl Write, g: &Geometry, tree: &SearchTree) -> io::Result<()> {
    let step = tree.frontier();
    let collapse_failed = tree.len() > DOT_COLLAPSE_FAILED;
    let cut = depth_cut(tree);
    writeln!(out, "digraph search {{")?;
    if let Some(note) = folded_note(tree) {
        writeln!(out, "  // {note}")?;
        writeln!(
            out,
            "  label=\"{note}\"; labelloc=t; fontname=\"monospace\";"
        )?;
    }
    writeln!(
        out,
        "  graph [ordering=out, nodesep=0.15, ranksep=0.3];\n  node [style=filled, fontname=\"monospace\", fontsize=9, width=0.3, height=0.3, fixedsize=false, label=\"\"];\n  edge [fontname=\"monospace\", fontsize=8, arrowhead=none];"
    )?;
    let mut skip_to: NodeId = 0;
    for entry in entries(tree) {
        let n = entry.node();
        let id = n.id;
        if id < skip_to {
            continue;
        }
        let (size, solutions) = match &entry {
            Entry::Fold(_, f) => (f.summary.nodes, f.summary.solutions),
            Entry::Node(_) => {
                let sub = tree.subtree(id, step);
                let collapse =
                    sub.size > 1 && ((collapse_failed && sub.failed()) || n.depth >= cut);
                if collapse {
                    (sub.size, sub.solutions)
                } else {
                    (1, 0)
                }
            }
        };
        if size > 1 {
            let colour = if solutions > 0 { "#4e9a06" } else { "#cc0000" };
            writeln!(
                out,
                "  n{id} [shape=triangle, fillcolor=\"{colour}\", fontcolor=white, label=\"{}\"];",
                grouped(size)
            )?;
            skip_to = id + size as NodeId;
        } else if n.kind == NodeKind::Skipped {
            let (s, fill) = shape(n.kind);
            writeln!(
                out,
                "  n{id} [shape={s}, style=\"filled,dashed\", fillcolor=\"{fill}\", color=\"#ad7fa8\"];"
            )?;
        } else {
            let (s, fill) = shape(n.kind);
            writeln!(out, "  n{id} [shape={s}, fillcolor=\"{fill}\"];")?;
        }
        if let Some(p) = n.parent {
            let label = label(g, n).unwrap_or_default();
            writeln!(out, "  n{p} -> n{id} [label=\"{label}\"];")?;
        }
    }
    writeln!(out, "}}")
}

/// The depth from which DOT collapses every subtree, so that about [`DOT_MAX_SHAPES`]
/// shapes are drawn.
fn depth_cut(tree: &SearchTree) -> u16 {
    let mut per_depth: Vec<usize> = Vec::new();
    for entry in entries(tree) {
        let d = usize::from(entry.node().depth);
        if per_depth.len() <= d {
            per_depth.resize(d + 1, 0);
        }
        per_depth[d] += 1;
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

#[cfg(test)]
mod tests {
    use crate::numbers::grouped;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(138_350_569), "138,350,569");
    }

    #[test]
    fn large_numbers_are_compacted_to_one_decimal() {
        use crate::numbers::compact;
        assert_eq!(compact(99_999), "99,999");
        assert_eq!(compact(100_000), "100.0 k");
        assert_eq!(compact(138_350_569), "138.4 M");
        assert_eq!(compact(899_278_670), "899.3 M");
        assert_eq!(compact(4_200_000_000), "4.2 G");
    }
}
