//! Keys as the event loop reads them, in bursts: the keys that arrive together are applied
//! one by one, then the burst ends. A run key typed in the burst that started a run queues
//! behind it (`n n n` in one write runs three decisions, #37); a key of a later burst, or
//! any other key, stops the run as before; a breakpoint stops the queue too.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{settle, watch};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use dokuscope::app::App;
use dokuscope::app::keymap::action_for;

/// Applies `keys` as one burst, as the event loop does, then ends the burst.
fn burst(app: &mut App, keys: &[char]) {
    for &c in keys {
        let key = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        let press = dokuscope::tui::keys::press(&key);
        if let Some(action) = press.and_then(|p| action_for(&p, app.key_mode(), app.lanes().len()))
        {
            app.update(action);
        }
    }
    app.end_burst();
}

fn nodes(app: &App) -> u64 {
    app.lanes()[0].cursor().stats().nodes
}

/// The step of the `k`-th decision of `mrv` on the bundled puzzle, by `n` pressed alone.
fn step_of_decision(k: u64) -> u64 {
    let mut app = watch("mrv");
    for _ in 0..k {
        burst(&mut app, &['n']);
        settle(&mut app);
    }
    assert_eq!(nodes(&app), k);
    app.step()
}

#[test]
fn n_n_n_in_one_burst_runs_three_decisions() {
    let mut app = watch("mrv");
    burst(&mut app, &['n', 'n', 'n']);
    assert_eq!(app.queued(), 2, "the two later n wait for the first run");
    settle(&mut app);
    assert_eq!(nodes(&app), 3);
    assert_eq!(
        app.step(),
        step_of_decision(3),
        "the same as n pressed three times"
    );
}

#[test]
fn a_key_of_a_later_burst_still_stops_a_run_and_drops_the_queue() {
    let mut app = watch("bt");
    burst(&mut app, &['s', 'n']);
    assert!(app.running());
    assert_eq!(app.queued(), 1);
    app.on_tick(app.now(), None);
    // A later burst: any key stops the run, the queued n with it.
    burst(&mut app, &['x']);
    assert!(!app.running());
    assert_eq!(app.queued(), 0);
    // And another key than a run key, in the same burst, stops it too.
    burst(&mut app, &['n', 'h']);
    assert!(!app.running(), "h stops the run n started");
}

#[test]
fn a_breakpoint_hit_stops_the_queued_runs() {
    let mut app = watch("mrv");
    app.add_breakpoint("decision").expect("a condition");
    burst(&mut app, &['w', 'w', 'w']);
    settle(&mut app);
    assert_eq!(app.queued(), 0, "the hit dropped the queue");
    assert_eq!(
        nodes(&app),
        1,
        "stopped at the first decision: {}",
        app.step()
    );
}
