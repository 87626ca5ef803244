//! `watch --events`: a stream plays in the views, stops at a bad event with a red banner
//! naming its line, and can be piped in with keys read from the terminal.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/tmux.rs"]
mod tmux;

#[path = "common/trace_lines.rs"]
mod trace_lines;
use trace_lines::trace_lines;

use std::path::PathBuf;

use dokuscope::app::{Action, App, Lock, Source};
use dokuscope::solver::search::Limits;
use dokuscope::ui::{self, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tmux::{Tmux, available, status_line};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A temporary file, removed when dropped.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The `mrv` trace of `HARD`, cut after `keep` events and followed by `tail`.
fn trace_file(name: &str, keep: usize, tail: &str) -> TempFile {
    trace_file_to(name, Limits::default(), keep, tail)
}

/// [`trace_file`] of the search under `limits`.
fn trace_file_to(name: &str, limits: Limits, keep: usize, tail: &str) -> TempFile {
    let start = format!(
        "{{\"type\":\"start\",\"version\":1,\"puzzle\":\"{HARD}\",\"solver\":\"student.py\"}}"
    );
    let mut text = trace_lines(HARD, "mrv", limits, keep, &start).join("\n") + "\n";
    text.push_str(tail);
    let path = std::env::temp_dir().join(format!(
        "dokuscope-stream-watch-{}-{name}.jsonl",
        std::process::id()
    ));
    std::fs::write(&path, text).expect("written");
    TempFile(path)
}

#[test]
fn a_bad_event_stops_the_view_with_a_red_banner() {
    let file = trace_file(
        "banner",
        300,
        "{\"type\":\"assign\",\"cell\":\"r1c1\",\"digit\":4}\n",
    );
    let lane = dokuscope::cli::stream_file::lane(&file.0).expect("a stream");
    assert_eq!(lane.name(), "student.py");
    let source = Source {
        location: "run.jsonl".into(),
        index: 1,
        puzzle: HARD.parse().expect("a puzzle"),
    };
    let mut app = App::with_lanes(source, vec![lane], Lock::Events);
    app.update(Action::RunToEnd);
    for _ in 0..10_000 {
        if !app.running() {
            break;
        }
        app.on_tick(app.now(), None);
    }
    assert_eq!(app.lanes()[0].cursor().step(), 300);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test backend");
    terminal
        .draw(|f| ui::render(&app, Theme { color: true }, f.area(), f.buffer_mut()))
        .expect("drawn");
    let screen = terminal.backend().to_string();
    assert!(
        screen.contains(":302: assign r1c1=4, but r1c1 holds 4 (a given)"),
        "{screen}"
    );
    // The temporary file's name varies from run to run: the snapshot shows `run.jsonl`.
    // The name's length varies too, and so the padding after it: trailing blanks go.
    let shown: String = screen
        .replace(&file.0.display().to_string(), "run.jsonl")
        .lines()
        .map(|l| match l.strip_suffix('"') {
            Some(inner) => format!("{}\"\n", inner.trim_end()),
            None => format!("{l}\n"),
        })
        .collect();
    insta::assert_snapshot!(shown);

    // Everything before the bad event stays explorable.
    app.update(Action::StepBack);
    assert_eq!(app.lanes()[0].cursor().step(), 299);
}

#[test]
fn a_piped_stream_plays_with_keys_from_the_terminal() {
    if !available("watch --events - end to end") {
        return;
    }
    let file = trace_file("pipe", usize::MAX, "");
    let t = Tmux::start(
        &format!("cat {} | {BIN} watch --events -", file.0.display()),
        120,
        40,
    );
    // `cat` ends at once: the title says standard input has ended, the view is at step 0;
    // the status line keeps its documented shape (#37: the note used to come first there).
    // The whole first frame: tmux may be read between the title and the status line.
    let screen = t.wait_until("the first frame, title and status", |s| {
        s.contains("standard input ended: ") && status_line(s).contains("PAUSED")
    });
    assert!(
        screen
            .lines()
            .next()
            .is_some_and(|title| title.starts_with(" dokuscope · standard input · ")
                && title.contains(" lines")),
        "{screen}"
    );
    assert!(
        status_line(&screen).starts_with(" PAUSED   step 0  depth 0  nodes 0  backtracks 0  "),
        "{screen}"
    );
    assert!(screen.contains("student.py"), "{screen}");
    t.send(&["Right"]);
    t.wait_status("step 1  ");
    // `s` runs to the first solution: the stream's own, at step 2752.
    t.send(&["s"]);
    t.wait_status("step 2,752  depth 6  nodes 68");
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

#[test]
fn compare_refuses_a_stream_of_another_puzzle() {
    let file = trace_file("compare", 50, "");
    let other = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
    let run = |puzzle: &str| {
        std::process::Command::new(BIN)
            .args(["compare", puzzle, "--events"])
            .arg(&file.0)
            .args(["-p", "fast"])
            .output()
            .expect("the binary runs")
    };
    let out = run(other);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the stream's puzzle is not the puzzle compared"),
        "{stderr}"
    );
    // The right puzzle passes that check and stops only for want of a terminal.
    let out = run(HARD);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("need a terminal"), "{stderr}");
}

#[test]
fn compare_without_a_puzzle_races_the_streams_own() {
    // #37: without a puzzle, compare raced the stream against the bundled example and
    // refused; watch --events takes the stream's own puzzle, and so does compare now.
    if !available("compare --events without a puzzle") {
        return;
    }
    let file = trace_file("compare-own", usize::MAX, "");
    let t = Tmux::start(
        &format!("{BIN} compare --events {} -p fast", file.0.display()),
        120,
        40,
    );
    let screen = t.wait_status("PAUSED   step 0  nodes A:0 B:0  lock events");
    assert!(
        screen.contains("student.py") && screen.contains(" fast "),
        "{screen}"
    );
    t.send(&["s"]);
    let end = t.wait_status("FINISHED");
    assert!(
        end.contains("A  student.py  SOLVED at step") && end.contains("B  fast  SOLVED at step"),
        "{end}"
    );
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
}

/// Runs every pane to its solution or its end (`s`).
fn run_to_end(app: &mut App) {
    app.update(Action::RunToEnd);
    for _ in 0..100_000 {
        if !app.running() {
            return;
        }
        app.on_tick(app.now(), None);
    }
    unreachable!("the run ends");
}

#[test]
fn a_restart_replays_the_stream_itself_and_the_preset_keys_leave_it_alone() {
    let file = trace_file("restart", usize::MAX, "");
    let source = Source {
        location: "run.jsonl".into(),
        index: 1,
        puzzle: HARD.parse().expect("a puzzle"),
    };
    let lane = dokuscope::cli::stream_file::lane(&file.0).expect("a stream");
    let mut app = App::with_lanes(source, vec![lane], Lock::Events);
    run_to_end(&mut app);
    let end = app.lanes()[0].step();
    let nodes = app.lanes()[0].cursor().stats().nodes;
    assert!(app.lanes()[0].cursor().solved() && nodes > 10, "{nodes}");

    // Before the fix, a restart made a `fast` search of the stream's puzzle in its place.
    app.update(Action::Restart);
    let lane = &app.lanes()[0];
    assert!(lane.timeline().is_stream(), "still the stream");
    assert_eq!((lane.name(), lane.step()), ("student.py", 0));
    run_to_end(&mut app);
    assert_eq!(
        app.lanes()[0].step(),
        end,
        "the same stream, to its same end"
    );
    assert_eq!(app.lanes()[0].cursor().stats().nodes, nodes);

    // P and o refuse with a sentence; the stream stays where it is.
    for action in [Action::CyclePreset, Action::NextPuzzle] {
        app.update(action);
        assert!(app.lanes()[0].timeline().is_stream());
        assert_eq!(app.lanes()[0].step(), end, "{action:?}");
        assert!(
            app.message().is_some_and(|m| m.contains("its own")),
            "{:?}",
            app.message()
        );
    }

    // A pane added races the stream, which stays the first pane.
    app.update(Action::AddPane);
    assert_eq!(app.lanes().len(), 2);
    assert!(app.lanes()[0].timeline().is_stream());
    assert!(!app.lanes()[1].timeline().is_stream());
}

/// Issue 44: a stream that ends with its own `solution` line (aima-python's adapter writes
/// one) stopped one event short on `s`: PAUSED at the solution, "search size: unknown
/// yet", until one more `→` read its end. `s` now finds the end that follows the solution;
/// a stream that goes on after its solution still stops there.
#[test]
fn a_stream_that_ends_with_its_own_solution_line_ends_on_s() {
    let first = Limits {
        solutions: 1,
        ..Limits::default()
    };
    let file = trace_file_to("ends-with-solution", first, usize::MAX, "");
    let text = std::fs::read_to_string(&file.0).expect("the trace");
    let last = text.lines().last().expect("a line");
    assert!(last.contains("\"type\":\"solution\""), "{last}");
    let source = Source {
        location: "run.jsonl".into(),
        index: 1,
        puzzle: HARD.parse().expect("a puzzle"),
    };
    let lane = dokuscope::cli::stream_file::lane(&file.0).expect("a stream");
    let mut app = App::with_lanes(source.clone(), vec![lane], Lock::Events);
    run_to_end(&mut app);
    let lane = &app.lanes()[0];
    assert!(lane.cursor().solved());
    assert!(lane.at_end(), "at the stream's end after s");
    let nodes = lane.cursor().stats().nodes;
    let screen = text_of(&app);
    assert!(
        screen.contains(&format!("search finished after {nodes} nodes")),
        "{screen}"
    );
    assert!(screen.contains(" SOLVED "), "{screen}");

    // The same stream with an event after its solution: s stops at the solution.
    let more = trace_file_to(
        "more-after-solution",
        first,
        usize::MAX,
        "{\"type\":\"backtrack\",\"depth\":5}\n",
    );
    let lane = dokuscope::cli::stream_file::lane(&more.0).expect("a stream");
    let mut app = App::with_lanes(source, vec![lane], Lock::Events);
    run_to_end(&mut app);
    let lane = &app.lanes()[0];
    assert!(lane.cursor().solved());
    assert!(!lane.at_end(), "more follows the solution");
}

/// The screen at 120×40 as text.
fn text_of(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
    terminal
        .draw(|f| ui::render(app, Theme { color: true }, f.area(), f.buffer_mut()))
        .expect("draw");
    terminal.backend().to_string()
}

/// Issue 44: `dokuscope watch -` fed a trace said only "-:1:1: '{' is not a cell symbol".
/// A trace read as puzzles is recognised and the error says how to play or check it.
#[test]
fn a_trace_given_as_puzzles_is_recognised() {
    let file = trace_file("as-puzzles", 20, "");
    let text = std::fs::read(&file.0).expect("the trace");
    let mut child = std::process::Command::new(BIN)
        .args(["watch", "-"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        let _ = stdin.write_all(&text);
    }
    let out = child.wait_with_output().expect("it ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("-:1:1:") && err.contains("event trace") && err.contains("watch --events -"),
        "{err}"
    );
    let path = file.0.display().to_string();
    for command in ["watch", "trace"] {
        let out = std::process::Command::new(BIN)
            .args([command, &path])
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("watch --events {path}")),
            "{command}: {err}"
        );
    }
}
