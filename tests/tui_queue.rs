//! The arc queue in watch and compare: its panel and the arc revised on the board (insta
//! snapshots at 80x24, 120x40, 200x60 and in a compare pane), stepping back through
//! revisions as exact as stepping forward, `x` over a whole propagation, `A` hiding the
//! panel, and a foreign stream's queue derived where its revisions follow AC-3's.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{app_on, draw, settle, text};
use dokuscope::app::{Action, App, Lane, Lock, Source};
use dokuscope::solver::arcs::ConstraintArc;
use dokuscope::solver::{Event, Puzzle};

/// puzzles/hard.txt #1, the README's puzzle.
fn hard() -> Source {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt"))
        .expect("the bundled puzzles");
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("a puzzle");
    Source {
        location: "puzzles/hard.txt:1".into(),
        index: 1,
        puzzle: line.parse::<Puzzle>().expect("a puzzle"),
    }
}

fn last(app: &App, lane: usize) -> Option<Event> {
    app.lanes()[lane].cursor().last().map(|l| l.event)
}

/// The first decision, then on to the first revision that removes a digit, and its prune:
/// the arc revised, its arrow, and the arcs put back are all on screen.
fn at_a_removal(presets: &[&str]) -> App {
    let mut app = app_on(hard(), presets, Lock::Events);
    app.update(Action::NextDecision);
    settle(&mut app);
    let lane = presets
        .iter()
        .position(|&p| p == "mac")
        .expect("a mac pane");
    for _ in 0..10_000 {
        app.update(Action::StepForward);
        if matches!(
            last(&app, lane),
            Some(Event::Revise {
                removed: Some(_),
                ..
            })
        ) {
            break;
        }
    }
    app.update(Action::StepForward);
    assert!(
        matches!(last(&app, lane), Some(Event::Prune { .. })),
        "{:?}",
        last(&app, lane)
    );
    app
}

#[test]
fn the_queue_panel_at_80x24_120x40_and_200x60() {
    let app = at_a_removal(&["mac"]);
    let screen = text(&app, 120, 40);
    assert!(screen.contains("AC-3 queue"), "{screen}");
    assert!(screen.contains("arcs into it put back"), "{screen}");
    assert!(screen.contains("next "), "{screen}");
    insta::assert_snapshot!("queue_80x24", draw(&app, 80, 24).backend());
    insta::assert_snapshot!("queue_120x40", draw(&app, 120, 40).backend());
    insta::assert_snapshot!("queue_200x60", draw(&app, 200, 60).backend());
}

#[test]
fn a_compare_pane_shows_its_queue_beside_mrvs_why_this_cell() {
    let app = at_a_removal(&["mrv", "mac"]);
    let screen = text(&app, 120, 40);
    assert!(screen.contains("AC-3 queue"), "{screen}");
    assert!(screen.contains("why this cell"), "{screen}");
    insta::assert_snapshot!("queue_compare_120x40", draw(&app, 120, 40).backend());
}

/// What the panel is drawn from, at one step.
type Shown = (
    usize,
    Vec<ConstraintArc>,
    Vec<ConstraintArc>,
    Option<String>,
);

fn shown(lane: &Lane) -> Shown {
    let queue = lane.cursor().queue().expect("mac keeps a queue");
    (
        queue.len(),
        queue.arcs().collect(),
        queue.put_back().collect(),
        queue.revised().map(|r| format!("{r:?}")),
    )
}

/// Stepping back one event at a time, over checkpoints and a backtrack, shows at every
/// step the queue that stepping forward showed there.
#[test]
fn stepping_back_through_revisions_is_as_exact_as_stepping_forward() {
    let mut app = app_on(hard(), &["mac"], Lock::Events);
    app.update(Action::NextBacktrack);
    settle(&mut app);
    let past = app.lanes()[0].step() + 300;
    app.update(Action::Home);
    let mut forward = vec![shown(&app.lanes()[0])];
    for _ in 0..past {
        app.update(Action::StepForward);
        forward.push(shown(&app.lanes()[0]));
    }
    assert!(
        forward.iter().any(|s| !s.2.is_empty() && s.3.is_some()),
        "arcs put back"
    );
    for step in (0..past).rev() {
        app.update(Action::StepBack);
        assert_eq!(app.lanes()[0].step(), step);
        assert_eq!(
            shown(&app.lanes()[0]),
            forward[step as usize],
            "step {step}"
        );
    }
}

/// `x` runs a whole propagation: from step 0 to the first select (the givens' fixpoint),
/// and from a decision to the next select or wipeout; the queue is then empty or stopped.
#[test]
fn x_skips_a_whole_propagation_and_p_goes_back_to_its_decision() {
    let mut app = app_on(hard(), &["mac"], Lock::Events);
    app.update(Action::SkipPropagation);
    settle(&mut app);
    assert!(
        matches!(last(&app, 0), Some(Event::Select { .. })),
        "{:?}",
        last(&app, 0)
    );
    let first = app.lanes()[0].step();
    assert!(
        first > 1000,
        "the givens' propagation revises many arcs: {first}"
    );
    assert!(app.lanes()[0].cursor().queue().expect("a queue").is_empty());
    let mut ends = 0;
    for _ in 0..20 {
        let from = app.lanes()[0].step();
        app.update(Action::SkipPropagation);
        settle(&mut app);
        let event = last(&app, 0).expect("an event");
        assert!(
            matches!(
                event,
                Event::Select { .. } | Event::Wipeout { .. } | Event::Solution { .. }
            ),
            "{event:?}"
        );
        assert!(app.lanes()[0].step() > from + 1, "a propagation at least");
        ends += usize::from(matches!(event, Event::Wipeout { .. }));
    }
    assert!(ends > 0, "some propagations end in a wipeout");
    app.update(Action::PrevDecision);
    assert!(last(&app, 0).is_some_and(|e| e.is_decision()));
}

#[test]
fn a_hides_the_queue_panel_and_shows_it_again() {
    let mut app = at_a_removal(&["mac"]);
    app.update(Action::ToggleQueue);
    assert!(!app.queue_panel());
    let screen = text(&app, 120, 40);
    assert!(!screen.contains("AC-3 queue"), "{screen}");
    assert!(screen.contains("arc queue panel off"), "{screen}");
    app.update(Action::ToggleQueue);
    assert!(text(&app, 120, 40).contains("AC-3 queue"));
}

/// A mrv pane has no queue, no revision counters and the usual legend.
#[test]
fn a_preset_without_revisions_shows_no_queue() {
    let app = app_on(hard(), &["mrv"], Lock::Events);
    assert!(app.lanes()[0].cursor().queue().is_none());
    let screen = text(&app, 120, 40);
    assert!(
        !screen.contains("queue") && !screen.contains("revisions"),
        "{screen}"
    );
}

/// A foreign stream's revisions play with their queue when they follow AC-3's order (here
/// mac's own trace, replayed as a stream), and say the queue is not derivable when not.
#[test]
fn a_streams_queue_is_derived_where_its_revisions_allow() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(["trace", puzzle, "-p", "mac"])
        .output()
        .expect("trace runs");
    let trace = String::from_utf8(out.stdout).expect("UTF-8");
    let path = dir.path().join("mac.jsonl");
    std::fs::write(&path, &trace).expect("written");
    let mut lane = dokuscope::cli::stream_file::lane(&path).expect("a stream");
    let strategy = dokuscope::solver::preset::find("mac")
        .expect("mac")
        .strategy;
    let mut engine =
        Lane::new("mac", &puzzle.parse().expect("a puzzle"), strategy).expect("a lane");
    for _ in 0..400 {
        lane.advance();
        engine.advance();
        assert_eq!(shown(&lane), shown(&engine), "step {}", lane.step());
    }
    assert!(lane.timeline().revises());
    // Two revisions swapped: the second is not the queue's next arc.
    let mut lines: Vec<&str> = trace.lines().collect();
    let a = lines
        .iter()
        .position(|l| l.contains("\"removed\":[]"))
        .expect("a revision without removal");
    let next = lines[a + 1..]
        .iter()
        .position(|l| l.contains("\"removed\":[]"))
        .map(|i| a + 1 + i)
        .expect("another");
    lines.swap(a, next);
    let swapped: Vec<String> = lines.iter().map(|l| strip_step(l)).collect();
    let path = dir.path().join("swapped.jsonl");
    std::fs::write(&path, swapped.join("\n") + "\n").expect("written");
    let mut lane = dokuscope::cli::stream_file::lane(&path).expect("a stream");
    while lane.step() < a as u64 {
        lane.advance();
    }
    assert!(!lane.cursor().queue().expect("a queue").derivable());
}

/// A trace line without its `step`, so that swapped lines stay in order by step.
fn strip_step(line: &str) -> String {
    match line.find("\"step\":") {
        Some(at) => {
            let end = line[at..].find(',').map_or(line.len(), |e| at + e + 1);
            format!("{}{}", &line[..at], &line[end..])
        }
        None => line.to_string(),
    }
}

#[test]
fn a_race_of_arc_presets_compares_their_revisions_and_checks() {
    let mut app = app_on(hard(), &["mac", "mac-2001", "mrv"], Lock::Events);
    app.update(Action::RunToEnd);
    settle(&mut app);
    assert!(app.all_finished());
    let screen = text(&app, 200, 60).replace('"', "");
    let row = |name: &str| {
        screen
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name) && l.contains('×'))
            .map(str::to_string)
            .expect("a summary row for each pane")
    };
    let header = screen
        .lines()
        .find(|l| l.trim_start().starts_with("summary"))
        .expect("the summary's header");
    assert!(
        header.contains("revisions") && header.contains("checks"),
        "{header}"
    );
    // The same search and the same revisions; AC-2001 makes fewer checks, so it is the
    // column's best, and a pane that revises no arcs has no entry there (not a best of 0).
    let counts =
        |name: &str| -> Vec<String> { row(name).split_whitespace().map(str::to_string).collect() };
    let (ac3, ac2001, mrv) = (counts("mac"), counts("mac-2001"), counts("mrv"));
    assert_eq!(ac3[12], ac2001[12], "revisions: {ac3:?} {ac2001:?}");
    assert_eq!(ac2001[15], "×1.00", "checks: {ac2001:?}");
    assert_ne!(ac3[15], "×1.00", "checks: {ac3:?}");
    assert_eq!((mrv[12].as_str(), mrv[13].as_str()), ("—", "—"), "{mrv:?}");
}
