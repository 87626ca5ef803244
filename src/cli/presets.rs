//! `dokuscope presets`: the preset table, with the seed each one reproduces.

use std::io::Write;

use crate::solver::preset::{DEFAULT, GROUPS, PRESETS};

/// Prints the presets and the groups `bench` accepts.
pub fn run() -> anyhow::Result<u8> {
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:<18} {:<16} {:<15} {:<14} {:<10} reproduces",
        "preset", "order", "values", "infer", "seed"
    )?;
    for p in PRESETS {
        let s = p.strategy;
        let name = if p.name == DEFAULT {
            format!("{} (default)", p.name)
        } else {
            p.name.to_string()
        };
        writeln!(
            out,
            "{name:<18} {:<16} {:<15} {:<14} {:<10} {}",
            s.order.name(),
            s.values.name(),
            s.inference.normalised().to_string(),
            p.seed,
            p.reproduces
        )?;
    }
    writeln!(out, "\ngroups (for bench --preset):")?;
    for (group, list) in GROUPS {
        writeln!(out, "  {group:<8} {list}")?;
    }
    writeln!(out, "  all      every preset above")?;
    Ok(super::EXIT_OK)
}
