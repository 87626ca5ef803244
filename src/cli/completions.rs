//! The preset names in `--help` and in shell completions, and `dokuscope completions SHELL`.

use clap::builder::PossibleValuesParser;
use clap::{Arg, Command, CommandFactory};

use super::args::{Cli, CompletionsArgs};
use super::presets::MANUAL_HELP;
use crate::app::fork::MANUAL_PRESET;
use crate::solver::preset::{GROUPS, PRESETS};
use crate::solver::strategy::{ArcConsistency, CellOrder, Inference, ValueOrder};

/// The arguments that take one preset name.
const PRESET_ARGS: &[&str] = &["preset", "presets", "compare"];

fn preset_names() -> Vec<&'static str> {
    PRESETS.iter().map(|p| p.name).collect()
}

fn group_names() -> Vec<&'static str> {
    GROUPS.iter().map(|(g, _)| *g).chain(["all"]).collect()
}

/// `arg` with the valid names appended to its help; with `values`, also as the possible
/// values shells complete (the parser stays a plain string one, so unknown names get the
/// program's own error).
fn with_names(arg: Arg, groups: bool, manual: bool, values: bool) -> Arg {
    let mut names = preset_names();
    if groups {
        names.extend(group_names());
    }
    let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
    let stop = if help.is_empty() || help.ends_with('.') {
        ""
    } else {
        "."
    };
    let mut text = format!("{help}{stop} Presets: {}.", names.join(", "));
    if manual {
        names.push(MANUAL_PRESET);
        text = format!("{text} `{MANUAL_PRESET}`: {MANUAL_HELP}.");
    }
    let arg = arg.help(text);
    if values {
        arg.value_parser(PossibleValuesParser::new(names))
            .hide_possible_values(true)
    } else {
        arg
    }
}

/// The help of a strategy part's flag, its names taken from the engine's own lists (so
/// `--infer` cannot forget a rule again).
fn part_help(id: &str) -> Option<String> {
    let names = |all: Vec<&str>| all.join(", ");
    match id {
        "order" => Some(format!(
            "Cell order: {}",
            names(CellOrder::ALL.iter().map(|o| o.name()).collect())
        )),
        "values" => Some(format!(
            "Value order: {}",
            names(ValueOrder::ALL.iter().map(|v| v.name()).collect())
        )),
        "infer" => Some(format!(
            "Inference rules, comma-separated: {} (or none); or maintaining arc consistency by {} alone",
            names(Inference::NAMES.to_vec()),
            ArcConsistency::ALL
                .iter()
                .map(|a| a.name())
                .collect::<Vec<_>>()
                .join(" or ")
        )),
        _ => None,
    }
}

fn name_args(cmd: Command, values: bool) -> Command {
    let groups = cmd.get_name() == "bench";
    // The views take `you` (the top level is watch); the headless commands refuse it.
    let manual = matches!(cmd.get_name(), "dokuscope" | "watch" | "compare");
    cmd.mut_args(|arg| {
        if PRESET_ARGS.contains(&arg.get_id().as_str()) {
            with_names(arg, groups, manual, values)
        } else if let Some(help) = part_help(arg.get_id().as_str()).filter(|_| !manual) {
            arg.help(help)
        } else {
            arg
        }
    })
}

/// The command line with the preset names in the help of every preset flag; with
/// `values`, also as completion values.
pub fn command(values: bool) -> Command {
    let cmd = name_args(Cli::command(), values);
    cmd.mut_subcommands(|sub| name_args(sub, values))
}

/// Prints the completion script for a shell.
pub fn run(args: &CompletionsArgs) -> anyhow::Result<u8> {
    let mut cmd = command(true);
    clap_complete::generate(args.shell, &mut cmd, "dokuscope", &mut std::io::stdout());
    Ok(super::EXIT_OK)
}
