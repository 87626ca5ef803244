//! The arc queue in a real terminal: `watch -p mac` steps through a revision and its prune,
//! back again, and `x` skips the rest of the propagation.

#[path = "common/tmux.rs"]
mod tmux;

use tmux::{Tmux, available};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");

#[test]
fn watch_mac_steps_through_a_revision_forwards_and_back_and_skips_a_propagation() {
    if !available("the arc queue end to end") {
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let t = Tmux::start(
        &format!("{BIN} watch {root}/puzzles/hard.txt -p mac"),
        120,
        40,
    );
    let start = t.wait_status("PAUSED   step 0  ");
    assert!(start.contains("AC-3 queue  346 arcs waiting"), "{start}");
    assert!(start.contains("next r1c2→r1c1 r1c4→r1c1"), "{start}");
    t.send(&["Right"]);
    let revise = t.wait_status("step 1  ");
    assert!(
        revise.contains("revise r1c2→r1c1: 6 has no support in r1c1, it goes"),
        "{revise}"
    );
    // The arrow from r1c2 toward r1c1, at the cell's left edge.
    assert!(revise.contains("│   6   ←"), "{revise}");
    t.send(&["Right"]);
    let prune = t.wait_status("step 2  ");
    assert!(
        prune.contains("r1c2 lost 6: 11 arcs into it put back"),
        "{prune}"
    );
    assert!(prune.contains("AC-3 queue  356 arcs waiting"), "{prune}");
    t.send(&["Left"]);
    let back = t.wait_status("step 1  ");
    assert!(back.contains("AC-3 queue  345 arcs waiting"), "{back}");
    assert!(back.contains("revise r1c2→r1c1"), "{back}");
    t.send(&["Left"]);
    let zero = t.wait_status("step 0  ");
    assert!(zero.contains("AC-3 queue  346 arcs waiting"), "{zero}");
    t.send(&["x"]);
    let select = t.wait_status("step 1,411  ");
    assert!(select.contains("select r1c7 at depth 0"), "{select}");
    assert!(select.contains("why this cell"), "{select}");
    t.send(&["A"]);
    t.wait_for("arc queue panel off");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}
