//! Breakpoints in the app: `c` stops at exactly the steps where a full trace (read
//! independently) satisfies the condition, `C` walks back through the same steps, the
//! status line says BREAK with the condition, and the `:` prompt's commands and errors.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;
#[path = "steer/oracle.rs"]
mod oracle;
#[path = "common/public.rs"]
mod public;

use common::{app_on, settle};
use dokuscope::app::{Action, App, Lock, Phase, Source};
use dokuscope::ui::status::status_text;
use oracle::{cases, full_trace, hits};

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/seed003_example.txt");

fn source(path: &str, index: usize) -> Source {
    let entry = dokuscope::cli::input::nth_puzzle(Some(path), index).expect("puzzle");
    Source {
        location: entry.location.to_string(),
        index,
        puzzle: entry.puzzle,
    }
}

/// Types `:text` and Enter.
fn command(app: &mut App, text: &str) {
    app.update(Action::Command);
    for c in text.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
}

fn searches() -> Vec<(String, usize, &'static str)> {
    let mut out = vec![
        (EXAMPLE.to_string(), 1, "mrv"),
        (EXAMPLE.to_string(), 1, "fc-mrv"),
        (EXAMPLE.to_string(), 1, "fast"),
    ];
    out.push((
        public::path("top95.txt").display().to_string(),
        2,
        "mrv-degree",
    ));
    out.push((
        public::path("hardest.txt").display().to_string(),
        3,
        "fc-mrv-lcv",
    ));
    out
}

/// How many hits each case follows forward.
const FOLLOW: usize = 4;

#[test]
fn continue_and_reverse_continue_stop_where_the_full_trace_satisfies_the_condition() {
    let mut checked = 0;
    for (path, index, preset) in searches() {
        let idx = index.to_string();
        let full = full_trace(&[&path, "-i", &idx, "-p", preset]);
        for (condition, pred) in cases(&full) {
            let expected = hits(&full, &pred);
            let mut app = app_on(source(&path, index), &[preset], Lock::Events);
            command(&mut app, &format!("break {condition}"));
            assert!(app.command().is_none(), "{condition}: {:?}", app.command());
            let mut got = Vec::new();
            while got.len() < FOLLOW {
                let before = app.step();
                app.update(Action::Continue);
                settle(&mut app);
                // At the end, c stays put (and says so).
                if app.phase() != Phase::Break || app.step() == before {
                    break;
                }
                got.push(app.step());
                let (word, rest) = status_text(&app);
                assert_eq!(word, "BREAK");
                assert!(rest.starts_with("#1 "), "{rest}");
            }
            let want: Vec<u64> = expected.iter().copied().take(FOLLOW).collect();
            assert_eq!(
                got, want,
                "{path}:{index} {preset}: c with break {condition}"
            );
            if got.len() < FOLLOW {
                assert!(app.all_finished(), "{condition}: no hit means the end");
            }
            assert_eq!(app.hit_steps(0), &want[..], "{condition}: the known hits");
            // Back from where the forward run stopped: the earlier hits, latest first.
            let stop = app.step();
            let mut back = Vec::new();
            loop {
                let before = app.step();
                app.update(Action::ReverseContinue);
                if app.phase() != Phase::Break || app.step() == before {
                    break;
                }
                back.push(app.step());
            }
            let mut earlier: Vec<u64> = expected.iter().copied().filter(|&s| s < stop).collect();
            if got.len() == FOLLOW {
                earlier = want[..FOLLOW - 1].to_vec();
            }
            earlier.reverse();
            assert_eq!(
                back, earlier,
                "{path}:{index} {preset}: C with break {condition}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 3 * 20, "only {checked} cases");
}

#[test]
fn in_a_race_continue_stops_at_the_earliest_hit_of_any_pane() {
    let mut app = app_on(source(EXAMPLE, 1), &["mrv", "fc-mrv"], Lock::Events);
    let first = ["mrv", "fc-mrv"]
        .iter()
        .filter_map(|p| {
            let full = full_trace(&[EXAMPLE, "-p", p]);
            full.iter().find(|s| s.kind == "backtrack").map(|s| s.step)
        })
        .min()
        .expect("a backtrack");
    command(&mut app, "break backtrack");
    app.update(Action::Continue);
    settle(&mut app);
    assert_eq!(app.phase(), Phase::Break);
    assert_eq!(app.step(), first);
}

#[test]
fn playing_pauses_at_a_breakpoint() {
    let mut app = app_on(source(EXAMPLE, 1), &["mrv"], Lock::Events);
    command(&mut app, "break depth > 3");
    for _ in 0..20 {
        app.update(Action::Faster);
    }
    app.update(Action::TogglePlay);
    settle(&mut app);
    for _ in 0..100 {
        if !app.running() {
            break;
        }
        app.on_tick(app.now(), None);
    }
    assert_eq!(app.phase(), Phase::Break);
    assert_eq!(app.lanes()[0].cursor().replay().depth(), 4);
    let (_, rest) = status_text(&app);
    assert!(rest.starts_with("#1 depth > 3  step "), "{rest}");
}

#[test]
fn the_prompt_keeps_a_bad_command_open_with_its_column_and_esc_leaves() {
    let mut app = app_on(source(EXAMPLE, 1), &["mrv"], Lock::Events);
    command(&mut app, "break depth >> 3");
    let line = app.command().expect("still open");
    assert_eq!(line.text, "break depth >> 3");
    let (column, message) = line.error.clone().expect("an error");
    assert_eq!(column, 14, "{message}");
    assert!(message.contains("expected a number"), "{message}");
    assert!(app.breakpoints().is_empty());
    // Typing clears the error; Esc leaves without quitting.
    app.update(Action::Erase);
    assert!(app.command().expect("open").error.is_none());
    app.update(Action::Back);
    assert!(app.command().is_none());
    assert!(!app.should_quit());

    command(&mut app, "frobnicate 3");
    assert_eq!(
        app.command().and_then(|c| c.error.clone()).map(|e| e.0),
        Some(1)
    );
    app.update(Action::Back);
    command(&mut app, "delete 7");
    let err = app
        .command()
        .and_then(|c| c.error.clone())
        .expect("no such breakpoint");
    assert_eq!(err.0, 8);
    assert!(err.1.contains("no breakpoint 7"), "{}", err.1);
    app.update(Action::Back);

    command(&mut app, "break assign r1c1");
    command(&mut app, "b select and depth >= 2");
    assert_eq!(app.breakpoints().list().len(), 2);
    command(&mut app, "breaks");
    assert!(app.breaks_shown());
    app.update(Action::Back);
    assert!(!app.breaks_shown() && !app.should_quit());
    command(&mut app, "delete 1");
    let ids: Vec<usize> = app.breakpoints().list().iter().map(|b| b.id).collect();
    assert_eq!(ids, [2]);
    command(&mut app, "clear");
    assert!(app.breakpoints().is_empty());
    app.update(Action::Continue);
    assert!(
        app.message().is_some_and(|m| m.contains("no breakpoints")),
        "{:?}",
        app.message()
    );
}

#[test]
fn deleting_the_breakpoint_of_the_stop_shown_leaves_break_for_paused() {
    // Found reading the README (#37): after `:delete 1` or `:clear` the status still said
    // `BREAK  #1 ...` of a breakpoint that was gone.
    let mut app = app_on(source(EXAMPLE, 1), &["mrv"], Lock::Events);
    command(&mut app, "break depth > 3");
    command(&mut app, "break backtrack");
    app.update(Action::Continue);
    settle(&mut app);
    assert_eq!(app.phase(), Phase::Break);
    command(&mut app, "delete 2");
    assert_eq!(app.phase(), Phase::Break, "the stop shown is #1's");
    command(&mut app, "delete 1");
    assert_eq!(app.phase(), Phase::Paused);
    command(&mut app, "break depth > 3");
    app.update(Action::Continue);
    settle(&mut app);
    assert_eq!(app.phase(), Phase::Break);
    command(&mut app, "clear");
    assert_eq!(app.phase(), Phase::Paused);
    assert_eq!(app.message(), Some("1 breakpoint deleted"));
}
