//! Aggregate arithmetic on a fixed tiny set: exact counts, means, nearest-rank medians and
//! percentiles, the no-guess share, throughput, histogram buckets and ratios.

use dokuscope::bench::summary::{RATIO_COLUMNS, ratios};
use dokuscope::bench::tally::Tally;
use dokuscope::bench::{Sample, Summary, Verdict};

/// (verdict, nanos, nodes, backtracks, prunes) for puzzles on lines 1..=10 of `t.txt`.
const SET: [(Verdict, u64, u64, u64, u64); 10] = [
    (Verdict::Solved, 3000, 0, 0, 50),
    (Verdict::Solved, 1000, 0, 0, 40),
    (Verdict::Solved, 2000, 4, 3, 60),
    (Verdict::Solved, 10000, 100, 99, 500),
    (Verdict::Unsolvable, 5000, 7, 7, 70),
    (Verdict::Multiple, 4000, 9, 8, 80),
    (Verdict::Limit, 8000, 50, 49, 300),
    (Verdict::Invalid, 10, 0, 0, 0),
    (Verdict::Solved, 6000, 1, 1, 55),
    (Verdict::Solved, 7000, 2, 2, 65),
];

fn tally(time_factor: u64) -> Tally {
    let mut tally = Tally::default();
    for (i, &(verdict, nanos, nodes, backtracks, prunes)) in SET.iter().enumerate() {
        let wipeouts = u64::from(verdict != Verdict::Invalid);
        let sample = Sample {
            verdict: Some(verdict),
            nanos: nanos * time_factor,
            nodes,
            backtracks,
            prunes,
            wipeouts,
            ..Sample::default()
        };
        tally.add(&sample, || format!("t.txt:{}", i + 1));
    }
    tally
}

#[test]
fn summary_of_a_fixed_set_has_exact_figures() {
    let s = Summary::of("p", "t.txt", &tally(1));
    assert_eq!(s.puzzles, 10);
    assert_eq!(
        (
            s.verdicts.solved,
            s.verdicts.unsolvable,
            s.verdicts.multiple,
            s.verdicts.limit,
            s.verdicts.invalid
        ),
        (6, 1, 1, 1, 1)
    );
    // The invalid puzzle is not searched: 9 values in each series.
    // nanos sorted: 1000 2000 3000 4000 5000 6000 7000 8000 10000.
    assert_eq!((s.nanos.count, s.nanos.sum), (9, 46000));
    assert!((s.nanos.mean - 46000.0 / 9.0).abs() < 1e-9);
    assert_eq!(s.nanos.median, 5000, "rank ⌈0.5·9⌉ = 5");
    assert_eq!(s.nanos.p90, 10000, "rank ⌈0.9·9⌉ = 9");
    assert_eq!(s.nanos.p99, 10000);
    assert_eq!(s.nanos.max, 10000);
    // nodes sorted: 0 0 1 2 4 7 9 50 100.
    assert_eq!(
        (s.nodes.sum, s.nodes.median, s.nodes.p90, s.nodes.max),
        (173, 4, 100, 100)
    );
    assert!((s.nodes.mean - 173.0 / 9.0).abs() < 1e-9);
    // backtracks sorted: 0 0 1 2 3 7 8 49 99.
    assert_eq!(
        (s.backtracks.sum, s.backtracks.median, s.backtracks.max),
        (169, 3, 99)
    );
    // prunes sorted: 40 50 55 60 65 70 80 300 500.
    assert_eq!(
        (s.prunes.sum, s.prunes.median, s.prunes.p90, s.prunes.max),
        (1220, 65, 500, 500)
    );
    assert_eq!(s.no_guess, 2);
    assert!((s.no_guess_share - 2.0 / 9.0).abs() < 1e-12);
    assert!((s.wipeouts_mean - 1.0).abs() < 1e-12);
    assert!((s.puzzles_per_second - 9.0 / 46000e-9).abs() < 1e-6);
    assert_eq!(s.limited, vec!["t.txt:7".to_string()]);
    // Buckets: 0 → 2 puzzles; 1; 2-3; 4-7 (4, 7); 8-15 (9); 16-31 none; 32-63 (50); 64-127 (100).
    assert_eq!(s.histogram.buckets, vec![2, 1, 1, 2, 1, 0, 1, 1]);
}

#[test]
fn ratios_are_relative_to_the_best_preset_in_each_column() {
    let fast = Summary::of("fast", "t.txt", &tally(1));
    let slow = Summary::of("slow", "t.txt", &tally(3));
    let r = ratios(&[slow, fast]);
    let column = |name: &str| {
        RATIO_COLUMNS
            .iter()
            .position(|(c, _)| *c == name)
            .expect("a ratio column")
    };
    for name in [
        "µs mean",
        "µs median",
        "µs p90",
        "µs p99",
        "µs max",
        "puzzles/s",
    ] {
        assert!(
            (r[0][column(name)].expect("finite") - 3.0).abs() < 1e-9,
            "{name}: {:?}",
            r[0]
        );
        assert!(
            (r[1][column(name)].expect("finite") - 1.0).abs() < 1e-12,
            "{name}"
        );
    }
    assert_eq!(
        r[0][column("nodes mean")],
        Some(1.0),
        "same search, same nodes"
    );
}

#[test]
fn a_zero_best_gives_no_finite_ratio_to_a_nonzero_value() {
    let mut none = Tally::default();
    let mut some = Tally::default();
    none.add(
        &Sample {
            verdict: Some(Verdict::Solved),
            nanos: 5,
            ..Sample::default()
        },
        String::new,
    );
    some.add(
        &Sample {
            verdict: Some(Verdict::Solved),
            nanos: 5,
            nodes: 3,
            ..Sample::default()
        },
        String::new,
    );
    let r = ratios(&[Summary::of("a", "f", &none), Summary::of("b", "f", &some)]);
    let nodes = RATIO_COLUMNS
        .iter()
        .position(|(c, _)| *c == "nodes mean")
        .expect("column");
    assert_eq!(r[0][nodes], Some(1.0));
    assert_eq!(r[1][nodes], None);
}

#[test]
fn all_files_sums_the_files_up() {
    use dokuscope::bench::{Collector, Observer, Report, RunEnd, Settings};
    use dokuscope::solver::parse::Location;
    let files = ["a.txt".to_string(), "b.txt".to_string()];
    let mut collector = Collector::new(vec!["p".into()], &files);
    for (file, &(verdict, nanos, nodes, backtracks, prunes)) in
        SET.iter().enumerate().map(|(i, s)| (i % 2, s))
    {
        let location = Location {
            source: files[file].as_str().into(),
            line: 1,
        };
        let sample = Sample {
            verdict: Some(verdict),
            nanos,
            nodes,
            backtracks,
            prunes,
            ..Sample::default()
        };
        collector.puzzle(file, &location, &[sample]);
    }
    collector.bad(1, "b.txt:9: bad");
    let report = Report::new(&collector, &RunEnd::default(), Settings::default());
    let all = report.all_files.expect("two files, so a sum");
    let (a, b, s) = (
        &report.files[0].summaries[0],
        &report.files[1].summaries[0],
        &all.summaries[0],
    );
    assert_eq!((a.puzzles, b.puzzles, s.puzzles), (5, 5, 10));
    assert_eq!(s.nodes.sum, a.nodes.sum + b.nodes.sum);
    assert_eq!(s.nodes.sum, 173);
    assert_eq!(
        s.nanos.median, 5000,
        "the median of all ten, not of the two medians"
    );
    assert_eq!(all.bad_input, 1);
    assert_eq!(s.limited, vec!["a.txt:1".to_string()]);
}
