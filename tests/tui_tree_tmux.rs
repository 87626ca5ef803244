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

/// top95 #10: `bt` makes 11,470,999 decisions there (22,941,935 tree nodes, 149,122,538
/// events), so the tree folds most of what it holds.
const ELEVEN_MILLION: &str =
    ".923.........8.1...........1.7.4...........658.........6.5.2...4.....7.....9.....";

/// Waits up to `patience` for the screen to contain `text`.
fn wait_long(t: &Tmux, text: &str, patience: std::time::Duration) -> String {
    let start = std::time::Instant::now();
    loop {
        let screen = t.capture();
        if screen.contains(text) {
            return screen;
        }
        assert!(
            start.elapsed() < patience,
            "timed out waiting for {text:?}; the screen was:\n{screen}"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// The depth of the first folded subtree on the way down by first children, in the
/// headless outline (which folds as watch does).
fn first_fold_on_the_first_path() -> usize {
    let out = Command::new(BIN)
        .args(["tree", ELEVEN_MILLION, "-p", "bt", "--format", "text"])
        .output()
        .expect("tree runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .is_some_and(|l| l.starts_with("# ") && l.contains("folded")),
        "the outline says it folds"
    );
    for (depth, line) in lines.enumerate() {
        let indent = line.len() - line.trim_start().len();
        assert_eq!(
            indent,
            2 * depth,
            "the first path goes down by first children"
        );
        if line.contains('▸') {
            return depth;
        }
    }
    unreachable!("no fold on the first path")
}

/// The first failure's step and decision depth (`bt`'s first wipeout).
fn first_wipeout() -> (u64, usize) {
    let out = Command::new(BIN)
        .args(["trace", ELEVEN_MILLION, "-p", "bt", "--until", "wipeout"])
        .output()
        .expect("trace runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let last: Value = serde_json::from_str(text.lines().last().expect("a line")).expect("JSON");
    assert_eq!(last["type"], "wipeout");
    (
        last["step"].as_u64().expect("step"),
        usize::try_from(last["depth"].as_u64().expect("depth")).expect("small"),
    )
}

#[test]
fn on_a_search_of_11_million_decisions_enter_inside_a_folded_subtree_lands_on_its_step() {
    if !available("tree on 11 M decisions") {
        return;
    }
    let folded = std::thread::spawn(first_fold_on_the_first_path);
    let (step, decisions) = first_wipeout();
    // The failure hangs below the choice its decisions reached.
    let depth = decisions + 1;
    let t = Tmux::start(
        &format!("{BIN} watch {ELEVEN_MILLION} --preset bt"),
        120,
        40,
    );
    t.wait_status("PAUSED   step 0");
    t.send(&["s"]);
    let patience = std::time::Duration::from_secs(300);
    wait_long(&t, "SOLVED", patience);
    t.send(&["t"]);
    wait_long(&t, "search tree · 22,941,935 nodes", patience);
    let fold = folded.join().expect("the outline is read");
    assert!(
        fold < depth,
        "a folded subtree (depth {fold}) on the way to the failure"
    );
    t.send(&["Home"]);
    for _ in 0..depth {
        t.send(&["Down"]);
    }
    wait_long(&t, &format!("depth {depth} · 1 node ·"), patience);
    t.send(&["Enter"]);
    let screen = t.wait_status(&format!("step {step}  "));
    assert!(screen.contains("wipeout"), "the failure's step:\n{screen}");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}
