//! The preset names in `--help` and in shell completions, and `dokuscope completions SHELL`.

use clap::builder::PossibleValuesParser;
use clap::{Arg, Command, CommandFactory};

use super::args::{Cli, CompletionsArgs};
use super::presets::MANUAL_HELP;
use crate::app::fork::MANUAL_PRESET;
use crate::solver::preset::{self, GROUPS};
use crate::solver::strategy::{ArcConsistency, CellOrder, Inference, ValueOrder};

/// The arguments that take one preset name.
const PRESET_ARGS: &[&str] = &["preset", "presets", "compare"];

/// Every preset's name; `local` includes the local search `min-conflicts` (not for `tree`,
/// which refuses it: it has no tree).
fn preset_names(local: bool) -> Vec<&'static str> {
    preset::every()
        .filter(|p| local || p.strategy.local().is_none())
        .map(|p| p.name)
        .collect()
}

/// What the help says of variants after a preset's name (and the flags they win over).
fn variants_help(local: bool) -> String {
    let min_conflicts = if local {
        "; min-conflicts/fill:cells/walk:P/tabu:N/steps:N"
    } else {
        ""
    };
    format!(
        "A preset may take variants after slashes, which win over the flags (NAME/cbj, /chronological, /luby:N, /geometric:N,F, /restart:none, /seed:K{min_conflicts}) and a cell sequence (NAME@hashmap)."
    )
}

fn group_names() -> Vec<&'static str> {
    GROUPS.iter().map(|(g, _)| *g).chain(["all"]).collect()
}

/// Which names a command's preset flag takes.
#[derive(Clone, Copy)]
struct Takes {
    /// Preset groups and `all` (bench).
    groups: bool,
    /// Preset `you` (the views).
    manual: bool,
    /// The local search (all but `tree`).
    local: bool,
}

/// `arg` with the valid names appended to its help; with `values`, also as the possible
/// values shells complete (the parser stays a plain string one, so unknown names get the
/// program's own error).
fn with_names(arg: Arg, takes: Takes, values: bool) -> Arg {
    let Takes {
        groups,
        manual,
        local,
    } = takes;
    let mut names = preset_names(local);
    if groups {
        names.extend(group_names());
    }
    let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
    let stop = if help.is_empty() || help.ends_with('.') {
        ""
    } else {
        "."
    };
    // bench's own help says it of variants already.
    let variants = if help.contains("variants") {
        String::new()
    } else {
        format!(" {}", variants_help(local))
    };
    let mut text = format!("{help}{stop}{variants} Presets: {}.", names.join(", "));
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

/// The local search's own flags: `tree`, which refuses the local search, hides them.
const LOCAL_ARGS: &[&str] = &["fill", "walk", "tabu", "max_steps"];

fn name_args(cmd: Command, values: bool) -> Command {
    let takes = Takes {
        groups: cmd.get_name() == "bench",
        // The views take `you` (the top level is watch); the headless commands refuse it.
        manual: matches!(cmd.get_name(), "dokuscope" | "watch" | "compare"),
        local: cmd.get_name() != "tree",
    };
    cmd.mut_args(|arg| {
        if PRESET_ARGS.contains(&arg.get_id().as_str()) {
            with_names(arg, takes, values)
        } else if !takes.local && LOCAL_ARGS.contains(&arg.get_id().as_str()) {
            arg.hide(true)
        } else if !takes.local && arg.get_id() == "seed" {
            arg.help(
                "Break ties in a dynamic cell order at random from this seed (reproducibly). A preset's own `/seed:K` wins over it (as its `/luby:N` over --restart and `/cbj` over --lookback)",
            )
        } else if let Some(help) = part_help(arg.get_id().as_str()).filter(|_| !takes.manual) {
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
