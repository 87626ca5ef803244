//! App-state properties: stepping forward to random positions and back gives exactly what a
//! fresh replay of the search gives, across many seeds, presets and checkpoint spans; the
//! screen after back-then-forward equals the screen before; lockstep by nodes keeps the
//! panes' decision counts equal.

#[path = "common/app.rs"]
mod common;
#[path = "common/public.rs"]
mod public;

use common::{app_on, inline, settle, text, watch};
use dokuscope::app::Lock;
use dokuscope::app::{Action, App};
use dokuscope::solver::{Limits, Puzzle, Replay, Search, preset};

/// The grid after `step` events of a fresh search: every domain and value.
fn fresh(puzzle: &Puzzle, preset_name: &str, step: u64) -> Vec<(u32, Option<u8>)> {
    let strategy = preset::find(preset_name).expect("preset").strategy;
    let search = Search::with_limits(
        puzzle,
        strategy,
        Limits {
            solutions: 1,
            nodes: None,
            deadline: None,
        },
    )
    .expect("valid");
    let mut replay = Replay::new(puzzle);
    for event in search.take(step as usize) {
        replay.apply(&event);
    }
    snapshot_grid(replay.grid())
}

fn snapshot_grid(grid: &dokuscope::solver::Grid) -> Vec<(u32, Option<u8>)> {
    grid.geometry()
        .cells()
        .map(|c| {
            (
                grid.domain(c).bits(),
                grid.value(c).map(dokuscope::solver::Digit::get),
            )
        })
        .collect()
}

fn shown(app: &App, lane: usize) -> Vec<(u32, Option<u8>)> {
    snapshot_grid(app.lanes()[lane].cursor().replay().grid())
}

fn go_to(app: &mut App, step: u64) {
    app.update(Action::GoTo);
    for c in step.to_string().chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
    settle(app);
}

fn hard_puzzles(n: usize) -> Vec<Puzzle> {
    public::first("top95.txt", n)
        .iter()
        .map(|l| l.parse().expect("a top95 puzzle"))
        .collect()
}

#[test]
fn stepping_to_random_steps_and_back_matches_a_fresh_replay() {
    let mut puzzles = vec![common::bundled().puzzle];
    puzzles.extend(hard_puzzles(3));
    let presets = [
        "fast",
        "bt",
        "cbt",
        "mrv-degree",
        "fc-mrv-lcv",
        "full",
        "cbt-domain",
    ];
    for seed in 0..40u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let puzzle = puzzles[rng.usize(..puzzles.len())].clone();
        let name = presets[rng.usize(..presets.len())];
        let source = dokuscope::app::Source {
            location: "test".into(),
            index: 1,
            puzzle: puzzle.clone(),
        };
        let mut app = app_on(source, &[name], Lock::Events);
        for _ in 0..6 {
            let target = rng.u64(0..20_000);
            go_to(&mut app, target);
            let at = app.lanes()[0].step();
            assert!(at <= target, "seed {seed}: at {at}, asked {target}");
            assert_eq!(
                shown(&app, 0),
                fresh(&puzzle, name, at),
                "seed {seed} {name}: forward to {at}"
            );
            let back = rng.u64(1..600).min(at);
            for _ in 0..back {
                app.update(Action::StepBack);
            }
            let now = app.lanes()[0].step();
            assert_eq!(now, at - back, "seed {seed}");
            assert_eq!(
                shown(&app, 0),
                fresh(&puzzle, name, now),
                "seed {seed} {name}: back to {now}"
            );
            assert_eq!(app.lanes()[0].cursor().stats().events, now);
        }
    }
}

#[test]
fn back_then_forward_redraws_the_same_screen_across_backtracks_and_solutions() {
    let mut app = watch("mrv-degree");
    common::after_flash(&mut app);
    let mut step = 0;
    while !app.all_finished() {
        app.update(Action::StepForward);
        common::after_flash(&mut app);
        step += 1;
        if step % 7 != 0 && !app.all_finished() {
            continue;
        }
        let before = text(&app, 120, 40);
        app.update(Action::StepBack);
        app.update(Action::StepForward);
        common::after_flash(&mut app);
        assert_eq!(before, text(&app, 120, 40), "step {step}");
    }
    assert!(app.lanes()[0].cursor().solved());
}

#[test]
fn previous_decision_goes_back_to_the_last_decision_event() {
    let mut app = watch("cbt");
    go_to(&mut app, 5_000);
    app.update(Action::PrevDecision);
    let last = app.lanes()[0].cursor().last().expect("an event");
    assert!(last.event.is_decision(), "{last:?}");
    assert!(last.step < 5_000);
}

#[test]
fn a_long_search_keeps_bounded_checkpoints_and_every_step_reachable() {
    let puzzle = hard_puzzles(1).remove(0);
    let source = dokuscope::app::Source {
        location: "top95:1".into(),
        index: 1,
        puzzle: puzzle.clone(),
    };
    let mut app = app_on(source, &["bt"], Lock::Events);
    go_to(&mut app, 3_000_000);
    let (spacing, count) = app.lanes()[0].timeline().checkpoints();
    assert!(
        count <= dokuscope::app::timeline::MAX_CHECKPOINTS,
        "{count}"
    );
    assert!(
        spacing > dokuscope::app::timeline::FIRST_SPACING,
        "spacing grew"
    );
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..5 {
        let target = rng.u64(1..3_000_000);
        go_to(&mut app, target);
        assert_eq!(app.lanes()[0].step(), target);
        assert_eq!(
            shown(&app, 0),
            fresh(&puzzle, "bt", target),
            "step {target}"
        );
    }
}

#[test]
fn lockstep_by_nodes_keeps_the_panes_decision_counts_equal() {
    let mut app = app_on(
        common::bundled(),
        &["cbt", "mrv-degree", "fc-mrv-lcv", "bt"],
        Lock::Nodes,
    );
    app.update(Action::Faster);
    app.update(Action::TogglePlay);
    let mut clock = std::time::Duration::ZERO;
    for _ in 0..300 {
        clock += std::time::Duration::from_millis(50);
        app.on_tick(clock, None);
        let running: Vec<u64> = app
            .lanes()
            .iter()
            .filter(|l| !l.at_end())
            .map(|l| l.cursor().stats().nodes)
            .collect();
        let most = app
            .lanes()
            .iter()
            .map(|l| l.cursor().stats().nodes)
            .max()
            .unwrap_or(0);
        assert!(
            running.iter().all(|&n| n == most),
            "decision counts {running:?}, most {most}"
        );
        assert!(app.lanes().iter().all(|l| l.cursor().stats().nodes <= most));
    }
    assert!(
        app.lanes()
            .iter()
            .map(|l| l.cursor().stats().nodes)
            .max()
            .unwrap_or(0)
            > 10,
        "the race moved"
    );
    app.update(Action::StepBack);
    let nodes: Vec<u64> = app
        .lanes()
        .iter()
        .filter(|l| !l.at_end())
        .map(|l| l.cursor().stats().nodes)
        .collect();
    assert!(nodes.windows(2).all(|w| w[0] == w[1]), "{nodes:?}");
}

#[test]
fn lockstep_by_events_keeps_unfinished_panes_on_one_step_and_stops_all_at_a_backtrack() {
    let mut app = app_on(common::bundled(), &["cbt", "bt"], Lock::Events);
    app.update(Action::NextBacktrack);
    settle(&mut app);
    let steps: Vec<u64> = app.lanes().iter().map(dokuscope::app::Lane::step).collect();
    assert_eq!(steps[0], steps[1]);
    let hit = app.lanes().iter().any(|l| {
        matches!(
            l.cursor().last().map(|e| e.event),
            Some(dokuscope::solver::Event::Backtrack { .. })
        )
    });
    assert!(hit, "one pane is on its backtrack");
}

#[test]
fn divergence_jump_puts_each_pane_on_its_differing_decision() {
    let mut app = app_on(common::bundled(), &["mrv", "mrv-degree"], Lock::Nodes);
    app.update(Action::RunToEnd);
    settle(&mut app);
    assert!(app.all_finished());
    let found = app
        .divergence()
        .and_then(|d| d.found())
        .cloned()
        .expect("mrv and mrv-degree choose differently");
    app.update(Action::Divergence);
    for (lane, choice) in app.lanes().iter().zip(&found.choices) {
        assert_eq!(lane.cursor().stats().nodes, found.node);
        assert_eq!(lane.step(), choice.step());
    }
}

#[test]
fn four_by_four_and_sixteen_by_sixteen_replay_exactly() {
    for (text_, name) in [(common::FOUR, "mrv"), (common::SIXTEEN, "fast")] {
        let source = inline(text_);
        let puzzle = source.puzzle.clone();
        let mut app = app_on(source, &[name], Lock::Events);
        app.update(Action::RunToEnd);
        settle(&mut app);
        let end = app.lanes()[0].step();
        for target in [end / 3, end / 2, end.saturating_sub(1)] {
            go_to(&mut app, target);
            assert_eq!(shown(&app, 0), fresh(&puzzle, name, target));
        }
    }
}

#[test]
fn a_second_pane_added_from_watch_joins_at_the_same_step_and_d_finds_the_divergence_ahead() {
    let mut app = watch("mrv");
    go_to(&mut app, 400);
    app.update(Action::AddPane);
    settle(&mut app);
    assert_eq!(app.lanes().len(), 2);
    assert_ne!(app.lanes()[0].name(), app.lanes()[1].name());
    assert!(app.lanes().iter().all(|l| l.step() == 400 || l.at_end()));
    app.update(Action::Home);
    app.update(Action::Divergence);
    let found = app
        .divergence()
        .and_then(|d| d.found())
        .cloned()
        .expect("found by running ahead");
    let steps: Vec<u64> = app.lanes().iter().map(dokuscope::app::Lane::step).collect();
    let latest = found.choices.iter().map(|c| c.step()).max().unwrap_or(0);
    assert!(steps.contains(&latest), "{steps:?} {found:?}");
}

#[test]
fn lockstep_by_time_advances_every_pane_and_steps_each_one_event() {
    let mut app = app_on(common::bundled(), &["cbt", "mrv-degree"], Lock::Time);
    app.update(Action::StepForward);
    assert!(app.lanes().iter().all(|l| l.step() == 1));
    for _ in 0..20 {
        app.update(Action::Faster);
    }
    app.update(Action::TogglePlay);
    let start = std::time::Instant::now();
    for i in 1..=5u64 {
        let now = std::time::Instant::now();
        app.on_tick(
            std::time::Duration::from_millis(16 * i),
            Some(now + std::time::Duration::from_millis(8)),
        );
    }
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    assert!(
        app.lanes().iter().all(|l| l.step() > 1 || l.at_end()),
        "every pane got solver time"
    );
    app.update(Action::TogglePlay);
    let before: Vec<u64> = app.lanes().iter().map(dokuscope::app::Lane::step).collect();
    app.update(Action::StepBack);
    let after: Vec<u64> = app.lanes().iter().map(dokuscope::app::Lane::step).collect();
    assert!(
        before.iter().zip(&after).all(|(b, a)| *a == b - 1),
        "{before:?} -> {after:?}"
    );
}

/// The history of `cell` after `step` events, by replaying from step 0 and dropping the
/// prunes and assignments each backtrack undoes (those made deeper than it returns to).
fn history_oracle(
    puzzle: &Puzzle,
    name: &str,
    step: u64,
    cell: dokuscope::solver::Cell,
) -> (Vec<(u8, u64)>, Option<u64>) {
    use dokuscope::solver::Event;
    let strategy = preset::find(name).expect("preset").strategy;
    let search = Search::with_limits(
        puzzle,
        strategy,
        Limits {
            solutions: 1,
            nodes: None,
            deadline: None,
        },
    )
    .expect("valid");
    let side = puzzle.size().side();
    let mut slots: Vec<Option<(u64, usize)>> = vec![None; side];
    let mut assigned: Option<(u64, usize)> = None;
    for (i, event) in search.take(step as usize).enumerate() {
        let at = i as u64 + 1;
        match event {
            Event::Prune {
                cell: c,
                digit,
                depth,
                ..
            } if c == cell => slots[usize::from(digit.get() - 1)] = Some((at, usize::from(depth))),
            Event::Assign { cell: c, depth, .. } if c == cell => {
                assigned = Some((at, usize::from(depth)));
            }
            Event::Backtrack { depth, .. } => {
                let back = usize::from(depth);
                for slot in &mut slots {
                    if slot.is_some_and(|(_, d)| d > back) {
                        *slot = None;
                    }
                }
                if assigned.is_some_and(|(_, d)| d > back) {
                    assigned = None;
                }
            }
            _ => {}
        }
    }
    let removed = slots
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|(at, _)| (i as u8 + 1, at)))
        .collect();
    (removed, assigned.map(|(at, _)| at))
}

#[test]
fn domain_history_names_the_prunes_in_effect_as_a_full_replay_finds_them() {
    let mut puzzles = vec![common::bundled().puzzle];
    puzzles.extend(hard_puzzles(2));
    let presets = ["fast", "bt", "cbt", "mrv-degree", "full"];
    for seed in 0..30u64 {
        let mut rng = fastrand::Rng::with_seed(seed + 1000);
        let puzzle = puzzles[rng.usize(..puzzles.len())].clone();
        let name = presets[rng.usize(..presets.len())];
        let source = dokuscope::app::Source {
            location: "test".into(),
            index: 1,
            puzzle: puzzle.clone(),
        };
        let mut app = app_on(source, &[name], Lock::Events);
        go_to(&mut app, rng.u64(1..30_000));
        let step = app.lanes()[0].step();
        let geo = puzzle.geometry();
        for _ in 0..4 {
            let cell = geo.cell_at(rng.usize(..9), rng.usize(..9));
            app.update(Action::Inspect { lane: 0, cell });
            let history = app
                .inspect()
                .and_then(|i| i.history.clone())
                .expect("computed on click");
            let removed: Vec<(u8, u64)> = history
                .removed
                .iter()
                .map(|(d, l)| (d.get(), l.step))
                .collect();
            let assigned = history.assigned.map(|l| l.step);
            let given = puzzle.given(cell).is_some();
            let (want_removed, want_assigned) = history_oracle(&puzzle, name, step, cell);
            assert_eq!(
                removed, want_removed,
                "seed {seed} {name} step {step} {cell:?}"
            );
            if !given {
                assert_eq!(
                    assigned, want_assigned,
                    "seed {seed} {name} step {step} {cell:?}"
                );
            }
            for (_, logged) in &history.removed {
                assert!(
                    matches!(logged.event, dokuscope::solver::Event::Prune { cell: c, .. } if c == cell)
                );
            }
            app.update(Action::Inspect { lane: 0, cell });
        }
    }
}

#[test]
fn a_wipeout_names_the_depth_its_backtrack_goes_to() {
    use dokuscope::app::cursor::Logged;
    use dokuscope::app::event_words::explain;
    use dokuscope::solver::Event;
    let mut puzzles = vec![common::bundled().puzzle];
    puzzles.extend(hard_puzzles(3));
    let mut checked = 0;
    for puzzle in &puzzles {
        for name in ["fast", "bt", "cbt", "mrv-degree", "fc-mrv-lcv", "full"] {
            let strategy = preset::find(name).expect("preset").strategy;
            let search = Search::with_limits(
                puzzle,
                strategy,
                Limits {
                    solutions: 1,
                    nodes: None,
                    deadline: None,
                },
            )
            .expect("valid");
            let mut pending: Option<String> = None;
            for (i, event) in search.take(200_000).enumerate() {
                if let Some(words) = pending.take() {
                    let expected = match event {
                        Event::Backtrack { depth, .. } => format!("backtrack to depth {depth}"),
                        Event::Exhausted => "search exhausted".to_string(),
                        _ => String::from("(a backtrack or the end)"),
                    };
                    assert!(
                        words.ends_with(&expected),
                        "{name} step {i}: {words:?} then {event:?}"
                    );
                    checked += 1;
                }
                if matches!(event, Event::Wipeout { .. }) {
                    pending = Some(explain(
                        puzzle.geometry(),
                        &dokuscope::app::vocabulary::Voice::Engine(strategy.order),
                        &Logged {
                            step: i as u64 + 1,
                            event,
                            aux: 0,
                            cause_given: true,
                        },
                    ));
                }
            }
        }
    }
    assert!(checked > 100, "{checked} wipeouts checked");
}

/// A run key pressed K times in one burst (`App::repeat_run`, as `snapshot --decision K`
/// presses it) stops where K presses each run to its end stop, in watch and in compare
/// under both locks, a local search included; and on at the end when K is beyond it.
#[test]
fn a_burst_of_k_run_keys_stops_where_k_presses_do() {
    let top = public::first("top95.txt", 1).remove(0);
    let cases: [(&[&str], Lock, Action, u64); 7] = [
        (&["bt"], Lock::Events, Action::NextBacktrack, 700),
        (&["bt"], Lock::Events, Action::NextDecision, 900),
        (&["cbt"], Lock::Events, Action::NextWipeout, 400),
        (
            &["bt", "mrv", "fast"],
            Lock::Events,
            Action::NextDecision,
            300,
        ),
        (&["bt", "cbt"], Lock::Nodes, Action::NextWipeout, 250),
        (&["min-conflicts"], Lock::Events, Action::NextDecision, 40),
        (&["fast"], Lock::Events, Action::NextDecision, 10_000),
    ];
    for (presets, lock, action, k) in cases {
        let mut pressed = app_on(inline(&top), presets, lock);
        for _ in 0..k {
            pressed.update(action);
            settle(&mut pressed);
        }
        let mut burst = app_on(inline(&top), presets, lock);
        burst.repeat_run(action, k);
        settle(&mut burst);
        burst.end_burst();
        for app in [&mut pressed, &mut burst] {
            let later = app.now() + std::time::Duration::from_secs(1);
            app.on_tick(later, None);
        }
        let ctx = format!("{presets:?} {lock:?} {action:?} ×{k}");
        assert_eq!(burst.queued(), 0, "{ctx}");
        assert_eq!(text(&burst, 120, 40), text(&pressed, 120, 40), "{ctx}");
    }
}

/// Issue 44: after `s` in `compare -p mac -p mac-2001` the race was FINISHED but said "no
/// divergence yet: the first 302 decisions agree" (both made 1,101) until a key moved it
/// on; `snapshot --compare mrv,mac --end` printed the same. The view now keeps ticking
/// while the finder is behind the panes, as the terminal loop does, and says it at the end.
#[test]
fn a_finished_race_ends_up_saying_whether_the_panes_diverged() {
    let hard = dokuscope::cli::input::nth_puzzle(
        Some(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt")),
        1,
    )
    .expect("the bundled set");
    let source = dokuscope::app::Source {
        location: "puzzles/hard.txt:1".into(),
        index: 1,
        puzzle: hard.puzzle,
    };
    let mut app = app_on(source, &["mac", "mac-2001"], Lock::Events);
    app.update(Action::RunToEnd);
    settle(&mut app);
    assert!(app.all_finished());
    // The terminal loop: a tick whenever the app asks for one, then nothing (no key).
    for _ in 0..10_000 {
        let Some(wait) = app.next_wakeup() else { break };
        let now = app.now() + wait.max(std::time::Duration::from_millis(16));
        app.on_tick(now, None);
    }
    let screen = text(&app, 200, 60);
    assert!(
        screen.contains("no divergence: every pane made the same decisions"),
        "{screen}"
    );
}
