//! The command-line grammar (clap derive), shared by every subcommand.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::app::Lock;
use crate::solver::preset;
use crate::solver::strategy::{CellOrder, Inference, Strategy, ValueOrder};

/// Watch a constraint solver think: Sudoku as a CSP, searched step by step.
///
/// With no subcommand, dokuscope opens `watch` on a bundled puzzle.
#[derive(Debug, Parser)]
#[command(name = "dokuscope", version, about, long_about = None, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `watch` options, when no subcommand is given.
    #[command(flatten)]
    pub watch: WatchArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Step through one search in the terminal (the default).
    Watch(WatchArgs),
    /// Race 2 to 4 presets side by side on one puzzle.
    Compare(CompareArgs),
    /// Solve puzzles headless and report each one's status, solution and counters.
    Solve(SolveArgs),
    /// Print one search's event stream as JSON Lines.
    Trace(TraceArgs),
    /// List the presets and the seed system each reproduces.
    Presets,
    /// Make puzzles with exactly one solution.
    Generate(GenerateArgs),
    /// Run presets over whole puzzle sets and compare them in tables.
    Bench(BenchArgs),
}

/// Which strategy: a preset, or parts that override it.
#[derive(Debug, Clone, Default, Args)]
pub struct StrategyArgs {
    /// A preset name (see `dokuscope presets`).
    #[arg(long, short = 'p')]
    pub preset: Option<String>,
    /// Cell order: row-major, reverse, static-domain, mrv, mrv-degree, most-constraints, mrv-constraints.
    #[arg(long)]
    pub order: Option<CellOrder>,
    /// Value order: ascending, lcv.
    #[arg(long)]
    pub values: Option<ValueOrder>,
    /// Inference rules, comma-separated: fc, ac, hs, np, hp (or none).
    #[arg(long)]
    pub infer: Option<Inference>,
}

impl StrategyArgs {
    /// The strategy and the name to show for it: the preset's name, or `custom` when a
    /// part was overridden.
    pub fn resolve(&self) -> anyhow::Result<(String, Strategy)> {
        let base = match &self.preset {
            Some(name) => preset::lookup(name)?,
            None => preset::default_preset(),
        };
        let strategy = Strategy {
            order: self.order.unwrap_or(base.strategy.order),
            values: self.values.unwrap_or(base.strategy.values),
            inference: self.infer.unwrap_or(base.strategy.inference).normalised(),
        };
        let name = if strategy == base.strategy {
            base.name.to_string()
        } else {
            "custom".to_string()
        };
        Ok((name, strategy))
    }
}

/// `dokuscope watch`.
#[derive(Debug, Clone, Default, Args)]
pub struct WatchArgs {
    /// A puzzle file, `-` for standard input, or a puzzle string (default: a bundled puzzle).
    pub puzzle: Option<String>,
    /// Preset to watch.
    #[arg(long, short = 'p')]
    pub preset: Option<String>,
    /// Which puzzle of the file, from 1.
    #[arg(long, short = 'i', default_value_t = 1)]
    pub index: usize,
    /// A breakpoint, e.g. `assign r5c3=7` or `depth > 8` (repeatable; `c` continues to it).
    #[arg(long = "break", value_name = "COND")]
    pub breaks: Vec<String>,
}

/// `dokuscope compare`.
#[derive(Debug, Clone, Args)]
pub struct CompareArgs {
    /// A puzzle file, `-` for standard input, or a puzzle string (default: a bundled puzzle).
    pub puzzle: Option<String>,
    /// Presets to race, 2 to 4 (repeat the flag).
    #[arg(long = "preset", short = 'p', num_args = 1)]
    pub presets: Vec<String>,
    /// Which puzzle of the file, from 1.
    #[arg(long, short = 'i', default_value_t = 1)]
    pub index: usize,
    /// What the panes advance by in lockstep: events, nodes or time.
    #[arg(long, default_value = "events")]
    pub lock: Lock,
    /// A breakpoint, e.g. `assign r5c3=7` or `depth > 8` (repeatable; `c` continues to it).
    #[arg(long = "break", value_name = "COND")]
    pub breaks: Vec<String>,
}

/// Output formats of `solve`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// One line per puzzle: the solution (or the puzzle) and the status.
    #[default]
    Line,
    /// Each puzzle as a grid, with its status and counters.
    Grid,
    /// One JSON object per puzzle.
    Jsonl,
}

/// `dokuscope solve`.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// Puzzle files, `-` for standard input, or puzzle strings (default: standard input).
    pub puzzles: Vec<String>,
    /// The strategy.
    #[command(flatten)]
    pub strategy: StrategyArgs,
    /// Count solutions up to N (2 proves uniqueness; 1 stops at the first).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Stop a puzzle's search after N decisions, with status `limit`.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SolveFormat::Line)]
    pub format: SolveFormat,
    /// Read 16-symbol lines as 16×16 rows rather than 4×4 puzzles.
    #[arg(long, value_parser = ["4", "9", "16", "25"])]
    pub size: Option<String>,
    /// Force the first decisions, in order (e.g. `r1c2=5,r3c4=1`); then the strategy
    /// takes over. Each must be legal when its turn comes (else exit 2).
    #[arg(long, value_name = "DECISIONS")]
    pub decide: Option<String>,
}

/// `dokuscope trace`.
#[derive(Debug, Clone, Args)]
pub struct TraceArgs {
    /// A puzzle file, `-` for standard input, or a puzzle string.
    pub puzzle: String,
    /// The strategy.
    #[command(flatten)]
    pub strategy: StrategyArgs,
    /// Which puzzle of the file, from 1.
    #[arg(long, short = 'i', default_value_t = 1)]
    pub index: usize,
    /// Count solutions up to N.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Stop after N decisions.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// End the stream after the first event that satisfies COND, e.g. `assign r5c3=7` or
    /// `depth > 8` (exit 0; exit 1 when the search ends without one; grammar in
    /// docs/breakpoints.md).
    #[arg(long, value_name = "COND")]
    pub until: Option<String>,
    /// Force the first decisions, in order (e.g. `r1c2=5,r3c4=1`); then the strategy
    /// takes over. Each must be legal when its turn comes (else exit 2).
    #[arg(long, value_name = "DECISIONS")]
    pub decide: Option<String>,
}

/// `dokuscope generate`.
#[derive(Debug, Clone, Args)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1)]
    pub count: usize,
    /// Random seed (the same seed gives the same puzzles).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Board side: 4, 9 or 16.
    #[arg(long, default_value = "9", value_parser = ["4", "9", "16"])]
    pub size: String,
    /// Stop removing clues at this many (0: remove every clue that can go, a minimal puzzle).
    #[arg(long, default_value_t = 0)]
    pub min_clues: usize,
}

/// Output formats of `bench`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    /// Tables and histograms for people.
    #[default]
    Table,
    /// One row per (preset, puzzle).
    Csv,
    /// The aggregates as one JSON document.
    Json,
}

/// `dokuscope bench`.
#[derive(Debug, Clone, Args)]
pub struct BenchArgs {
    /// Puzzle files (or `-`).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Presets or preset groups (seed003, seeds, all); repeat the flag. Default: the default preset.
    #[arg(long = "preset", short = 'p', num_args = 1)]
    pub presets: Vec<String>,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Stop each puzzle's search after N decisions.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Stop each puzzle's search after this many seconds.
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Count solutions up to N per puzzle.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = BenchFormat::Table)]
    pub format: BenchFormat,
    /// Write the report here instead of standard output.
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
}
