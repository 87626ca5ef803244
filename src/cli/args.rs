//! The command-line grammar (clap derive), shared by every subcommand.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::app::Lock;

mod headless;
mod listen;
mod look;
mod min_conflicts;
mod variants;

use crate::solver::strategy::{CellOrder, Inference, Sequence, Strategy, ValueOrder};
use crate::teach::KindSet;
pub use headless::{
    BenchArgs, BenchFormat, CheckArgs, CheckFormat, GenerateArgs, SolveArgs, SolveFormat,
    TraceArgs, TreeArgs, TreeFormat,
};
pub use listen::ListenArgs;
pub use look::LookArgs;
pub use min_conflicts::LocalArgs;
pub use variants::{Flagged, flag_all, flag_one};

/// Watch a constraint solver think: Sudoku as a CSP, searched step by step.
///
/// With no subcommand, dokuscope opens `watch` on a bundled puzzle.
#[derive(Debug, Parser)]
#[command(name = "dokuscope", version, about, long_about = None, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Read every puzzle input in this format (classic, dokuscope, fpuzzles, iss,
    /// killer-short, sudocue) instead of letting its first line decide; `--format` is
    /// the output's.
    #[arg(long, global = true, value_name = "FORMAT")]
    pub input_format: Option<dokuscope_formats::Format>,
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
    /// Receive Gecode's, Chuffed's (any CP-Profiler client's) searches and watch their trees grow.
    Listen(ListenArgs),
    /// Solve puzzles headless and report each one's status, solution and counters.
    Solve(SolveArgs),
    /// Print one search's event stream as JSON Lines.
    Trace(TraceArgs),
    /// Print one search's tree: JSON, Graphviz DOT or an indented outline.
    Tree(TreeArgs),
    /// Check event streams (JSON Lines traces, any solver's) against the board.
    Check(CheckArgs),
    /// List the presets and the seed system each reproduces.
    Presets,
    /// Make puzzles with exactly one solution.
    Generate(GenerateArgs),
    /// Run presets over whole puzzle sets and compare them in tables.
    Bench(BenchArgs),
    /// Draw the screen watch (or compare) shows at a point of the search, without a terminal.
    Snapshot(SnapshotArgs),
    /// Play a lesson a teacher wrote (TOML), or check lessons headless with --check.
    Lesson(LessonArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(CompletionsArgs),
}

/// Which strategy: a preset, or parts that override it.
#[derive(Debug, Clone, Default, Args)]
pub struct StrategyArgs {
    /// A preset name (see `dokuscope presets`).
    #[arg(long, short = 'p')]
    pub preset: Option<String>,
    /// Cell order (the names are added from the program's own list).
    #[arg(long)]
    pub order: Option<CellOrder>,
    /// Value order (the names are added from the program's own list).
    #[arg(long)]
    pub values: Option<ValueOrder>,
    /// Inference rules, comma-separated (the names are added from the program's own list).
    #[arg(long)]
    pub infer: Option<Inference>,
    /// The cell sequence the order scans and breaks ties in: reading, or hashmap (seed
    /// 003's JDK 1.6 `HashMap` order).
    #[arg(long)]
    pub sequence: Option<Sequence>,
    /// How the search looks back at failures.
    #[command(flatten)]
    pub look: LookArgs,
    /// A local search's options.
    #[command(flatten)]
    pub local: LocalArgs,
}

impl StrategyArgs {
    /// The strategy and the name to show for it: the preset's name, or `custom` when its
    /// order, values or rules were overridden. Its cell sequence and how it looks back
    /// (`@hashmap`, `/luby:100`, `--restart`, ...) keep the name: a trace's start object
    /// states them in fields of their own.
    pub fn resolve(&self) -> anyhow::Result<(String, Strategy)> {
        let (spec, base) = super::presets::resolve_or_default(self.preset.as_deref())?;
        let base_name = spec
            .split(['@', '/'])
            .next()
            .unwrap_or_default()
            .to_string();
        if base.local().is_some() {
            return min_conflicts::resolve_locally(self, &spec, base_name, base);
        }
        let strategy = Strategy {
            order: self.order.unwrap_or(base.order),
            values: self.values.unwrap_or(base.values),
            inference: self.infer.unwrap_or(base.inference).normalised(),
            sequence: self.sequence.unwrap_or(base.sequence),
            ..base
        };
        let strategy = flag_one(&spec, strategy, &self.look, &self.local)?.strategy;
        let same_parts = (strategy.order, strategy.values, strategy.inference)
            == (base.order, base.values, base.inference);
        let name = if same_parts {
            base_name
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
    /// Record the session as an asciicast v2 file (play it with `asciinema play FILE`).
    #[arg(long, value_name = "FILE.cast")]
    pub record: Option<PathBuf>,
    /// Watch an event stream (docs/trace-format.md) instead of a preset: a trace file, or
    /// `-` for standard input, played as the solver writes it (keys are then read from the
    /// terminal).
    #[arg(long, value_name = "FILE")]
    pub events: Option<String>,
    /// A breakpoint, e.g. `assign r5c3=7` or `depth > 8` (repeatable; `c` continues to it).
    #[arg(long = "break", value_name = "COND")]
    pub breaks: Vec<String>,
    /// `manual`: you choose every cell (the preset keeps its inference and value order),
    /// as preset `you` does with the default preset's.
    #[arg(long, value_name = "ORDER", value_parser = ["manual"])]
    pub order: Option<String>,
    /// How the search looks back at failures.
    #[command(flatten)]
    pub look: LookArgs,
    /// A local search's options.
    #[command(flatten)]
    pub local: LocalArgs,
    /// The cell sequence the preset's order scans and breaks ties in: reading, or hashmap
    /// (seed 003's JDK 1.6 `HashMap` order).
    #[arg(long)]
    pub sequence: Option<Sequence>,
    /// Quiz mode: before each decision, guess the cell the preset's order chooses; with a
    /// list, the questions to ask: cell, digit (tried first), prunes (removed by the next
    /// propagation), jump (at a failure, the decision gone back to), or all.
    #[arg(long, value_name = "KINDS", num_args = 0..=1, require_equals = true, default_missing_value = "cell")]
    pub quiz: Option<KindSet>,
    /// Append one JSON line per question answered to FILE, as each is answered.
    #[arg(long, value_name = "FILE.jsonl")]
    pub answers: Option<PathBuf>,
}

/// `dokuscope lesson`.
#[derive(Debug, Clone, Args)]
pub struct LessonArgs {
    /// The lesson to play (TOML, docs/lessons.md); with --check, any number of lessons.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Check the lessons without a terminal: every preset and puzzle exists, every stop is
    /// reached in order, every question has a computed answer. Errors are located
    /// (`file:line:column`); exit 2 when any.
    #[arg(long)]
    pub check: bool,
    /// Append one JSON line per question answered to FILE, as each is answered.
    #[arg(long, value_name = "FILE.jsonl", conflicts_with = "check")]
    pub answers: Option<PathBuf>,
    /// Record the session as an asciicast v2 file (play it with `asciinema play FILE`).
    #[arg(long, value_name = "FILE.cast", conflicts_with = "check")]
    pub record: Option<PathBuf>,
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
    /// Record the session as an asciicast v2 file (play it with `asciinema play FILE`).
    #[arg(long, value_name = "FILE.cast")]
    pub record: Option<PathBuf>,
    /// An event stream (docs/trace-format.md) to race the presets: a trace file, or `-`
    /// for standard input. Without a PUZZLE its own puzzle is raced; with one, the two
    /// must be the same.
    #[arg(long, value_name = "FILE")]
    pub events: Option<String>,
    /// A breakpoint, e.g. `assign r5c3=7` or `depth > 8` (repeatable; `c` continues to it).
    #[arg(long = "break", value_name = "COND")]
    pub breaks: Vec<String>,
    /// How every pane's search looks back at failures (where its preset allows).
    #[command(flatten)]
    pub look: LookArgs,
    /// Every local search pane's options.
    #[command(flatten)]
    pub local: LocalArgs,
    /// The cell sequence every preset's order scans and breaks ties in: reading, or hashmap
    /// (seed 003's JDK 1.6 `HashMap` order). `-p NAME@hashmap` sets it for one preset.
    #[arg(long)]
    pub sequence: Option<Sequence>,
}

/// Picture formats of `snapshot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SnapshotFormat {
    /// An SVG picture in the theme's colours (monochrome with `NO_COLOR`).
    Svg,
    /// Plain text, as `tmux capture-pane -p` prints the same screen.
    Txt,
    /// Text with colour escapes, for `cat`.
    Ansi,
}

/// `dokuscope snapshot`.
#[derive(Debug, Clone, Args)]
#[command(group = clap::ArgGroup::new("point").multiple(false))]
pub struct SnapshotArgs {
    /// A puzzle file, `-` for standard input, or a puzzle string (default: the bundled puzzle).
    pub puzzle: Option<String>,
    /// Preset to watch.
    #[arg(long, short = 'p', conflicts_with = "compare")]
    pub preset: Option<String>,
    /// Which puzzle of the file, from 1.
    #[arg(long, short = 'i', default_value_t = 1)]
    pub index: usize,
    /// The screen at step N (as `g N Enter`).
    #[arg(long, group = "point")]
    pub step: Option<u64>,
    /// The screen after K runs to the next decision (as pressing `n` K times; a local
    /// search: its K-th new best).
    #[arg(long, group = "point", value_name = "K")]
    pub decision: Option<u64>,
    /// The screen at the K-th wipeout, before its backtrack (as pressing `w` K times).
    #[arg(long, group = "point", value_name = "K")]
    pub wipeout: Option<u64>,
    /// The screen after the K-th backtrack (as pressing `b` K times).
    #[arg(long, group = "point", value_name = "K")]
    pub backtrack: Option<u64>,
    /// The screen at the solution or the end (as `s`; in a race, every pane at its end).
    #[arg(long, group = "point")]
    pub end: bool,
    /// Draw the step's animation as it starts (a pruned candidate in its cause's colour, the
    /// cells a backtrack emptied) instead of the settled screen a viewer sees after it.
    #[arg(long)]
    pub flash: bool,
    /// The terminal size, columns by rows (e.g. 120x40).
    #[arg(long, default_value = "120x40", value_parser = parse_size, value_name = "COLSxROWS")]
    pub size: (u16, u16),
    /// Race these presets, comma-separated (2 to 4), as `compare` shows them.
    #[arg(long, value_delimiter = ',', value_name = "A,B,...")]
    pub compare: Vec<String>,
    /// The cell sequence every preset's order scans and breaks ties in: reading, or hashmap
    /// (seed 003's JDK 1.6 `HashMap` order).
    #[arg(long)]
    pub sequence: Option<Sequence>,
    /// What the raced panes advance by in lockstep: events or nodes.
    #[arg(long, default_value = "events")]
    pub lock: Lock,
    /// Open the search tree as `t` does (beside the board; compare: each pane's overview).
    #[arg(long)]
    pub tree: bool,
    /// Draw a lesson's stop (docs/lessons.md) as `dokuscope lesson` shows it on arrival,
    /// its question open: the lesson file (with --stop; the puzzle and presets are its own).
    #[arg(long, value_name = "FILE", requires = "stop", conflicts_with_all = ["puzzle", "preset", "compare", "point", "tree"])]
    pub lesson: Option<PathBuf>,
    /// With --lesson: the stop, from 1.
    #[arg(long, value_name = "N", requires = "lesson")]
    pub stop: Option<usize>,
    /// Output format (default: from the extension of -o, else txt).
    #[arg(long, value_enum)]
    pub format: Option<SnapshotFormat>,
    /// Write the picture here instead of standard output.
    #[arg(long, short = 'o')]
    pub out: Option<PathBuf>,
}

/// `COLSxROWS` (or `COLS×ROWS`), each from 1 to 1000.
fn parse_size(text: &str) -> Result<(u16, u16), String> {
    let (cols, rows) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("'{text}' is not COLSxROWS (e.g. 120x40)"))?;
    let parse = |part: &str, what: &str| {
        part.trim()
            .parse::<u16>()
            .ok()
            .filter(|n| (1..=1000).contains(n))
            .ok_or_else(|| format!("'{part}' is not a number of {what} from 1 to 1000"))
    };
    Ok((parse(cols, "columns")?, parse(rows, "rows")?))
}

/// `dokuscope completions`.
#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell.
    pub shell: clap_complete::Shell,
}
