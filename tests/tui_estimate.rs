//! The estimate of the search's size on screen: under the depth gauge and in the status
//! line of watch, in each pane and the race table of compare, and its chart over the
//! search (`E`), at 80×24, 120×40 and 200×60, on a search of about a million decisions
//! (`bt` on puzzles/hard.txt #2) played at full speed with a fixed clock (compare: at
//! 120×40 and 200×60, two panes needing 113 columns).

#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use std::time::Duration;

use common::{app_on, draw, text};
use dokuscope::app::{Action, App, Lock, Source};

/// Puzzle 2 of the bundled hard set: `bt` makes 877,490 decisions to its first solution.
fn hard_two() -> Source {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let entry = dokuscope::cli::input::nth_puzzle(Some(path), 2).expect("the bundled set");
    Source {
        // Where the file is differs from one checkout to another; the screen names it so.
        location: "puzzles/hard.txt:2".into(),
        index: 2,
        puzzle: entry.puzzle,
    }
}

/// `presets` on puzzle 2, played at full speed for `ticks` frames of a fixed 100 ms clock
/// (each frame advances every pane by the same number of events, so the pace, and the
/// time left, are the same on any machine).
fn running(presets: &[&str], ticks: u64) -> App {
    let mut app = app_on(hard_two(), presets, Lock::Events);
    for _ in 0..dokuscope::app::SPEEDS.len() {
        app.update(Action::Faster);
    }
    app.update(Action::TogglePlay);
    for k in 1..=ticks {
        app.on_tick(Duration::from_millis(100 * k), None);
    }
    assert!(app.running(), "still searching");
    app
}

fn status(screen: &str) -> String {
    screen
        .lines()
        .last()
        .expect("a status line")
        .trim_matches('"')
        .to_string()
}

#[test]
fn watch_shows_how_far_along_the_search_is_and_the_time_left() {
    let app = running(&["bt"], 60);
    let wide = text(&app, 120, 40);
    let line = status(&wide);
    assert!(
        line.contains("RUNNING") && line.contains("≈ ") && line.contains(" s left"),
        "{line}"
    );
    assert!(wide.contains("left at this speed"), "{wide}");
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        insta::assert_snapshot!(
            format!("estimate_watch_{w}x{h}"),
            draw(&app, w, h).backend()
        );
    }
}

/// Two panes side by side need 113 columns (at 80×24 the screen asks for more): the race
/// is drawn at 120×40 and 200×60.
#[test]
fn a_compare_race_shows_each_panes_estimate() {
    let app = running(&["bt", "cbt"], 60);
    let screen = text(&app, 120, 40);
    assert!(
        screen.contains("estimate"),
        "the race table's column: {screen}"
    );
    assert!(screen.contains("12% of ~2.6e6"), "bt's estimate: {screen}");
    for (w, h) in [(120, 40), (200, 60)] {
        insta::assert_snapshot!(format!("estimate_race_{w}x{h}"), draw(&app, w, h).backend());
    }
}

#[test]
fn capital_e_charts_how_the_estimate_moved() {
    let mut app = running(&["bt"], 60);
    app.update(Action::TogglePlay);
    app.update(Action::ToggleEstimateTrace);
    let screen = text(&app, 120, 40);
    assert!(screen.contains("estimated total nodes over"), "{screen}");
    insta::assert_snapshot!("estimate_chart_120x40", draw(&app, 120, 40).backend());
    app.update(Action::ToggleEstimateTrace);
    assert!(
        text(&app, 120, 40).contains("depth over"),
        "E again: the depth"
    );
}

/// A search that restarts says which run it is in and that its size is unknown, under the
/// gauge and on the status line.
#[test]
fn a_search_that_restarts_says_its_size_is_unknown() {
    let (name, strategy) = dokuscope::solver::preset::resolve("mrv/luby:4").expect("a preset");
    let mut app = App::new(hard_two(), &[(name, strategy)], Lock::Events).expect("valid");
    let run_three = dokuscope::solver::estimate::Estimate::Restarting { run: 3 };
    for _ in 0..100_000 {
        if app.lanes()[0].cursor().estimate() == run_three {
            break;
        }
        app.update(Action::StepForward);
    }
    let wide = text(&app, 120, 40);
    assert!(
        wide.contains("run 3 of a search that restarts: its size unknown"),
        "{wide}"
    );
    assert!(status(&wide).contains("run 3, size unknown"), "{wide}");
    for (w, h) in [(80, 24), (120, 40)] {
        insta::assert_snapshot!(
            format!("estimate_restarts_{w}x{h}"),
            draw(&app, w, h).backend()
        );
    }
}
