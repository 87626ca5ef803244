//! End to end in a real terminal (tmux): a breakpoint typed at the `:` prompt, `c` to run
//! to it, BREAK on the status line; a bad condition shows its error without leaving the
//! view; `C` goes back; `watch --break` sets one from the command line.

#[path = "common/tmux.rs"]
mod tmux;

use tmux::{Tmux, available, status_line};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");

#[test]
fn break_on_depth_continue_and_reverse_continue_in_a_terminal() {
    if !available("steer end to end") {
        return;
    }
    let t = Tmux::start(&format!("{BIN} -p mrv"), 120, 40);
    t.wait_status("PAUSED   step 0  depth 0");
    // A malformed condition: the prompt stays, the arrow points at the column.
    t.send(&[":"]);
    t.wait_for("Enter runs");
    t.send(&["-l", "break depth >> 3"]);
    t.send(&["Enter"]);
    let screen = t.wait_for("column 14: expected a number after 'depth'");
    assert!(screen.contains(":break depth >> 3"), "{screen}");
    assert!(
        screen.contains("condition := "),
        "the grammar is shown:\n{screen}"
    );
    // Fix it in place: erase the text and type a good one.
    for _ in 0.."break depth >> 3".len() {
        t.send(&["BSpace"]);
    }
    t.send(&["-l", "break depth > 3"]);
    t.send(&["Enter"]);
    t.wait_for("breakpoint 1: depth > 3");
    t.send(&["c"]);
    let stop = t.wait_status("BREAK");
    let status = status_line(&stop);
    assert!(status.contains("#1 depth > 3"), "{status}");
    assert!(status.contains("depth 4 "), "{status}");
    let first = step_of(status);
    // Past the first hit, then back to it with C.
    t.send(&["n"]);
    let moved = t.wait_until("moved on", |s| step_of(status_line(s)) > first);
    let later = step_of(status_line(&moved));
    t.send(&["C"]);
    let back = t.wait_until("back at an earlier hit", |s| {
        status_line(s).contains("BREAK") && step_of(status_line(s)) < later
    });
    assert!(step_of(status_line(&back)) >= first, "{back}");
    // Before the first hit there is none.
    t.send(&["0"]);
    t.wait_status("PAUSED   step 0");
    t.send(&["C"]);
    t.wait_for("no earlier hit");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

#[test]
fn watch_break_sets_a_breakpoint_and_a_bad_one_exits_2() {
    if !available("steer --break end to end") {
        return;
    }
    let t = Tmux::start(&format!("{BIN} -p mrv --break backtrack"), 120, 40);
    t.wait_status("PAUSED   step 0");
    t.send(&["c"]);
    let stop = t.wait_status("BREAK");
    assert!(status_line(&stop).contains("#1 backtrack"), "{stop}");
    assert!(stop.contains("backtrack: undo decision"), "{stop}");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");

    let bad = Tmux::start(&format!("{BIN} --break 'assign r5c3=10'"), 120, 40);
    let screen = bad.wait_for("EXIT_CODE=2");
    assert!(screen.contains("column 13: 10 is not a digit"), "{screen}");
}

/// The step on a status line (grouped by thousands: `step 12,345`).
fn step_of(status: &str) -> u64 {
    status
        .split("step ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.replace(',', "").parse().ok())
        .unwrap_or(0)
}

#[test]
fn fork_on_a_select_adds_a_second_pane_that_races() {
    if !available("steer fork end to end") {
        return;
    }
    let t = Tmux::start(&format!("{BIN} -p mrv"), 120, 40);
    t.wait_status("PAUSED   step 0");
    t.send(&[":"]);
    t.send(&["-l", "break select"]);
    t.send(&["Enter"]);
    t.wait_for("breakpoint 1: select");
    t.send(&["c"]);
    t.wait_status("BREAK");
    t.send(&["f"]);
    let picker = t.wait_for("a digit decides");
    // `fork at step N: r1c4 ← ? {2,5}`: take the last candidate.
    let digit = picker
        .lines()
        .find(|l| l.contains("fork at step"))
        .and_then(|l| l.split('{').nth(1))
        .and_then(|s| s.split('}').next())
        .and_then(|s| s.split(',').next_back())
        .map(str::to_string)
        .expect("the picker shows the cell's domain");
    t.send(&["-l", &digit]);
    let forked = t.wait_for("(your decision)");
    assert!(
        status_line(&forked).contains("nodes A:"),
        "two panes:\n{forked}"
    );
    // Clear the breakpoint and race both to their ends.
    t.send(&[":"]);
    t.send(&["-l", "clear"]);
    t.send(&["Enter"]);
    t.wait_for("1 breakpoint deleted");
    t.send(&["s"]);
    let done = t.wait_status("FINISHED");
    assert!(status_line(&done).contains(" B:"), "{done}");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}
