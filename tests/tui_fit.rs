//! Every sentence fits (#37): the click popup wraps its events whole, the race table's
//! names and badges are whole, the explanation line and the status line give up whole
//! parts rather than stopping mid-word, at 80×24 and 120×40.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{after_flash, app_on, draw, settle, text};
use dokuscope::app::event_words::explain;
use dokuscope::app::{Action, App, Lock, Source};
use dokuscope::ui::{Screen, screen, status};
use ratatui::layout::Rect;

/// Puzzle `index` of the bundled hard.txt.
fn hard(index: usize) -> Source {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let entry = dokuscope::cli::input::nth_puzzle(Some(path), index).expect("hard.txt");
    Source {
        location: entry.location.to_string(),
        index,
        puzzle: entry.puzzle,
    }
}

fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text inside `rect` of the screen drawn at `w`×`h`, row by row.
fn region(app: &App, w: u16, h: u16, rect: Rect) -> Vec<String> {
    let terminal = draw(app, w, h);
    let buf = terminal.backend().buffer();
    (rect.y..rect.y + rect.height)
        .map(|y| {
            (rect.x..rect.x + rect.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn the_click_popup_shows_every_event_of_a_cells_history_whole() {
    let mut app = app_on(hard(1), &["mrv-degree"], Lock::Events);
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    for (w, h) in [(80, 24), (120, 40)] {
        let area = Rect::new(0, 0, w, h);
        let Screen::Fits { panes, .. } = screen(&app, area) else {
            unreachable!("{w}×{h} fits")
        };
        let side = panes[0].side;
        let g = app.source().puzzle.geometry();
        let mut checked = 0;
        let puzzle = app.source().puzzle.clone();
        for cell in g.cells().filter(|&c| puzzle.given(c).is_none()) {
            app.update(Action::Inspect { lane: 0, cell });
            let shown = words(&region(&app, w, h, side).join(" ").replace('│', " "));
            let inspect = app.inspect().expect("open");
            let history = inspect.history.as_ref().expect("computed");
            for (digit, logged) in &history.removed {
                let head = format!("{digit} {}", dokuscope::numbers::grouped(logged.step));
                let sentence = explain(g, &app.lanes()[0].voice(logged), logged);
                let reason = sentence
                    .strip_prefix(&format!("prune {digit} from {}: ", g.cell_name(cell)))
                    .unwrap_or(&sentence);
                let entry = words(&format!("{head} {reason}"));
                // Whole, or left out entirely and counted in the popup's last line.
                let whole = shown.contains(&entry);
                let left_out = !shown.contains(&format!("{head} ")) && shown.contains(" more: ");
                assert!(
                    whole || left_out,
                    "{w}×{h}, {}: '{entry}' is cut in\n{}",
                    g.cell_name(cell),
                    region(&app, w, h, side).join("\n")
                );
                checked += usize::from(whole);
            }
            app.update(Action::Inspect { lane: 0, cell });
        }
        assert!(checked > 100, "{checked} removals checked");
    }
}

#[test]
fn a_race_shows_whole_names_and_badges_at_120x40() {
    // The race: a fork of mrv-degree, then the summary.
    let mut app = app_on(hard(1), &["mrv-degree"], Lock::Events);
    app.update(Action::NextDecision);
    settle(&mut app);
    app.update(Action::Fork);
    app.update(Action::Type('8'));
    assert_eq!(app.lanes().len(), 2, "{:?}", app.fork_picker());
    let name = app.lanes()[1].name().to_string();
    assert_eq!(name, "mrv-degree r2c3=8");
    let race = text(&app, 120, 40);
    assert!(race.contains(&format!(" B {name} ")), "{race}");
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    let summary = text(&app, 120, 40);
    let lines: Vec<&str> = summary.lines().collect();
    let row = |pane: &str| {
        lines
            .iter()
            .map(|l| l.trim_matches('"'))
            .find(|l| l.starts_with(&format!(" {pane} mrv-degree")) && l.contains('×'))
            .unwrap_or_else(|| unreachable!("no summary row {pane}:\n{summary}"))
    };
    for (pane, lane) in ["A", "B"].iter().zip(app.lanes()) {
        let badge = dokuscope::ui::race::badge(lane);
        assert!(badge.starts_with("SOLVED at step"), "{badge}");
        assert!(row(pane).contains(&badge), "{badge}:\n{summary}");
    }
    assert!(row("B").contains(&name), "{summary}");
    // Every line of the screen ends inside it: nothing was drawn past the last column.
}

#[test]
fn the_status_and_explanation_lines_give_up_whole_parts() {
    let mut app = app_on(hard(1), &["mrv-degree"], Lock::Events);
    for _ in 0..40 {
        app.update(Action::StepForward);
    }
    app.update(Action::NextBacktrack);
    settle(&mut app);
    after_flash(&mut app);
    let (word, rest) = status::status_text(&app);
    let parts: Vec<&str> = rest.split("  ").collect();
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = text(&app, w, h);
        let status = screen
            .lines()
            .last()
            .expect("a status line")
            .trim_matches('"')
            .trim_end()
            .to_string();
        let shown = status
            .trim_start()
            .strip_prefix(&word)
            .expect("the state first")
            .trim_start();
        let whole = (1..=parts.len()).any(|n| parts[..n].join("  ") == shown);
        assert!(whole, "{w}×{h}: the status line ends mid-part: {status:?}");
        assert!(shown.starts_with("step "), "{status}");
    }
    // The explanation line under a compare pane: whole words of the log's sentence.
    let mut race = app_on(hard(1), &["fast", "mrv-degree"], Lock::Events);
    race.update(Action::RunToEnd);
    settle(&mut race);
    after_flash(&mut race);
    let screen = text(&race, 120, 40);
    let line = screen
        .lines()
        .find(|l| l.contains("step 4,639 solution"))
        .expect("the explanation line");
    let right = line[line.find("step 4,639").expect("there")..]
        .trim_end_matches('"')
        .trim_end();
    assert!(
        [
            "step 4,639 solution: every cell holds a digit (3 decisions in effect)",
            "step 4,639 solution: every cell holds a digit",
            "step 4,639 solution"
        ]
        .contains(&right),
        "{right:?}"
    );
}
