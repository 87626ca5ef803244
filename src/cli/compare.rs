//! `dokuscope compare`: a live side-by-side race of presets on one puzzle.

use super::args::CompareArgs;
use super::watch::{add_breaks, check_breaks, loader, open_puzzle};
use crate::app::fork::MANUAL_PRESET;
use crate::app::{App, MAX_PANES};
use crate::solver::preset;
use crate::tui;

/// Opens the race.
///
/// # Errors
/// A preset count outside 2..=4, an unknown preset, bad puzzle input, or a terminal error.
pub fn run(args: &CompareArgs) -> anyhow::Result<u8> {
    if !(2..=MAX_PANES).contains(&args.presets.len()) {
        anyhow::bail!(
            "compare races 2 to {MAX_PANES} presets: give --preset 2 to {MAX_PANES} times, e.g. `dokuscope compare --preset mrv --preset bt` (presets: {})",
            preset::PRESETS
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let presets = args
        .presets
        .iter()
        .map(|name| {
            if name == MANUAL_PRESET {
                Ok((name.clone(), preset::default_preset().strategy))
            } else {
                preset::lookup(name).map(|p| (p.name.to_string(), p.strategy))
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let source = open_puzzle(args.puzzle.as_deref(), args.index)?;
    check_breaks(&args.breaks, &source)?;
    if !tui::has_terminal() {
        eprintln!("{}", tui::NO_TTY);
        return Ok(super::EXIT_BAD_INPUT);
    }
    let mut app = App::new(source, &presets, args.lock)?.with_manual_lanes();
    if let Some(l) = loader(args.puzzle.as_deref()) {
        app = app.with_loader(l);
    }
    add_breaks(&mut app, &args.breaks)?;
    tui::run(app)?;
    Ok(super::EXIT_OK)
}
