//! `dokuscope listen`'s options.

use std::net::IpAddr;
use std::path::PathBuf;

use clap::Args;

/// `dokuscope listen`.
#[derive(Debug, Clone, Args)]
pub struct ListenArgs {
    /// The port the solvers connect to (CP-Profiler's is 6565; 0 for any free port, printed).
    #[arg(long, default_value_t = dokuscope_profiler::DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on: the loopback unless another is asked for (the protocol has
    /// no authentication: anyone who can connect can send a tree).
    #[arg(long, value_name = "ADDR")]
    pub address: Option<IpAddr>,
    /// The puzzle the solvers search (a file, `-`, or a puzzle string): its givens on the board.
    #[arg(long, value_name = "PUZZLE")]
    pub puzzle: Option<String>,
    /// Which puzzle of the file, from 1.
    #[arg(long, short = 'i', default_value_t = 1)]
    pub index: usize,
    /// How the labels' variables name cells when the built-in forms do not (`cell_{row}_{col}`,
    /// `q[{index0}]`; docs/listen.md).
    #[arg(long, value_name = "PATTERN")]
    pub cells: Option<String>,
    /// A `FlatZinc` file whose 81-element `output_array` maps Chuffed's variable names to cells.
    #[arg(long, value_name = "FILE")]
    pub fzn: Option<PathBuf>,
    /// Write each execution received as a stream of dokuscope's trace format: the first to
    /// FILE, the Nth to FILE with `-N` before its extension.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Stop after N executions have ended.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub connections: Option<u64>,
    /// No terminal: print a line as each execution ends (with `--save`, for scripts).
    #[arg(long)]
    pub headless: bool,
}
