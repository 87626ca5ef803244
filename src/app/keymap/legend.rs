//! The short legends above the status line: the keys most used first (a narrow screen
//! drops the tail), one for each way the keys are read.

/// The short legend above the status line, most useful first (a narrow screen drops the tail).
pub const LEGEND: &[(&str, &str)] = &[
    ("Space", "play"),
    ("←→", "step"),
    ("n/p", "decision"),
    ("s", "solve"),
    ("?", "help"),
    ("q", "quit"),
    ("b", "backtrack"),
    ("w", "wipeout"),
    ("g", "go to"),
    ("+/-", "speed"),
];

/// The legend while a pane revises arcs (AC-3's queue on screen).
pub const QUEUE_LEGEND: &[(&str, &str)] = &[
    ("Space", "play"),
    ("←→", "step"),
    ("x", "skip propagation"),
    ("n/p", "decision"),
    ("A", "queue panel"),
    ("s", "solve"),
    ("?", "help"),
    ("q", "quit"),
    ("b", "backtrack"),
    ("w", "wipeout"),
    ("g", "go to"),
    ("+/-", "speed"),
];

/// The legend when every pane is a local search: `n`/`p` go from one new best to another,
/// and there is no backtrack or wipeout to run to.
pub const LOCAL_LEGEND: &[(&str, &str)] = &[
    ("Space", "play"),
    ("←→", "step"),
    ("n/p", "new best"),
    ("s", "solve"),
    ("?", "help"),
    ("q", "quit"),
    ("g", "go to"),
    ("+/-", "speed"),
];

/// The legend while the tree has the arrows (`t`, `T`, `Tab`): what the arrows do now, and
/// how to give them back to stepping.
pub const TREE_LEGEND: &[(&str, &str)] = &[
    ("↑↓←→", "walk the tree"),
    ("Enter", "jump"),
    ("Space", "fold"),
    ("Tab", "arrows step"),
    ("n/p", "decision"),
    ("?", "help"),
    ("q", "quit"),
    ("t", "hide tree"),
];
