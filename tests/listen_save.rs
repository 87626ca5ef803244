//! `dokuscope listen` end to end: the bytes real solvers sent (tests/fixtures/cpprofiler) go
//! over a real TCP socket to the binary, which saves them; `check` passes on what it saved and
//! `tree --events` gives the same counts as the recording assembled directly. A bad peer costs
//! its own lane only.

#![allow(clippy::panic, clippy::unwrap_used, reason = "tests fail by panicking")]

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use dokuscope_profiler::{Execution, Replay, replay};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cpprofiler")
        .join(format!("{name}.cpprof"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Starts `listen --headless` on a free port; returns the child and its address.
fn listen(save: &Path, connections: u64) -> (Child, SocketAddr) {
    let mut child = Command::new(BIN)
        .args(["listen", "--headless", "--port", "0", "--save"])
        .arg(save)
        .args(["--connections", &connections.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("dokuscope: listening on ")
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .parse()
        .unwrap();
    (child, addr)
}

fn counts_of(json: &serde_json::Value) -> [u64; 8] {
    let c = &json["counts"];
    [
        "nodes",
        "choices",
        "failures",
        "solutions",
        "skipped",
        "open",
        "restarts",
        "nogoods",
    ]
    .map(|k| c[k].as_u64().unwrap_or_else(|| panic!("no {k} in {c}")))
}

fn expected(execution: &Execution) -> [u64; 8] {
    let c = execution.counts();
    [
        c.nodes,
        c.choices,
        c.failures,
        c.solutions,
        c.skipped,
        c.open,
        u64::from(c.restarts),
        c.nogoods,
    ]
}

#[test]
fn every_recording_received_and_saved_checks_and_gives_the_solvers_tree() {
    let names = [
        "gecode-hard1-size",
        "gecode-top95-7-input-dom",
        "chuffed-top95-1",
        "chuffed-forum1106-1-luby",
    ];
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("run.jsonl");
    let (child, addr) = listen(&save, names.len() as u64);
    // One after another, the second in pieces of 7 bytes: any split is a legal stream.
    for (i, name) in names.iter().enumerate() {
        let chunk = if i == 1 { 7 } else { 1 << 16 };
        replay(
            &fixture(name),
            addr,
            Replay {
                chunk,
                ..Replay::default()
            },
        )
        .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        printed
            .lines()
            .filter(|l| l.contains(": done · nodes="))
            .count(),
        names.len(),
        "{printed}"
    );
    for (i, name) in names.iter().enumerate() {
        let file = if i == 0 {
            save.clone()
        } else {
            dir.path().join(format!("run-{}.jsonl", i + 1))
        };
        let check = Command::new(BIN).arg("check").arg(&file).output().unwrap();
        let said = String::from_utf8_lossy(&check.stdout);
        assert_eq!(check.status.code(), Some(0), "{name}: {said}");
        assert!(said.contains(": consistent"), "{name}: {said}");
        let tree = Command::new(BIN)
            .args(["tree", "--format", "json", "--events"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            tree.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&tree.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&tree.stdout).unwrap();
        let direct = Execution::from_bytes(&fixture(name));
        assert_eq!(counts_of(&json), expected(&direct), "{name}");
        assert_eq!(
            json["nodes"].as_array().map(Vec::len),
            Some(direct.len()),
            "{name}"
        );
    }
}

#[test]
fn a_bad_peer_is_a_located_problem_of_its_lane_and_the_next_search_arrives_whole() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("run.jsonl");
    let (child, addr) = listen(&save, 3);
    // Text where a frame should be: its length reads as hundreds of megabytes.
    let mut garbage = TcpStream::connect(addr).unwrap();
    garbage.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    drop(garbage);
    // A real search cut in the middle of a frame.
    let bytes = fixture("gecode-top95-7-input-dom");
    replay(&bytes[..bytes.len() / 2 + 3], addr, Replay::default()).unwrap();
    replay(&fixture("chuffed-top95-1"), addr, Replay::default()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(
        printed.contains("connection 1 (connection 1): incomplete"),
        "{printed}"
    );
    assert!(printed.contains("frame 1, byte 0:"), "{printed}");
    assert!(
        printed.contains("connection 2 (gecode-sudoku-input): incomplete"),
        "{printed}"
    );
    assert!(
        printed.contains("the connection ended before DONE"),
        "{printed}"
    );
    assert!(
        printed.contains("connection 3 (sudoku.fzn): done · nodes=36 "),
        "{printed}"
    );
    // What arrived of the cut search is saved, and check says where it ended.
    let check = Command::new(BIN)
        .arg("check")
        .arg(dir.path().join("run-2.jsonl"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(1), "{said}");
    assert!(said.contains("the connection ended before DONE"), "{said}");
}

#[test]
fn a_port_in_use_is_a_clear_error_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, addr) = listen(&dir.path().join("run.jsonl"), 1);
    let out = Command::new(BIN)
        .args(["listen", "--headless", "--port", &addr.port().to_string()])
        .output()
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("is in use"), "{said}");
}
