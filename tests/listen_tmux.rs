//! End to end in a real terminal: `dokuscope listen` waits for a solver, a recorded Chuffed
//! search arrives over TCP and its tree grows to the end, the board shows the path's
//! decisions named through the `FlatZinc` file, the viewer walks up the tree, a second
//! connection becomes a second lane, and q quits with exit 0 and the terminal restored.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/tmux.rs"]
mod tmux;

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::time::Duration;

use dokuscope_profiler::{Replay, replay};
use tmux::{Tmux, available};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cpprofiler");

/// A port nobody listens on now.
fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Sends the recording `name` to `port` a few bytes at a time, as a solver would.
fn send(name: &str, port: u16) {
    let bytes = std::fs::read(format!("{FIXTURES}/{name}")).expect("the recording");
    let how = Replay {
        chunk: 97,
        pause: Duration::from_millis(2),
    };
    replay(&bytes, SocketAddr::from((Ipv4Addr::LOCALHOST, port)), how).expect("sent");
}

#[test]
fn a_received_search_grows_on_the_screen_and_q_quits() {
    if !available("listen in a terminal") {
        return;
    }
    let port = free_port();
    let t = Tmux::start(
        &format!("{BIN} listen --port {port} --fzn {FIXTURES}/chuffed-top95-1.fzn"),
        120,
        40,
    );
    t.wait_for("waiting for a solver");
    send("chuffed-top95-1.cpprof", port);
    let done = t.wait_for("sudoku.fzn done");
    // The recording's counts (chuffed-top95-1.out: Chuffed's own statistics agree).
    assert!(done.contains("36 nodes"), "{done}");
    assert!(done.contains("1 solution"), "{done}");
    assert!(done.contains("6 nogoods"), "{done}");
    // The view follows the newest node, the solution; its decision is named as a cell.
    assert!(done.contains("the protocol"), "{done}");
    assert!(done.contains("assigns r5c8=3"), "{done}");
    // Walking up leaves the solution: its words go, the parent's come.
    t.send(&["p"]);
    let up = t.wait_until("the parent's words", |s| !s.contains("assigns r5c8=3"));
    assert!(up.contains("choice"), "{up}");
    // A second solver's search is a second lane; the one in view has ended, so it shows.
    send("gecode-hard1-size.cpprof", port);
    let second = t.wait_for("gecode-sudoku-size done");
    assert!(second.contains("2,641 nodes"), "{second}");
    t.send(&["q"]);
    let after = t.wait_for("EXIT_CODE=");
    assert!(after.contains("EXIT_CODE=0"), "{after}");
    // The terminal is the shell's again: no alternate screen left, the cursor shown.
    assert_eq!(t.query(&["display-message", "-p", "#{alternate_on}"]), "0");
    assert_eq!(t.query(&["display-message", "-p", "#{cursor_flag}"]), "1");
}
