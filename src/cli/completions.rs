//! The preset names in `--help` and in shell completions, and `dokuscope completions SHELL`.

use clap::builder::PossibleValuesParser;
use clap::{Arg, Command, CommandFactory};

use super::args::{Cli, CompletionsArgs};
use crate::solver::preset::{GROUPS, PRESETS};

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
fn with_names(arg: Arg, groups: bool, values: bool) -> Arg {
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
    let arg = arg.help(format!("{help}{stop} Presets: {}.", names.join(", ")));
    if values {
        arg.value_parser(PossibleValuesParser::new(names))
            .hide_possible_values(true)
    } else {
        arg
    }
}

fn name_args(cmd: Command, values: bool) -> Command {
    let groups = cmd.get_name() == "bench";
    cmd.mut_args(|arg| {
        if PRESET_ARGS.contains(&arg.get_id().as_str()) {
            with_names(arg, groups, values)
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
