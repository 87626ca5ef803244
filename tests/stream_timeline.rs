//! A timeline over a trace file is the engine's timeline: the same events, and any step
//! reached by seeking (from checkpoints that hold a file offset and the checker's state)
//! shows the same board and counters; a bad line ends the timeline just before it.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/trace_lines.rs"]
mod trace_lines;
use trace_lines::trace_lines;

use std::path::PathBuf;

use dokuscope::app::cursor::Cursor;
use dokuscope::app::timeline::Timeline;
use dokuscope::solver::preset::find;
use dokuscope::solver::search::Limits;
use dokuscope::solver::{Event, Puzzle};

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A temporary file, removed when dropped.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The engine's trace of `preset` on `HARD` to the first solution, in a temporary file.
fn trace_file(preset: &str, name: &str, edit: impl Fn(&mut Vec<String>)) -> TempFile {
    let limits = Limits {
        solutions: 1,
        nodes: None,
        deadline: None,
    };
    let start = format!("{{\"type\":\"start\",\"version\":1,\"puzzle\":\"{HARD}\"}}");
    let mut lines = trace_lines(HARD, preset, limits, usize::MAX, &start);
    edit(&mut lines);
    let path = std::env::temp_dir().join(format!(
        "dokuscope-stream-timeline-{}-{name}.jsonl",
        std::process::id()
    ));
    std::fs::write(&path, lines.join("\n") + "\n").expect("written");
    TempFile(path)
}

fn run_to_end(timeline: &mut Timeline, cursor: &mut Cursor) -> Vec<Event> {
    let mut events = Vec::new();
    while let Some(event) = timeline.advance(cursor) {
        events.push(event);
    }
    events
}

#[test]
fn a_stream_timeline_steps_back_and_forth_exactly_as_the_engines() {
    let file = trace_file("mrv", "exact", |_| {});
    let (mut stream, mut at, _) = dokuscope::cli::stream_file::timeline(&file.0).expect("a stream");
    let puzzle: Puzzle = HARD.parse().expect("a puzzle");
    let strategy = find("mrv").expect("a preset").strategy;
    let (mut engine, mut eat) = Timeline::new(&puzzle, strategy).expect("no clash");

    let streamed = run_to_end(&mut stream, &mut at);
    let searched = run_to_end(&mut engine, &mut eat);
    assert_eq!(streamed, searched);
    assert!(streamed.len() > 2_000, "{}", streamed.len());
    assert_eq!(stream.end(), engine.end());
    assert_eq!(at.stats(), eat.stats());
    assert!(at.error().is_none());

    // Seek back and forth (a fixed pseudo-random walk) from the checkpoints.
    let end = stream.end().expect("ended");
    let mut step = end;
    for _ in 0..60 {
        step = (step * 7919 + 104_729) % (end + 1);
        stream.seek(&mut at, step);
        engine.seek(&mut eat, step);
        assert_eq!(at.step(), step);
        assert_eq!(at.replay().grid(), eat.replay().grid(), "step {step}");
        assert_eq!(at.stats(), eat.stats(), "step {step}");
        assert_eq!(at.last(), eat.last(), "step {step}");
    }
    let (spacing, checkpoints) = stream.checkpoints();
    assert_eq!((spacing, checkpoints), engine.checkpoints());
}

#[test]
fn a_bad_line_ends_the_timeline_just_before_it() {
    let file = trace_file("mrv", "bad", |lines| {
        lines[500] = r#"{"type":"assign","cell":"r1c1","digit":4}"#.to_string();
    });
    let (mut stream, mut at, _) = dokuscope::cli::stream_file::timeline(&file.0).expect("a stream");
    let events = run_to_end(&mut stream, &mut at);
    assert_eq!(events.len(), 499, "the events of lines 2 to 500");
    assert_eq!(stream.end(), Some(499));
    let error = at.error().expect("the error").to_string();
    assert!(
        error.ends_with(":501: assign r1c1=4, but r1c1 holds 4 (a given)"),
        "{error}"
    );
    // Everything before it stays explorable.
    stream.seek(&mut at, 10);
    assert_eq!(at.step(), 10);
    assert!(at.error().is_none());
}

/// `line` without its `"step":N,` field (a stream may leave steps out).
fn without_step(line: &str) -> String {
    let Some(at) = line.find("\"step\":") else {
        return line.to_string();
    };
    let rest = &line[at + "\"step\":".len()..];
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let rest = rest[digits..].strip_prefix(',').unwrap_or(&rest[digits..]);
    format!("{}{rest}", &line[..at])
}

#[test]
fn a_derived_wipeout_shows_the_counters_of_its_own_step_not_of_the_backtrack_after_it() {
    // The stream leaves its wipeouts out: each is derived from the backtrack's line, which
    // gives two events at once; each step must still show its own counters.
    let file = trace_file("mrv", "derived", |lines| {
        lines.retain(|l| !l.contains("\"type\":\"wipeout\""));
        for line in lines.iter_mut() {
            *line = without_step(line);
        }
    });
    let (mut stream, mut at, _) = dokuscope::cli::stream_file::timeline(&file.0).expect("a stream");
    let puzzle: Puzzle = HARD.parse().expect("a puzzle");
    let strategy = find("mrv").expect("a preset").strategy;
    let (mut engine, mut eat) = Timeline::new(&puzzle, strategy).expect("no clash");
    let mut derived = 0;
    while let Some(event) = stream.advance(&mut at) {
        let ours = engine.advance(&mut eat).expect("the engine's event");
        assert_eq!(at.stats(), eat.stats(), "step {}: {event:?}", at.step());
        assert_eq!(at.stats().events, at.step());
        derived += u64::from(matches!(ours, Event::Wipeout { .. }));
    }
    assert!(derived > 10, "the search has wipeouts to derive: {derived}");
    assert!(at.error().is_none(), "{:?}", at.error());
    // And from a checkpoint: a derived wipeout's step sought directly.
    let wipeout = engine
        .find_back(eat.step(), |e| matches!(e, Event::Wipeout { .. }))
        .expect("a wipeout");
    stream.seek(&mut at, wipeout);
    engine.seek(&mut eat, wipeout);
    assert_eq!(at.stats(), eat.stats(), "step {wipeout}");
}
