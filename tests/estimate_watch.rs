//! Watch's estimate of a search's size is `solve --estimate`'s. The cursor does not tell
//! its estimator of prunes (most of the events): at a decision it reads the cell's
//! candidates off the board it replays, where the estimator that hears every event
//! follows the prunes of the chosen cell from its `select`. This checks, event by event,
//! that both say the same on the engine's searches of every kind and on a stream.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/trace_lines.rs"]
mod trace_lines;

use dokuscope::app::Lane;
use dokuscope::solver::estimate::{Estimator, Method};
use dokuscope::solver::search::Limits;
use dokuscope::solver::{Puzzle, preset};
use trace_lines::trace_lines;

/// top95 #1 and #2: long searches for the plain presets, shorter for the others.
const PUZZLES: [&str; 2] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
];

/// Events compared per search.
const EVENTS: usize = 60_000;

/// Runs `lane` for up to [`EVENTS`] events beside an estimator that hears each of them,
/// comparing the two after every event; returns the decisions compared.
fn compare(what: &str, mut lane: Lane, restarts: bool) -> u64 {
    let mut hearing = Estimator::restarting(restarts);
    let mut events = 0;
    while events < EVENTS {
        let Some(event) = lane.advance() else { break };
        hearing.observe(&event);
        events += 1;
        let watching = lane.cursor().estimator().expect("watch estimates");
        assert_eq!(
            watching.explored(),
            hearing.explored(),
            "{what}, event {events}"
        );
        assert_eq!(
            watching.leaves(),
            hearing.leaves(),
            "{what}, event {events}"
        );
        for method in Method::ALL {
            assert_eq!(
                watching.decisions(method),
                hearing.decisions(method),
                "{what}, event {events}: {}",
                method.name()
            );
        }
        assert_eq!(
            watching.estimate(),
            hearing.estimate(),
            "{what}, event {events}"
        );
    }
    hearing.explored()
}

#[test]
fn watch_estimates_the_engines_searches_as_solve_does() {
    let mut decisions = 0;
    for name in [
        "bt",
        "cbt",
        "mcv",
        "mrv",
        "fast",
        "fc-mrv-lcv",
        "cbj",
        "fc-cbj",
        "dom-wdeg",
        "mac",
        "mrv/luby:20",
    ] {
        let (_, strategy) = preset::resolve(name).expect("a preset");
        for text in PUZZLES {
            let puzzle: Puzzle = text.parse().expect("a puzzle");
            let lane = Lane::new(name, &puzzle, strategy).expect("no clash");
            let restarts = strategy.restart.cutoff(1).is_some();
            decisions += compare(&format!("{name} on {text}"), lane, restarts);
        }
    }
    assert!(decisions > 50_000, "decisions compared ({decisions})");
}

#[test]
fn watch_estimates_a_stream_as_solve_does() {
    for (preset, text) in [("fc-mrv", PUZZLES[0]), ("bt", PUZZLES[1])] {
        let start = format!(
            "{{\"type\":\"start\",\"version\":1,\"puzzle\":\"{text}\",\"solver\":\"student.py\"}}"
        );
        let lines = trace_lines(text, preset, Limits::default(), EVENTS, &start);
        let path = std::env::temp_dir().join(format!(
            "dokuscope-estimate-watch-{}-{preset}.jsonl",
            std::process::id()
        ));
        std::fs::write(&path, lines.join("\n") + "\n").expect("written");
        let lane = dokuscope::cli::stream_file::lane(&path).expect("a stream");
        let decisions = compare(&format!("a {preset} stream of {text}"), lane, false);
        let _ = std::fs::remove_file(&path);
        assert!(decisions > 300, "decisions compared ({decisions})");
    }
}
