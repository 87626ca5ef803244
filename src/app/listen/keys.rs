//! `listen`'s keys: one table that the dispatcher and the key line both read.

use crate::app::keys::{KeyCode, KeyPress};

/// What a key does in `listen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListenAction {
    /// Leave.
    Quit,
    /// The next execution's lane.
    NextLane,
    /// The lane numbered `n` (from 1).
    Lane(usize),
    /// To the parent.
    Parent,
    /// To the first child.
    FirstChild,
    /// To the previous sibling.
    PrevSibling,
    /// To the next sibling.
    NextSibling,
    /// To the node shown above (depth-first order).
    Up,
    /// To the node shown below.
    Down,
    /// To the run's root.
    Root,
    /// Follow the newest node as it arrives.
    Follow,
    /// Fold or unfold the subtree.
    Fold,
    /// Show or hide the node's label, nogood and info.
    Detail,
}

/// The keys, each with the words the key line shows (empty: not shown).
pub const KEYS: &[(KeyCode, ListenAction, &str)] = &[
    (KeyCode::Char('q'), ListenAction::Quit, "q quit"),
    (KeyCode::Esc, ListenAction::Quit, ""),
    (KeyCode::Tab, ListenAction::NextLane, "Tab lane"),
    (KeyCode::Up, ListenAction::Up, "↑↓ walk"),
    (KeyCode::Down, ListenAction::Down, ""),
    (KeyCode::Char('k'), ListenAction::Up, ""),
    (KeyCode::Char('j'), ListenAction::Down, ""),
    (KeyCode::Left, ListenAction::PrevSibling, "←→ siblings"),
    (KeyCode::Right, ListenAction::NextSibling, ""),
    (KeyCode::Char('h'), ListenAction::PrevSibling, ""),
    (KeyCode::Char('l'), ListenAction::NextSibling, ""),
    (KeyCode::Char('p'), ListenAction::Parent, "p parent"),
    (KeyCode::Char('c'), ListenAction::FirstChild, ""),
    (KeyCode::Home, ListenAction::Root, "Home root"),
    (KeyCode::Char('0'), ListenAction::Root, ""),
    (KeyCode::End, ListenAction::Follow, "f follow"),
    (KeyCode::Char('f'), ListenAction::Follow, ""),
    (KeyCode::Char(' '), ListenAction::Fold, "Space fold"),
    (KeyCode::Enter, ListenAction::Detail, "Enter node"),
];

/// The action of a key press, if it has one (Ctrl-C quits).
pub fn action_for(press: KeyPress) -> Option<ListenAction> {
    if press.ctrl {
        return (press.code == KeyCode::Char('c')).then_some(ListenAction::Quit);
    }
    if let KeyCode::Char(c @ '1'..='9') = press.code {
        return c.to_digit(10).map(|n| ListenAction::Lane(n as usize));
    }
    KEYS.iter()
        .find(|(code, _, _)| *code == press.code)
        .map(|&(_, action, _)| action)
}

/// The key line's words, in the table's order.
pub fn legend() -> impl Iterator<Item = &'static str> {
    KEYS.iter()
        .map(|&(_, _, words)| words)
        .filter(|w| !w.is_empty())
}
