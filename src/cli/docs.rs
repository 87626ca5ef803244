//! The Markdown tables the README and docs/ take from the program rather than repeat by
//! hand: the commands (from the command line's own definitions), the keys (from the key
//! table the views dispatch on and the `?` overlay shows) and the presets (from the
//! registry). `tests/docs_tables.rs` checks each against the text between its markers
//! (`<!-- generated: NAME -->` and `<!-- end: NAME -->`) and rewrites it on request.

use std::fmt::Write as _;

use super::completions;
use crate::app::help::CLICK;
use crate::app::keymap::{KEYMAP, Scope};

/// The generated tables: the marker's name, the file, and the table.
pub fn tables() -> Vec<(&'static str, &'static str, String)> {
    vec![
        ("commands", "README.md", commands()),
        ("keys", "docs/keys.md", keys()),
        ("presets", "docs/presets.md", super::presets::markdown()),
    ]
}

/// A table cell: pipes escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// `| command | what it does |`, one row a subcommand, in `--help` order.
pub fn commands() -> String {
    let cli = completions::command(false);
    let mut out = String::from("| command | what it does |\n|---|---|\n");
    for sub in cli.get_subcommands().filter(|s| s.get_name() != "help") {
        let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
        let _ = writeln!(out, "| `dokuscope {}` | {} |", sub.get_name(), cell(&about));
    }
    out
}

/// Where a binding applies, in words.
fn scope(scope: Scope) -> &'static str {
    match scope {
        Scope::Both => "watch, compare",
        Scope::Watch => "watch",
        Scope::Compare => "compare",
        Scope::Tree => "tree",
        Scope::Help => "help",
        Scope::Lesson => "lesson",
    }
}

/// `| keys | action | in |`, one row a binding, in the key table's order, then the mouse.
pub fn keys() -> String {
    let mut out = String::from("| keys | action | in |\n|---|---|---|\n");
    for b in KEYMAP {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            cell(b.label),
            cell(b.help),
            scope(b.scope)
        );
    }
    let _ = writeln!(out, "| {} | {} | watch, compare |", CLICK.0, cell(CLICK.1));
    out
}
