//! The key screens of watch and compare, drawn on a `TestBackend` at fixed sizes with a fixed
//! animation clock, against insta file snapshots (tests/snapshots/).

#[path = "common/app.rs"]
mod common;

use common::{after_flash, app_on, draw, inline, settle, watch};
use dokuscope::app::Action;
use dokuscope::app::Lock;
use dokuscope::solver::Event;

fn step_until(app: &mut dokuscope::app::App, wanted: impl Fn(&Event) -> bool) {
    let mut found = false;
    for _ in 0..100_000 {
        app.update(Action::StepForward);
        found = app.lanes()[0]
            .cursor()
            .last()
            .is_some_and(|l| wanted(&l.event));
        if found {
            break;
        }
    }
    assert!(found, "no such event");
}

#[test]
fn watch_opens_paused_at_step_zero() {
    let app = watch("fast");
    insta::assert_snapshot!("watch_start_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn watch_mid_search_flashes_the_pruned_candidate() {
    let mut app = watch("fast");
    app.update(Action::NextDecision);
    settle(&mut app);
    step_until(&mut app, |e| matches!(e, Event::Prune { .. }));
    // The clock is fixed at the step's start: the pruned digit is still drawn, in its cause's colour.
    let screen = draw(&app, 120, 40);
    insta::assert_snapshot!("watch_mid_search_flash_120x40", screen.backend());
    after_flash(&mut app);
    let later = draw(&app, 120, 40);
    assert_ne!(
        screen.backend().to_string(),
        later.backend().to_string(),
        "the flash ends"
    );
}

#[test]
fn watch_stops_on_a_wipeout_before_its_backtrack() {
    let mut app = watch("fast");
    app.update(Action::NextWipeout);
    settle(&mut app);
    let last = app.lanes()[0].cursor().last().map(|l| l.event);
    assert!(matches!(last, Some(Event::Wipeout { .. })), "{last:?}");
    insta::assert_snapshot!("watch_wipeout_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn watch_solved() {
    let mut app = watch("fast");
    app.update(Action::RunToEnd);
    settle(&mut app);
    after_flash(&mut app);
    insta::assert_snapshot!("watch_solved_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn watch_help_overlay_lists_the_key_table() {
    let mut app = watch("fast");
    app.update(Action::Help);
    insta::assert_snapshot!("watch_help_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn watch_too_small_asks_for_a_larger_terminal() {
    let app = watch("fast");
    insta::assert_snapshot!("watch_too_small_50x15", draw(&app, 50, 15).backend());
}

#[test]
fn watch_compact_at_80x24() {
    let mut app = watch("mrv-degree");
    app.update(Action::NextBacktrack);
    settle(&mut app);
    after_flash(&mut app);
    insta::assert_snapshot!(
        "watch_compact_backtrack_80x24",
        draw(&app, 80, 24).backend()
    );
}

#[test]
fn watch_full_at_200x60_with_lcv_reasons() {
    let mut app = watch("fc-mrv-lcv");
    for _ in 0..3 {
        app.update(Action::NextDecision);
        settle(&mut app);
    }
    after_flash(&mut app);
    insta::assert_snapshot!("watch_lcv_200x60", draw(&app, 200, 60).backend());
}

#[test]
fn watch_four_by_four_and_sixteen_by_sixteen() {
    let mut four = app_on(inline(common::FOUR), &["mrv"], Lock::Events);
    four.update(Action::RunToEnd);
    settle(&mut four);
    after_flash(&mut four);
    insta::assert_snapshot!("watch_4x4_80x24", draw(&four, 80, 24).backend());
    let mut sixteen = app_on(inline(common::SIXTEEN), &["fast"], Lock::Events);
    sixteen.update(Action::NextDecision);
    settle(&mut sixteen);
    after_flash(&mut sixteen);
    insta::assert_snapshot!(
        "watch_16x16_compact_120x40",
        draw(&sixteen, 120, 40).backend()
    );
}

#[test]
fn watch_inspects_a_cell_history() {
    let mut app = watch("fast");
    app.update(Action::NextDecision);
    settle(&mut app);
    let geo = app.source().puzzle.geometry();
    app.update(Action::Inspect {
        lane: 0,
        cell: geo.cell_at(1, 2),
    });
    after_flash(&mut app);
    insta::assert_snapshot!("watch_inspect_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn compare_two_panes_side_by_side() {
    let mut app = app_on(common::bundled(), &["fast", "bt"], Lock::Events);
    for _ in 0..40 {
        app.update(Action::StepForward);
    }
    insta::assert_snapshot!("compare_2_panes_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn compare_four_panes_in_a_grid() {
    let mut app = app_on(
        common::bundled(),
        &["fast", "mrv", "fc-mrv-lcv", "cbt"],
        Lock::Nodes,
    );
    for _ in 0..5 {
        app.update(Action::StepForward);
    }
    after_flash(&mut app);
    insta::assert_snapshot!("compare_4_panes_200x60", draw(&app, 200, 60).backend());
}

#[test]
fn compare_summary_once_all_finished() {
    let mut app = app_on(
        common::bundled(),
        &["fast", "mrv-degree", "cbt"],
        Lock::Events,
    );
    app.update(Action::RunToEnd);
    settle(&mut app);
    assert!(app.all_finished(), "s runs every pane to its end");
    after_flash(&mut app);
    let screen = draw(&app, 160, 50);
    assert!(screen.backend().to_string().contains("summary"));
    insta::assert_snapshot!("compare_summary_160x50", screen.backend());
}

#[test]
fn every_terminal_size_renders_without_panicking() {
    let mut watch_app = watch("mrv-degree");
    watch_app.update(Action::NextBacktrack);
    settle(&mut watch_app);
    let mut race = app_on(common::bundled(), &["fast", "bt", "cbt"], Lock::Events);
    for _ in 0..30 {
        race.update(Action::StepForward);
    }
    let sixteen = app_on(inline(common::SIXTEEN), &["fast"], Lock::Events);
    for app in [&watch_app, &race, &sixteen] {
        for w in (1..=210).step_by(7) {
            for h in (1..=64).step_by(3) {
                let _ = draw(app, w, h);
            }
        }
    }
}

#[test]
fn the_smallest_screens_keep_the_whole_board() {
    let mut app = watch("fast");
    app.update(Action::NextDecision);
    settle(&mut app);
    after_flash(&mut app);
    let smallest = draw(&app, 63, 19);
    let text = smallest.backend().to_string();
    assert!(
        text.contains("└─────────┴") && !text.contains("enlarge"),
        "{text}"
    );
    insta::assert_snapshot!("watch_smallest_63x19", smallest.backend());
    let mut race = app_on(
        common::bundled(),
        &["fast", "mrv", "mrv-degree", "cbt"],
        Lock::Events,
    );
    for _ in 0..300 {
        race.update(Action::StepForward);
    }
    after_flash(&mut race);
    let four = draw(&race, 120, 40);
    let text = four.backend().to_string();
    assert_eq!(text.matches("└─────────┴").count(), 4, "{text}");
    insta::assert_snapshot!("compare_4_panes_120x40", four.backend());
}

#[test]
fn watch_help_on_a_short_terminal_scrolls_and_says_where_it_is() {
    let mut app = watch("fast");
    app.set_screen(80, 24);
    app.update(Action::Help);
    let screen = common::text(&app, 80, 24);
    assert!(screen.contains("└ lines 1–21 of "), "{screen}");
    insta::assert_snapshot!("watch_help_80x24", draw(&app, 80, 24).backend());
}
