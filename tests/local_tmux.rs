//! End to end in a real terminal: min-conflicts in watch, stepped forward through its fill
//! into its steps and back again, each step's words and conflicts on screen, and the tree
//! key saying there is no tree; then a race against a backtracking preset to its end.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/tmux.rs"]
mod tmux;

use tmux::{Tmux, available};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");

/// The conflicts the status line gives.
fn conflicts(screen: &str) -> u64 {
    tmux::status_line(screen)
        .split("conflicts ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the status line gives the conflicts")
}

#[test]
fn min_conflicts_steps_forward_and_back_in_a_real_terminal() {
    if !available("min-conflicts forward and back") {
        return;
    }
    let t = Tmux::start(&format!("{BIN} watch -p min-conflicts"), 120, 40);
    t.wait_status("PAUSED   step 0  conflicts 0");
    t.send(&["Right"]);
    let first = t.wait_status("step 1  ");
    assert!(first.contains("fill r1c1"), "the fill is told:\n{first}");
    // To step 149 by the go-to prompt, then one step and back, one key at a time.
    t.send(&["g", "1", "4", "9", "Enter"]);
    let before = t.wait_status("step 149  ");
    t.send(&["Right"]);
    let after = t.wait_status("step 150  ");
    assert!(after.contains("step 150 swap r"), "a step's swap:\n{after}");
    assert!(after.contains("why this move (step 150"), "{after}");
    t.send(&["Left"]);
    let back = t.wait_status("step 149  ");
    assert_eq!(conflicts(&back), conflicts(&before));
    assert_eq!(
        back.lines().take(33).collect::<Vec<_>>(),
        before.lines().take(33).collect::<Vec<_>>(),
        "the board and panels at step 149 are as they were"
    );
    t.send(&["t"]);
    t.wait_for("no search tree");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

#[test]
fn min_conflicts_races_a_backtracking_preset_to_the_end() {
    if !available("min-conflicts race") {
        return;
    }
    let t = Tmux::start(
        &format!("{BIN} compare -p fast -p min-conflicts/walk:0.1 --lock time"),
        200,
        60,
    );
    t.wait_status("PAUSED   step 0  nodes/steps A:0 B:0  lock time");
    t.send(&["s"]);
    let end = t.wait_status("FINISHED");
    assert!(end.contains("summary"), "{end}");
    assert!(end.contains("SOLVED at step"), "{end}");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}
