//! The terminal's key events as the app's key presses: a press (not a release or a
//! repeat, which some terminals report) of a key, with Ctrl or not.

use crossterm::event::{KeyCode as Term, KeyEvent, KeyEventKind, KeyModifiers};

use crate::app::keys::{KeyCode, KeyPress};

/// The app's key press for `event`, if it is a press.
pub fn press(event: &KeyEvent) -> Option<KeyPress> {
    if event.kind != KeyEventKind::Press {
        return None;
    }
    let code = match event.code {
        Term::Char(c) => KeyCode::Char(c),
        Term::Backspace => KeyCode::Backspace,
        Term::Enter => KeyCode::Enter,
        Term::Esc => KeyCode::Esc,
        Term::Tab => KeyCode::Tab,
        Term::Left => KeyCode::Left,
        Term::Right => KeyCode::Right,
        Term::Up => KeyCode::Up,
        Term::Down => KeyCode::Down,
        Term::Home => KeyCode::Home,
        Term::End => KeyCode::End,
        Term::PageUp => KeyCode::PageUp,
        Term::PageDown => KeyCode::PageDown,
        _ => KeyCode::Other,
    };
    Some(KeyPress::new(
        code,
        event.modifiers.contains(KeyModifiers::CONTROL),
    ))
}
