//! `dokuscope presets`: the preset table, with the seed each one reproduces.

use std::fmt::Write as _;

use crate::solver::preset::{DEFAULT, GROUPS, PRESETS};

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
    rows
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
    writeln!(out, "  {:<width$} every preset above", "all")?;
    writeln!(
        out,
        "\nNAME@hashmap (s003-rv-h1@hashmap, seed003@hashmap): NAME in seed 003's cell sequence."
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
