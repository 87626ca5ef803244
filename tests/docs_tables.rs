//! The README's and docs' tables against the program (#37): the commands, keys and presets
//! tables are made by the program and must be what it makes now (with
//! `DOKUSCOPE_UPDATE_DOCS=1` this test writes them instead); the options in
//! docs/commands.md are the options each command takes, no more and no fewer; the counters
//! documented are the counters `solve` prints.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::collections::BTreeSet;
use std::path::PathBuf;

use dokuscope::cli::completions;
use dokuscope::cli::docs::tables;
use dokuscope::solver::Stats;
use dokuscope::solver::stats::LocalStats;

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// The text between `<!-- generated: NAME -->` and `<!-- end: NAME -->`, and where it is.
fn section(text: &str, name: &str) -> Option<(usize, usize)> {
    let open = format!("<!-- generated: {name} -->\n");
    let start = text.find(&open)? + open.len();
    let end = start + text[start..].find(&format!("<!-- end: {name} -->"))?;
    Some((start, end))
}

#[test]
fn the_generated_tables_are_what_the_program_makes() {
    let update = std::env::var_os("DOKUSCOPE_UPDATE_DOCS").is_some();
    let mut stale = Vec::new();
    for (name, file, table) in tables() {
        let text = std::fs::read_to_string(path(file)).expect("the file");
        let (start, end) = section(&text, name)
            .unwrap_or_else(|| unreachable!("{file} has no markers for the {name} table"));
        if text[start..end] == table {
            continue;
        }
        if update {
            let new = format!("{}{table}{}", &text[..start], &text[end..]);
            std::fs::write(path(file), new).expect("written");
        } else {
            stale.push(format!("{file} ({name})"));
        }
    }
    assert!(
        stale.is_empty(),
        "these tables differ from what the program makes: {}; run \
         `DOKUSCOPE_UPDATE_DOCS=1 cargo test --release --test docs_tables` and review the diff",
        stale.join(", ")
    );
}

/// `--long` options named in `text`.
fn flags(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(str::to_string)
        .collect()
}

#[test]
fn docs_commands_names_every_option_of_every_command_and_no_other() {
    let text = std::fs::read_to_string(path("docs/commands.md")).expect("docs/commands.md");
    let cli = completions::command(false);
    let mut seen = BTreeSet::new();
    for row in text.lines().filter(|l| l.starts_with("| `dokuscope")) {
        let synopsis = row.split(" | ").next().expect("a first column");
        // `dokuscope` / `dokuscope watch ...`: the command is the last word after `dokuscope`
        // before the options.
        let name = synopsis
            .rsplit("`dokuscope ")
            .next()
            .and_then(|s| s.split([' ', '`']).next())
            .expect("a command");
        let sub = cli
            .find_subcommand(name)
            .unwrap_or_else(|| unreachable!("docs/commands.md names no command '{name}'"));
        let takes: BTreeSet<String> = sub
            .get_arguments()
            .filter_map(|a| a.get_long())
            .filter(|l| !["help", "version"].contains(l))
            .map(|l| format!("--{l}"))
            .collect();
        // A short form (`-o FILE`) names its long option.
        let mut named = flags(synopsis);
        for a in sub.get_arguments() {
            if let (Some(short), Some(long)) = (a.get_short(), a.get_long()) {
                if synopsis.contains(&format!("[-{short} ")) {
                    named.insert(format!("--{long}"));
                }
            }
        }
        assert_eq!(named, takes, "docs/commands.md, {name}");
        seen.insert(name.to_string());
    }
    let every: BTreeSet<String> = cli
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .filter(|n| n != "help")
        .collect();
    assert_eq!(seen, every, "docs/commands.md lists every command");
}

#[test]
fn the_counters_documented_are_the_counters_solve_prints() {
    let text = std::fs::read_to_string(path("docs/counters-and-trace.md")).expect("the doc");
    let documented: BTreeSet<String> = text
        .lines()
        .skip_while(|l| !l.starts_with("| counter |"))
        .skip(2)
        .take_while(|l| l.starts_with("| `"))
        .filter_map(|l| l.split('`').nth(1))
        .map(str::to_string)
        .collect();
    // A local search's stats carry one more object, `local` (absent for a backtracking search).
    let mut local = Stats::default();
    local.local = Some(LocalStats::default());
    let printed: BTreeSet<String> = serde_json::to_value(local)
        .expect("stats serialise")
        .as_object()
        .expect("an object")
        .keys()
        .cloned()
        .collect();
    assert_eq!(documented, printed);
}
