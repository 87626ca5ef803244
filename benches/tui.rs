//! TUI speed: frame render time, events applied per second while fast-forwarding with
//! history recording (checkpoints and depth trace), jumps back from the end of a long
//! search, 4 panes at full speed; and the memory a long timeline holds.
//!
//! `cargo bench --bench tui`. The long searches are `bt` on top95 puzzles
//! (`puzzles/public/top95.txt`).

#![expect(clippy::cast_precision_loss, reason = "rates printed with one decimal")]

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::{long_lane, resident_kib, strategy, top95};

use divan::counter::ItemsCount;
use dokuscope::app::Lock;
use dokuscope::app::{Action, App, Lane, Source};
use dokuscope::tui;
use dokuscope::ui::{self, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn main() {
    report_long_timeline();
    report_mac();
    divan::main();
}

fn bundled() -> Source {
    let entry = dokuscope::cli::input::nth_puzzle(None, 1).expect("bundled puzzle");
    Source {
        location: entry.location.to_string(),
        index: 1,
        puzzle: entry.puzzle,
    }
}

fn app(presets: &[&str], lock: Lock) -> App {
    let presets: Vec<_> = presets
        .iter()
        .map(|n| (n.to_string(), strategy(n)))
        .collect();
    App::new(bundled(), &presets, lock).expect("valid")
}

fn report_long_timeline() {
    let before = resident_kib();
    let start = Instant::now();
    let lane = long_lane();
    let elapsed = start.elapsed();
    let (spacing, count) = lane.timeline().checkpoints();
    eprintln!(
        "long search: {} events in {:.2?} ({:.1} M events/s with history); checkpoints {count} every {spacing} events, ~{} KiB; resident memory +{} KiB",
        lane.step(),
        elapsed,
        lane.step() as f64 / elapsed.as_secs_f64() / 1e6,
        lane.timeline().approx_bytes() / 1024,
        resident_kib().saturating_sub(before),
    );
}

/// Watching `mac`, every arc revision an event: how many events a hard puzzle has (top95
/// #1, each of hardest), as watch plays it (to the first solution), against `mrv`'s; then
/// top95 #6's whole search fast-forwarded with history (checkpoints, depth trace, the
/// queue derived in every cursor): its rate, checkpoints and memory.
fn report_mac() {
    let events = |puzzle: &dokuscope::solver::Puzzle, name: &str| {
        let limits = dokuscope::solver::Limits {
            solutions: 1,
            ..dokuscope::solver::Limits::default()
        };
        dokuscope::solver::Search::with_limits(puzzle, strategy(name), limits)
            .map_or(0, Iterator::count)
    };
    let first = top95(1);
    eprintln!(
        "mac on top95 #1: {} events to the solution (mrv: {})",
        events(&first, "mac"),
        events(&first, "mrv")
    );
    let puzzles = common::set("hardest.txt", 11);
    for name in ["mac", "mrv"] {
        let counts: Vec<usize> = puzzles.iter().map(|p| events(p, name)).collect();
        eprintln!(
            "{name} on hardest: {} puzzles, {} events to their solutions, {:.0} a puzzle, {} at most",
            counts.len(),
            counts.iter().sum::<usize>(),
            counts.iter().sum::<usize>() as f64 / counts.len().max(1) as f64,
            counts.iter().max().unwrap_or(&0)
        );
    }
    let puzzle = top95(6);
    let before = resident_kib();
    let start = Instant::now();
    let mut lane = Lane::new("mac", &puzzle, strategy("mac")).expect("valid");
    while lane.advance().is_some() {}
    let elapsed = start.elapsed();
    let (spacing, count) = lane.timeline().checkpoints();
    eprintln!(
        "mac on top95 #6 fast-forwarded with history: {} events in {elapsed:.2?} ({:.2} M events/s); checkpoints {count} every {spacing} events, ~{} KiB; resident memory +{} KiB",
        lane.step(),
        lane.step() as f64 / elapsed.as_secs_f64() / 1e6,
        lane.timeline().approx_bytes() / 1024,
        resident_kib().saturating_sub(before),
    );
}

/// Events applied per second while fast-forwarding `mac` (top95 #6), history recorded and
/// the arc queue derived at every event: the first million events.
#[divan::bench(sample_count = 5)]
fn fast_forward_mac_with_history(bencher: divan::Bencher) {
    const EVENTS: u64 = 1_000_000;
    let puzzle = top95(6);
    bencher
        .counter(ItemsCount::new(EVENTS))
        .with_inputs(|| Lane::new("mac", &puzzle, strategy("mac")).expect("valid"))
        .bench_local_values(|mut lane| {
            for _ in 0..EVENTS {
                black_box(lane.advance());
            }
            lane
        });
}

/// One frame of the full 9×9 pencil-mark screen at 200×60, mid-search.
#[divan::bench]
fn render_watch_200x60(bencher: divan::Bencher) {
    let mut app = app(&["mrv-degree"], Lock::Events);
    for _ in 0..5 {
        app.update(Action::NextBacktrack);
        while app.running() {
            app.on_tick(app.now(), None);
        }
    }
    let area = Rect::new(0, 0, 200, 60);
    let mut buf = Buffer::empty(area);
    bencher.bench_local(|| {
        buf.reset();
        ui::render(black_box(&app), Theme { color: true }, area, &mut buf);
    });
}

/// One frame of a 4-pane race at 200×60.
#[divan::bench]
fn render_compare_4_panes_200x60(bencher: divan::Bencher) {
    let mut app = app(&["fast", "mrv-degree", "fc-mrv-lcv", "cbt"], Lock::Events);
    for _ in 0..300 {
        app.update(Action::StepForward);
    }
    let area = Rect::new(0, 0, 200, 60);
    let mut buf = Buffer::empty(area);
    bencher.bench_local(|| {
        buf.reset();
        ui::render(black_box(&app), Theme { color: true }, area, &mut buf);
    });
}

const FORWARD: u64 = 2_000_000;

/// Events applied per second while fast-forwarding a fresh `bt` search (top95 #1), with
/// checkpoints and the depth trace recorded.
#[divan::bench(sample_count = 10)]
fn fast_forward_with_history(bencher: divan::Bencher) {
    let puzzle = top95(1);
    bencher
        .counter(ItemsCount::new(FORWARD))
        .with_inputs(|| Lane::new("bt", &puzzle, strategy("bt")).expect("valid"))
        .bench_local_values(|mut lane| {
            for _ in 0..FORWARD {
                black_box(lane.advance());
            }
            lane
        });
}

/// Jump from the end of the 12.1M-event search back to step 1.
#[divan::bench(sample_count = 20)]
fn jump_back_to_step_1(bencher: divan::Bencher) {
    let lane = long_lane();
    let end = lane.step();
    bencher
        .with_inputs(|| lane.clone())
        .bench_local_values(|mut lane| {
            lane.seek(1);
            lane.refresh(Duration::ZERO, true);
            assert_eq!(lane.step(), 1);
            lane.seek(end);
            lane
        });
}

/// Jump from the end of the 12.1M-event search to a random step (then its details: why
/// this cell, undone cells).
#[divan::bench(sample_count = 50)]
fn jump_back_to_a_random_step(bencher: divan::Bencher) {
    let lane = long_lane();
    let end = lane.step();
    let mut rng = fastrand::Rng::with_seed(3);
    bencher
        .with_inputs(|| (lane.clone(), rng.u64(1..end)))
        .bench_local_values(|(mut lane, target)| {
            lane.seek(target);
            lane.refresh(Duration::ZERO, true);
            assert_eq!(lane.step(), target);
            lane
        });
}

/// Four panes (`bt`, `cbt`, `cbt-rl`, `mcv` on top95 #1) at full speed for 60 frames, as
/// the terminal loop runs them: 14 ms of solver work, a render, then the rest of the
/// 16.7 ms frame idle. Prints events per pane per second and the longest frame.
#[divan::bench(sample_count = 3)]
fn four_panes_sixty_frames_at_full_speed(bencher: divan::Bencher) {
    let puzzle = top95(1);
    let presets: Vec<_> = ["bt", "cbt", "cbt-rl", "mcv"]
        .iter()
        .map(|n| (n.to_string(), strategy(n)))
        .collect();
    let source = Source {
        location: "top95:1".into(),
        index: 1,
        puzzle,
    };
    bencher
        .with_inputs(|| {
            let mut app = App::new(source.clone(), &presets, Lock::Events).expect("valid");
            for _ in 0..11 {
                app.update(Action::Faster);
            }
            app.update(Action::TogglePlay);
            app
        })
        .bench_local_values(|mut app| {
            let area = Rect::new(0, 0, 200, 60);
            let mut buf = Buffer::empty(area);
            let start = Instant::now();
            let mut frames = Vec::with_capacity(60);
            for _ in 0..60 {
                let frame = Instant::now();
                app.on_tick(frame - start, Some(frame + tui::WORK_PER_FRAME));
                buf.reset();
                ui::render(&app, Theme { color: true }, area, &mut buf);
                frames.push(frame.elapsed());
                std::thread::sleep(dokuscope::app::FRAME.saturating_sub(frame.elapsed()));
            }
            let secs = start.elapsed().as_secs_f64();
            let running: Vec<u64> = app.lanes().iter().filter(|l| !l.at_end()).map(Lane::step).collect();
            let per_pane = running.iter().copied().max().unwrap_or(0);
            let first = frames[0];
            frames.sort_unstable();
            eprintln!(
                "4 panes ({} still running): {:.1} M events/s per running pane; frames: first {first:.1?}, median {:.1?}, 95% {:.1?}, longest {:.1?}",
                running.len(),
                per_pane as f64 / secs / 1e6,
                frames[30],
                frames[56],
                frames[59],
            );
            app
        });
}
