//! The estimate in a real terminal: watch playing `bt`'s search of top95 #10 at full
//! speed shows how far along it is and the time left on the status line, `E` charts how
//! the estimate moved; `solve` on a terminal draws its progress line on standard error and
//! clears it when the search ends.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/tmux.rs"]
mod tmux;

use tmux::{Tmux, available, status_line};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
/// top95 #10: `bt` makes 11,470,999 decisions there (149,122,538 events), long enough to
/// watch it run at full speed.
const ELEVEN_MILLION: &str =
    ".923.........8.1...........1.7.4...........658.........6.5.2...4.....7.....9.....";

#[test]
fn watch_says_how_far_along_a_running_search_is() {
    if !available("the estimate in watch") {
        return;
    }
    let t = Tmux::start(
        &format!("{BIN} watch {ELEVEN_MILLION} --preset bt"),
        120,
        40,
    );
    t.wait_status("PAUSED   step 0");
    assert!(
        status_line(&t.capture()).contains("size unknown"),
        "nothing to go on at step 0"
    );
    for _ in 0..dokuscope::app::SPEEDS.len() {
        t.send(&["+"]);
    }
    t.send(&["Space"]);
    let screen = t.wait_until("an estimate with the time left", |s| {
        let status = status_line(s);
        status.contains("RUNNING") && status.contains("% of ~") && status.contains(" left")
    });
    assert!(
        screen.contains("at most ~"),
        "the line under the gauge says it whole:\n{screen}"
    );
    t.send(&["E"]);
    t.wait_for("estimated nodes of the whole tree over");
    t.send(&["E"]);
    t.wait_for("depth over");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

#[test]
fn solve_on_a_terminal_draws_its_progress_line_then_clears_it() {
    if !available("solve's progress line") {
        return;
    }
    let text = std::fs::read_to_string(HARD).expect("the bundled set");
    let line = text.lines().nth(1).expect("puzzle 2");
    // bt searches the whole tree (5,791,754 decisions, counting to 2 solutions): seconds.
    let t = Tmux::start(&format!("{BIN} solve '{line}' --preset bt"), 120, 10);
    let screen = t.wait_until("the progress line", |s| {
        s.contains("argument:1: ") && s.contains(" nodes · ") && s.contains("% of ~")
    });
    assert!(
        !screen.contains("EXIT_CODE"),
        "drawn while it runs:\n{screen}"
    );
    let end = t.wait_for("EXIT_CODE=0");
    assert!(!end.contains(" nodes · "), "cleared at the end:\n{end}");
    assert!(end.contains("358762194"), "the solution's line:\n{end}");
}
