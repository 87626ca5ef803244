//! Keys as the app reads them: a key and whether Ctrl was held, nothing of the terminal's.
//! The terminal loop translates its key events into these (`tui::keys`), so the app's
//! state is driven the same way by a terminal, a test or a script.

/// A key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyCode {
    /// A character (Shift is part of it: `N`, `?`).
    Char(char),
    /// Backspace.
    Backspace,
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Tab.
    Tab,
    /// The arrow left.
    Left,
    /// The arrow right.
    Right,
    /// The arrow up.
    Up,
    /// The arrow down.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Any other key (a function key, Insert, ...): no binding, but a key all the same
    /// (it stops a run, as any key does).
    Other,
}

/// One key pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyPress {
    /// The key.
    pub code: KeyCode,
    /// Whether Ctrl was held.
    pub ctrl: bool,
}

impl KeyPress {
    /// `code` pressed, with Ctrl held or not.
    pub const fn new(code: KeyCode, ctrl: bool) -> KeyPress {
        KeyPress { code, ctrl }
    }
}
