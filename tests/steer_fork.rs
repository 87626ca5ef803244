//! The fork picker: `f` on a select, a cell and a digit make a second pane whose search
//! forces that decision; a digit outside the domain or an assigned cell is refused with a
//! sentence and nothing changes; the picker's screen against an insta snapshot. Away from a
//! select, the picker offers the next select's board, so every digit it takes is made.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{after_flash, app_on, draw, settle, text, watch};
use dokuscope::app::{Action, App, Lock, Source};
use dokuscope::solver::{AssignCause, Cell, Digit, Event};

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

/// Steps until the last event is a select with at least two candidates.
fn to_a_select(app: &mut App) {
    for _ in 0..100_000 {
        app.update(Action::StepForward);
        if let Some(Event::Select { domain, .. }) = app.lanes()[0].cursor().last().map(|l| l.event)
        {
            if domain.len() >= 2 {
                return;
            }
        }
    }
    unreachable!("no select");
}

#[test]
fn a_fork_on_a_select_races_the_users_decision_in_a_new_pane() {
    let mut app = watch("mrv");
    to_a_select(&mut app);
    let step = app.step();
    let Some(Event::Select { cell, domain, .. }) = app.lanes()[0].cursor().last().map(|l| l.event)
    else {
        unreachable!("on a select")
    };
    app.update(Action::Fork);
    let picker = app.fork_picker().expect("open");
    assert_eq!(picker.cell, cell, "the cursor starts on the selected cell");
    // The cell's last candidate: not the one ascending order tries first.
    let digit = domain.iter().last().expect("a candidate");
    app.update(Action::Type(char::from(b'0' + digit.get())));
    assert!(app.fork_picker().is_none(), "{:?}", app.fork_picker());
    assert_eq!(app.lanes().len(), 2);
    assert!(
        app.lanes()[1].name().ends_with(&format!("={digit}")),
        "{}",
        app.lanes()[1].name()
    );
    assert_eq!(
        app.lanes()[1].step(),
        step,
        "the fork starts where the view was"
    );
    // The same history up to the select, then the user's decision in the fork.
    app.update(Action::StepForward);
    let mine = app.lanes()[1].cursor().last().map(|l| l.event);
    assert!(
        matches!(mine, Some(Event::Assign { cell: c, digit: d, cause: AssignCause::UserDecision, .. }) if c == cell && d == digit),
        "{mine:?}"
    );
    let theirs = app.lanes()[0].cursor().last().map(|l| l.event);
    assert!(
        matches!(theirs, Some(Event::Assign { cell: c, digit: d, cause: AssignCause::Decision, .. }) if c == cell && d != digit),
        "{theirs:?}"
    );
    // They race to their ends, as any panes do.
    app.update(Action::RunToEnd);
    settle(&mut app);
    assert!(app.all_finished());
    assert!(app.lanes().iter().all(|l| l.cursor().solved()));
}

#[test]
fn an_illegal_digit_or_an_assigned_cell_is_refused_and_nothing_changes() {
    let mut app = watch("mrv");
    to_a_select(&mut app);
    let Some(Event::Select { domain, .. }) = app.lanes()[0].cursor().last().map(|l| l.event) else {
        unreachable!("on a select")
    };
    app.update(Action::Fork);
    let outside = (1..=9u8)
        .find(|&d| !domain.iter().any(|x| x.get() == d))
        .expect("a digit outside the domain");
    app.update(Action::Type(char::from(b'0' + outside)));
    let error = app
        .fork_picker()
        .and_then(|f| f.error.clone())
        .expect("refused");
    assert!(
        error.contains("is not in") && error.contains("domain"),
        "{error}"
    );
    assert_eq!(app.lanes().len(), 1);
    // Move onto a given (r1c2 holds 9 in the bundled puzzle) and try.
    let g = app.source().puzzle.geometry();
    let given = g
        .cells()
        .find(|&c| app.source().puzzle.given(c).is_some())
        .expect("a given");
    app.update(Action::Inspect {
        lane: 0,
        cell: given,
    });
    app.update(Action::Type('1'));
    let error = app
        .fork_picker()
        .and_then(|f| f.error.clone())
        .expect("refused");
    assert!(error.contains("already holds"), "{error}");
    assert_eq!(app.lanes().len(), 1);
    after_flash(&mut app);
    insta::assert_snapshot!(
        "steer_fork_picker_refused_120x40",
        draw(&app, 120, 40).backend()
    );
    app.update(Action::Back);
    assert!(app.fork_picker().is_none() && !app.should_quit());
}

#[test]
fn a_restart_keeps_the_fork_and_its_decision() {
    let mut app = watch("mrv");
    to_a_select(&mut app);
    let Some(Event::Select { cell, domain, .. }) = app.lanes()[0].cursor().last().map(|l| l.event)
    else {
        unreachable!("on a select")
    };
    app.update(Action::Fork);
    let digit = domain.iter().last().expect("a candidate");
    app.update(Action::Type(char::from(b'0' + digit.get())));
    assert_eq!(app.lanes().len(), 2);
    let name = app.lanes()[1].name().to_string();

    // Before the fix, a restart made both panes afresh from their presets: the fork was
    // lost.
    app.update(Action::Restart);
    assert_eq!(app.lanes().len(), 2, "the fork stays");
    assert_eq!(app.lanes()[1].name(), name);
    assert!(app.lanes().iter().all(|l| l.step() == 0));
    app.update(Action::RunToEnd);
    settle(&mut app);
    assert!(app.all_finished());
    // The fork still makes the user's decision on that cell.
    let mut timeline = app.lanes()[1].timeline().clone();
    let mut cursor = timeline.cursor_at(0);
    let mut users = 0;
    while let Some(event) = timeline.advance(&mut cursor) {
        users += usize::from(
            matches!(event, Event::Assign { cell: c, digit: d, cause: AssignCause::UserDecision, .. } if c == cell && d == digit),
        );
    }
    assert_eq!(
        users, 1,
        "the user's decision is in the fork's events, once"
    );
}

#[test]
fn after_a_decision_the_fork_offers_the_next_selects_board_and_refuses_a_settled_cell() {
    // hard.txt #1 under mrv-degree: at the first decision (r1c7=1, step 272) r1c2 still
    // shows {1,5,9}, but the decision's propagation makes it 5 before the next select,
    // where a fork decides. Before the fix, 9 was taken and the fork's search ended at once.
    let mut app = app_on(hard(1), &["mrv-degree"], Lock::Events);
    app.update(Action::NextDecision);
    settle(&mut app);
    assert_eq!(app.step(), 272);
    let g = app.source().puzzle.geometry();
    let r1c2 = g.cell_at(0, 1);
    let now = app.lanes()[0].cursor().replay().grid().domain(r1c2);
    assert_eq!(now.len(), 3, "r1c2 shows three candidates at step 272");
    app.update(Action::Fork);
    let at = app.fork_picker().expect("open").at.step;
    assert!(
        at > 272,
        "the decision is made at the next select, not at {at}"
    );
    app.update(Action::Inspect {
        lane: 0,
        cell: r1c2,
    });
    assert!(
        text(&app, 120, 40).contains("fork at the next select (step 308): r1c2 holds 5"),
        "{}",
        text(&app, 120, 40)
    );
    app.update(Action::Type('9'));
    let error = app
        .fork_picker()
        .and_then(|f| f.error.clone())
        .expect("refused");
    assert_eq!(error, "refused: r1c2 already holds 5");
    assert_eq!(app.lanes().len(), 1, "no pane was added");
    // A refusal is said whole at every size (at 80 columns a long one was left out).
    app.update(Action::Inspect {
        lane: 0,
        cell: g.cell_at(1, 2),
    });
    app.update(Action::Type('9'));
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = text(&app, w, h);
        assert!(
            screen.contains("refused: 9 is not in r2c3's domain {1,8}"),
            "{w}×{h}:\n{screen}"
        );
    }
}

/// Forks pane A at its current step with `cell` = `digit` and steps the panes to the fork's
/// decision: the fork's event there must be the viewer's decision.
fn fork_is_made(mut app: App, cell: Cell, digit: Digit) -> Result<(), String> {
    app.update(Action::Fork);
    let at = app.fork_picker().ok_or("no picker")?.at.step;
    app.update(Action::Inspect { lane: 0, cell });
    app.update(Action::Type(char::from(b'0' + digit.get())));
    if let Some(error) = app.fork_picker().and_then(|f| f.error.clone()) {
        return Err(format!("offered but refused: {error}"));
    }
    let fork = app.lanes().get(1).ok_or("no fork")?;
    let mut timeline = fork.timeline().clone();
    let mut cursor = timeline.cursor_at(at);
    let made = timeline.advance(&mut cursor);
    match made {
        Some(Event::Assign {
            cell: c,
            digit: d,
            cause: AssignCause::UserDecision,
            ..
        }) if c == cell && d == digit => Ok(()),
        other => Err(format!("step {}: {other:?}", at + 1)),
    }
}

#[test]
fn every_digit_the_fork_offers_is_the_decision_the_fork_makes() {
    // Paused after a decision, at a wipeout (before its backtrack) and after a backtrack:
    // each open cell of the offered board, with its first and last candidates.
    for (run, label) in [
        (Action::NextDecision, "a decision"),
        (Action::NextWipeout, "a wipeout"),
        (Action::NextBacktrack, "a backtrack"),
    ] {
        let paused = || {
            let mut app = app_on(hard(1), &["mrv-degree"], Lock::Events);
            app.update(run);
            settle(&mut app);
            app
        };
        let mut probe = paused();
        probe.update(Action::Fork);
        let grid = probe.fork_picker().expect("open").at.grid.clone();
        let g = grid.geometry();
        let mut tried = 0;
        for cell in g.cells().filter(|&c| grid.is_open(c)) {
            let domain = grid.domain(cell);
            for digit in [domain.first(), domain.iter().last()].into_iter().flatten() {
                let made = fork_is_made(paused(), cell, digit);
                assert!(
                    made.is_ok(),
                    "after {label}, {} = {digit}: {made:?}",
                    g.cell_name(cell)
                );
                tried += 1;
            }
        }
        assert!(tried > 20, "after {label}: {tried} forks tried");
    }
}
