//! The headless commands' arguments: solve, trace, tree, check, generate and bench, and
//! their output formats.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::StrategyArgs;
use crate::solver::strategy::Sequence;

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
    /// Count solutions up to N (default 2, which proves uniqueness; 1 stops at the first).
    /// Min-conflicts cannot count: it refuses N above 1.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// Stop a puzzle's search after N decisions, with status `limit`.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Output format (default: line; jsonl with --estimate).
    #[arg(long, value_enum)]
    pub format: Option<SolveFormat>,
    /// Read 16-symbol lines as 16×16 rows rather than 4×4 puzzles.
    #[arg(long, value_parser = ["4", "9", "16", "25"])]
    pub size: Option<String>,
    /// Force the first decisions, in order (e.g. `r1c2=5,r3c4=1`); then the strategy
    /// takes over. Each must be legal when its turn comes (else exit 2).
    #[arg(long, value_name = "DECISIONS")]
    pub decide: Option<String>,
    /// Estimate each search's size as it runs: each record gets `estimates`, the estimated
    /// total of decisions each time the decisions made reach a power of two
    /// (docs/estimate.md). JSON Lines by default; `--format grid` writes them on a line.
    #[arg(long)]
    pub estimate: bool,
}

impl SolveArgs {
    /// The output format: the one asked for, else JSON Lines with `--estimate` and one
    /// line per puzzle without.
    pub fn format(&self) -> SolveFormat {
        self.format.unwrap_or(if self.estimate {
            SolveFormat::Jsonl
        } else {
            SolveFormat::Line
        })
    }
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
    /// Count solutions up to N (default 2). Min-conflicts cannot count: it refuses N above 1.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
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

/// Output formats of `tree`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    /// One JSON document: `{"nodes":[...]}`.
    #[default]
    Json,
    /// Graphviz DOT in Gist's shapes and colours (large trees collapsed).
    Dot,
    /// An indented outline, one node a line.
    Text,
}

/// `dokuscope tree`.
#[derive(Debug, Clone, Args)]
pub struct TreeArgs {
    /// A puzzle file, `-` for standard input, or a puzzle string.
    #[arg(required_unless_present = "events")]
    pub puzzle: Option<String>,
    /// Print the tree of a search received by `listen --save` instead of searching.
    #[arg(long, value_name = "FILE", conflicts_with = "puzzle")]
    pub events: Option<String>,
    /// The strategy.
    #[command(flatten)]
    pub strategy: StrategyArgs,
    /// Which puzzle of the file, from 1.
    #[arg(long, short = 'i', default_value_t = 1)]
    pub index: usize,
    /// Count solutions up to N (the tree stops at the first solution by default).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// Stop after N decisions (the rest shows as an open node).
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Force the first decisions, in order (e.g. `r1c2=5,r3c4=1`); then the strategy
    /// takes over. Each must be legal when its turn comes (else exit 2).
    #[arg(long, value_name = "DECISIONS")]
    pub decide: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TreeFormat::Json)]
    pub format: TreeFormat,
    /// Keep at most about N nodes exact: past that, finished subtrees are written as
    /// summaries (their root and counts), and the output says so.
    #[arg(long, value_name = "N", default_value_t = 1 << 20, value_parser = clap::value_parser!(u64).range(16..))]
    pub fold_above: u64,
}

/// Output formats of `check`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Errors as `file:line: sentence`, then one line of counters per stream.
    #[default]
    Text,
    /// One JSON object per stream: verdict, errors, counters.
    Jsonl,
}

/// `dokuscope check`.
#[derive(Debug, Clone, Args)]
pub struct CheckArgs {
    /// Trace files (JSON Lines, docs/trace-format.md), `-` for standard input.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Report every error, going on from each stream's own claim, not only the first, and
    /// every warning, not only the first 10.
    #[arg(long)]
    pub all: bool,
    /// Make warnings of wasted search failures (exit 1), not notes on a consistent stream.
    #[arg(long)]
    pub strict: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
}

/// `dokuscope generate`.
#[derive(Debug, Clone, Args)]
pub struct GenerateArgs {
    /// How many puzzles (from 1).
    #[arg(long, short = 'n', default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub count: usize,
    /// Random seed (the same seed gives the same puzzles).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Board side: 4, 9 or 16.
    #[arg(long, default_value = "9", value_parser = ["4", "9", "16"])]
    pub size: String,
    /// Stop removing clues at this many (0: remove every clue that can go, a minimal puzzle;
    /// at most the board's cells less one).
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
    /// Presets or preset groups (seed003, seeds, lookback, all); repeat the flag. A preset may
    /// take variants after slashes (dom-wdeg/luby:100, mrv/seed:3). Default: the default preset.
    #[arg(long = "preset", short = 'p', num_args = 1)]
    pub presets: Vec<String>,
    /// The cell sequence every preset's order scans and breaks ties in: reading, or hashmap
    /// (seed 003's JDK 1.6 `HashMap` order). `-p NAME@hashmap` sets it for one preset.
    #[arg(long)]
    pub sequence: Option<Sequence>,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Stop each puzzle's search after N decisions.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Stop each puzzle's search after this many seconds.
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Count solutions up to N per puzzle (default 2). A local search (min-conflicts)
    /// stops at its first solution whatever N: bench says so when N is given.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// Run each (puzzle, preset) N times, breaking the cell order's ties at random from
    /// seeds 1..=N (from K with a preset named NAME/seed:K), and report each preset's
    /// run-time distribution in nodes; a static cell order runs once.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub seeds: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = BenchFormat::Table)]
    pub format: BenchFormat,
    /// Write the report here instead of standard output.
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
}
