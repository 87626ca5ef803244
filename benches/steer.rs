//! Breakpoint cost: fast-forward (playing at full speed, as the views do) with 0 and 10
//! breakpoints set, and reverse continue across a 12.1M-event search.
//!
//! `cargo bench --bench steer`. The searches are `bt` on top95 puzzles
//! (`puzzles/public/top95.txt`).

mod common;

use std::hint::black_box;

use common::{TEN, long_lane, strategy, top95};

use divan::counter::ItemsCount;
use dokuscope::app::breakpoints::Breakpoints;
use dokuscope::app::{Action, App, Lane, Lock, Phase, Source};

fn main() {
    report_reverse_cpu_time();
    divan::main();
}

/// CPU seconds this process has used (user + system), from /proc/self/stat: on a loaded
/// machine wall-clock times stretch, CPU time much less.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command's closing parenthesis; utime and stime are the 12th and
    // 13th of them, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: f64 = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|t| t.parse::<f64>().ok())
        .sum();
    ticks / 100.0
}

/// One reverse continue across the long search, timed in CPU and wall-clock seconds.
fn report_reverse_cpu_time() {
    let lane = long_lane();
    let set = eleven(lane);
    let lane = lane.clone();
    let (cpu, wall) = (cpu_seconds(), std::time::Instant::now());
    let found = set.find_back(&lane);
    eprintln!(
        "reverse continue across {} events: found {found:?} in {:.2} s CPU ({:.2?} wall)",
        lane.step(),
        cpu_seconds() - cpu,
        wall.elapsed()
    );
}

/// The ten breakpoints and `step 2`, on the long search's board.
fn eleven(lane: &Lane) -> Breakpoints {
    let geometry = lane.timeline().puzzle().geometry();
    let mut set = Breakpoints::default();
    for text in TEN.iter().chain(&["step 2"]) {
        set.add(text, geometry).expect("a good condition");
    }
    set
}

const FORWARD: u64 = 2_000_000;

/// Events a second while playing at full speed with `breakpoints` of [`TEN`] set.
#[divan::bench(args = [0, 10], sample_count = 10)]
fn fast_forward_with_breakpoints(bencher: divan::Bencher, breakpoints: usize) {
    let puzzle = top95(1);
    let source = Source {
        location: "top95:1".into(),
        index: 1,
        puzzle,
    };
    let bt = [("bt".to_string(), strategy("bt"))];
    bencher
        .counter(ItemsCount::new(FORWARD))
        .with_inputs(|| {
            let mut app = App::new(source.clone(), &bt, Lock::Events).expect("valid");
            for text in &TEN[..breakpoints] {
                app.add_breakpoint(text).expect("a good condition");
            }
            for _ in 0..dokuscope::app::SPEEDS.len() {
                app.update(Action::Faster);
            }
            app.update(Action::TogglePlay);
            app
        })
        .bench_local_values(|mut app| {
            while app.step() < FORWARD {
                app.on_tick(app.now(), None);
            }
            assert_ne!(app.phase(), Phase::Break, "no breakpoint hits");
            app
        });
}

/// Reverse continue from the end of the 12.1M-event search with the ten breakpoints and
/// `step 2`, which hits only at step 2: the worst case, every event is regenerated and
/// tested once (this is the search `C` runs; the seek to the hit is from checkpoint 0).
#[divan::bench(sample_count = 5)]
fn reverse_continue_across_12m_events(bencher: divan::Bencher) {
    let lane = long_lane();
    let set = eleven(lane);
    bencher
        .counter(ItemsCount::new(lane.step()))
        .with_inputs(|| lane.clone())
        .bench_local_values(|lane| {
            let found = set.find_back(&lane);
            assert_eq!(black_box(found), Some(2));
            lane
        });
}
