//! Gecode end to end: builds examples/gecode (g++ and Debian's libgecode-dev; CI installs them),
//! runs it against the listener, and compares the tree received with Gecode's own statistics.
//! Where g++ or the Gecode headers are missing it prints SKIPPED and why.

#![allow(clippy::panic, reason = "tests fail by panicking")]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use dokuscope_profiler::{Event, Execution, LabelReader, ListenConfig, Status, listen};

const CONNECTOR: &str = "/usr/include/gecode/search/cpprofiler/connector.hpp";

fn available(test: &str) -> bool {
    let compiler = Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let gecode = Path::new(CONNECTOR).exists();
    if !(compiler && gecode) {
        eprintln!(
            "SKIPPED {test}: needs g++ and libgecode-dev (CI installs them; `apt-get install g++ libgecode-dev`)"
        );
    }
    compiler && gecode
}

fn build() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudoku-gecode");
    let status = Command::new(root.join("examples/gecode/build.sh"))
        .arg(&out)
        .status()
        .expect("build.sh runs");
    assert!(status.success(), "examples/gecode/build.sh failed");
    out
}

fn stat(out: &str, key: &str) -> u64 {
    let prefix = format!("{key}=");
    out.split_whitespace()
        .find_map(|word| word.strip_prefix(&prefix)?.parse().ok())
        .unwrap_or_else(|| panic!("no {key}= in {out}"))
}

#[test]
fn gecodes_search_arrives_with_gecodes_own_counts() {
    if !available("gecodes_search_arrives_with_gecodes_own_counts") {
        return;
    }
    let program = build();
    let puzzles = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/hard.txt"),
    )
    .expect("puzzles/hard.txt");
    for (line, branching) in puzzles.lines().take(2).zip(["size", "input"]) {
        let (sender, events) = mpsc::channel();
        let listener = listen(
            &ListenConfig {
                port: 0,
                ..ListenConfig::default()
            },
            sender,
        )
        .expect("a free port");
        let port = listener.local_addr().port().to_string();
        let output = Command::new(&program)
            .args(["--port", &port, "--branching", branching, line])
            .output()
            .expect("the Gecode example runs");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let out = String::from_utf8(output.stdout).expect("text");
        let mut execution = Execution::new();
        loop {
            match events
                .recv_timeout(Duration::from_secs(20))
                .expect("the search arrives")
            {
                Event::Message { decoded, .. } => execution.apply(&decoded),
                Event::Error { error, .. } => panic!("{error}"),
                Event::Closed { end, pending, .. } => {
                    execution.end(end, pending);
                    break;
                }
                Event::Connected { .. } => {}
            }
        }
        let counts = execution.counts();
        assert!(
            execution.is_done() && execution.warnings().is_empty(),
            "{:?}",
            execution.warnings()
        );
        assert_eq!(counts.nodes, stat(&out, "nodes"), "{branching}: {out}");
        assert_eq!(counts.failures, stat(&out, "failures"), "{branching}");
        assert_eq!(counts.solutions, stat(&out, "solutions"), "{branching}");
        assert_eq!(counts.open, 0, "{branching}: the whole tree was searched");
        let reader = LabelReader::new();
        let solved = out.lines().next().expect("the solution");
        for index in execution.nodes() {
            let node = execution.node(index).expect("a node");
            let Some(label) = node.label else { continue };
            let decision = reader
                .read(label)
                .unwrap_or_else(|| panic!("{label} names no cell"));
            if node.status == Status::Solved {
                let digit = i32::from(solved.as_bytes()[decision.cell.index()] - b'0');
                assert!(
                    decision.relation.holds(digit, decision.value),
                    "{label} on the solution"
                );
            }
        }
    }
}
