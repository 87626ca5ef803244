//! Manual order (preset `you`): the pane waits at every select for the viewer's cell,
//! shows what MRV would pick, forces the pick into its timeline so that any re-run makes
//! the same choice; accepting MRV's pick with Enter every time reproduces the `fast`
//! preset (MRV, ascending, the default inference) decision for decision.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{bundled, draw};
use dokuscope::app::fork::MANUAL_PRESET;
use dokuscope::app::{Action, App, Lock, Phase};
use dokuscope::solver::{AssignCause, Event, preset};

fn you() -> App {
    let strategy = preset::default_preset().strategy;
    App::new(
        bundled(),
        &[(MANUAL_PRESET.to_string(), strategy)],
        Lock::Events,
    )
    .expect("valid")
    .with_manual_lanes()
}

/// Plays at full speed until the manual picker opens (or the search ends).
fn play_to_picker(app: &mut App) -> bool {
    if !app.running() {
        app.update(Action::TogglePlay);
    }
    for _ in 0..1000 {
        if app.fork_picker().is_some_and(|f| f.manual) {
            return true;
        }
        if app.all_finished() {
            return false;
        }
        app.on_tick(app.now(), None);
    }
    false
}

#[test]
fn the_manual_pane_waits_for_a_pick_and_forces_it() {
    let mut app = you();
    for _ in 0..20 {
        app.update(Action::Faster);
    }
    assert!(
        play_to_picker(&mut app),
        "the picker opens at the first select"
    );
    let step = app.step();
    app.on_tick(app.now(), None);
    assert_eq!(app.step(), step, "the pane waits");
    assert_eq!(
        app.phase(),
        Phase::Choose,
        "the status says so, not RUNNING"
    );
    let (mrv, _) = app.mrv_would_pick(0).expect("an open cell");
    let picker = app.fork_picker().expect("open");
    assert_eq!(picker.cell, mrv, "the cursor starts on MRV's pick");
    let screen = common::text(&app, 120, 40);
    assert!(screen.contains("MRV would pick"), "{screen}");
    // Move to another open cell and type its largest candidate.
    let grid = app.lanes()[0].cursor().replay().grid().clone();
    let g = grid.geometry();
    let other = g
        .cells()
        .find(|&c| grid.is_open(c) && c != mrv && grid.domain(c).len() >= 2)
        .expect("another open cell");
    let digit = grid.domain(other).iter().last().expect("a candidate");
    app.update(Action::Inspect {
        lane: 0,
        cell: other,
    });
    app.update(Action::Type(char::from(b'0' + digit.get())));
    assert!(app.fork_picker().is_none());
    app.update(Action::TogglePlay); // pause
    app.update(Action::StepForward);
    let select = app.lanes()[0].cursor().last().map(|l| l.event);
    assert!(
        matches!(select, Some(Event::Select { cell, .. }) if cell == other),
        "{select:?}"
    );
    app.update(Action::StepForward);
    let decision = app.lanes()[0].cursor().last().map(|l| l.event);
    assert!(
        matches!(decision, Some(Event::Assign { cell, digit: d, cause: AssignCause::UserDecision, .. }) if cell == other && d == digit),
        "{decision:?}"
    );
    // A re-run from step 0 makes the same choice.
    let here = app.step();
    app.update(Action::Home);
    app.update(Action::GoTo);
    for c in here.to_string().chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
    assert_eq!(app.step(), here);
    assert_eq!(app.lanes()[0].cursor().last().map(|l| l.event), decision);
    insta::assert_snapshot!("steer_manual_picker_120x40", {
        let mut app = you();
        for _ in 0..20 {
            app.update(Action::Faster);
        }
        assert!(play_to_picker(&mut app));
        app.update(Action::TogglePlay);
        draw(&app, 120, 40).backend().to_string()
    });
}

#[test]
fn accepting_mrvs_pick_every_time_reproduces_the_fast_preset() {
    let mut app = you();
    for _ in 0..20 {
        app.update(Action::Faster);
    }
    let mut picks = 0;
    while play_to_picker(&mut app) {
        app.update(Action::Confirm);
        picks += 1;
        assert!(picks < 10_000, "too many picks");
    }
    assert!(app.all_finished());
    let fast = preset::default_preset();
    let outcome = dokuscope::solver::Search::with_limits(
        &bundled().puzzle,
        fast.strategy,
        dokuscope::solver::Limits {
            solutions: 1,
            nodes: None,
            deadline: None,
        },
    )
    .expect("valid")
    .run();
    let stats = app.lanes()[0].cursor().stats();
    assert_eq!(stats.nodes, outcome.stats.nodes);
    assert_eq!(stats.events, outcome.stats.events);
    assert_eq!(
        picks,
        app.lanes()[0]
            .cursor()
            .search()
            .expect("an engine lane")
            .selects()
    );
}

#[test]
fn a_pick_whose_propagation_fills_the_board_ends_at_the_solution() {
    // Found reading the README (#37): on hard.txt #1, r2c3=1 solves the rest by inference;
    // the pane then said CHOOSE at a full board, waiting for a pick there was no cell for.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    let entry = dokuscope::cli::input::nth_puzzle(Some(path), 1).expect("hard.txt");
    let source = dokuscope::app::Source {
        location: entry.location.to_string(),
        index: 1,
        puzzle: entry.puzzle,
    };
    let strategy = preset::default_preset().strategy;
    let mut app = App::new(
        source,
        &[(MANUAL_PRESET.to_string(), strategy)],
        Lock::Events,
    )
    .expect("valid")
    .with_manual_lanes();
    for _ in 0..20 {
        app.update(Action::Faster);
    }
    assert!(play_to_picker(&mut app), "the first select waits");
    app.update(Action::Confirm);
    assert!(!play_to_picker(&mut app), "no second pick is asked for");
    assert_eq!(app.phase(), Phase::Solved);
    assert!(app.lanes()[0].cursor().solved());
}
