//! An endless input (`/dev/zero`: one line that never ends) is refused by every command that
//! reads one, promptly, with a located error and exit 2, never read on forever (issue 44):
//! `check`, `solve`, `trace`, `tree`, `snapshot`, `bench`, `watch --events`, the lesson
//! commands, and a lesson whose `file` is endless. The caps are in docs/input-formats.md.
//!
//! Each run has a watchdog: a command still running after [`PATIENCE`] is killed and the
//! test fails (a liveness check: it ends by itself, however long that takes under load).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const ZERO: &str = "/dev/zero";
/// Far beyond what reading the caps takes (a few milliseconds).
const PATIENCE: Duration = Duration::from_secs(60);

/// What a bounded run printed and how it ended.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Reads at most 1 MiB of a pipe, then drains the rest unkept.
fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            if kept.len() < 1 << 20 {
                kept.extend_from_slice(&buf[..n]);
            }
        }
        String::from_utf8_lossy(&kept).into_owned()
    })
}

/// Runs the binary with `args` in `dir`, standard input from `stdin` (none when `None`),
/// killing it if it has not ended after [`PATIENCE`].
fn run_with(dir: &std::path::Path, args: &[&str], stdin: Option<&str>) -> Ran {
    let input = match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).expect("the input opens")),
        None => Stdio::null(),
    };
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let out = drain(child.stdout.take().expect("stdout"));
    let err = drain(child.stderr.take().expect("stderr"));
    let start = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("a status") {
            break status.code();
        }
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ran {
        code,
        stdout: out.join().expect("stdout read"),
        stderr: err.join().expect("stderr read"),
    }
}

fn run(args: &[&str]) -> Ran {
    run_with(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), args, None)
}

/// The run ended by itself with exit 2 and `said` somewhere in what it printed.
fn refused(args: &[&str], said: &str) {
    refused_from(args, None, said);
}

/// As [`refused`], standard input read from `stdin`.
fn refused_from(args: &[&str], stdin: Option<&str>, said: &str) {
    let ran = run_with(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        args,
        stdin,
    );
    let both = format!("{}{}", ran.stdout, ran.stderr);
    assert!(
        ran.code.is_some(),
        "dokuscope {args:?} still reading after {PATIENCE:?}: {}",
        both.chars().take(400).collect::<String>()
    );
    assert_eq!(ran.code, Some(2), "dokuscope {args:?}: {both}");
    assert!(
        both.contains(said),
        "dokuscope {args:?} does not say {said:?}: {both}"
    );
}

/// A puzzle file's line that never ends: reported at its line, its first 64 KiB the limit
/// it is over, and nothing after it read.
const ENDLESS_PUZZLES: &str = "/dev/zero:1: line longer than 65536 bytes";
/// The same in a trace.
const ENDLESS_TRACE: &str = "/dev/zero:1: the line is longer than 64 KiB";

#[test]
fn every_reader_of_puzzles_refuses_an_endless_line() {
    refused(&["solve", ZERO], ENDLESS_PUZZLES);
    refused(&["trace", ZERO], ENDLESS_PUZZLES);
    refused(&["tree", ZERO], ENDLESS_PUZZLES);
    refused(&["snapshot", ZERO], ENDLESS_PUZZLES);
    refused(&["bench", ZERO], ENDLESS_PUZZLES);
    refused(&["watch", ZERO], ENDLESS_PUZZLES);
    refused_from(
        &["solve", "-"],
        Some(ZERO),
        "-:1: line longer than 65536 bytes",
    );
}

#[test]
fn every_reader_of_traces_refuses_an_endless_line() {
    refused(&["check", ZERO], ENDLESS_TRACE);
    refused(&["watch", "--events", ZERO], ENDLESS_TRACE);
    refused(&["compare", "--events", ZERO, "-p", "mrv"], ENDLESS_TRACE);
    // Standard input is copied to a spool as it comes: the copy stops too.
    let said = "-:1: the line is longer than 64 KiB";
    refused_from(&["check", "-"], Some(ZERO), said);
    refused_from(&["watch", "--events", "-"], Some(ZERO), said);
}

/// Random bytes are lines of no puzzle: the reading stops after a MiB of them.
#[test]
fn an_input_of_no_puzzle_is_not_read_past_its_first_mib() {
    refused(
        &["solve", "/dev/urandom"],
        "no puzzle in the first MiB of the input: the rest of it is not read",
    );
    refused(&["bench", "/dev/urandom"], "no puzzle in the first MiB");
}

#[test]
fn every_reader_of_lessons_refuses_an_endless_file() {
    let said = "/dev/zero:1:1: the lesson is longer than 1 MiB";
    refused(&["lesson", "--check", ZERO], said);
    refused(&["lesson", ZERO], said);
    refused(&["snapshot", "--lesson", ZERO, "--stop", "1"], said);
}

#[test]
fn a_lessons_endless_puzzle_file_is_read_and_refused_at_its_line() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let lesson = dir.path().join("endless.toml");
    std::fs::write(
        &lesson,
        "version = 1\ntitle = \"endless\"\nfile = \"/dev/zero\"\npresets = [\"mrv\"]\n\n[[stop]]\nstep = 1\nnote = \"a\"\n",
    )
    .expect("written");
    let path = lesson.display().to_string();
    let ran = run(&["lesson", "--check", &path]);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr.contains(ENDLESS_PUZZLES),
        "the puzzle file's own error: {}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("no puzzle file"), "{}", ran.stderr);
}

/// A file made of one over-long line and a puzzle: the long line is reported and skipped,
/// the puzzle solved, as docs/input-formats.md says, when the line ends within 1 MiB.
#[test]
fn a_long_line_that_ends_is_skipped_and_reading_goes_on() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    let file = dir.path().join("long.txt");
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    std::fs::write(&file, format!("{}\n{puzzle}\n", "x".repeat(900_000))).expect("written");
    let path = file.display().to_string();
    let ran = run(&["solve", &path, "--count", "1"]);
    assert_eq!(ran.code, Some(2), "{}{}", ran.stdout, ran.stderr);
    assert!(ran.stdout.contains("solved"), "{}", ran.stdout);
    assert!(
        ran.stderr
            .contains("long.txt:1: line longer than 65536 bytes")
            || ran
                .stdout
                .contains("long.txt:1: line longer than 65536 bytes"),
        "{}{}",
        ran.stdout,
        ran.stderr
    );
}
