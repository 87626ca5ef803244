//! A trace still being written plays live: the reader takes whole lines as they arrive and
//! waits (not ends) at what has arrived; a last line without its end counts once the
//! writer finishes; the timeline, the views (play, run to the end, breakpoints, the tree)
//! and a race against a preset follow the stream as it grows, and step back exactly.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/trace_lines.rs"]
mod trace_lines;
use trace_lines::trace_lines;

use std::fs::File;
use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::sync::Arc;

use dokuscope::app::{Action, App, Lane, Lock, Phase, Source};
use dokuscope::solver::Event;
use dokuscope::solver::preset::find;
use dokuscope::solver::search::Limits;
use dokuscope::solver::stream::live::{Progress, Tail};
use dokuscope::solver::stream::{Stream, StreamErrorKind};
use dokuscope::ui::{self, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The `mrv` trace of `HARD` to its first solution: the start line, then one line an event.
fn trace() -> Vec<String> {
    let limits = Limits {
        solutions: 1,
        nodes: None,
        deadline: None,
    };
    let start = format!(
        "{{\"type\":\"start\",\"version\":1,\"puzzle\":\"{HARD}\",\"solver\":\"slow.py\"}}"
    );
    trace_lines(HARD, "mrv", limits, usize::MAX, &start)
        .into_iter()
        .map(|line| line + "\n")
        .collect()
}

/// A spool written by the test itself, piece by piece, publishing what a copier would.
struct Growing {
    path: PathBuf,
    out: File,
    file: Arc<File>,
    progress: Arc<Progress>,
    written: Vec<u8>,
}

impl Growing {
    fn new(name: &str) -> Growing {
        let path = std::env::temp_dir().join(format!(
            "dokuscope-stream-live-{}-{name}.jsonl",
            std::process::id()
        ));
        let out = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .expect("a temporary file");
        let file = Arc::new(out.try_clone().expect("a second handle"));
        Growing {
            path,
            out,
            file,
            progress: Arc::new(Progress::new()),
            written: Vec::new(),
        }
    }

    /// Writes `text` and publishes its whole lines, as the copier does.
    fn write(&mut self, text: &str) {
        self.out.write_all(text.as_bytes()).expect("written");
        self.written.extend_from_slice(text.as_bytes());
        let whole = self
            .written
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let lines = self.written.split(|&b| b == b'\n').count() - 1;
        self.progress.publish(whole as u64, lines as u64);
    }

    /// The writer has finished: everything written is readable.
    fn finish(&self) {
        let ends = self.written.split(|&b| b == b'\n').count() - 1;
        let partial = usize::from(self.written.last().is_some_and(|&b| b != b'\n'));
        let lines = (ends + partial) as u64;
        self.progress.finish(self.written.len() as u64, lines, None);
    }

    fn stream(&self) -> Stream<BufReader<Tail>> {
        let tail = Tail::new(self.file.clone(), 0, Some(self.progress.clone()));
        Stream::open_live("-", BufReader::new(tail), self.progress.clone()).expect("a start")
    }

    fn lane(&self) -> Lane {
        Lane::from_stream(
            "-",
            "standard input",
            self.file.clone(),
            Some(self.progress.clone()),
        )
        .expect("a start")
    }
}

impl Drop for Growing {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Events until the stream has none yet (or ends); errors fail the test.
fn drain(stream: &mut Stream<BufReader<Tail>>) -> Vec<Event> {
    let mut events = Vec::new();
    while let Some(item) = stream.next_event() {
        events.push(item.expect("a good event").event);
    }
    events
}

#[test]
fn a_line_is_read_once_its_end_has_arrived() {
    let lines = trace();
    let mut g = Growing::new("pieces");
    g.write(&lines[0]);
    let (a, b) = lines[1].split_at(10);
    g.write(a);
    let mut stream = g.stream();
    assert!(drain(&mut stream).is_empty(), "half a line is not an event");
    assert!(
        stream.is_waiting() && !stream.is_done(),
        "waiting, not ended"
    );
    g.write(b);
    assert_eq!(drain(&mut stream).len(), 1, "the line, once whole");
    assert!(stream.is_waiting());
    assert_eq!(stream.line(), 2);
    for line in &lines[2..40] {
        g.write(line);
    }
    assert_eq!(drain(&mut stream).len(), 38);
    assert!(stream.is_waiting() && !stream.is_done());
}

#[test]
fn the_writer_finishing_ends_the_stream_with_or_without_a_last_line_end() {
    let lines = trace();
    for trailing in [true, false] {
        let mut g = Growing::new(&format!("finish-{trailing}"));
        let last = lines.len() - 1;
        for line in &lines[..last] {
            g.write(line);
        }
        let mut stream = g.stream();
        let before = drain(&mut stream);
        assert_eq!(before.len(), last - 1);
        let end = if trailing {
            lines[last].clone()
        } else {
            lines[last].trim_end().to_string()
        };
        g.write(&end);
        if !trailing {
            assert!(drain(&mut stream).is_empty(), "no line end, writer running");
        }
        g.finish();
        let after = drain(&mut stream);
        assert!(
            matches!(after.as_slice(), [Event::Solution { .. }]),
            "trailing newline {trailing}: {after:?}"
        );
        assert!(stream.is_done() && !stream.is_waiting());
    }
}

#[test]
fn a_bad_line_that_arrives_later_is_reported_at_its_line() {
    let lines = trace();
    let mut g = Growing::new("later-error");
    for line in &lines[..20] {
        g.write(line);
    }
    let mut stream = g.stream();
    assert_eq!(drain(&mut stream).len(), 19);
    g.write("{\"type\":\"assign\",\"cell\":\"r1c1\",\"digit\":4}\n");
    let error = stream
        .next_event()
        .expect("an item")
        .expect_err("a bad event");
    assert_eq!(error.line, 21);
    assert!(
        error.to_string().starts_with("-:21: assign r1c1=4"),
        "{error}"
    );
    // A line cut short by the writer's end is a syntax error at that line, as in a file.
    g.write("{\"step\":21,\"type\":\"ass");
    g.finish();
    let cut = stream
        .next_event()
        .expect("an item")
        .expect_err("a cut line");
    assert_eq!(cut.line, 22);
    assert!(matches!(cut.kind, StreamErrorKind::Syntax(_)), "{cut}");
}

#[test]
fn opening_waits_for_the_start_object_and_a_writer_that_ends_first_is_an_error() {
    let lines = trace();
    let g = Growing::new("start");
    let progress = g.progress.clone();
    let mut out = g.out.try_clone().expect("a handle");
    let start = lines[0].clone();
    let writer = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        out.write_all(start.as_bytes()).expect("written");
        progress.publish(start.len() as u64, 1);
    });
    let stream = g.stream();
    assert_eq!(stream.header().solver.as_deref(), Some("slow.py"));
    writer.join().expect("the writer ran");

    let empty = Growing::new("empty");
    empty.finish();
    let tail = Tail::new(empty.file.clone(), 0, Some(empty.progress.clone()));
    let error = Stream::open_live("-", BufReader::new(tail), empty.progress.clone())
        .err()
        .expect("no start object: an error");
    assert_eq!(
        error.to_string(),
        "-:1: the stream is empty: it has no start object"
    );
}

fn source() -> Source {
    Source {
        location: "standard input".into(),
        index: 1,
        puzzle: HARD.parse().expect("a puzzle"),
    }
}

/// Ticks at full speed until the app stops running or `limit` ticks have passed.
fn tick(app: &mut App, limit: usize) {
    for _ in 0..limit {
        if !app.running() {
            break;
        }
        let now = app.now() + std::time::Duration::from_millis(20);
        app.on_tick(now, None);
    }
}

#[test]
fn the_view_plays_what_has_arrived_steps_back_exactly_and_ends_with_the_writer() {
    let lines = trace();
    let mut g = Growing::new("view");
    for line in &lines[..41] {
        g.write(line);
    }
    let mut app = App::with_lanes(source(), vec![g.lane()], Lock::Events);
    assert_eq!(app.lanes()[0].name(), "slow.py");
    // Playing at full speed stops at what has arrived, still running, waiting.
    for _ in 0..SPEED_STEPS {
        app.update(Action::Faster);
    }
    app.update(Action::TogglePlay);
    tick(&mut app, 5);
    assert_eq!(app.lanes()[0].step(), 40);
    assert!(app.running() && app.waiting_for_input() && !app.all_finished());
    assert_eq!(app.phase(), Phase::Running);
    assert_eq!(
        app.next_wakeup(),
        Some(dokuscope::app::STREAM_POLL),
        "waiting polls, it does not spin"
    );
    // The status line says so, whole words only, at the smallest common terminal.
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test backend");
    terminal
        .draw(|f| ui::render(&app, Theme { color: true }, f.area(), f.buffer_mut()))
        .expect("drawn");
    insta::assert_snapshot!("live_waiting_80x24", terminal.backend());
    // More arrives: the view goes on by itself.
    for line in &lines[41..300] {
        g.write(line);
    }
    tick(&mut app, 5);
    assert_eq!(app.lanes()[0].step(), 299);
    app.update(Action::TogglePlay);
    // Stepping back regenerates the board exactly (checkpoints read the spool again).
    let mut engine =
        Lane::new("mrv", &source().puzzle, find("mrv").expect("mrv").strategy).expect("no clash");
    engine.seek(150);
    app.update(Action::GoTo);
    for c in "150".chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
    assert_eq!(app.lanes()[0].step(), 150);
    assert_eq!(
        app.lanes()[0].cursor().replay().grid(),
        engine.cursor().replay().grid()
    );
    // To the end: the last event that has arrived, and no further while the writer runs.
    app.update(Action::RunToEnd);
    tick(&mut app, 50);
    assert_eq!(app.lanes()[0].step(), 299);
    assert!(!app.running(), "to the end stops at what has arrived");
    assert_eq!(app.phase(), Phase::Paused);
    // The writer finishes: the normal end state.
    for line in &lines[300..] {
        g.write(line);
    }
    g.finish();
    app.update(Action::RunToEnd);
    tick(&mut app, 50);
    app.update(Action::StepForward);
    assert_eq!(app.lanes()[0].step(), lines.len() as u64 - 1);
    assert_eq!(app.phase(), Phase::Solved);
    assert!(!app.waiting_for_input() && !app.stream_open());
    assert_eq!(app.next_wakeup().filter(|_| !app.animating()), None);
}

/// Presses of `+` from the default speed to full speed.
const SPEED_STEPS: usize = 20;

#[test]
fn a_breakpoint_waits_for_the_event_that_meets_it_and_the_tree_catches_up() {
    let lines = trace();
    let mut g = Growing::new("steer");
    for line in &lines[..100] {
        g.write(line);
    }
    let mut app = App::with_lanes(source(), vec![g.lane()], Lock::Events);
    app.add_breakpoint("backtrack").expect("a condition");
    let first_backtrack = lines
        .iter()
        .position(|l| l.contains("\"type\":\"backtrack\""))
        .expect("a backtrack");
    assert!(
        first_backtrack > 100,
        "the breakpoint is past what has arrived"
    );
    app.update(Action::Continue);
    tick(&mut app, 5);
    assert!(
        app.running(),
        "continue waits for the events that reach a hit"
    );
    assert_eq!(app.lanes()[0].step(), 99);
    for line in &lines[100..] {
        g.write(line);
    }
    tick(&mut app, 50);
    assert_eq!(app.phase(), Phase::Break);
    assert_eq!(app.lanes()[0].step(), first_backtrack as u64);
    // The tree, asked for now, catches up with every event read so far.
    app.update(Action::ToggleTree);
    let timeline = app.lanes()[0].timeline();
    assert!(timeline.grows_tree());
    let mut from_engine =
        Lane::new("mrv", &source().puzzle, find("mrv").expect("mrv").strategy).expect("no clash");
    from_engine.timeline_mut().grow_tree();
    from_engine.seek(timeline.frontier());
    assert_eq!(
        timeline.tree().len(),
        from_engine.timeline().tree().len(),
        "the same tree as the engine's to the same step"
    );
}

#[test]
fn a_race_against_a_preset_keeps_in_step_with_the_stream() {
    let lines = trace();
    let mut g = Growing::new("race");
    for line in &lines[..61] {
        g.write(line);
    }
    let strategy = find("fast").expect("a preset").strategy;
    let preset = Lane::new("fast", &source().puzzle, strategy).expect("no clash");
    let mut app = App::with_lanes(source(), vec![g.lane(), preset], Lock::Events);
    for _ in 0..SPEED_STEPS {
        app.update(Action::Faster);
    }
    app.update(Action::TogglePlay);
    tick(&mut app, 5);
    let steps: Vec<u64> = app.lanes().iter().map(Lane::step).collect();
    // `fast` takes 577 events: it waits for the stream rather than running to its end.
    assert_eq!(steps, [60, 60], "the preset waits for the stream");
    assert!(app.running() && app.waiting_for_input());
    // Looking ahead for a divergence, the stream's events so far are not its end.
    app.update(Action::Divergence);
    let divergence = app.divergence().expect("two panes");
    assert!(divergence.found().is_none() && !divergence.never());
    assert!(app.running(), "nothing found: still playing");
    for line in &lines[61..] {
        g.write(line);
    }
    g.finish();
    tick(&mut app, 10_000);
    assert!(!app.running());
    assert!(app.all_finished());
    assert_eq!(app.phase(), Phase::Finished);
}

#[test]
fn locked_by_nodes_the_preset_waits_and_locked_by_time_it_runs_on() {
    let lines = trace();
    let strategy = find("mrv").expect("a preset").strategy;
    // What has arrived: the stream's lines up to its 6th decision (a dozen selects and
    // decisions in).
    let cut = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains("\"rule\":\"decision\"") || l.contains("\"type\":\"select\""))
        .nth(12)
        .map(|(i, _)| i)
        .expect("a dozen selects and decisions");
    for lock in [Lock::Nodes, Lock::Time] {
        let mut g = Growing::new(&format!("lock-{lock}"));
        for line in &lines[..cut] {
            g.write(line);
        }
        let preset = Lane::new("mrv", &source().puzzle, strategy).expect("no clash");
        let mut app = App::with_lanes(source(), vec![g.lane(), preset], lock);
        for _ in 0..SPEED_STEPS {
            app.update(Action::Faster);
        }
        app.update(Action::TogglePlay);
        tick(&mut app, 200);
        let (stream, preset) = (&app.lanes()[0], &app.lanes()[1]);
        assert!(stream.is_waiting(), "{lock}");
        assert!(app.running(), "{lock}: playing waits for the writer");
        if lock == Lock::Nodes {
            assert_eq!(
                preset.cursor().stats().nodes,
                stream.cursor().stats().nodes,
                "the same decisions: the preset waits"
            );
            assert!(!preset.at_end() && app.waiting_for_input());
        } else {
            assert!(
                preset.at_end(),
                "locked by time, the preset runs to its end"
            );
            assert!(app.waiting_for_input());
        }
        g.write(&lines[cut..].concat());
        g.finish();
        tick(&mut app, 10_000);
        assert!(app.all_finished(), "{lock}");
    }
}
