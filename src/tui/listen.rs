//! The terminal loop of `listen`: what the listener brought is taken for at most a frame's
//! work, the screen drawn, keys read with a timeout of a frame; the terminal is restored on
//! every way out (as `tui::run` does).

use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

use crossterm::event::{self, Event as TermEvent};
use dokuscope_profiler::Event;

use super::{WORK_PER_FRAME, keys, restore, watch_signals};
use crate::app::FRAME;
use crate::app::listen::ListenApp;
use crate::app::listen::keys::action_for;
use crate::ui::{self, Theme};

/// Runs the listen screen until the viewer quits or it fails; once `on_event` says to stop,
/// nothing more is received.
///
/// # Errors
/// The terminal cannot be set up, drawn on or read from, or `on_event` failed (saving).
pub fn run(
    app: &mut ListenApp,
    events: &Receiver<Event>,
    on_event: &mut dyn FnMut(&mut ListenApp, Event) -> anyhow::Result<bool>,
) -> anyhow::Result<()> {
    watch_signals()?;
    let terminal = ratatui::try_init()?;
    let result = event_loop(terminal, app, events, on_event);
    restore();
    result
}

fn event_loop(
    mut terminal: ratatui::DefaultTerminal,
    app: &mut ListenApp,
    events: &Receiver<Event>,
    on_event: &mut dyn FnMut(&mut ListenApp, Event) -> anyhow::Result<bool>,
) -> anyhow::Result<()> {
    let theme = Theme::from_env();
    let mut listening = true;
    loop {
        let deadline = Instant::now() + WORK_PER_FRAME;
        while listening && Instant::now() < deadline {
            match events.try_recv() {
                Ok(event) => {
                    if on_event(app, event)? {
                        listening = false;
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => listening = false,
            }
        }
        terminal.draw(|f| ui::listen::render(app, theme, f.area(), f.buffer_mut()))?;
        // Past `--connections` the view stays until the viewer quits; nothing more is received.
        if app.should_quit() {
            return Ok(());
        }
        if event::poll(FRAME)? {
            let mut input = Some(event::read()?);
            while let Some(ev) = input.take() {
                if let TermEvent::Key(key) = ev {
                    if let Some(action) = keys::press(&key).and_then(action_for) {
                        app.update(action);
                    }
                }
                if app.should_quit() {
                    return Ok(());
                }
                if event::poll(Duration::ZERO)? {
                    input = Some(event::read()?);
                }
            }
        }
    }
}
