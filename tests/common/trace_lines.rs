//! The engine's own trace of a puzzle, as the lines another solver would write: the stream
//! tests' stand-in for a student's solver.

use dokuscope::cli::trace::EventWriter;
use dokuscope::solver::preset::find;
use dokuscope::solver::search::Limits;
use dokuscope::solver::{Puzzle, Replay, Search};

/// `start` (the start object's line), then the first `take` events of `preset` on `puzzle`
/// searched within `limits`, one line each, without line ends.
pub fn trace_lines(
    puzzle: &str,
    preset: &str,
    limits: Limits,
    take: usize,
    start: &str,
) -> Vec<String> {
    let parsed: Puzzle = puzzle.parse().expect("a puzzle");
    let strategy = find(preset).expect("a preset").strategy;
    let search = Search::with_limits(&parsed, strategy, limits).expect("no clash");
    let mut replay = Replay::new(&parsed);
    let mut writer = EventWriter::new(parsed.geometry(), strategy.order);
    let mut lines = vec![start.to_string()];
    for (step, event) in search.take(take).enumerate() {
        replay.apply(&event);
        let mut out = Vec::new();
        writer
            .write(&mut out, step + 1, &event, &replay)
            .expect("written");
        lines.push(
            String::from_utf8(out)
                .expect("UTF-8")
                .trim_end()
                .to_string(),
        );
    }
    lines
}
