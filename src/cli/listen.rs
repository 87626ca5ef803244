//! `dokuscope listen`: a CP-Profiler server. Solvers (Gecode, Chuffed, `MiniZinc` in front of
//! Chuffed) connect and send their search; each execution is a lane whose tree grows live
//! (`tui::listen`), or, with `--headless`, a line printed when it ends. `--save` writes each
//! execution as a stream of dokuscope's trace format.

pub mod save;

use std::fmt::Write as _;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::mpsc;

use dokuscope_profiler::{CellPattern, Event, FznCells, LabelReader, ListenConfig};

use self::save::Saver;
use super::args::ListenArgs;
use super::input;
use crate::app::listen::{ListenApp, ListenSetup, ReceivedLane};
use crate::numbers::grouped;
use crate::tui;
use crate::ui::listen::lane_state;

/// Starts listening and shows what arrives until the viewer quits (or `--connections` have
/// ended).
///
/// # Errors
/// A bad option (puzzle, pattern, .fzn), a port in use, no terminal without `--headless`, a
/// file that cannot be saved.
pub fn run(args: &ListenArgs) -> anyhow::Result<u8> {
    if !args.headless && !tui::has_terminal() {
        anyhow::bail!(
            "listen needs a terminal (standard output is not a TTY); `dokuscope listen --headless --save run.jsonl` receives without one"
        );
    }
    let (reader, givens, puzzle) = labels_and_puzzle(args)?;
    let config = ListenConfig {
        addr: args.address.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        port: args.port,
        ..ListenConfig::default()
    };
    let (sender, events) = mpsc::channel();
    let mut listener = dokuscope_profiler::listen(&config, sender)?;
    let address = listener.local_addr().to_string();
    let mut saver = args.save.clone().map(|path| Saver::new(path, puzzle));
    let setup = ListenSetup {
        address: address.clone(),
        reader,
        givens,
        saving: args.save.as_ref().map(|p| p.display().to_string()),
    };
    let mut app = ListenApp::new(setup);
    let mut ended = 0u64;
    let mut on_event = |app: &mut ListenApp, event: Event| -> anyhow::Result<bool> {
        if let Some(saver) = &mut saver {
            saver.save(&event)?;
        }
        let closed = match &event {
            Event::Closed { id, .. } => Some(*id),
            _ => None,
        };
        app.receive(event);
        if let Some(id) = closed {
            ended += 1;
            if args.headless {
                if let Some(lane) = app.lanes().iter().find(|l| l.id == id) {
                    println!("{}", ended_line(lane));
                }
            }
        }
        Ok(args.connections.is_some_and(|n| ended >= n))
    };
    let result = if args.headless {
        eprintln!("dokuscope: listening on {address}");
        loop {
            let Ok(event) = events.recv() else {
                break Ok(());
            };
            match on_event(&mut app, event) {
                Ok(true) => break Ok(()),
                Ok(false) => {}
                Err(error) => break Err(error),
            }
        }
    } else {
        tui::listen::run(&mut app, &events, &mut on_event)
    };
    listener.stop();
    // The connections' ends, sent as the listener stopped, are saved too.
    while let Ok(event) = events.try_recv() {
        if let Some(saver) = &mut saver {
            saver.save(&event)?;
        }
    }
    if let Some(saver) = &mut saver {
        saver.flush()?;
    }
    result.map(|()| super::EXIT_OK)
}

/// How labels name cells, the givens, and the puzzle's line for the saved start objects.
fn labels_and_puzzle(
    args: &ListenArgs,
) -> anyhow::Result<(LabelReader, Vec<Option<u8>>, Option<String>)> {
    let mut reader = LabelReader::new();
    if let Some(pattern) = &args.cells {
        let pattern =
            CellPattern::parse(pattern).map_err(|e| anyhow::anyhow!("--cells {pattern:?}: {e}"))?;
        reader = reader.with_pattern(pattern);
    }
    if let Some(path) = &args.fzn {
        let text = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let cells =
            FznCells::parse(&text, None).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        reader = reader.with_fzn(cells);
    }
    let Some(arg) = &args.puzzle else {
        return Ok((reader, Vec::new(), None));
    };
    let entry = input::nth_puzzle(Some(arg), args.index)?;
    if entry.puzzle.givens().len() != 81 {
        anyhow::bail!(
            "{}: the labels name the cells of a 9×9 Sudoku; this puzzle is not one",
            entry.location
        );
    }
    let givens = entry
        .puzzle
        .givens()
        .iter()
        .map(|g| g.map(crate::solver::Digit::get))
        .collect();
    Ok((reader, givens, Some(entry.puzzle.to_line())))
}

/// The line `--headless` prints when an execution ends.
fn ended_line(lane: &crate::app::listen::ReceivedLane) -> String {
    let c = lane.execution.counts();
    let mut said = format!(
        "connection {} ({}): {} · nodes={} choices={} failures={} solutions={} skipped={} open={} restarts={} nogoods={} depth={}",
        lane.id,
        lane.name(),
        lane_state(lane),
        c.nodes,
        c.choices,
        c.failures,
        c.solutions,
        c.skipped,
        c.open,
        c.restarts,
        c.nogoods,
        c.max_depth
    );
    let problems = lane.execution.warnings().len() as u64 + lane.execution.warnings_dropped();
    if problems > 0 {
        let _ = write!(said, " · {} problems", grouped(problems));
        for warning in lane.execution.warnings().iter().take(3) {
            let _ = write!(said, "\n  {warning}");
        }
    }
    said
}

/// `watch --events` of a saved received search: the listen screen with its one lane.
///
/// # Errors
/// The file cannot be read, or no terminal.
pub fn show_saved(file: &str) -> anyhow::Result<u8> {
    let received = super::received::read(file)?;
    if !tui::has_terminal() {
        eprintln!("{}", tui::NO_TTY);
        return Ok(super::EXIT_BAD_INPUT);
    }
    let givens = received
        .start
        .as_ref()
        .and_then(|s| s.puzzle.as_deref())
        .and_then(|p| input::nth_puzzle(Some(p), 1).ok())
        .filter(|entry| entry.puzzle.givens().len() == 81)
        .map(|entry| {
            entry
                .puzzle
                .givens()
                .iter()
                .map(|g| g.map(crate::solver::Digit::get))
                .collect()
        })
        .unwrap_or_default();
    let start = received.start.unwrap_or_default();
    let lane = ReceivedLane::with_execution(
        start.connection.unwrap_or(1),
        start.peer.unwrap_or_else(|| file.to_string()),
        received.execution,
    );
    let setup = ListenSetup {
        address: file.to_string(),
        givens,
        ..ListenSetup::default()
    };
    let mut app = ListenApp::with_lanes(setup, vec![lane]);
    let (sender, events) = mpsc::channel();
    drop(sender);
    tui::listen::run(&mut app, &events, &mut |_, _| Ok(true))?;
    Ok(super::EXIT_OK)
}
