//! The outputs parse back to the same numbers: CSV rows re-aggregate to the report's
//! summaries, and the JSON document reads back as the report.

use std::sync::atomic::AtomicBool;

use dokuscope::bench::csv::{self, HEADER};
use dokuscope::bench::tally::Tally;
use dokuscope::bench::{
    Collector, Config, Contender, Input, Observer, Report, RunLimits, Sample, Settings, Summary,
    run, table,
};
use dokuscope::solver::parse::{Location, PuzzleReader};
use dokuscope::solver::preset;
use serde_json::Value;

const SET: &str = "\
..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
11...............................................................................
12x
12345678.........9...............................................................
.................................................................................
52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
";

/// Aggregates and writes CSV rows, as `dokuscope bench --format csv` does.
struct Tee {
    collector: Collector,
    csv: Vec<u8>,
}

impl Observer for Tee {
    fn puzzle(&mut self, file: usize, location: &Location, samples: &[Sample]) {
        self.collector.puzzle(file, location, samples);
        for (name, sample) in self.collector.presets.iter().zip(samples) {
            csv::write_row(&mut self.csv, name, &location.source, location.line, sample)
                .expect("write to a Vec");
        }
    }

    fn bad(&mut self, file: usize, message: &str) {
        self.collector.bad(file, message);
    }
}

fn run_set() -> (Report, String) {
    let names = ["bt", "fast", "mrv"];
    let presets = names
        .iter()
        .map(|n| Contender::of(preset::find(n).expect("preset")))
        .collect();
    let limits = RunLimits {
        nodes: Some(5000),
        ..RunLimits::default()
    };
    let config = Config {
        presets,
        jobs: 2,
        limits,
    };
    let files = vec!["set, \"one\".txt".to_string()];
    let mut tee = Tee {
        collector: Collector::new(names.map(String::from).to_vec(), &files),
        csv: Vec::new(),
    };
    csv::write_header(&mut tee.csv, false).expect("write to a Vec");
    let inputs = PuzzleReader::new(&files[0], SET.as_bytes()).map(|item| match item {
        Ok(entry) => Input::Puzzle { file: 0, entry },
        Err(err) => Input::Bad {
            file: 0,
            message: err.to_string(),
        },
    });
    let end = run(&config, inputs, &mut tee, &AtomicBool::new(false));
    let settings = Settings {
        jobs: 2,
        count: 2,
        node_limit: Some(5000),
        time_limit: None,
        seeds: None,
    };
    (
        Report::new(&tee.collector, &end, settings),
        String::from_utf8(tee.csv).expect("utf-8"),
    )
}

/// Equal JSON values, numbers compared exactly when both are integers and to 1e-12
/// relative otherwise (`serde_json`'s default float parsing may be off by an ulp).
fn assert_same(a: &Value, b: &Value, path: &str) {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(x), Some(y)) = (x.as_u64(), y.as_u64()) {
                assert_eq!(x, y, "{path}");
            } else {
                let (x, y) = (x.as_f64().expect("number"), y.as_f64().expect("number"));
                assert!(
                    (x - y).abs() <= 1e-12 * x.abs().max(y.abs()),
                    "{path}: {x} vs {y}"
                );
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{path}");
            for (i, (x, y)) in x.iter().zip(y).enumerate() {
                assert_same(x, y, &format!("{path}[{i}]"));
            }
        }
        (Value::Object(x), Value::Object(y)) => {
            assert_eq!(
                x.keys().collect::<Vec<_>>(),
                y.keys().collect::<Vec<_>>(),
                "{path}"
            );
            for (k, v) in x {
                assert_same(v, &y[k], &format!("{path}.{k}"));
            }
        }
        _ => assert_eq!(a, b, "{path}"),
    }
}

#[test]
fn csv_rows_reaggregate_to_the_reported_summaries() {
    let (report, text) = run_set();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER));
    let rows: Vec<csv::Row> = lines
        .map(|l| csv::parse_row(l).expect("a data row"))
        .collect();
    assert_eq!(
        rows.len(),
        6 * 3,
        "six puzzles (the bad line has none) × three presets"
    );
    let f = &report.files[0];
    assert_eq!(f.bad_input, 1);
    for (i, name) in report.presets.iter().enumerate() {
        let mut tally = Tally::default();
        let mine: Vec<&csv::Row> = rows.iter().filter(|r| &r.preset == name).collect();
        assert!(
            mine.windows(2).all(|w| w[0].line < w[1].line),
            "{name}: rows in input order"
        );
        for row in mine {
            assert_eq!(row.file, f.file);
            tally.add(&row.sample, || format!("{}:{}", row.file, row.line));
        }
        let again = Summary::of(name, &f.file, &tally);
        let (a, b) = (
            serde_json::to_value(&again).expect("json"),
            serde_json::to_value(&f.summaries[i]).expect("json"),
        );
        assert_same(&a, &b, name);
    }
    let bt = &f.summaries[0];
    assert_eq!(bt.verdicts.limit, bt.limited.len() as u64);
    assert!(
        bt.verdicts.limit >= 1,
        "bt hits 5000 nodes on the top95 puzzles"
    );
}

#[test]
fn the_json_document_reads_back_as_the_report() {
    let (report, _) = run_set();
    let text = serde_json::to_string_pretty(&report).expect("json");
    let back: Report = serde_json::from_str(&text).expect("the report parses back");
    let (a, b) = (
        serde_json::to_value(&report).expect("json"),
        serde_json::to_value(&back).expect("json"),
    );
    assert_same(&a, &b, "report");
    assert_eq!(
        back.files[0].summaries[1].nodes.sum,
        report.files[0].summaries[1].nodes.sum
    );
}

#[test]
fn the_table_shows_every_preset_and_the_limited_puzzles() {
    let (report, _) = run_set();
    let text = table::render(&report);
    for name in [
        "bt*",
        "fast",
        "mrv",
        "ratio to the best",
        "hit the limit",
        "log₂ buckets",
    ] {
        assert!(text.contains(name), "{name} missing from\n{text}");
    }
}
