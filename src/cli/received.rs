//! Saved received searches (`listen --save`, `"search":"profiler"`) for the commands that read
//! streams: `check` checks their lines and tree, `tree --events` prints the tree, `watch
//! --events` shows it on the listen screen.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};

use dokuscope_profiler::saved::{SavedError, SavedReader, SavedStart, is_saved_start};
use dokuscope_profiler::{Execution, NodeIndex, Warning};
use serde_json::json;

use super::args::TreeFormat;
use crate::numbers::grouped;
use crate::solver::tree::export::glyph;
use crate::ui::listen::kind_of;

/// Whether the file is a saved received search (its first line says `"search":"profiler"`).
pub fn is_received(file: &str) -> bool {
    if file == "-" {
        return false;
    }
    let Ok(opened) = File::open(file) else {
        return false;
    };
    let mut first = String::new();
    let mut reader = BufReader::new(opened.take(1 << 16));
    reader.read_line(&mut first).is_ok() && is_saved_start(&first)
}

/// A saved search read whole: its start, its execution and every line in error.
pub struct Received {
    /// The start object.
    pub start: Option<SavedStart>,
    /// The tree and its counters.
    pub execution: Execution,
    /// The lines that could not be read, or that say a frame was lost.
    pub errors: Vec<SavedError>,
}

/// Reads a saved search.
///
/// # Errors
/// The file cannot be opened or read.
pub fn read(file: &str) -> anyhow::Result<Received> {
    let opened = File::open(file).map_err(|e| anyhow::anyhow!("cannot open '{file}': {e}"))?;
    let mut reader = SavedReader::new();
    let mut errors = Vec::new();
    for line in BufReader::with_capacity(1 << 16, opened).lines() {
        let line = line.map_err(|e| anyhow::anyhow!("{file}:{}: {e}", reader.lines() + 1))?;
        if let Err(error) = reader.read_line(&line) {
            errors.push(error);
        }
    }
    let (start, execution) = reader.finish();
    Ok(Received {
        start,
        execution,
        errors,
    })
}

/// A warning located by the saved line it came from (`run.jsonl:12: ...`).
fn located(file: &str, warning: &Warning) -> String {
    let text = warning.to_string();
    let prefix = format!("{}: ", warning.at);
    let said = text.strip_prefix(&prefix).unwrap_or(&text);
    format!("{file}:{}: {said}", warning.at.frame)
}

/// The counters in words.
pub fn counts_words(execution: &Execution) -> String {
    use crate::numbers::plural;
    let c = execution.counts();
    [
        plural(c.nodes, "node", "nodes"),
        plural(c.choices, "choice", "choices"),
        plural(c.failures, "failure", "failures"),
        plural(c.solutions, "solution", "solutions"),
        format!("{} skipped", grouped(c.skipped)),
        format!("{} open", grouped(c.open)),
        plural(c.restarts, "restart", "restarts"),
        plural(c.nogoods, "nogood", "nogoods"),
        format!("depth {}", c.max_depth),
    ]
    .join(", ")
}

/// `check` of a saved search: every line read, the tree assembled; each unreadable line, lost
/// frame, node without parent, duplicate id, message after DONE or early end is an error at
/// its line. Exit 0 when there is none, 1 otherwise.
///
/// # Errors
/// The file cannot be read, or the output written.
pub fn check(file: &str, jsonl: bool, out: &mut impl Write) -> anyhow::Result<u8> {
    let received = read(file)?;
    let mut errors: Vec<String> = received
        .errors
        .iter()
        .map(|e| format!("{file}:{e}"))
        .collect();
    errors.extend(
        received
            .execution
            .warnings()
            .iter()
            .map(|w| located(file, w)),
    );
    let dropped = received.execution.warnings_dropped();
    let code = u8::from(!errors.is_empty());
    let verdict = if code == 0 {
        "consistent"
    } else {
        "inconsistent"
    };
    let name = received
        .execution
        .start_info()
        .and_then(|s| s.name.clone())
        .unwrap_or_else(|| "a solver".into());
    if jsonl {
        let c = received.execution.counts();
        let object = json!({
            "source": file,
            "search": "profiler",
            "solver": name,
            "verdict": verdict,
            "errors": errors,
            "counters": {
                "nodes": c.nodes, "choices": c.choices, "failures": c.failures,
                "solutions": c.solutions, "skipped": c.skipped, "open": c.open,
                "restarts": c.restarts, "nogoods": c.nogoods, "depth": c.max_depth,
            },
        });
        writeln!(out, "{object}")?;
    } else {
        for error in &errors {
            writeln!(out, "{error}")?;
        }
        if dropped > 0 {
            writeln!(out, "{file}: and {dropped} more problems")?;
        }
        writeln!(
            out,
            "{file}: a search received from {name}: {}: {verdict}",
            counts_words(&received.execution)
        )?;
    }
    Ok(code)
}

/// The nodes in depth-first order, each run's tree after the one before.
fn preorder(execution: &Execution) -> impl Iterator<Item = NodeIndex> + '_ {
    let mut stack: Vec<NodeIndex> = execution.runs().iter().rev().map(|r| r.root).collect();
    std::iter::from_fn(move || {
        let node = stack.pop()?;
        stack.extend(execution.children(node).into_iter().rev());
        Some(node)
    })
}

/// `tree --events` of a saved search: the received tree in the `tree` formats.
///
/// # Errors
/// The file cannot be read, has an error (the tree of a broken stream is not printed), or the
/// output cannot be written.
pub fn write_tree(file: &str, format: TreeFormat, out: &mut impl Write) -> anyhow::Result<()> {
    let received = read(file)?;
    if let Some(error) = received.errors.first() {
        anyhow::bail!("{file}:{error} (`dokuscope check {file}` lists every problem)");
    }
    let ex = &received.execution;
    let result: io::Result<()> = (|| {
        match format {
            TreeFormat::Text => {
                writeln!(out, "# {}", counts_words(ex))?;
                for node in preorder(ex) {
                    let Some(v) = ex.node(node) else { continue };
                    let kind = kind_of(v.status);
                    let label = v
                        .label
                        .unwrap_or(if v.parent.is_none() { "root" } else { "" });
                    writeln!(
                        out,
                        "{}{} {label}  {}",
                        "  ".repeat(v.depth as usize),
                        glyph(kind),
                        kind.name()
                    )?;
                }
            }
            TreeFormat::Json => {
                let c = ex.counts();
                writeln!(
                    out,
                    "{{\"search\":\"profiler\",\"counts\":{},\"nodes\":[",
                    json!({"nodes": c.nodes, "choices": c.choices, "failures": c.failures,
                        "solutions": c.solutions, "skipped": c.skipped, "open": c.open,
                        "restarts": c.restarts, "nogoods": c.nogoods, "depth": c.max_depth})
                )?;
                let mut first = true;
                for node in preorder(ex) {
                    let Some(v) = ex.node(node) else { continue };
                    let line = json!({
                        "id": node.0, "parent": v.parent.map(|p| p.0),
                        "kind": kind_of(v.status).name(), "label": v.label,
                        "depth": v.depth, "solver_id": [v.uid.nid, v.uid.rid, v.uid.tid],
                        "nogood": v.nogood,
                    });
                    writeln!(out, "{}{line}", if first { "" } else { "," })?;
                    first = false;
                }
                writeln!(out, "]}}")?;
            }
            TreeFormat::Dot => {
                writeln!(
                    out,
                    "digraph search {{\n  node [style=filled, fontcolor=white];"
                )?;
                for node in preorder(ex) {
                    let Some(v) = ex.node(node) else { continue };
                    let (shape, colour) = match kind_of(v.status).name() {
                        "choice" => ("circle", "blue"),
                        "failure" => ("square", "red"),
                        "solution" => ("diamond", "green"),
                        _ => ("circle", "magenta"),
                    };
                    writeln!(
                        out,
                        "  n{} [shape={shape}, fillcolor={colour}, label=\"\"];",
                        node.0
                    )?;
                    if let Some(parent) = v.parent {
                        let label = v.label.unwrap_or("").replace('"', "\\\"");
                        writeln!(out, "  n{} -> n{} [label=\"{label}\"];", parent.0, node.0)?;
                    }
                }
                writeln!(out, "}}")?;
            }
        }
        Ok(())
    })();
    result.map_err(anyhow::Error::from)
}
