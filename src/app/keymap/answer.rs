//! The keys of a question waiting for its answer: the board cursor, the answer typed or
//! picked, Enter and Esc. (Its words, in a free question, take every key as text.)

use crate::app::keys::{KeyCode, KeyPress};

use super::Action;

/// A key while a question waits for its answer (not in words): the arrows move the board
/// cursor or the choice, characters answer, Enter confirms, Esc skips; q, Q and ? keep
/// their meaning.
pub(super) fn answer_key(event: KeyPress) -> Option<Action> {
    match event.code {
        KeyCode::Char('c') if event.ctrl => Some(Action::Quit),
        KeyCode::Char('q') => Some(Action::Quit),
        KeyCode::Char('Q') => Some(Action::ToggleQuiz),
        KeyCode::Char('?') => Some(Action::Help),
        KeyCode::Left | KeyCode::Char('h') => Some(Action::MoveCursor { rows: 0, cols: -1 }),
        KeyCode::Right | KeyCode::Char('l') => Some(Action::MoveCursor { rows: 0, cols: 1 }),
        KeyCode::Up | KeyCode::Char('k') => Some(Action::MoveCursor { rows: -1, cols: 0 }),
        KeyCode::Down | KeyCode::Char('j') => Some(Action::MoveCursor { rows: 1, cols: 0 }),
        KeyCode::Char(c) => Some(Action::Type(c)),
        KeyCode::Backspace => Some(Action::Erase),
        KeyCode::Enter => Some(Action::Confirm),
        KeyCode::Esc => Some(Action::Back),
        _ => None,
    }
}
