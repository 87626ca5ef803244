//! Reading and checking event streams: events per second through `Stream` (the JSON
//! scanner, the field readers and the board checker), as `dokuscope check` runs it.
//!
//! `cargo bench --bench check`. The streams are the engine's own traces, written in memory
//! before timing: `bt` on the first top95 puzzle (assign, prune with a conflict cause,
//! wipeout, backtrack, select) and `fast` on the first 20 top95 puzzles (every rule's
//! cause), from `puzzles/public/top95.txt`. The
//! fast-forward bench reads the `bt` trace from a temporary file through a watch timeline
//! (checkpoints, depth trace), as `watch --events` will.

#![expect(clippy::expect_used, reason = "benchmark set-up fails by panicking")]

use std::hint::black_box;
use std::sync::OnceLock;

use divan::counter::ItemsCount;
use dokuscope::cli::trace::EventWriter;
use dokuscope::solver::search::Limits;
use dokuscope::solver::stream::Stream;
use dokuscope::solver::{Puzzle, Replay, Search, preset};

fn main() {
    divan::main();
}

fn top95(count: usize) -> Vec<Puzzle> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/public/top95.txt");
    let text = std::fs::read_to_string(path).expect("puzzles/public/top95.txt");
    text.lines()
        .take(count)
        .map(|l| l.parse().expect("top95's lines are puzzles"))
        .collect()
}

/// One trace per puzzle, as `dokuscope trace` writes it, and its event count.
fn traces(preset_name: &str, puzzles: &[Puzzle], nodes: u64) -> (Vec<Vec<u8>>, u64) {
    let strategy = preset::find(preset_name).expect("a preset").strategy;
    let mut events = 0;
    let traces = puzzles
        .iter()
        .map(|puzzle| {
            let limits = Limits {
                solutions: 2,
                nodes: Some(nodes),
                deadline: None,
            };
            let search = Search::with_limits(puzzle, strategy, limits).expect("no clash");
            let mut out = format!(
                "{{\"type\":\"start\",\"version\":1,\"puzzle\":\"{}\"}}\n",
                puzzle.to_line()
            )
            .into_bytes();
            let mut replay = Replay::new(puzzle);
            let mut writer = EventWriter::new(puzzle.geometry(), strategy.order);
            for (step, event) in search.enumerate() {
                replay.apply(&event);
                writer
                    .write(&mut out, step + 1, &event, &replay)
                    .expect("written to memory");
                events += 1;
            }
            out
        })
        .collect();
    (traces, events)
}

fn bt() -> &'static (Vec<Vec<u8>>, u64) {
    static TRACE: OnceLock<(Vec<Vec<u8>>, u64)> = OnceLock::new();
    TRACE.get_or_init(|| traces("bt", &top95(1), 40_000))
}

fn fast() -> &'static (Vec<Vec<u8>>, u64) {
    static TRACE: OnceLock<(Vec<Vec<u8>>, u64)> = OnceLock::new();
    TRACE.get_or_init(|| traces("fast", &top95(20), 1_000_000))
}

fn check_all(traces: &[Vec<u8>]) -> u64 {
    let mut events = 0;
    for trace in traces {
        let mut stream = Stream::open("bench", trace.as_slice()).expect("a start object");
        while let Some(item) = stream.next_event() {
            black_box(item.expect("consistent"));
            events += 1;
        }
    }
    events
}

/// `bt`, 40,000 decisions: about 520 k events of the most common kinds.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn check_bt_trace(bencher: divan::Bencher) {
    let (traces, events) = bt();
    bencher
        .counter(ItemsCount::new(*events))
        .bench(|| assert_eq!(check_all(traces), *events));
}

/// `fast` on 20 top95 puzzles: every inference rule's cause checked.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn check_fast_traces(bencher: divan::Bencher) {
    let (traces, events) = fast();
    bencher
        .counter(ItemsCount::new(*events))
        .bench(|| assert_eq!(check_all(traces), *events));
}

/// The `bt` trace in a temporary file (left in the system's temporary directory).
fn bt_file() -> &'static std::path::PathBuf {
    static FILE: OnceLock<std::path::PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let path =
            std::env::temp_dir().join(format!("dokuscope-bench-bt-{}.jsonl", std::process::id()));
        std::fs::write(&path, &bt().0[0]).expect("the trace is written");
        path
    })
}

/// Watch's fast-forward over the `bt` trace file: a timeline from step 0 to the end.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn fast_forward_stream_timeline(bencher: divan::Bencher) {
    let path = bt_file();
    let events = bt().1;
    bencher.counter(ItemsCount::new(events)).bench(|| {
        let (mut timeline, mut cursor, _) =
            dokuscope::cli::stream_file::timeline(path).expect("a stream");
        while timeline.advance(&mut cursor).is_some() {}
        assert_eq!(cursor.step(), events);
        assert!(cursor.error().is_none());
    });
}
