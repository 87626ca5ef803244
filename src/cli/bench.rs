//! `dokuscope bench`: presets over whole puzzle sets, as tables and distributions.
//!
//! The shell around [`crate::bench`]: opens the inputs lazily, wires Ctrl-C to the runner's
//! stop flag, draws the progress line on a terminal, streams CSV rows, writes the report.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use signal_hook::consts::SIGINT;

use super::args::{BenchArgs, BenchFormat};
use super::input;
use super::{EXIT_BAD_INPUT, EXIT_OK};
use crate::bench::{
    self, Collector, Config, Contender, Input, Observer, Report, RunLimits, Sample, Settings,
    Verdict, csv, progress, table,
};
use crate::solver::parse::Location;
use crate::solver::preset;
use crate::solver::strategy::Sequence;

/// Exit code after Ctrl-C (128 + SIGINT), once the partial results are written.
pub const EXIT_INTERRUPTED: u8 = 130;
/// How often the progress line is redrawn.
const REDRAW: Duration = Duration::from_millis(100);
/// Width of the progress bar.
const BAR_WIDTH: usize = 30;

/// Runs the benchmark; the exit code is 0, 2 when any input was bad (a missing file, a
/// bad line, an invalid puzzle), 130 after Ctrl-C.
///
/// # Errors
/// Bad arguments, or an output that cannot be written.
pub fn run(args: &BenchArgs) -> anyhow::Result<u8> {
    let config = config(args)?;
    let names: Vec<String> = config.presets.iter().map(|p| p.label.clone()).collect();
    let runs: Vec<usize> = config.presets.iter().map(Contender::runs).collect();
    let stop = Arc::new(AtomicBool::new(false));
    // The first Ctrl-C raises the flag (partial results are written); a second one exits.
    signal_hook::flag::register_conditional_shutdown(
        SIGINT,
        i32::from(EXIT_INTERRUPTED),
        Arc::clone(&stop),
    )
    .context("cannot handle Ctrl-C")?;
    signal_hook::flag::register(SIGINT, Arc::clone(&stop)).context("cannot handle Ctrl-C")?;

    let out: Box<dyn Write> = match &args.out {
        Some(path) => Box::new(
            File::create(path).with_context(|| format!("cannot create '{}'", path.display()))?,
        ),
        None => Box::new(io::stdout().lock()),
    };
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let csv_out = args.format == BenchFormat::Csv;
    if csv_out {
        csv::write_header(&mut out, args.seeds.is_some())?;
    }
    let mut observer = Shell {
        collector: Collector::with_runs(names, &runs, &args.files),
        contenders: config.presets.clone(),
        seeded: args.seeds.is_some(),
        out,
        csv: csv_out,
        write_error: None,
        progress: io::stderr()
            .is_terminal()
            .then(|| Progress::new(&args.files)),
        stop: Arc::clone(&stop),
    };
    let end = bench::run(&config, inputs(&args.files), &mut observer, &stop);
    observer.clear_progress();
    if let Some(err) = observer.write_error.take() {
        return if err.kind() == io::ErrorKind::BrokenPipe {
            Ok(EXIT_OK)
        } else {
            Err(err.into())
        };
    }
    let settings = Settings {
        jobs: config.jobs,
        count: args.count.unwrap_or(super::headless::DEFAULT_COUNT),
        node_limit: args.node_limit,
        time_limit: args.time_limit,
        seeds: args.seeds,
    };
    let report = Report::new(&observer.collector, &end, settings);
    match write_report(&mut observer.out, args.format, &report) {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => return Err(err.into()),
        _ => {}
    }
    if end.interrupted {
        let listed: Vec<String> = end.unfinished.iter().map(ToString::to_string).collect();
        eprintln!(
            "dokuscope: interrupted; {} unfinished puzzle(s) not counted: {}",
            listed.len(),
            listed.join(" ")
        );
        return Ok(EXIT_INTERRUPTED);
    }
    let invalid = report
        .files
        .iter()
        .flat_map(|f| &f.summaries)
        .any(|s| s.verdicts.invalid > 0);
    Ok(if observer.collector.bad_count() > 0 || invalid {
        EXIT_BAD_INPUT
    } else {
        EXIT_OK
    })
}

/// The run's configuration from the arguments.
fn config(args: &BenchArgs) -> anyhow::Result<Config> {
    let time = match args.time_limit {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            bail!("--time-limit must be a positive number of seconds")
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, std::num::NonZero::get))
        .max(1);
    let limits = RunLimits {
        solutions: args.count.unwrap_or(super::headless::DEFAULT_COUNT),
        nodes: args.node_limit,
        time,
    };
    let presets: Vec<Contender> = resolve_presets(&args.presets, args.sequence)?
        .into_iter()
        .map(|p| match args.seeds {
            Some(n) => p.seeded(n),
            None => p,
        })
        .collect();
    if let Some(n) = args.count.filter(|&n| n > 1) {
        let local: Vec<&str> = presets
            .iter()
            .filter(|p| p.strategy.local().is_some())
            .map(|p| p.label.as_str())
            .collect();
        if !local.is_empty() {
            eprintln!(
                "dokuscope: --count {n} applies to the backtracking presets; {} stops at the first solution it reaches (a local search counts none)",
                local.join(", ")
            );
        }
    }
    Ok(Config {
        presets,
        jobs,
        limits,
    })
}

/// Writes the report in `format` (CSV rows are already written) and flushes.
fn write_report(out: &mut impl Write, format: BenchFormat, report: &Report) -> io::Result<()> {
    match format {
        BenchFormat::Table => out.write_all(table::render(report).as_bytes())?,
        BenchFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, report)?;
            writeln!(out)?;
        }
        BenchFormat::Csv => {}
    }
    out.flush()
}

/// The presets named by `--preset` (groups expanded, repeats dropped; a preset may take
/// variants after slashes), or the default one, each in `sequence` when one is given.
fn resolve_presets(names: &[String], sequence: Option<Sequence>) -> anyhow::Result<Vec<Contender>> {
    let in_sequence = |p| sequence.map_or(p, |sequence| preset::with_sequence(p, sequence));
    if names.is_empty() {
        return Ok(vec![Contender::of(in_sequence(preset::default_preset()))]);
    }
    let mut presets: Vec<Contender> = Vec::new();
    for name in names {
        let found: Vec<Contender> = if let Some((base, _)) = name.split_once('/') {
            if preset::GROUPS.iter().any(|(group, _)| *group == base) || base == "all" {
                bail!(
                    "'{name}': variants go after a preset's name, and {base} is a group; name its presets one by one (-p dom-wdeg/luby:100)"
                );
            }
            let (label, strategy) = super::presets::resolve(name)?;
            let (label, strategy) = preset::sequenced(label, strategy, sequence);
            vec![Contender::named(label, strategy)]
        } else {
            super::presets::expand(name)?
                .into_iter()
                .map(|p| Contender::of(in_sequence(p)))
                .collect()
        };
        for p in found {
            if !presets.iter().any(|q| q.label == p.label) {
                presets.push(p);
            }
        }
    }
    Ok(presets)
}

/// The puzzles of every file in turn, each file opened only when reached; a file that
/// cannot be opened and each bad line become located [`Input::Bad`] items.
fn inputs(files: &[String]) -> impl Iterator<Item = Input> + '_ {
    files
        .iter()
        .enumerate()
        .flat_map(|(file, arg)| -> Box<dyn Iterator<Item = Input>> {
            match input::open(arg, None) {
                Ok(opened) => {
                    let mut items = opened.reader.map(move |item| match item {
                        Ok(entry) => Input::Puzzle { file, entry },
                        Err(err) => Input::Bad {
                            file,
                            message: err.to_string(),
                        },
                    });
                    // A file with nothing in it (empty, or comments only) is bad input too.
                    let (mut seen, mut told) = (false, false);
                    Box::new(std::iter::from_fn(move || {
                        let next = items.next();
                        seen |= next.is_some();
                        if next.is_none() && !seen && !told {
                            told = true;
                            return Some(Input::Bad {
                                file,
                                message: input::no_puzzles(arg),
                            });
                        }
                        next
                    }))
                }
                Err(err) => Box::new(std::iter::once(Input::Bad {
                    file,
                    message: format!("{err:#}"),
                })),
            }
        })
}

/// The observer of the command: aggregates, streams CSV rows, reports bad input at once,
/// and keeps the progress line up to date.
struct Shell {
    collector: Collector,
    contenders: Vec<Contender>,
    /// Whether CSV rows carry a seed column.
    seeded: bool,
    out: BufWriter<Box<dyn Write>>,
    csv: bool,
    write_error: Option<io::Error>,
    progress: Option<Progress>,
    stop: Arc<AtomicBool>,
}

impl Shell {
    fn clear_progress(&mut self) {
        if let Some(p) = &mut self.progress {
            p.clear();
        }
    }
}

impl Observer for Shell {
    fn puzzle(&mut self, file: usize, location: &Location, samples: &[Sample]) {
        self.collector.puzzle(file, location, samples);
        if samples
            .first()
            .is_some_and(|s| s.verdict == Some(Verdict::Invalid))
        {
            self.clear_progress();
            eprintln!("{location}: invalid: two givens break a rule (not searched)");
        }
        if self.csv && self.write_error.is_none() {
            let mut samples = samples.iter();
            'rows: for contender in &self.contenders {
                for (i, sample) in samples.by_ref().take(contender.runs()).enumerate() {
                    let seed = contender.seeds.get(i).copied().or(contender.strategy.seed);
                    let (name, source) = (&contender.label, &location.source);
                    let written = if self.seeded {
                        csv::write_seeded_row(
                            &mut self.out,
                            name,
                            source,
                            location.line,
                            sample,
                            seed,
                        )
                    } else {
                        csv::write_row(&mut self.out, name, source, location.line, sample)
                    };
                    if let Err(err) = written {
                        self.write_error = Some(err);
                        self.stop.store(true, Ordering::Relaxed);
                        break 'rows;
                    }
                }
            }
        }
    }

    fn bad(&mut self, file: usize, message: &str) {
        Observer::bad(&mut self.collector, file, message);
        self.clear_progress();
        eprintln!("{message}");
    }

    fn tick(&mut self, reported: u64) {
        if let Some(p) = &mut self.progress {
            p.draw(reported);
        }
    }
}

/// The progress line on standard error (only built when it is a terminal). The total is
/// counted by a thread that reads the files a second time, so the run need not wait.
struct Progress {
    start: Instant,
    last: Option<Instant>,
    total: Arc<AtomicU64>,
    counted: Arc<AtomicBool>,
}

impl Progress {
    fn new(files: &[String]) -> Progress {
        let (total, counted) = (
            Arc::new(AtomicU64::new(0)),
            Arc::new(AtomicBool::new(false)),
        );
        if files.iter().all(|f| f != "-") {
            let (files, total, counted) =
                (files.to_vec(), Arc::clone(&total), Arc::clone(&counted));
            thread::spawn(move || {
                let n = files
                    .iter()
                    .filter_map(|f| input::open(f, None).ok())
                    .flat_map(|i| i.reader)
                    .flatten()
                    .count();
                total.store(n as u64, Ordering::Relaxed);
                counted.store(true, Ordering::Release);
            });
        }
        Progress {
            start: Instant::now(),
            last: None,
            total,
            counted,
        }
    }

    fn draw(&mut self, done: u64) {
        let now = Instant::now();
        if self.last.is_some_and(|last| now - last < REDRAW) {
            return;
        }
        self.last = Some(now);
        let total = self
            .counted
            .load(Ordering::Acquire)
            .then(|| self.total.load(Ordering::Relaxed));
        let mut err = io::stderr().lock();
        let _ = write!(
            err,
            "\r{}\x1b[K",
            progress::line(done, total, now - self.start, BAR_WIDTH)
        );
        let _ = err.flush();
    }

    fn clear(&mut self) {
        if self.last.take().is_some() {
            let mut err = io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}
