//! A local search in the views: min-conflicts' board with its conflicts, its move, why the
//! move, its conflicts trace and counters, at 80x24, 120x40 and 200x60 (insta file
//! snapshots), and racing a backtracking preset; stepping back is exact; the tree panel says
//! there is no tree; n and p go between new bests; the quiz key says there is nothing to
//! predict.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{after_flash, app_on, bundled, draw, settle, text, watch};
use dokuscope::app::{Action, App, Lock};
use dokuscope::solver::Event;

/// Steps `app` forward `n` events.
fn forward(app: &mut App, n: u64) {
    for _ in 0..n {
        app.update(Action::StepForward);
    }
}

/// A min-conflicts watch at step 150: its fill done, its last event a swap.
fn mid_search() -> App {
    let mut app = watch("min-conflicts");
    forward(&mut app, 150);
    let last = app.lanes()[0].cursor().last().map(|l| l.event);
    assert!(matches!(last, Some(Event::Swap { .. })), "{last:?}");
    after_flash(&mut app);
    app
}

#[test]
fn min_conflicts_mid_search_at_three_sizes() {
    let app = mid_search();
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let screen = text(&app, w, h);
        // The counters, the conflicts trace and the move's words, at every size.
        for words in ["conflicts", "swap r", "min-conflicts"] {
            assert!(screen.contains(words), "{w}x{h} lacks {words:?}:\n{screen}");
        }
        insta::assert_snapshot!(format!("local_watch_{w}x{h}"), draw(&app, w, h).backend());
    }
}

#[test]
fn the_move_flashes_then_stays_marked() {
    let mut app = watch("min-conflicts");
    forward(&mut app, 150);
    let flashing = draw(&app, 120, 40);
    after_flash(&mut app);
    let settled = draw(&app, 120, 40);
    assert_ne!(
        format!("{:?}", flashing.backend().buffer()),
        format!("{:?}", settled.backend().buffer()),
        "the moved cells flash, then keep a quieter mark"
    );
    insta::assert_snapshot!("local_watch_flash_120x40", flashing.backend());
}

#[test]
fn a_race_against_a_backtracking_preset() {
    let mut app = app_on(bundled(), &["fast", "min-conflicts"], Lock::Events);
    forward(&mut app, 150);
    after_flash(&mut app);
    for (w, h) in [(120, 40), (200, 60)] {
        let screen = text(&app, w, h);
        assert!(screen.contains("nodes/steps"), "{screen}");
        insta::assert_snapshot!(format!("local_race_{w}x{h}"), draw(&app, w, h).backend());
    }
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    let end = text(&app, 200, 60);
    assert!(end.contains("summary"), "{end}");
    insta::assert_snapshot!("local_race_end_200x60", draw(&app, 200, 60).backend());
}

/// The screen above the conflicts trace (which shows every step generated so far, and so
/// grows going forward and stays going back).
fn above_trace(app: &App) -> String {
    text(app, 120, 40)
        .lines()
        .take_while(|l| !l.contains("conflicts over"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The board, counters and words at each step reached going back are those reached going
/// forward: a set and a swap step back exactly.
#[test]
fn stepping_back_is_as_exact_as_stepping_forward() {
    for preset in ["min-conflicts", "min-conflicts/fill:cells"] {
        let (name, strategy) = dokuscope::solver::preset::resolve(preset).expect("a preset");
        let mut app = App::new(bundled(), &[(name, strategy)], Lock::Events).expect("a puzzle");
        let mut going = Vec::new();
        for _ in 0..300 {
            app.update(Action::StepForward);
            let lane = &app.lanes()[0];
            going.push((
                lane.step(),
                lane.cursor().replay().grid().to_puzzle(),
                *lane.cursor().stats(),
                above_trace(&app),
            ));
        }
        for (step, board, stats, screen) in going.iter().rev().skip(1) {
            app.update(Action::StepBack);
            let lane = &app.lanes()[0];
            assert_eq!(lane.step(), *step, "{preset}");
            assert_eq!(
                lane.cursor().replay().grid().to_puzzle(),
                *board,
                "{preset} at {step}"
            );
            assert_eq!(lane.cursor().stats(), stats, "{preset} at {step}");
            assert_eq!(above_trace(&app), *screen, "{preset} at {step}");
        }
    }
}

#[test]
fn the_tree_panel_says_a_local_search_has_no_tree() {
    let mut app = mid_search();
    app.update(Action::ToggleTree);
    let screen = text(&app, 120, 40);
    assert!(
        screen.contains("no search tree") && screen.contains("a local search"),
        "{screen}"
    );
    insta::assert_snapshot!("local_watch_tree_120x40", draw(&app, 120, 40).backend());
}

/// n runs to the next step with fewer conflicts than ever, p back to the previous one.
#[test]
fn n_and_p_go_between_new_bests() {
    let mut app = watch("min-conflicts");
    let mut bests = Vec::new();
    for _ in 0..4 {
        app.update(Action::NextDecision);
        settle(&mut app);
        let lane = &app.lanes()[0];
        let local = lane
            .cursor()
            .stats()
            .local
            .expect("a local search's counters");
        assert_eq!(local.best, Some(local.conflicts), "a new best");
        assert!(lane.cursor().improved());
        bests.push((lane.step(), local.conflicts));
    }
    assert!(
        bests.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 > w[1].1),
        "{bests:?}"
    );
    app.update(Action::PrevDecision);
    settle(&mut app);
    assert_eq!(app.lanes()[0].step(), bests[2].0);
}

/// A local search's trace (`trace -p min-conflicts`) plays as the engine's search does: the
/// same board, counters, conflicts and why at every step, told as a stream.
#[test]
fn a_local_trace_plays_as_the_engine_does() {
    let source = bundled();
    let (name, strategy) =
        dokuscope::solver::preset::resolve("min-conflicts/walk:0.1").expect("a preset");
    let search = dokuscope::solver::Search::new(&source.puzzle, strategy).expect("no clash");
    let mut writer =
        dokuscope::cli::trace::EventWriter::new(source.puzzle.geometry(), strategy.order);
    let mut replay = dokuscope::solver::Replay::new(&source.puzzle);
    let mut lines = vec![format!(
        r#"{{"type":"start","puzzle":"{}","search":"local","solver":"mine"}}"#,
        source.puzzle.to_line()
    )];
    for (i, event) in search.enumerate() {
        replay.apply(&event);
        let mut line = Vec::new();
        writer
            .write(&mut line, i + 1, &event, &replay)
            .expect("written to memory");
        lines.push(
            String::from_utf8(line)
                .expect("utf-8")
                .trim_end()
                .to_string(),
        );
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("local.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").expect("written");
    let stream = dokuscope::cli::stream_file::lane(&path).expect("a readable stream");
    assert!(stream.is_local());
    let mut ours = App::with_lanes(source.clone(), vec![stream], Lock::Events);
    let mut engine = App::new(source, &[(name, strategy)], Lock::Events).expect("a puzzle");
    for _ in 0..200 {
        ours.update(Action::StepForward);
        engine.update(Action::StepForward);
        let (a, b) = (&ours.lanes()[0], &engine.lanes()[0]);
        assert_eq!(a.cursor().replay().grid(), b.cursor().replay().grid());
        assert_eq!(a.cursor().stats(), b.cursor().stats());
        assert_eq!(a.move_why(), b.move_why(), "step {}", a.step());
    }
    let screen = text(&ours, 120, 40);
    assert!(screen.contains("mine  local search"), "{screen}");
    assert!(screen.contains("conflicts over 200 steps"), "{screen}");
}

#[test]
fn the_quiz_key_says_a_local_search_makes_no_decisions_to_predict() {
    let mut app = watch("min-conflicts");
    app.update(Action::ToggleQuiz);
    assert!(!app.quiz_on());
    let said = app.message().unwrap_or_default();
    assert!(said.contains("a local search makes no decisions"), "{said}");
}

/// Issue 44: at its step limit watch said `EXHAUSTED` where compare said `STEP LIMIT`, the
/// status line wrote `step 100058` without separators, and the summary divided the local
/// search's steps by the backtracking pane's nodes (`100,000 ×100000`). Now both say
/// `LIMIT`, numbers are grouped, and steps are compared with steps only.
#[test]
fn a_search_stopped_by_its_step_limit_says_limit_in_watch_and_compare() {
    let (name, strategy) =
        dokuscope::solver::preset::resolve("min-conflicts/steps:2000").expect("a preset");
    let mut app = App::new(bundled(), &[(name.clone(), strategy)], Lock::Events).expect("valid");
    app.update(Action::RunToEnd);
    settle(&mut app);
    let screen = text(&app, 120, 40);
    let status = screen.lines().last().expect("a status line");
    assert!(
        status.contains(" LIMIT ") && !status.contains("EXHAUSTED"),
        "{status}"
    );
    assert!(status.contains("step 2,0"), "grouped: {status}");
    let fast = dokuscope::solver::preset::find("fast").expect("fast");
    let mut race = App::new(
        bundled(),
        &[("fast".into(), fast.strategy), (name, strategy)],
        Lock::Events,
    )
    .expect("valid");
    race.update(Action::RunToEnd);
    settle(&mut race);
    let screen = text(&race, 200, 60);
    assert!(screen.contains("LIMIT after 2,000 steps, best"), "{screen}");
    let row = screen
        .lines()
        .find(|l| l.contains(" B min-conflicts"))
        .expect("the summary's row");
    assert!(
        row.contains("2,000 ") && !row.contains("2,000 ×"),
        "no ratio of steps to nodes: {row}"
    );
}
