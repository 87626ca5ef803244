//! `dokuscope snapshot`: the frame watch (or compare) would show at a point of the search,
//! drawn by the same ui code into an off-screen buffer and written as text, coloured text
//! or an SVG picture. No terminal is needed.
//!
//! The app is moved with the same actions the keys send (`g N Enter`, `n`, `w`, `b`, `s`;
//! `--decision K` is `n` pressed K times in one burst), run to their ends on a fixed clock, then the clock is moved past the step's animation,
//! so the frame is the one a viewer sees once the screen settles (with `--flash`, the
//! animation's first frame instead).
//!
//! `--tree` opens the search tree as `t` does: beside the board in watch, each pane's
//! overview in compare.

pub mod svg;
pub mod text;

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::args::{SnapshotArgs, SnapshotFormat};
use super::watch::open_puzzle;
use crate::app::{Action, App, FLASH, Lock, MAX_PANES};
use crate::ui::{self, Theme};

/// Runs to-goals until they end; a fixed clock, so no animation advances meanwhile.
fn settle(app: &mut App) {
    while app.running() {
        app.on_tick(app.now(), None);
    }
}

/// The keys that bring a fresh app to the point the arguments name: one key, or one run
/// key pressed K times (`n` for `--decision K`).
fn keys(args: &SnapshotArgs) -> (Vec<Action>, Option<(Action, u64)>) {
    if let Some(step) = args.step {
        let mut keys = vec![Action::GoTo];
        keys.extend(step.to_string().chars().map(Action::Type));
        keys.push(Action::Confirm);
        (keys, None)
    } else if let Some(k) = args.decision {
        (Vec::new(), Some((Action::NextDecision, k)))
    } else if let Some(k) = args.wipeout {
        (Vec::new(), Some((Action::NextWipeout, k)))
    } else if let Some(k) = args.backtrack {
        (Vec::new(), Some((Action::NextBacktrack, k)))
    } else if args.end {
        (vec![Action::RunToEnd], None)
    } else {
        (Vec::new(), None)
    }
}

/// The app at the requested point, with its animation over.
///
/// # Errors
/// Unknown presets, a bad preset count, bad puzzle input.
pub fn app_at(args: &SnapshotArgs) -> anyhow::Result<App> {
    if let (Some(file), Some(stop)) = (&args.lesson, args.stop) {
        return lesson_at(file, stop);
    }
    let presets = if args.compare.is_empty() {
        vec![{
            let (name, strategy) = super::presets::resolve_or_default(args.preset.as_deref())?;
            crate::solver::preset::sequenced(name, strategy, args.sequence)
        }]
    } else {
        if !(2..=MAX_PANES).contains(&args.compare.len()) {
            bail!(
                "--compare races 2 to {MAX_PANES} presets, comma-separated (e.g. --compare fast,mrv-degree); got {}",
                args.compare.len()
            );
        }
        args.compare
            .iter()
            .map(|name| {
                super::presets::resolve(name).map(|(name, strategy)| {
                    crate::solver::preset::sequenced(name, strategy, args.sequence)
                })
            })
            .collect::<Result<Vec<_>, _>>()?
    };
    if args.lock == Lock::Time {
        bail!(
            "--lock time depends on the machine's speed, so its frames cannot be reproduced: use events or nodes"
        );
    }
    let source = open_puzzle(args.puzzle.as_deref(), args.index)?;
    let mut app = App::new(source, &presets, args.lock)?;
    let (keys, repeated) = keys(args);
    for action in keys {
        app.update(action);
        settle(&mut app);
    }
    if let Some((action, times)) = repeated {
        // One burst of K presses: the runs follow each other in one settle, the view's
        // details worked out at the last stop only (K separate presses, each settled,
        // replayed a checkpoint's span at every stop: quadratic in K).
        app.repeat_run(action, times);
        settle(&mut app);
        app.end_burst();
    }
    if args.tree {
        app.update(Action::ToggleTree);
        app.finish_trees();
    }
    // A live session walks the divergence finder on between frames; one frame, at once.
    app.settle_divergence();
    // The next tick of a live session: the details refreshed, and (unless the flash is
    // wanted) the clock past the step's animation.
    let later = if args.flash {
        app.now()
    } else {
        app.now() + FLASH + Duration::from_millis(1)
    };
    app.on_tick(later, None);
    Ok(app)
}

/// The app at stop `stop` (from 1) of the lesson in `file`, its animation over.
fn lesson_at(file: &Path, stop: usize) -> anyhow::Result<App> {
    let plan = super::lesson::plan(file).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        anyhow::anyhow!("{}", lines.join("\n"))
    })?;
    let stops = plan.stops.len();
    if !(1..=stops).contains(&stop) {
        bail!("--stop {stop}: {} has stops 1 to {stops}", file.display());
    }
    let mut app = App::lesson(plan)?;
    app.show_stop(stop);
    let later = app.now() + FLASH + Duration::from_millis(1);
    app.on_tick(later, None);
    Ok(app)
}

/// The app drawn into a buffer of `cols × rows` cells.
pub fn draw(app: &App, theme: Theme, (cols, rows): (u16, u16)) -> Buffer {
    let area = Rect::new(0, 0, cols, rows);
    let mut buf = Buffer::empty(area);
    ui::render(app, theme, area, &mut buf);
    buf
}

/// The format: the flag, else the output file's extension, else text.
fn format_of(args: &SnapshotArgs) -> SnapshotFormat {
    args.format.unwrap_or_else(|| {
        match args
            .out
            .as_deref()
            .and_then(Path::extension)
            .and_then(|e| e.to_str())
        {
            Some("svg") => SnapshotFormat::Svg,
            Some("ans" | "ansi") => SnapshotFormat::Ansi,
            _ => SnapshotFormat::Txt,
        }
    })
}

/// Draws the requested frame and writes it.
///
/// # Errors
/// Bad arguments or input (see [`app_at`]), or the output cannot be written.
pub fn run(args: &SnapshotArgs) -> anyhow::Result<u8> {
    let app = app_at(args)?;
    let buf = draw(&app, Theme::from_env(), args.size);
    let body = match format_of(args) {
        SnapshotFormat::Txt => text::plain(&buf),
        SnapshotFormat::Ansi => text::ansi(&buf),
        SnapshotFormat::Svg => {
            let (word, rest) = crate::ui::status::status_text(&app);
            svg::svg(&buf, &format!("dokuscope: {word}  {rest}"))
        }
    };
    if let Some(path) = &args.out {
        std::fs::write(path, body).with_context(|| format!("cannot write '{}'", path.display()))?;
    } else {
        let mut out = std::io::stdout().lock();
        if let Err(err) = out.write_all(body.as_bytes()).and_then(|()| out.flush()) {
            if err.kind() != std::io::ErrorKind::BrokenPipe {
                return Err(err.into());
            }
        }
    }
    Ok(super::EXIT_OK)
}
