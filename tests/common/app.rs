//! Building apps on the bundled puzzle (or any puzzle) and drawing them on a `TestBackend`.

#![allow(dead_code, reason = "each test file uses some of these helpers")]

use std::time::Duration;

use dokuscope::app::Lock;
use dokuscope::app::{App, Source};
use dokuscope::solver::{Puzzle, preset};
use dokuscope::ui::{self, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A 4×4 puzzle.
pub const FOUR: &str = "1....4....4....1";
/// A 16×16 puzzle (a pattern grid with about 60% of the cells emptied).
pub const SIXTEEN: &str = ".2.4..7.9..C.E....7.9..C.E..1.3.9..C.E..1.3..6.8.E..1.3..6.8..B.2.4..7.9..C.E..1.7.9..C.E..1.3....C.E..1.3..6.8.E..1.3..6.8..B.D.4..7.9..C.E..1.7.9..C.E..1.3..6.C.E..1.3..6.8....1.3..6.8..B.D.4..7.9..C.E..1.3.9..C.E..1.3..6.C.E..1.3..6.8..B.1.3..6.8..B.D..";

/// The bundled puzzle, as `watch` opens it by default.
pub fn bundled() -> Source {
    let entry = dokuscope::cli::input::nth_puzzle(None, 1).expect("the bundled puzzle parses");
    Source {
        location: entry.location.to_string(),
        index: 1,
        puzzle: entry.puzzle,
    }
}

/// A puzzle written inline.
pub fn inline(text: &str) -> Source {
    let puzzle: Puzzle = text.parse().expect("test puzzle parses");
    Source {
        location: "argument:1".into(),
        index: 1,
        puzzle,
    }
}

/// An app racing `presets` on `source`.
pub fn app_on(source: Source, presets: &[&str], lock: Lock) -> App {
    let presets: Vec<_> = presets
        .iter()
        .map(|n| {
            let p = preset::find(n).expect("known preset");
            (p.name.to_string(), p.strategy)
        })
        .collect();
    App::new(source, &presets, lock).expect("valid puzzle")
}

/// A watch app on the bundled puzzle.
pub fn watch(preset: &str) -> App {
    app_on(bundled(), &[preset], Lock::Events)
}

/// Runs ticks (with a fixed clock) until a run-to ends.
pub fn settle(app: &mut App) {
    for _ in 0..100_000 {
        if !app.running() {
            return;
        }
        app.on_tick(app.now(), None);
    }
    assert!(!app.running(), "the run did not end");
}

/// The screen at `w`×`h`, in colour.
pub fn draw(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    terminal
        .draw(|f| ui::render(app, Theme { color: true }, f.area(), f.buffer_mut()))
        .expect("draw");
    terminal
}

/// The screen as text.
pub fn text(app: &App, w: u16, h: u16) -> String {
    draw(app, w, h).backend().to_string()
}

/// Moves the animation clock past any flash.
pub fn after_flash(app: &mut App) {
    let later = app.now() + Duration::from_secs(1);
    app.set_clock(later);
}
