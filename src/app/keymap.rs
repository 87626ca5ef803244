//! The key table: one list that both the dispatcher and the help overlay read.

use super::keys::{KeyCode, KeyPress};

use super::action::Action;

/// A key with the modifiers it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Ctrl, if needed (Shift is part of the character).
    pub ctrl: bool,
}

const fn ch(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: false,
    }
}

const fn code(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

/// Which screens a binding applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Watch and compare.
    Both,
    /// Only with one pane.
    Watch,
    /// Only with several panes.
    Compare,
    /// Only while the tree panel has the arrows (watch).
    Tree,
    /// Only while the help is open.
    Help,
    /// Only at a lesson's stop (`dokuscope lesson`).
    Lesson,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The keys, first one shown first.
    pub keys: &'static [Key],
    /// How the keys are written in the help.
    pub label: &'static str,
    /// What they do.
    pub action: Action,
    /// The help text.
    pub help: &'static str,
    /// Where it applies.
    pub scope: Scope,
}

const fn bind(
    keys: &'static [Key],
    label: &'static str,
    action: Action,
    help: &'static str,
    scope: Scope,
) -> Binding {
    Binding {
        keys,
        label,
        action,
        help,
        scope,
    }
}

/// What the app is doing, as far as keys are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Keys act through the table.
    Normal,
    /// A run-to is going on: any key stops it (quit keys also quit).
    Running,
    /// A run-to that a key of the burst still being read started: a run key queues behind
    /// it (`n n n` typed at once runs three decisions); any other key stops it as in
    /// [`Mode::Running`].
    Queue,
    /// The go-to prompt takes digits.
    Prompt,
    /// The `:` prompt takes any text.
    Command,
    /// The fork picker: cursor keys move, digits decide.
    Fork,
    /// An overlay (the inspected cell, the breakpoint list) is open: Esc and ? close it,
    /// other keys act as usual.
    Overlay,
    /// The help is open: its keys scroll it, ?, q and Esc close it, other keys act as usual.
    Help,
    /// The tree panel has the arrows: its keys first, then the usual ones; Esc hands the
    /// arrows back.
    Tree,
    /// A question waits for its answer: the arrows move the board cursor (or the choice),
    /// characters answer, Enter confirms, Esc skips; q, Q and ? keep their meaning.
    Quiz,
    /// A question answered in the student's own words (or a number): every character is
    /// text; Enter confirms, Esc skips.
    Words,
    /// "Quit with answers unsaved?": the next key answers.
    Confirm,
    /// At a lesson's stop: its keys first (n, Enter, p), then the usual ones, which explore.
    Stop,
    /// A quiz verdict is shown: Enter (or n) plays on to the next question, other keys as
    /// usual.
    Review,
    /// Exploring from a lesson's stop: keys as usual, but Esc does not quit the lesson.
    Explore,
}

fn matches(key: Key, event: KeyPress) -> bool {
    key.ctrl == event.ctrl && key.code == event.code
}

/// The action of a key press in `mode`, with `panes` panes on screen.
pub fn action_for(event: &KeyPress, mode: Mode, panes: usize) -> Option<Action> {
    let find = |tree: bool| {
        KEYMAP
            .iter()
            .filter(|b| match b.scope {
                Scope::Both => true,
                Scope::Watch => panes == 1,
                Scope::Compare => panes > 1,
                Scope::Tree => tree,
                Scope::Help | Scope::Lesson => false,
            })
            .find(|b| b.keys.iter().any(|&k| matches(k, *event)))
            .map(|b| b.action)
    };
    let bound = find(false);
    let scoped = |scope: Scope| {
        KEYMAP
            .iter()
            .filter(|b| b.scope == scope)
            .find(|b| b.keys.iter().any(|&k| matches(k, *event)))
            .map(|b| b.action)
    };
    let quit_key = |a: Option<Action>| a == Some(Action::Quit);
    match mode {
        // In a lesson, Esc never leaves it (q does).
        Mode::Stop | Mode::Explore if event.code == KeyCode::Esc => Some(Action::Back),
        // After a verdict, n goes on to the next question as Enter does (it ran to the
        // decision just asked about, past the question, so that a second n was needed).
        Mode::Review if matches!(event.code, KeyCode::Enter | KeyCode::Char('n')) => {
            Some(Action::PlayOn)
        }
        Mode::Normal | Mode::Explore | Mode::Review => bound,
        Mode::Queue if bound.is_some_and(Action::starts_run) => bound,
        Mode::Running | Mode::Queue => Some(if quit_key(bound) && event.code != KeyCode::Esc {
            Action::Quit
        } else {
            Action::Interrupt
        }),
        Mode::Prompt => match event.code {
            // A step as the screen writes it (`1,234,567`) may be typed or pasted.
            KeyCode::Char(c) if c.is_ascii_digit() || c == ',' => Some(Action::Type(c)),
            KeyCode::Char('c') if event.ctrl => Some(Action::Quit),
            KeyCode::Backspace => Some(Action::Erase),
            KeyCode::Enter => Some(Action::Confirm),
            _ => Some(Action::Back),
        },
        Mode::Tree if event.code == KeyCode::Esc => Some(Action::TreeFocus),
        Mode::Tree => scoped(Scope::Tree).or(bound),
        // Ctrl-C still quits; q closes the help first, as in a pager.
        Mode::Help => scoped(Scope::Help).or(match bound {
            Some(Action::Quit) if !event.ctrl => Some(Action::Help),
            other => other,
        }),
        Mode::Command | Mode::Words => match event.code {
            KeyCode::Char('c') if event.ctrl => Some(Action::Quit),
            KeyCode::Char(c) => Some(Action::Type(c)),
            KeyCode::Backspace => Some(Action::Erase),
            KeyCode::Enter => Some(Action::Confirm),
            KeyCode::Esc => Some(Action::Back),
            _ => None,
        },
        Mode::Fork => match event.code {
            KeyCode::Char('c') if event.ctrl => Some(Action::Quit),
            KeyCode::Left | KeyCode::Char('h') => Some(Action::MoveCursor { rows: 0, cols: -1 }),
            KeyCode::Right | KeyCode::Char('l') => Some(Action::MoveCursor { rows: 0, cols: 1 }),
            KeyCode::Up | KeyCode::Char('k') => Some(Action::MoveCursor { rows: -1, cols: 0 }),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::MoveCursor { rows: 1, cols: 0 }),
            KeyCode::Char(c) => Some(Action::Type(c)),
            KeyCode::Enter => Some(Action::Confirm),
            KeyCode::Esc => Some(Action::Back),
            _ => None,
        },
        Mode::Quiz => answer_key(*event),
        Mode::Confirm => Some(match event.code {
            KeyCode::Char('c') if event.ctrl => Action::Quit,
            KeyCode::Char(c) => Action::Type(c),
            _ => Action::Back,
        }),
        Mode::Stop => scoped(Scope::Lesson).or(bound),
        Mode::Overlay => match bound {
            Some(Action::Quit) if event.code == KeyCode::Esc => Some(Action::Back),
            Some(Action::Help) => Some(Action::Back),
            other => other,
        },
    }
}

/// A key as the help writes it.
pub fn key_name(key: &Key) -> String {
    let base = match key.code {
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Left => "←".into(),
        KeyCode::Right => "→".into(),
        KeyCode::Home => "Home".into(),
        KeyCode::End => "End".into(),
        KeyCode::PageUp => "PgUp".into(),
        KeyCode::PageDown => "PgDn".into(),
        KeyCode::Up => "↑".into(),
        KeyCode::Down => "↓".into(),
        KeyCode::Enter => "Enter".into(),
        KeyCode::Tab => "Tab".into(),
        KeyCode::Backspace => "Backspace".into(),
        KeyCode::Esc => "Esc".into(),
        KeyCode::Other => "another key".into(),
    };
    if key.ctrl {
        format!("Ctrl-{base}")
    } else {
        base
    }
}

mod legend;
mod table;
pub use legend::{LEGEND, LOCAL_LEGEND, QUEUE_LEGEND, TREE_LEGEND};
pub use table::KEYMAP;
mod answer;

use answer::answer_key;

#[cfg(test)]
mod tests;
