//! End to end in a real terminal: a solver piped into `watch --events -` plays live. The
//! first frame comes as soon as the start line has, the title line says standard input is
//! still being read while the solver pauses, the end state comes once it has finished, and
//! q or Ctrl-C quits at once while it still writes, restoring the terminal and leaving no
//! spool behind.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/tmux.rs"]
mod tmux;

use std::path::PathBuf;
use std::time::Instant;

use tmux::{Tmux, available, status_line};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A temporary directory (the trace, and the TMPDIR of the view), removed when dropped.
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("dokuscope-live-tmux-{name}-"))
            .tempdir()
            .expect("a temporary directory");
        std::fs::create_dir(dir.path().join("tmp")).expect("the view's TMPDIR");
        Scratch(dir)
    }

    /// `dokuscope trace` of the mrv search of `HARD` to its first solution (2752 events).
    fn trace(&self) -> PathBuf {
        let out = std::process::Command::new(BIN)
            .args(["trace", HARD, "-p", "mrv", "--count", "1"])
            .output()
            .expect("the binary runs");
        assert!(out.status.success());
        let path = self.0.path().join("trace.jsonl");
        std::fs::write(&path, out.stdout).expect("written");
        path
    }

    /// What is left in the view's TMPDIR.
    fn spools(&self) -> Vec<PathBuf> {
        std::fs::read_dir(self.0.path().join("tmp"))
            .expect("readable")
            .map(|e| e.expect("an entry").path())
            .collect()
    }
}

/// `(head -n 40; sleep SECONDS; the rest) | dokuscope watch --events -`, the view's own exit
/// code echoed as `VIEW_EXIT=` as soon as it exits (the pipeline waits for the writer).
fn piped(dir: &Scratch, pause: u32) -> String {
    let trace = dir.trace();
    let trace = trace.display();
    format!(
        "(head -n 40 {trace}; sleep {pause}; tail -n +41 {trace}) | (TMPDIR={} {BIN} watch --events -; echo VIEW_EXIT=$?)",
        dir.0.path().join("tmp").display()
    )
}

#[test]
fn a_piped_solver_plays_live_and_ends_when_it_has_written_everything() {
    if !available("watch --events - live") {
        return;
    }
    let dir = Scratch::new("live");
    let command = piped(&dir, 3);
    let started = Instant::now();
    let t = Tmux::start(&command, 80, 24);
    // While the writer sleeps: the board and what has arrived, said to be still open.
    let open = t.wait_for("reading standard input… 40 lines");
    eprintln!(
        "first frame within {} ms of the start line (process start included)",
        started.elapsed().as_millis()
    );
    assert!(
        open.lines()
            .next()
            .is_some_and(|title| title.contains("standard input · 17 givens")
                && title.contains("reading standard input… 40 lines")),
        "the title says what has arrived:\n{open}"
    );
    assert!(open.contains("┌"), "the board is drawn:\n{open}");
    assert!(
        status_line(&open).starts_with(" PAUSED   step 0  depth 0"),
        "{open}"
    );
    assert!(dir.spools().is_empty(), "the spool is unlinked at once");
    // To the end goes to the last event that has arrived: the view stays open.
    t.send(&["s"]);
    let caught_up = t.wait_status("step 39  ");
    assert!(
        status_line(&caught_up).starts_with(" PAUSED   step 39  ")
            && caught_up.contains("reading standard input… 40 lines"),
        "{caught_up}"
    );
    // Playing waits for the writer, then follows it to the end.
    t.send(&["+", "+", "+", "+", "+", "+", "+", "+", "Space"]);
    let waiting = t.wait_status("RUNNING   step 39  ");
    assert!(
        waiting.contains("reading standard input… 40 lines"),
        "{waiting}"
    );
    let ended = t.wait_status("SOLVED");
    assert!(
        status_line(&ended).contains("step 2,752  depth 6  nodes 68"),
        "{ended}"
    );
    assert!(!ended.contains("reading standard input"), "{ended}");
    t.send(&["q"]);
    t.wait_for("VIEW_EXIT=0");
}

/// Quits with `key` while the writer sleeps for a minute: the view exits at once.
fn quits_while_the_writer_writes(key: &str) {
    let dir = Scratch::new(&format!("quit-{key}"));
    let t = Tmux::start(&piped(&dir, 60), 120, 40);
    t.wait_for("reading standard input… 40 lines");
    t.send(&["Space"]);
    t.wait_status("RUNNING");
    t.send(&[key]);
    // The writer sleeps on for a minute; patience is 20 s: the view does not wait for it.
    let after = t.wait_for("VIEW_EXIT=0");
    assert!(
        !after.contains("┌") && !after.contains("RUNNING"),
        "the alternate screen was left:\n{after}"
    );
    assert_eq!(t.query(&["display-message", "-p", "#{alternate_on}"]), "0");
    assert_eq!(
        t.query(&["display-message", "-p", "#{mouse_any_flag}"]),
        "0"
    );
    assert!(
        dir.spools().is_empty(),
        "a spool was left: {:?}",
        dir.spools()
    );
}

#[test]
fn q_quits_at_once_while_the_solver_still_writes() {
    if available("q while piped") {
        quits_while_the_writer_writes("q");
    }
}

#[test]
fn ctrl_c_quits_at_once_while_the_solver_still_writes() {
    if available("Ctrl-C while piped") {
        quits_while_the_writer_writes("C-c");
    }
}

#[test]
fn standard_input_that_ends_before_a_start_line_is_a_located_error() {
    let run = |input: &[u8], delay: std::time::Duration| {
        let mut child = std::process::Command::new(BIN)
            .args(["watch", "--events", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().expect("a pipe");
        std::thread::sleep(delay);
        std::io::Write::write_all(&mut stdin, input).expect("written");
        drop(stdin);
        let out = child.wait_with_output().expect("it exits");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let now = std::time::Duration::ZERO;
    let (code, stderr) = run(b"", now);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("-:1: the stream is empty: it has no start object"),
        "{stderr}"
    );
    assert!(!stderr.contains("waiting"), "no wait to speak of: {stderr}");
    let (code, stderr) = run(
        b"\n{\"type\":\"start\",\"version\":1,\"puzzle\":\"4..\"",
        now,
    );
    assert_eq!(code, Some(2));
    assert!(stderr.contains("-:2:"), "{stderr}");
    // A solver that is slow to write its first line: the wait is said, not a blank screen.
    let (code, stderr) = run(b"", std::time::Duration::from_millis(1500));
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("waiting for the solver's start line on standard input"),
        "{stderr}"
    );
}
