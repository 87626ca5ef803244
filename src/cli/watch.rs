//! `dokuscope watch`: the step-through TUI of one search.

use std::io::{self, IsTerminal};
use std::path::Path;

use super::args::WatchArgs;
use super::input;
use super::spool::Spool;
use crate::app::Lock;
use crate::app::fork::MANUAL_PRESET;
use crate::app::{App, Lane, Loader, Source};
use crate::solver::parse::Entry;
use crate::tui;

/// The puzzle, checked: its givens must not conflict (a located error otherwise).
///
/// # Errors
/// The input cannot be read or parsed, has no such puzzle, or its givens conflict.
pub fn open_puzzle(arg: Option<&str>, index: usize) -> anyhow::Result<Source> {
    source_of(input::nth_puzzle(arg, index)?, index)
}

fn source_of(entry: Entry, index: usize) -> anyhow::Result<Source> {
    if let Some(conflict) = entry.puzzle.conflict() {
        anyhow::bail!("{}: {conflict}", entry.location);
    }
    Ok(Source {
        location: entry.location.to_string(),
        index,
        puzzle: entry.puzzle,
    })
}

/// The puzzle to open (as [`open_puzzle`]) and what `o` opens next: the file read again
/// from its start, or standard input read on from where the first puzzle was, its puzzles
/// kept as they are read (it cannot be read twice).
///
/// # Errors
/// As [`open_puzzle`].
pub fn open_with_loader(arg: Option<&str>, index: usize) -> anyhow::Result<(Source, Loader)> {
    if arg == Some("-") {
        let mut puzzles = input::Puzzles::stdin();
        let source = source_of(puzzles.nth(index)?, index)?;
        return Ok((source, Box::new(move |i| puzzles.nth(i))));
    }
    let source = open_puzzle(arg, index)?;
    let arg = arg.map(str::to_string);
    Ok((
        source,
        Box::new(move |i| input::nth_puzzle(arg.as_deref(), i)),
    ))
}

/// How long standard input may take to bring its first line before the wait is said.
const START_PATIENCE: std::time::Duration = std::time::Duration::from_millis(500);

/// The lane of the event stream `arg` (a file, or `-`: standard input, copied to a
/// temporary file as it arrives so that checkpoints can read it again at an offset), and
/// the spool to keep while the lane plays. Standard input plays live: this returns once
/// the start object has arrived, and the lane grows as the solver writes.
///
/// # Errors
/// The stream cannot be read, or its start object is unusable.
pub fn stream_lane(arg: &str) -> anyhow::Result<(Lane, Option<Spool>)> {
    if arg != "-" {
        return Ok((super::stream_file::lane(Path::new(arg))?, None));
    }
    if io::stdin().is_terminal() {
        // Keys come from the terminal too: a solver's events must come through a pipe.
        anyhow::bail!(
            "--events -: standard input is the terminal; pipe a solver's events into it (`python3 my_solver.py | dokuscope watch --events -`) or give the trace file's name"
        );
    }
    let spool = Spool::start(io::stdin())
        .map_err(|e| anyhow::anyhow!("cannot spool standard input to a temporary file: {e}"))?;
    // A solver that computes before it writes would leave a blank terminal: say what the
    // view waits for when its start line is slow to come.
    let progress = spool.progress();
    progress.wait(0, START_PATIENCE);
    if progress.lines() == 0 && !progress.is_finished() {
        eprintln!(
            "dokuscope: waiting for the solver's start line on standard input (Ctrl-C stops)"
        );
    }
    let lane = Lane::from_stream(
        arg,
        "standard input",
        spool.file().clone(),
        Some(progress.clone()),
    )?;
    Ok((lane, Some(spool)))
}

/// The source line of a stream lane: its file and puzzle.
pub fn stream_source(arg: &str, lane: &Lane) -> Source {
    Source {
        location: if arg == "-" {
            "standard input".into()
        } else {
            arg.to_string()
        },
        index: 1,
        puzzle: lane.timeline().puzzle().clone(),
    }
}

/// The preset to watch, its label and strategy: the one named (or the default) in the cell
/// sequence of `--sequence`, with the flags its name leaves unsaid, the label naming them
/// (`dom-wdeg/seed:3`).
///
/// # Errors
/// An unknown preset, or a flag the search does not take (one its name overrules).
pub fn preset_of(args: &WatchArgs) -> anyhow::Result<(String, crate::solver::Strategy)> {
    let (name, strategy) = match &args.preset {
        Some(spec) => super::presets::resolve_in_view(spec)?,
        None => crate::app::default_preset(),
    };
    let (name, strategy) = crate::solver::preset::sequenced(name, strategy, args.sequence);
    let flagged = super::args::flag_one(&name, strategy, &args.look, &args.local)?;
    Ok((flagged.label, flagged.strategy))
}

/// Opens the TUI on the chosen puzzle and preset.
///
/// # Errors
/// An unknown preset, bad puzzle input, or a terminal error.
pub fn run(args: &WatchArgs) -> anyhow::Result<u8> {
    if let Some(events) = args
        .events
        .as_deref()
        .filter(|e| super::received::is_received(e))
    {
        return super::listen::show_saved(events);
    }
    if let Some(events) = &args.events {
        if args.quiz.is_some() {
            anyhow::bail!(
                "--quiz asks what a preset's search will do; a stream's solver is not here to ask (leave out --events)"
            );
        }
        let (lane, spool) = stream_lane(events)?;
        let source = stream_source(events, &lane);
        check_breaks(&args.breaks, &source)?;
        if !tui::has_terminal() {
            eprintln!("{}", tui::NO_TTY);
            return Ok(super::EXIT_BAD_INPUT);
        }
        let mut app = App::with_lanes(source, vec![lane], Lock::Events);
        add_breaks(&mut app, &args.breaks)?;
        tui::run(&mut app, args.record.as_deref())?;
        drop(spool);
        return Ok(super::EXIT_OK);
    }
    let (name, strategy) = preset_of(args)?;
    if args.order.is_some() && strategy.local().is_some() {
        anyhow::bail!(
            "--order manual does not apply to {name}: a local search has no cell order to choose by hand"
        );
    }
    let name = if args.order.is_some() {
        MANUAL_PRESET.to_string()
    } else {
        name
    };
    let (source, loader) = open_with_loader(args.puzzle.as_deref(), args.index)?;
    if let Some(refusal) = strategy.refuses(source.puzzle.geometry()) {
        anyhow::bail!("{}: {refusal}", source.location);
    }
    check_breaks(&args.breaks, &source)?;
    if !tui::has_terminal() {
        eprintln!("{}", tui::NO_TTY);
        return Ok(super::EXIT_BAD_INPUT);
    }
    let sink = args
        .answers
        .as_deref()
        .map(super::teach::answers_sink)
        .transpose()?;
    let mut app = App::new(source, &[(name, strategy)], Lock::Events)?
        .with_manual_lanes()
        .with_loader(loader);
    add_breaks(&mut app, &args.breaks)?;
    if let Some(kinds) = args.quiz {
        if app.lanes().first().is_some_and(Lane::is_manual) {
            anyhow::bail!(
                "--quiz asks what the preset's order will choose: with preset you, you choose"
            );
        }
        if app.lanes().first().is_some_and(Lane::is_local) {
            anyhow::bail!(
                "--quiz asks what a search will decide next: {} is a local search and makes no decisions",
                app.lanes()[0].name()
            );
        }
        app = app.with_quiz(kinds);
    }
    if let Some((sink, label)) = sink {
        app = app.with_answers(sink, label);
    }
    let result = tui::run(&mut app, args.record.as_deref());
    super::teach::finish(&app)?;
    result?;
    Ok(super::EXIT_OK)
}

/// Checks `--break` conditions against the puzzle's board before the terminal opens: a
/// malformed one is an error that points at its column (exit 2).
///
/// # Errors
/// A condition does not parse or names a cell or digit off the board.
pub fn check_breaks(breaks: &[String], source: &Source) -> anyhow::Result<()> {
    for text in breaks {
        super::trace::condition(text, source.puzzle.geometry())
            .map_err(|e| e.context(format!("--break '{text}'")))?;
    }
    Ok(())
}

/// Sets the `--break` conditions (checked already) as the session's first breakpoints.
///
/// # Errors
/// A condition does not parse (cannot happen after [`check_breaks`]).
pub fn add_breaks(app: &mut App, breaks: &[String]) -> anyhow::Result<()> {
    for text in breaks {
        app.add_breakpoint(text)
            .map_err(|e| anyhow::anyhow!("--break '{text}': {e}"))?;
    }
    Ok(())
}
