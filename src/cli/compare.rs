//! `dokuscope compare`: a live side-by-side race of presets on one puzzle.

use super::args::CompareArgs;
use super::spool::Spool;
use super::watch::{add_breaks, check_breaks, open_with_loader, stream_lane, stream_source};
use crate::app::{App, Lane, MAX_PANES, Source};
use crate::solver::Strategy;
use crate::solver::preset;
use crate::tui;

/// The presets to race, each with its label and strategy: each named preset (in the cell
/// sequence of `--sequence`) with the flags its name leaves unsaid and its search takes,
/// the label naming them (`dom-wdeg/seed:3`).
///
/// # Errors
/// An unknown preset, or a flag that no pane takes.
pub fn panes(args: &CompareArgs) -> anyhow::Result<Vec<(String, Strategy)>> {
    let presets = args
        .presets
        .iter()
        .map(|name| {
            let (name, strategy) = super::presets::resolve_in_view(name)?;
            Ok(preset::sequenced(name, strategy, args.sequence))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    // Each flag goes to the panes whose names leave it unsaid and whose searches take it.
    Ok(super::args::flag_all(presets, &args.look, &args.local)?
        .into_iter()
        .map(|f| (f.label, f.strategy))
        .collect())
}

/// Opens the race.
///
/// # Errors
/// A preset count outside 2..=4, an unknown preset, bad puzzle input, or a terminal error.
pub fn run(args: &CompareArgs) -> anyhow::Result<u8> {
    let streams = usize::from(args.events.is_some());
    if !(2..=MAX_PANES).contains(&(args.presets.len() + streams)) {
        anyhow::bail!(
            "compare races 2 to {MAX_PANES} panes (presets, and an event stream with --events): give --preset {} to {} times, e.g. `dokuscope compare --preset mrv --preset bt` (presets: {})",
            2 - streams,
            MAX_PANES - streams,
            preset::every()
                .map(|p| p.name)
                .chain([crate::app::fork::MANUAL_PRESET])
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let presets = panes(args)?;
    if args.puzzle.as_deref() == Some("-") && args.events.as_deref() == Some("-") {
        anyhow::bail!(
            "the puzzle and --events cannot both come from standard input: give one of them as a file"
        );
    }
    // The puzzle given, or else the stream's own (as `watch --events` takes it), or else
    // the bundled one.
    let (source, loader, stream) = match (&args.puzzle, &args.events) {
        (None, Some(events)) => {
            let (lane, spool) = stream_lane(events)?;
            (stream_source(events, &lane), None, Some((lane, spool)))
        }
        (puzzle, events) => {
            let (source, loader) = open_with_loader(puzzle.as_deref(), args.index)?;
            let stream = match events {
                Some(events) => Some(same_puzzle(events, stream_lane(events)?, &source)?),
                None => None,
            };
            (source, Some(loader), stream)
        }
    };
    if let Some(refusal) = presets
        .iter()
        .find_map(|(_, strategy)| strategy.refuses(source.puzzle.geometry()))
    {
        anyhow::bail!("{}: {refusal}", source.location);
    }
    check_breaks(&args.breaks, &source)?;
    if !tui::has_terminal() {
        eprintln!("{}", tui::NO_TTY);
        return Ok(super::EXIT_BAD_INPUT);
    }
    let (app, _spool) = match stream {
        Some((lane, spool)) => {
            let mut lanes = vec![lane];
            for (name, strategy) in &presets {
                lanes.push(Lane::new(name, &source.puzzle, *strategy)?);
            }
            (App::with_lanes(source, lanes, args.lock), spool)
        }
        None => (App::new(source, &presets, args.lock)?, None),
    };
    let mut app = app.with_manual_lanes();
    // Another puzzle of the file would have no stream to race: no loader then.
    if let (None, Some(l)) = (&args.events, loader) {
        app = app.with_loader(l);
    }
    add_breaks(&mut app, &args.breaks)?;
    tui::run(&mut app, args.record.as_deref())?;
    Ok(super::EXIT_OK)
}

/// The stream's lane, when its puzzle is the puzzle compared.
fn same_puzzle(
    events: &str,
    (lane, spool): (Lane, Option<Spool>),
    source: &Source,
) -> anyhow::Result<(Lane, Option<Spool>)> {
    let theirs = lane.timeline().puzzle();
    if *theirs != source.puzzle {
        anyhow::bail!(
            "{events}: the stream's puzzle is not the puzzle compared ({}):\n  stream:   {}\n  compared: {}",
            source.location,
            theirs.to_line(),
            source.puzzle.to_line()
        );
    }
    Ok((lane, spool))
}
