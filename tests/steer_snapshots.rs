//! The steer screens on a `TestBackend` against insta file snapshots: the `:` prompt with
//! an error pointing at its column, the breakpoint list, and a stop at a breakpoint
//! (BREAK on the status line, hits marked on the depth trace).

#[path = "common/app.rs"]
mod common;

use common::{after_flash, draw, settle, text, watch};
use dokuscope::app::{Action, App};

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Type(c));
    }
}

#[test]
fn the_prompt_shows_a_bad_condition_with_an_arrow_at_its_column_and_the_grammar() {
    let mut app = watch("mrv");
    app.update(Action::Command);
    type_text(&mut app, "break assign r5c3=7 and depth >> 3");
    app.update(Action::Confirm);
    let screen = text(&app, 120, 40);
    assert!(
        screen.contains(":break assign r5c3=7 and depth >> 3"),
        "{screen}"
    );
    // The arrow sits over the column of the second '>' (column 32 of the text, x = 32).
    let arrow_row = screen
        .lines()
        .find(|l| l.contains("↓ column 32"))
        .expect("the arrow row");
    assert_eq!(
        arrow_row.chars().position(|c| c == '↓'),
        Some(32 + 1),
        "{arrow_row}"
    );
    insta::assert_snapshot!("steer_prompt_error_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn the_breakpoint_list_numbers_the_breakpoints_with_their_hits() {
    let mut app = watch("mrv");
    for cond in [
        "break backtrack",
        "break assign r1c1=1",
        "break select and depth >= 4",
    ] {
        app.update(Action::Command);
        type_text(&mut app, cond);
        app.update(Action::Confirm);
    }
    app.update(Action::Continue);
    settle(&mut app);
    app.update(Action::Continue);
    settle(&mut app);
    app.update(Action::Command);
    type_text(&mut app, "breaks");
    app.update(Action::Confirm);
    after_flash(&mut app);
    insta::assert_snapshot!("steer_breaks_list_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn a_stop_at_a_breakpoint_says_break_and_marks_the_hits_on_the_depth_trace() {
    let mut app = watch("mrv");
    app.update(Action::Command);
    type_text(&mut app, "break backtrack");
    app.update(Action::Confirm);
    for _ in 0..3 {
        app.update(Action::Continue);
        settle(&mut app);
    }
    after_flash(&mut app);
    let screen = text(&app, 120, 40);
    let status = screen.lines().last().unwrap_or_default();
    assert!(
        status.contains("BREAK") && status.contains("#1 backtrack"),
        "{status}"
    );
    assert!(screen.contains('•'), "hits are marked:\n{screen}");
    insta::assert_snapshot!("steer_break_120x40", draw(&app, 120, 40).backend());
}
