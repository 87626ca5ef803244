//! The tree end to end in a real terminal: open watch, `t`, walk to a failure node, Enter,
//! and the status line's step is that node's step (as `dokuscope tree` reports it).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/tmux.rs"]
mod tmux;

use std::process::Command;

use serde_json::Value;
use tmux::{Tmux, available, status_line};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");

/// The first leaf in depth-first order, reached from the root by first children: its
/// depth and step, from the headless tree of the same search.
fn first_leaf() -> (usize, u64, String) {
    let out = Command::new(BIN)
        .args(["tree", HARD, "-p", "mrv-degree"])
        .output()
        .expect("tree runs");
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let nodes = doc["nodes"].as_array().expect("nodes");
    let leaf = nodes
        .windows(2)
        .find(|w| w[1]["parent"] != w[0]["id"])
        .map(|w| &w[0])
        .expect("a leaf");
    (
        usize::try_from(leaf["depth"].as_u64().expect("depth")).expect("small"),
        leaf["step"].as_u64().expect("step"),
        leaf["kind"].as_str().expect("kind").to_string(),
    )
}

#[test]
fn walking_to_a_failure_and_pressing_enter_moves_the_view_to_its_step() {
    if !available("tree end to end") {
        return;
    }
    let (depth, step, kind) = first_leaf();
    assert_eq!(kind, "failure");
    let t = Tmux::start(&format!("{BIN} watch {HARD} --preset mrv-degree"), 120, 40);
    t.wait_status("PAUSED   step 0");
    t.send(&["s"]);
    t.wait_status("SOLVED");
    t.send(&["t"]);
    t.wait_for("search tree · ");
    t.send(&["Home"]);
    for _ in 0..depth {
        t.send(&["Down"]);
    }
    t.wait_for(&format!("depth {depth} · 1 node ·"));
    t.send(&["Enter"]);
    let screen = t.wait_status(&format!("step {}  ", dokuscope::numbers::grouped(step)));
    assert!(
        status_line(&screen).starts_with(" PAUSED"),
        "the view paused at the node:\n{screen}"
    );
    assert!(
        screen.contains("wipeout"),
        "the failure's step is its wipeout:\n{screen}"
    );
    // Tab hands the arrows back to the timeline (an Esc sent right before an arrow's own
    // escape sequence could be read with it as one key).
    t.send(&["Tab"]);
    t.send(&["Right"]);
    t.wait_status(&format!("step {}  ", dokuscope::numbers::grouped(step + 1)));
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}
