//! What the board shows of a failure under conflict-directed backjumping: the culprits as
//! they arrive, the jump target only once it is known (never the latest culprit so far
//! while culprits still arrive), and the decisions a backjump jumps over, marked on the
//! board, named in its legend and in the explanation line. Checked against the trace's own
//! lines, then drawn (insta snapshots at 80×24 and 120×40).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/app.rs"]
mod common;

use common::{after_flash, draw, settle};
use dokuscope::app::{Action, App, Lock, Source};
use dokuscope::solver::{Cell, Geometry};
use dokuscope::ui::Theme;
use dokuscope::ui::board::{BoardLayout, BoardMarks, BoardView};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;
use serde_json::Value;

const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");

fn app(preset: &str) -> App {
    let entry = dokuscope::cli::input::nth_puzzle(Some(HARD), 1).expect("puzzle");
    let source = Source {
        // As `watch puzzles/hard.txt` names it (the snapshots hold no checkout's path).
        location: format!("puzzles/hard.txt:{}", entry.location.line),
        index: 1,
        puzzle: entry.puzzle,
    };
    let named = dokuscope::cli::presets::resolve(preset).expect("a preset");
    App::new(source, &[named], Lock::Events).expect("an app")
}

/// Goes to `step` as `g` does.
fn go(app: &mut App, step: u64) {
    app.update(Action::GoTo);
    for c in step.to_string().chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
    settle(app);
    after_flash(app);
    assert_eq!(app.step(), step);
}

/// The trace's lines up to `until` steps.
fn lines(preset: &str, until: u64) -> Vec<Value> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(["trace", HARD, "-p", preset, "--count", "1", "--until"])
        .arg(format!("step {until}"))
        .output()
        .expect("the binary runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &Value| v.get("step").is_some())
        .collect()
}

fn geometry(app: &App) -> &Geometry {
    app.lanes()[0].timeline().puzzle().geometry()
}

fn name(app: &App, cell: Cell) -> String {
    geometry(app).cell_name(cell).to_string()
}

fn target(app: &App) -> Option<String> {
    let look = app.lanes()[0].cursor().look();
    look.target().map(|c| name(app, c))
}

fn jumped_over(app: &App) -> Vec<String> {
    let look = app.lanes()[0].cursor().look();
    look.jump()
        .map(|j| j.over.iter().map(|&(c, _)| name(app, c)).collect())
        .unwrap_or_default()
}

/// Step by step through the first failures: at every culprit no target is marked (the
/// conflict set is not complete); from the wipeout the culprits end with, through its
/// backtrack, the target is the last culprit, and it is the decision the backtrack undoes;
/// the decisions marked as jumped over are the ones after the target, as the `assign`
/// lines say.
#[test]
fn the_target_is_marked_only_once_the_culprits_are_all_in() {
    for preset in ["fc-cbj", "cbj"] {
        let until = 1_500;
        let trace = lines(preset, until);
        let mut app = app(preset);
        let mut culprits: Vec<String> = Vec::new();
        let mut decisions: Vec<String> = Vec::new();
        let mut known: Option<(String, Vec<String>)> = None;
        let (mut checked_culprits, mut checked_jumps) = (0, 0);
        for line in &trace {
            app.update(Action::StepForward);
            let kind = line["type"].as_str().expect("type");
            let cell = line["cell"].as_str().unwrap_or_default().to_string();
            let depth = line["depth"].as_u64().unwrap_or(0) as usize;
            match kind {
                "culprit" => {
                    culprits.push(cell);
                    assert_eq!(
                        target(&app),
                        None,
                        "{preset} step {}: culprits arriving",
                        app.step()
                    );
                    checked_culprits += 1;
                }
                "wipeout" => {
                    let last = culprits.last().cloned().expect("cbj explains its wipeouts");
                    let level = decisions
                        .iter()
                        .position(|d| *d == last)
                        .expect("a decision");
                    known = Some((last, decisions[level + 1..].to_vec()));
                    let (t, over) = known.clone().expect("known");
                    assert_eq!(target(&app), Some(t), "{preset} step {}", app.step());
                    assert_eq!(jumped_over(&app), over, "{preset} step {}", app.step());
                }
                "backtrack" => {
                    let (t, over) = known.take().expect("a wipeout before");
                    assert_eq!(
                        t,
                        cell,
                        "{preset} step {}: the backtrack undoes the target",
                        app.step()
                    );
                    assert_eq!(decisions[depth + 1..].to_vec(), over);
                    assert_eq!(target(&app), Some(t), "{preset} step {}", app.step());
                    assert_eq!(jumped_over(&app), over, "{preset} step {}", app.step());
                    decisions.truncate(depth);
                    culprits.clear();
                    checked_jumps += usize::from(!over.is_empty());
                }
                "assign" if line["cause"]["rule"] == "decision" => decisions.push(cell),
                "select" => assert_eq!(target(&app), None, "{preset}: a new node clears it"),
                _ => {}
            }
        }
        assert_eq!(app.step(), until);
        assert!(
            checked_culprits > 50 && checked_jumps > 0,
            "{preset}: {checked_culprits} {checked_jumps}"
        );
    }
}

/// The board alone, full size, at the app's step.
fn board(app: &App) -> Buffer {
    let layout = BoardLayout::new(3, false);
    let area = Rect::new(0, 0, layout.width(), layout.height());
    let mut buf = Buffer::empty(area);
    let marks = BoardMarks::default();
    let view = BoardView {
        lane: &app.lanes()[0],
        theme: Theme { color: true },
        now: app.now(),
        layout,
        inspected: None,
        heat: false,
        teach: &marks,
    };
    (&view).render(area, &mut buf);
    buf
}

/// The style of the middle of `cell` on a full 9×9 board.
fn style_at(buf: &Buffer, row: usize, col: usize) -> ratatui::style::Style {
    let x = 1 + col * 7 + col / 3 + 3;
    let y = 1 + row * 3 + row / 3 + 1;
    buf[(x as u16, y as u16)].style()
}

fn bottom(buf: &Buffer) -> String {
    let y = buf.area.height - 1;
    (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect()
}

#[test]
fn fc_cbj_at_step_287_marks_the_culprit_but_no_target_until_the_wipeout() {
    let mut app = app("fc-cbj");
    go(&mut app, 287);
    let theme = Theme { color: true };
    let buf = board(&app);
    // r1c2 is the first culprit; the target (r1c4) is not known yet.
    assert_eq!(style_at(&buf, 0, 1).bg, theme.culprit().bg);
    assert_ne!(style_at(&buf, 0, 3).bg, theme.jump_target().bg);
    assert!(bottom(&buf).contains(" culprit "), "{}", bottom(&buf));
    assert!(!bottom(&buf).contains("target"), "{}", bottom(&buf));
    insta::assert_snapshot!(
        "lookback_culprit_no_target_120x40",
        draw(&app, 120, 40).backend()
    );
    insta::assert_snapshot!(
        "lookback_culprit_no_target_80x24",
        draw(&app, 80, 24).backend()
    );
    go(&mut app, 289);
    let buf = board(&app);
    assert_eq!(style_at(&buf, 0, 1).bg, theme.culprit().bg);
    assert_eq!(
        style_at(&buf, 0, 3).bg,
        theme.jump_target().bg,
        "r1c4 once the wipeout is in"
    );
    insta::assert_snapshot!(
        "lookback_target_at_wipeout_120x40",
        draw(&app, 120, 40).backend()
    );
}

#[test]
fn cbj_marks_and_names_the_decisions_a_backjump_jumps_over() {
    let mut app = app("cbj");
    let theme = Theme { color: true };
    // Step 247 undoes r4c8=8 and jumps over r4c9, r5c2, r5c4 and r5c5 (the trace's
    // decisions after r4c8 at depth 25 of 29).
    let trace = lines("cbj", 247);
    let last = trace.last().expect("a line");
    assert_eq!(
        (last["type"].as_str(), last["cell"].as_str()),
        (Some("backtrack"), Some("r4c8"))
    );
    for step in [246, 247] {
        go(&mut app, step);
        let buf = board(&app);
        for (row, col) in [(3, 8), (4, 1), (4, 3), (4, 4)] {
            let style = style_at(&buf, row, col);
            assert_eq!(
                style.bg,
                theme.jumped_over().bg,
                "step {step} r{}c{}",
                row + 1,
                col + 1
            );
            assert!(style.add_modifier.contains(Modifier::CROSSED_OUT));
        }
        assert_eq!(style_at(&buf, 3, 7).bg, theme.jump_target().bg, "r4c8");
        assert!(
            bottom(&buf).contains(" culprit ─ jump target ─ jumped over "),
            "{}",
            bottom(&buf)
        );
    }
    let screen = draw(&app, 120, 40).backend().to_string();
    assert!(
        screen.contains("(r4c9=9, r5c2=4, r5c4=2, r5c5=1), back to depth 24"),
        "{screen}"
    );
    let narrow = draw(&app, 80, 24).backend().to_string();
    assert!(
        narrow.contains("jump over r4c9=9, r5c2=4, r5c4=2, r5c5=1"),
        "{narrow}"
    );
    insta::assert_snapshot!("lookback_backjump_120x40", draw(&app, 120, 40).backend());
    insta::assert_snapshot!("lookback_backjump_80x24", draw(&app, 80, 24).backend());
    go(&mut app, 246);
    insta::assert_snapshot!(
        "lookback_backjump_wipeout_120x40",
        draw(&app, 120, 40).backend()
    );
    insta::assert_snapshot!(
        "lookback_backjump_wipeout_80x24",
        draw(&app, 80, 24).backend()
    );
}
