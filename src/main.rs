//! The `dokuscope` binary: parses the command line and hands over to [`dokuscope::cli`].

use std::process::ExitCode;

fn main() -> ExitCode {
    dokuscope::cli::main()
}
