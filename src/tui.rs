//! The terminal: setup and restore in one place (quit, error, panic, Ctrl-C, SIGTERM), and
//! the synchronous event loop: frames at a fixed rate, work bounded per frame, a blocking
//! wait when nothing moves. With a recorder, every frame that changed the screen is also
//! appended to an asciicast file.

pub mod keys;
pub mod listen;
pub mod record;

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event as TermEvent, MouseButton, MouseEventKind,
};
use crossterm::execute;
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::buffer::Buffer;

use self::record::Recorder;

use crate::app::{Action, App, FRAME, keymap};
use crate::ui::{self, Theme};

/// Solver work per frame at full speed, leaving the rest of the frame for drawing and keys.
pub const WORK_PER_FRAME: Duration = Duration::from_millis(14);

/// The message for a session without a terminal.
pub const NO_TTY: &str = "dokuscope: watch and compare need a terminal (standard output is not a TTY, or there is no terminal to read keys from).\n\
    For headless use: `dokuscope solve PUZZLE` prints the solution and the counters, `dokuscope trace PUZZLE` prints every event as JSON Lines.";

/// Whether a TUI can run: standard output is a terminal, and keys can be read from
/// standard input or /dev/tty.
pub fn has_terminal() -> bool {
    io::stdout().is_terminal()
        && (io::stdin().is_terminal() || std::fs::File::open("/dev/tty").is_ok())
}

pub(crate) fn restore() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    let _ = io::stdout().flush();
}

/// Restores the terminal on SIGTERM, SIGHUP, SIGINT and SIGQUIT (raw mode turns Ctrl-C into
/// a key, but a signal sent from outside still arrives) and exits with 128 + the signal.
pub(crate) fn watch_signals() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                restore();
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

/// Runs `app` in the terminal until the viewer quits; the terminal is restored on every way
/// out. With `record`, the session is also written there as an asciicast v2 recording.
///
/// # Errors
/// The terminal cannot be set up, drawn on or read from, or the recording cannot be written.
pub fn run(app: &mut App, record: Option<&Path>) -> anyhow::Result<()> {
    // The recording is created before the screen changes, so a bad path is a plain error.
    let mut recorder = match record {
        Some(path) => {
            let (width, height) = crossterm::terminal::size()?;
            Some(Recorder::create(path, width, height)?)
        }
        None => None,
    };
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        previous(info);
    }));
    watch_signals()?;
    // try_init wraps the hook above with one that restores the terminal first.
    let terminal = ratatui::try_init()?;
    let result = execute!(io::stdout(), EnableMouseCapture)
        .map_err(anyhow::Error::from)
        .and_then(|()| match &mut recorder {
            None => event_loop(terminal, app, |_| Ok(())),
            Some(rec) => {
                drop(terminal);
                let tee = Terminal::new(CrosstermBackend::new(rec.tee(io::stdout())))?;
                event_loop(tee, app, |screen| rec.frame(screen))
            }
        });
    restore();
    let finished = recorder.map(Recorder::finish).transpose();
    result.and(finished.map(|_| ()))
}

fn event_loop<B>(
    mut terminal: Terminal<B>,
    app: &mut App,
    mut on_frame: impl FnMut(&Buffer) -> anyhow::Result<()>,
) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: std::error::Error + Send + Sync + 'static,
{
    let theme = Theme::from_env();
    let start = Instant::now();
    loop {
        let frame_start = Instant::now();
        app.on_tick(frame_start - start, Some(frame_start + WORK_PER_FRAME));
        let frame = terminal.draw(|f| ui::render(app, theme, f.area(), f.buffer_mut()))?;
        on_frame(frame.buffer)?;
        if app.should_quit() {
            return Ok(());
        }
        let timeout = app
            .next_wakeup()
            .map(|w| w.max(FRAME.saturating_sub(frame_start.elapsed())));
        let ready = match timeout {
            Some(t) => event::poll(t)?,
            None => true, // nothing moves: block until input comes (no CPU while paused)
        };
        if ready {
            let area = terminal.size()?;
            let area = ratatui::layout::Rect::new(0, 0, area.width, area.height);
            let mut input = Some(event::read()?);
            while let Some(ev) = input.take() {
                app.set_clock(start.elapsed());
                app.set_screen(area.width, area.height);
                handle(app, area, &ev);
                if app.should_quit() {
                    return Ok(());
                }
                if event::poll(Duration::ZERO)? {
                    input = Some(event::read()?);
                }
            }
            // The keys that came together are all in: the next key stops a run again.
            app.end_burst();
        }
    }
}

fn handle(app: &mut App, area: ratatui::layout::Rect, ev: &TermEvent) {
    match ev {
        TermEvent::Key(key) => {
            let press = keys::press(key);
            if let Some(action) =
                press.and_then(|p| keymap::action_for(&p, app.key_mode(), app.lanes().len()))
            {
                app.update(action);
            }
        }
        TermEvent::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
            if let Some((lane, cell)) = ui::hit_test(app, area, m.column, m.row) {
                app.update(Action::Inspect { lane, cell });
            }
        }
        _ => {}
    }
}
