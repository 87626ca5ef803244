//! `watch`, then `s`: a search played to its end the way the terminal loop plays it (each
//! frame: a tick of at most `tui::WORK_PER_FRAME` of events, a 120×40 frame drawn, the
//! rest of the frame's time asleep), with no terminal. The long one is issue 33's search,
//! `bt` on Wikipedia's puzzle that defeats brute force (899,278,670 events), the figure of
//! docs/performance.md that the redesign must keep; the short one, `bt` on top95 #11
//! (12.1 M events), says the same in a second.
//!
//! Compare two commits by building this file in each (it uses only what both have) and
//! running the binaries in turn: `cargo bench --bench watch_to_end -- long`.

use std::time::Instant;

use dokuscope::app::{Action, App, FRAME, Lock, Source};
use dokuscope::solver::{Puzzle, preset};
use dokuscope::tui;
use dokuscope::ui::{self, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn main() {
    divan::main();
}

/// Wikipedia's Sudoku that defeats brute force (issue 33).
const LONG: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

/// top95 #11.
const SHORT: &str =
    "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..";

/// Plays `bt` on `puzzle` to the end as `watch` does after `s`, and says how long it took.
fn to_the_end(bencher: divan::Bencher, puzzle: &str) {
    let puzzle: Puzzle = puzzle.parse().expect("a puzzle");
    let strategy = preset::lookup("bt").expect("bt is a preset").strategy;
    let source = Source {
        location: "watch_to_end".into(),
        index: 1,
        puzzle,
    };
    bencher
        .with_inputs(|| {
            let mut app = App::new(
                source.clone(),
                &[("bt".to_string(), strategy)],
                Lock::Events,
            )
            .expect("a valid puzzle");
            app.set_screen(120, 40);
            app.update(Action::RunToEnd);
            app
        })
        .bench_local_values(|mut app| {
            let area = Rect::new(0, 0, 120, 40);
            let mut buf = Buffer::empty(area);
            let start = Instant::now();
            let mut frames = 0u64;
            while !app.lanes().iter().all(dokuscope::app::Lane::at_end) {
                let frame = Instant::now();
                app.on_tick(frame - start, Some(frame + tui::WORK_PER_FRAME));
                buf.reset();
                ui::render(&app, Theme { color: true }, area, &mut buf);
                frames += 1;
                std::thread::sleep(FRAME.saturating_sub(frame.elapsed()));
            }
            let steps = app.lanes()[0].step();
            eprintln!(
                "{steps} events in {:.1?} ({frames} frames)",
                start.elapsed()
            );
            app
        });
}

#[divan::bench(sample_count = 1, sample_size = 1)]
fn long(bencher: divan::Bencher) {
    to_the_end(bencher, LONG);
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn short(bencher: divan::Bencher) {
    to_the_end(bencher, SHORT);
}
