//! Every screen of the quiz and the lesson: a question of each kind, a right and a wrong
//! verdict, the summary, the question before quitting with answers unsaved, and a
//! lesson's note panel in watch, tree and compare layouts, at 80×24 and 120×40 (insta
//! file snapshots).

#[path = "common/app.rs"]
mod common;

use common::{after_flash, draw, settle};
use dokuscope::app::{Action, App, Lock, Source};
use dokuscope::solver::preset;
use dokuscope::teach::oracle::Truth;
use dokuscope::teach::{Kind, KindSet};

/// Puzzle `n` of the bundled medium set.
fn medium(n: usize) -> Source {
    let entry = dokuscope::cli::input::nth_puzzle(Some("puzzles/medium.txt"), n)
        .expect("the bundled puzzle");
    Source {
        location: entry.location.to_string(),
        index: n,
        puzzle: entry.puzzle,
    }
}

fn quiz(name: &str, kinds: KindSet) -> App {
    let p = preset::find(name).expect("a preset");
    App::new(
        medium(13),
        &[(p.name.to_string(), p.strategy)],
        Lock::Events,
    )
    .expect("a valid puzzle")
    .with_quiz(kinds)
}

/// Plays on to the next question of `kind`, skipping the others.
fn to_question(app: &mut App, kind: Kind) {
    for _ in 0..5_000 {
        if app.question().is_none() {
            app.update(Action::RunToEnd);
            settle(app);
        }
        match app.question().map(|q| q.asked.kind) {
            Some(k) if k == kind => {
                after_flash(app);
                return;
            }
            Some(_) => app.update(Action::Back),
            None => break,
        }
    }
    unreachable!("no {kind} question came");
}

/// The screen at both sizes.
fn both(app: &App, name: &str) {
    insta::assert_snapshot!(format!("{name}_120x40"), draw(app, 120, 40).backend());
    insta::assert_snapshot!(format!("{name}_80x24"), draw(app, 80, 24).backend());
}

/// Types a cell's name and Enter.
fn answer_cell(app: &mut App, name: &str) {
    for c in name.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
}

fn right_cell(app: &App) -> String {
    let q = app.question().expect("a question");
    let Truth::Cells(cells) = &q.asked.truth else {
        unreachable!("a cell question")
    };
    app.source()
        .puzzle
        .geometry()
        .cell_name(cells[0])
        .to_string()
}

#[test]
fn a_cell_question_then_its_right_and_wrong_verdicts() {
    let mut app = quiz("mcv", KindSet::CELL);
    to_question(&mut app, Kind::Cell);
    both(&app, "quiz_cell_question");
    let right = right_cell(&app);
    answer_cell(&mut app, &right);
    after_flash(&mut app);
    assert_eq!(app.tally().total(), (1, 1));
    both(&app, "quiz_cell_right");
    app.update(Action::PlayOn);
    to_question(&mut app, Kind::Cell);
    let wrong = if right_cell(&app) == "r1c1" {
        "r9c9"
    } else {
        "r1c1"
    };
    let g = app.source().puzzle.geometry();
    let open = app.lanes()[0]
        .cursor()
        .replay()
        .grid()
        .is_open(dokuscope::teach::answer::parse_cell(wrong, g).expect("a cell"));
    assert!(open, "{wrong} is open, so the answer is taken (and wrong)");
    answer_cell(&mut app, wrong);
    after_flash(&mut app);
    assert_eq!(app.tally().total(), (1, 2));
    both(&app, "quiz_cell_wrong");
}

#[test]
fn digit_prunes_and_jump_questions_show_their_panels() {
    let mut app = quiz("fc-mrv-lcv", KindSet::ALL);
    to_question(&mut app, Kind::Digit);
    both(&app, "quiz_digit_question");
    to_question(&mut app, Kind::Prunes);
    // One right mark (the first candidate removed), clicked then typed.
    let (cell, digit) = match app.question().map(|q| &q.asked.truth) {
        Some(Truth::Prunes(removed)) => removed.first().copied(),
        _ => None,
    }
    .expect("the decision removes something");
    app.update(Action::Inspect { lane: 0, cell });
    app.update(Action::Type(char::from(b'0' + digit.get())));
    both(&app, "quiz_prunes_question");
    app.update(Action::Confirm);
    after_flash(&mut app);
    both(&app, "quiz_prunes_verdict");
    let mut fc_cbj = quiz("fc-cbj", KindSet::ALL.with(Kind::Jump));
    to_question(&mut fc_cbj, Kind::Jump);
    both(&fc_cbj, "quiz_jump_question");
}

#[test]
fn the_summary_and_the_question_before_quitting_unsaved() {
    let mut app = quiz("mcv", KindSet::CELL);
    to_question(&mut app, Kind::Cell);
    let right = right_cell(&app);
    answer_cell(&mut app, &right);
    // Skip every question to the end of the search: the summary opens there.
    for _ in 0..10_000 {
        if app.summary_shown() {
            break;
        }
        if app.question().is_some() {
            app.update(Action::Back);
        } else {
            app.update(Action::PlayOn);
            app.update(Action::RunToEnd);
            settle(&mut app);
        }
    }
    assert!(app.summary_shown(), "the summary opens at the end");
    after_flash(&mut app);
    both(&app, "quiz_summary");
    app.update(Action::Back);
    app.update(Action::Quit);
    assert!(
        app.confirming_quit() && !app.should_quit(),
        "unsaved answers: it asks"
    );
    both(&app, "quiz_quit_unsaved");
    app.update(Action::Type('n'));
    assert!(!app.should_quit(), "any other key stays");
    app.update(Action::Quit);
    app.update(Action::Type('y'));
    assert!(app.should_quit());
}

fn lesson(file: &str) -> App {
    let plan = dokuscope::cli::lesson::plan(std::path::Path::new(file))
        .unwrap_or_else(|e| unreachable!("{file} checks: {e:?}"));
    let mut app = App::lesson(plan).expect("a valid puzzle");
    after_flash(&mut app);
    app
}

#[test]
fn a_lessons_note_panel_in_watch_tree_and_compare_layouts() {
    let mut app = lesson("assets/lessons/tour.toml");
    both(&app, "lesson_note");
    // Stop 2: a note with a question under it.
    app.update(Action::NextStop);
    after_flash(&mut app);
    assert!(app.question().is_some(), "stop 2 asks");
    both(&app, "lesson_question");
    // Stop 5: compare (too small at 80×24: the note and question alone).
    for _ in 0..3 {
        app.update(Action::Back);
        app.update(Action::NextStop);
    }
    after_flash(&mut app);
    assert_eq!(app.lanes().len(), 2, "stop 5 compares two presets");
    both(&app, "lesson_compare");
    // Stop 8: the tree beside the board.
    for _ in 0..3 {
        app.update(Action::Back);
        app.update(Action::NextStop);
    }
    after_flash(&mut app);
    assert_eq!(app.tree().layout, dokuscope::app::tree::TreeLayout::Side);
    both(&app, "lesson_tree");
}

#[test]
fn exploring_from_a_stop_and_coming_back_with_l() {
    let mut app = lesson("assets/lessons/tour.toml");
    let at = app.lanes()[0].step();
    app.update(Action::StepForward);
    assert!(!app.at_stop(), "a step explores");
    after_flash(&mut app);
    both(&app, "lesson_exploring");
    app.update(Action::NextDecision);
    settle(&mut app);
    app.update(Action::Lesson);
    assert!(app.at_stop());
    assert_eq!(app.lanes()[0].step(), at, "L is back at the stop");
}

#[test]
fn the_lessons_end_shows_its_summary() {
    let mut app = lesson("assets/lessons/tree-and-breakpoints.toml");
    let stops = app.lesson_state().map_or(0, |l| l.plan.stops.len());
    for _ in 0..stops {
        if app.question().is_some() {
            app.update(Action::Back);
        }
        app.update(Action::NextStop);
    }
    assert!(app.summary_shown(), "past the last stop: the summary");
    after_flash(&mut app);
    both(&app, "lesson_summary");
}

/// A key as the event loop reads it, applied.
fn key(app: &mut App, c: char) {
    let event = crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Char(c),
        crossterm::event::KeyModifiers::NONE,
    );
    if let Some(action) = dokuscope::tui::keys::press(&event)
        .and_then(|p| dokuscope::app::keymap::action_for(&p, app.key_mode(), app.lanes().len()))
    {
        app.update(action);
    }
}

/// Issue 44: at a question `n` typed "n"; a digit answered a choice (or a digit question)
/// at once, so that the Enter that followed skipped the verdict; after a verdict, `n` ran
/// to the decision just asked about without asking, and a second `n` was needed.
#[test]
fn the_quiz_keys_answer_with_enter_and_n_goes_on_after_the_verdict() {
    let mut app = quiz("mcv", KindSet::ALL);
    to_question(&mut app, Kind::Digit);
    key(&mut app, 'n');
    let open = app.question().expect("still asked");
    assert!(open.typed.is_empty(), "n is not typed");
    assert!(
        open.error
            .as_deref()
            .is_some_and(|e| e.contains("answer first")),
        "{:?}",
        open.error
    );
    // A digit picks; the question stays open until Enter.
    let offered = app.lanes()[0]
        .cursor()
        .replay()
        .grid()
        .domain(match open.asked.detail {
            dokuscope::teach::oracle::Detail::Digit { cell, .. } => cell,
            _ => unreachable!("a digit question"),
        });
    let last = offered.iter().last().expect("candidates");
    let symbol = last.symbol(app.source().puzzle.size());
    key(&mut app, symbol);
    assert!(app.question().is_some(), "a digit only picks");
    app.update(Action::Confirm);
    assert!(
        app.question().is_none() && app.verdict().is_some(),
        "Enter answers"
    );
    // The verdict stays until n (or Enter) goes on to the next question.
    let before = app.tally().total().1;
    key(&mut app, 'n');
    settle(&mut app);
    assert!(
        app.question().is_some(),
        "one n goes on to the next question"
    );
    assert_eq!(app.tally().total().1, before);
    // A cell question: a letter that is no part of a cell name is not typed.
    to_question(&mut app, Kind::Cell);
    key(&mut app, 'x');
    let open = app.question().expect("still asked");
    assert!(open.typed.is_empty());
    assert!(
        open.error
            .as_deref()
            .is_some_and(|e| e.contains("'x' is not"))
    );
}
