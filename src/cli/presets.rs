//! `dokuscope presets`: the preset table, with the seed each one reproduces.

use std::fmt::Write as _;

use crate::app::fork::MANUAL_PRESET;
use crate::solver::Strategy;
use crate::solver::preset::{self, DEFAULT, GROUPS, PRESETS, Preset};
use crate::solver::strategy::UnknownName;

/// What preset `you` is, in `--help` and in the table.
pub const MANUAL_HELP: &str =
    "you choose every cell, with the default preset's inference (watch and compare only)";

/// Why a command that searches by itself refuses preset `you`.
fn manual_refused() -> anyhow::Error {
    anyhow::anyhow!(
        "preset '{MANUAL_PRESET}' is you choosing every cell, so only watch and compare take it: solve, trace, tree, bench and snapshot need a cell order that runs by itself (the default is `{DEFAULT}`)"
    )
}

/// Whether `spec` names preset `you` (with or without variants after a slash).
fn is_manual(spec: &str) -> bool {
    spec.split('/').next() == Some(MANUAL_PRESET)
}

/// The preset `spec` (a name, with variants after slashes) for a command that runs its
/// searches by itself: its name and strategy; `you` is refused with where it applies.
pub fn resolve(spec: &str) -> anyhow::Result<(String, Strategy)> {
    if is_manual(spec) {
        return Err(manual_refused());
    }
    preset::resolve(spec).map_err(anyhow::Error::msg)
}

/// [`resolve`], or the default preset without a name.
pub fn resolve_or_default(spec: Option<&str>) -> anyhow::Result<(String, Strategy)> {
    spec.map_or_else(
        || {
            let p = preset::default_preset();
            Ok((p.name.to_string(), p.strategy))
        },
        resolve,
    )
}

/// The preset `spec` for watch and compare, where `you` (the viewer as the cell order, with
/// the default preset's inference) is one too: its name and strategy. An unknown name lists
/// `you` among the names, and gets "did you mean" when a typo away from one.
pub fn resolve_in_view(spec: &str) -> anyhow::Result<(String, Strategy)> {
    if spec == MANUAL_PRESET {
        return Ok((spec.to_string(), preset::default_preset().strategy));
    }
    let base = spec.split('/').next().unwrap_or_default();
    if preset::lookup(base).is_err() {
        let base = base.split('@').next().unwrap_or_default();
        let names: Vec<&str> = preset::every()
            .map(|p| p.name)
            .chain([MANUAL_PRESET])
            .collect();
        return Err(UnknownName::among("preset", base, &names).into());
    }
    preset::resolve(spec).map_err(anyhow::Error::msg)
}

/// The presets `name` stands for (a preset, a group or `all`), for `bench`; `you` is refused.
pub fn expand(name: &str) -> anyhow::Result<Vec<&'static Preset>> {
    if name == MANUAL_PRESET {
        return Err(manual_refused());
    }
    Ok(preset::expand(name)?)
}

/// The table's rows: preset, order, values, infer, seed, what it reproduces.
fn rows() -> Vec<[String; 6]> {
    let mut rows = vec![[
        "preset".to_string(),
        "order".into(),
        "values".into(),
        "infer".into(),
        "seed".into(),
        "reproduces".into(),
    ]];
    for p in PRESETS {
        let s = p.strategy;
        let name = if p.name == DEFAULT {
            format!("{} (default)", p.name)
        } else {
            p.name.to_string()
        };
        rows.push([
            name,
            s.order.name().to_string(),
            s.values.name().to_string(),
            s.inference.normalised().to_string(),
            p.seed.to_string(),
            p.reproduces.to_string(),
        ]);
    }
    for p in preset::LOCAL {
        // A local search has no cell order, value order or inference: its fill instead.
        let fill = p.strategy.local().map(|r| r.fill).unwrap_or_default();
        rows.push([
            p.name.to_string(),
            "local search".into(),
            format!("fill {fill}"),
            "none".into(),
            p.seed.to_string(),
            p.reproduces.to_string(),
        ]);
    }
    let fallback = preset::default_preset().strategy;
    rows.push([
        MANUAL_PRESET.to_string(),
        "manual".into(),
        fallback.values.name().to_string(),
        fallback.inference.normalised().to_string(),
        "dokuscope".into(),
        MANUAL_HELP.to_string(),
    ]);
    rows
}

/// The table in Markdown, names in code, as docs/presets.md shows it.
pub fn markdown() -> String {
    let rows = rows();
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let c = c.replace('|', "\\|");
                if i > 0 && k == 0 {
                    // `fast (default)`: the name in code, the note not.
                    match c.split_once(' ') {
                        Some((name, note)) => format!("`{name}` {note}"),
                        None => format!("`{c}`"),
                    }
                } else {
                    c
                }
            })
            .collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
        if i == 0 {
            let _ = writeln!(out, "|{}", "---|".repeat(row.len()));
        }
    }
    out
}

/// The rows as aligned text: each column as wide as its widest entry, two spaces apart.
fn table(rows: &[[String; 6]]) -> String {
    let mut widths = [0; 6];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (i, (cell, w)) in row.iter().zip(widths).enumerate() {
            if i + 1 == row.len() {
                line.push_str(cell);
            } else {
                let _ = write!(line, "{cell:<w$}  ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Prints the presets and the groups `bench` accepts (a closed pipe, as with `| head`,
/// ends the listing quietly).
pub fn run() -> anyhow::Result<u8> {
    match print(&mut std::io::stdout().lock()) {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(super::EXIT_OK),
    }
}

fn print(out: &mut impl std::io::Write) -> std::io::Result<()> {
    write!(out, "{}", table(&rows()))?;
    writeln!(out, "\ngroups (for bench --preset):")?;
    let width = GROUPS.iter().map(|(g, _)| g.len()).max().unwrap_or(0);
    for (group, list) in GROUPS {
        writeln!(out, "  {group:<width$} {list}")?;
    }
    writeln!(out, "  all      every preset above but {MANUAL_PRESET}")?;
    writeln!(
        out,
        "\nNAME@hashmap (s003-rv-h1@hashmap, seed003@hashmap): NAME in seed 003's cell sequence."
    )?;
    writeln!(
        out,
        "min-conflicts/fill:cells/walk:P/tabu:N/steps:N/seed:N: the local search's options."
    )?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_starts_at_the_same_place_on_every_row() {
        let text = table(&rows());
        let lines: Vec<&str> = text.lines().collect();
        let header = lines[0];
        for word in ["order", "values", "infer", "seed", "reproduces"] {
            let at = header.find(word).expect("header word");
            for line in &lines[1..] {
                let before: String = line.chars().take(at).collect();
                assert!(
                    before.ends_with("  ") && !line[at..].starts_with(' '),
                    "column {word} is out of line in {line:?}"
                );
            }
        }
    }
}
