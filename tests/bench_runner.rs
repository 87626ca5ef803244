//! The runner: parallel and serial runs agree, results come in input order, the input is
//! read at most a window ahead, limits are honoured and listed, a stop ends the run early.

#[path = "common/public.rs"]
mod public;

use std::cell::Cell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use dokuscope::bench::runner::WINDOW_PER_JOB;
use dokuscope::bench::{
    Collector, Config, Contender, Input, Observer, RunLimits, Sample, Summary, Verdict, run,
};
use dokuscope::solver::parse::{Location, PuzzleReader};
use dokuscope::solver::preset;

/// Project Euler's first puzzle: easy.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// The first of top95: hard for plain backtracking (longer than 20 s under `bt`).
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// Two 1s in the first row.
const INVALID: &str =
    "11...............................................................................";
/// r1c9 can only hold 9, which column 9 already holds.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
/// No givens: many solutions.
const EMPTY: &str =
    ".................................................................................";

fn inline_set() -> String {
    [EASY, HARD, INVALID, "12x", UNSOLVABLE, EMPTY, EASY].join("\n") + "\n"
}

fn inputs(name: &str, text: String) -> impl Iterator<Item = Input> {
    PuzzleReader::new(name, std::io::Cursor::new(text.into_bytes())).map(|item| match item {
        Ok(entry) => Input::Puzzle { file: 0, entry },
        Err(err) => Input::Bad {
            file: 0,
            message: err.to_string(),
        },
    })
}

/// The text of a public set (`puzzles/public`).
#[allow(clippy::panic, reason = "a test fails naming the file it cannot read")]
fn public_set(file: &str) -> String {
    let path = public::path(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Records every callback, with times zeroed so that runs compare.
#[derive(Default)]
struct Record {
    rows: Vec<(usize, Vec<Sample>)>,
    bad: Vec<String>,
}

impl Observer for Record {
    fn puzzle(&mut self, _file: usize, location: &Location, samples: &[Sample]) {
        self.rows.push((
            location.line,
            samples.iter().map(|s| Sample { nanos: 0, ..*s }).collect(),
        ));
    }

    fn bad(&mut self, _file: usize, message: &str) {
        self.bad.push(message.to_string());
    }
}

fn config(names: &[&str], jobs: usize, limits: RunLimits) -> Config {
    let presets = names
        .iter()
        .map(|n| Contender::of(preset::find(n).expect("a preset")))
        .collect();
    Config {
        presets,
        jobs,
        limits,
    }
}

fn record(config: &Config, name: &str, text: String) -> Record {
    let mut record = Record::default();
    let end = run(
        config,
        inputs(name, text),
        &mut record,
        &AtomicBool::new(false),
    );
    assert!(!end.interrupted && end.unfinished.is_empty());
    assert_eq!(end.reported, record.rows.len() as u64);
    record
}

#[test]
fn verdicts_of_the_inline_set_are_as_labelled_and_bad_lines_are_located() {
    use Verdict::{Invalid, Multiple, Solved, Unsolvable};
    let limits = RunLimits {
        nodes: Some(10_000),
        ..RunLimits::default()
    };
    let r = record(
        &config(&["fast", "mrv"], 2, limits),
        "inline.txt",
        inline_set(),
    );
    let lines: Vec<usize> = r.rows.iter().map(|(line, _)| *line).collect();
    assert_eq!(
        lines,
        vec![1, 2, 3, 5, 6, 7],
        "input order, the bad line 4 left out"
    );
    let verdicts: Vec<Option<Verdict>> = r.rows.iter().map(|(_, s)| s[0].verdict).collect();
    assert_eq!(
        verdicts,
        [Solved, Solved, Invalid, Unsolvable, Multiple, Solved]
            .map(Some)
            .to_vec()
    );
    assert_eq!(r.bad.len(), 1);
    assert!(r.bad[0].starts_with("inline.txt:4"), "{}", r.bad[0]);
}

#[test]
fn parallel_and_serial_runs_give_identical_counters_in_input_order() {
    let names = ["fast", "mrv", "cbt"];
    let limits = RunLimits {
        nodes: Some(20_000),
        ..RunLimits::default()
    };
    let mut sets = vec![("inline.txt".to_string(), inline_set())];
    sets.push(("top95.txt".to_string(), public_set("top95.txt")));
    for (name, text) in sets {
        let serial = record(&config(&names, 1, limits), &name, text.clone());
        let parallel = record(&config(&names, 4, limits), &name, text);
        assert!(
            serial.rows.windows(2).all(|w| w[0].0 < w[1].0),
            "{name}: input order"
        );
        assert_eq!(serial.rows, parallel.rows, "{name}");
        assert_eq!(serial.bad, parallel.bad, "{name}");
    }
}

#[test]
fn a_node_limit_is_honoured_counted_and_listed() {
    let limits = RunLimits {
        nodes: Some(1000),
        ..RunLimits::default()
    };
    let cfg = config(&["bt", "fast"], 2, limits);
    let mut collector = Collector::new(vec!["bt".into(), "fast".into()], &["h.txt".to_string()]);
    let text = [EASY, HARD].join("\n");
    run(
        &cfg,
        inputs("h.txt", text),
        &mut collector,
        &AtomicBool::new(false),
    );
    let bt = Summary::of("bt", "h.txt", &collector.files[0].presets[0]);
    let fast = Summary::of("fast", "h.txt", &collector.files[0].presets[1]);
    assert_eq!((bt.verdicts.solved, bt.verdicts.limit), (1, 1));
    assert_eq!(bt.limited, vec!["h.txt:2".to_string()]);
    assert!(bt.nodes.max <= 1000, "{}", bt.nodes.max);
    assert_eq!(
        fast.verdicts.solved, 2,
        "fast needs far fewer than 1000 decisions"
    );
}

#[test]
fn a_time_limit_ends_plain_backtracking_on_a_hard_puzzle() {
    let limits = RunLimits {
        time: Some(Duration::from_millis(20)),
        ..RunLimits::default()
    };
    let r = record(&config(&["bt"], 1, limits), "h.txt", HARD.to_string());
    assert_eq!(r.rows[0].1[0].verdict, Some(Verdict::Limit));
}

#[test]
fn the_runner_reads_at_most_a_window_ahead_of_what_it_reported() {
    struct Ahead {
        pulled: Rc<Cell<u64>>,
        reported: u64,
        most: u64,
    }
    impl Observer for Ahead {
        fn puzzle(&mut self, _: usize, _: &Location, _: &[Sample]) {
            self.reported += 1;
            self.most = self.most.max(self.pulled.get() - self.reported);
        }
        fn bad(&mut self, _: usize, _: &str) {}
    }
    let pulled = Rc::new(Cell::new(0u64));
    let tally = Rc::clone(&pulled);
    let counted = inputs("many.txt", format!("{EASY}\n").repeat(2000))
        .inspect(move |_| tally.set(tally.get() + 1));
    let mut ahead = Ahead {
        pulled: Rc::clone(&pulled),
        reported: 0,
        most: 0,
    };
    run(
        &config(&["fast"], 2, RunLimits::default()),
        counted,
        &mut ahead,
        &AtomicBool::new(false),
    );
    assert_eq!((pulled.get(), ahead.reported), (2000, 2000));
    assert!(
        ahead.most <= 2 * WINDOW_PER_JOB as u64,
        "read {} ahead",
        ahead.most
    );
}

#[test]
fn a_stop_ends_the_run_early_and_accounts_for_every_puzzle_read() {
    struct StopAfter<'a> {
        stop: &'a AtomicBool,
        reported: u64,
    }
    impl Observer for StopAfter<'_> {
        fn puzzle(&mut self, _: usize, _: &Location, _: &[Sample]) {
            self.reported += 1;
            if self.reported == 5 {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        fn bad(&mut self, _: usize, _: &str) {}
    }
    let stop = AtomicBool::new(false);
    let pulled = Rc::new(Cell::new(0u64));
    let tally = Rc::clone(&pulled);
    let counted = inputs("many.txt", format!("{EASY}\n").repeat(5000))
        .inspect(move |_| tally.set(tally.get() + 1));
    let mut observer = StopAfter {
        stop: &stop,
        reported: 0,
    };
    let end = run(
        &config(&["fast"], 2, RunLimits::default()),
        counted,
        &mut observer,
        &stop,
    );
    assert!(end.interrupted);
    assert!(end.reported < 5000 && end.reported >= 5, "{}", end.reported);
    assert_eq!(end.reported, observer.reported);
    assert_eq!(end.reported + end.unfinished.len() as u64, pulled.get());
}

#[test]
fn every_puzzle_read_is_reported_whatever_the_batch_boundaries() {
    for n in [1usize, 2, 63, 64, 65, 700, 3001] {
        for jobs in [1, 3] {
            let r = record(
                &config(&["fast"], jobs, RunLimits::default()),
                "many.txt",
                format!("{EASY}\n").repeat(n),
            );
            assert_eq!(r.rows.len(), n, "{n} puzzles on {jobs} jobs");
            assert!(
                r.rows
                    .iter()
                    .enumerate()
                    .all(|(i, (line, _))| *line == i + 1),
                "{n} puzzles on {jobs} jobs: in order"
            );
        }
    }
}
