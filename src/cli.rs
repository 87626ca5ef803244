//! The command line: `watch` (the default), `compare`, `listen`, `solve`, `trace`, `tree`, `check`,
//! `presets`, `generate`, `bench`, `snapshot`, `lesson`, `completions`.

pub mod args;
pub mod bench;
pub mod check;
pub mod compare;
pub mod completions;
pub mod docs;
pub mod generate;
pub mod headless;
pub mod input;
pub mod lesson;
pub mod listen;
pub mod presets;
pub mod received;
pub mod snapshot;
pub mod solve;
pub mod spool;
pub mod stream_file;
pub mod teach;
pub mod trace;
pub mod tree;
pub mod watch;

use std::process::ExitCode;

use clap::FromArgMatches;

pub use args::{Cli, Command};

/// Exit code when every puzzle was solved.
pub const EXIT_OK: u8 = 0;
/// Exit code when a puzzle had no solution, several, or hit a limit.
pub const EXIT_UNSOLVED: u8 = 1;
/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;

/// Runs the command line; every error is printed here, once, and becomes an exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::from_arg_matches(&completions::command(false).get_matches()) {
        Ok(cli) => cli,
        Err(err) => err.exit(),
    };
    if let Some(format) = cli.input_format {
        input::force_format(format);
    }
    let result = match cli.command.unwrap_or(Command::Watch(cli.watch)) {
        Command::Watch(args) => watch::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Listen(args) => listen::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Trace(args) => trace::run(&args),
        Command::Tree(args) => tree::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Presets => presets::run(),
        Command::Generate(args) => generate::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Snapshot(args) => snapshot::run(&args),
        Command::Lesson(args) => lesson::run(&args),
        Command::Completions(args) => completions::run(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("dokuscope: {err:#}");
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}
