//! `examples/python/ortools_trace.py` against OR-tools' CP solver: its traces are consistent
//! on the bundled hard puzzles in every configuration, their counts are OR-tools' own
//! (decisions = branches − failures, backtracks = failures, solutions), and the stated
//! causes are the ones value propagation has. Skipped, with the reason printed, without a
//! python that imports `ortools` (`.ci/run` makes a virtual environment with it and names its
//! python in `DOKUSCOPE_ORTOOLS_PYTHON`).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::process::{Command, Output};

use serde_json::Value;

const SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/python/ortools_trace.py"
);
const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");

/// The python to run OR-tools with, or why there is none.
fn python() -> Result<String, String> {
    let python = std::env::var("DOKUSCOPE_ORTOOLS_PYTHON").unwrap_or_else(|_| "python3".into());
    match Command::new(&python)
        .args(["-c", "import ortools.constraint_solver"])
        .output()
    {
        Ok(out) if out.status.success() => Ok(python),
        Ok(_) => Err(format!(
            "{python} cannot import ortools (pip install ortools)"
        )),
        Err(e) => Err(format!("{python} does not run: {e}")),
    }
}

/// OR-tools' `branches`, `failures` and `solutions` from the trace's last line.
fn ortools_counts(trace: &str) -> (u64, u64, u64) {
    let last: Value =
        serde_json::from_str(trace.lines().last().expect("a last line")).expect("JSON");
    let count = |key: &str| last[key].as_u64().expect("a count on the last line");
    (count("branches"), count("failures"), count("solutions"))
}

fn check(path: &std::path::Path) -> (i32, Value) {
    let out: Output = Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(["check", "--format", "jsonl"])
        .arg(path)
        .output()
        .expect("the binary runs");
    let report = serde_json::from_slice(&out.stdout).expect("one JSON report");
    (out.status.code().expect("an exit code"), report)
}

#[test]
fn every_configuration_traces_consistently_with_or_tools_own_counts() {
    let python = match python() {
        Ok(p) => p,
        Err(why) => {
            eprintln!("SKIPPED: {why}; examples/python/ortools_trace.py was not run");
            return;
        }
    };
    let dir = tempfile::tempdir().expect("a scratch folder");
    let path = dir.path().join("run.jsonl");
    let configurations: [&[&str]; 4] = [
        &[],
        &["--select", "CHOOSE_FIRST_UNBOUND"],
        &["--propagation", "strong"],
        &["--all"],
    ];
    for index in ["1", "2", "3"] {
        for options in configurations {
            let out = Command::new(&python)
                .args([SCRIPT, HARD, "--index", index, "-o"])
                .arg(&path)
                .args(options)
                .output()
                .expect("python runs");
            let at = format!("hard.txt:{index} {options:?}");
            assert!(
                out.status.success(),
                "{at}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let trace = std::fs::read_to_string(&path).expect("the trace");
            let (branches, failures, solutions) = ortools_counts(&trace);
            let (code, report) = check(&path);
            assert_eq!(code, 0, "{at}: {report}");
            let stats = &report["stats"];
            assert_eq!(stats["nodes"], branches - failures, "{at}: decisions");
            assert_eq!(
                stats["backtracks"], failures,
                "{at}: one refutation a failure"
            );
            assert_eq!(stats["solutions"], solutions, "{at}");
            assert_eq!(solutions, 1, "{at}: the puzzles have one solution");
            let warnings: u64 = report["warning_counts"]
                .as_object()
                .map_or(0, |counts| counts.values().filter_map(Value::as_u64).sum());
            assert_eq!(warnings, 0, "{at}: {report}");
            let causes = &stats["prunes_by_cause"];
            assert_eq!(causes["refuted"], failures, "{at}");
            let unexplained = report["derived"]["prunes_without_cause"]
                .as_u64()
                .expect("a count");
            if options.contains(&"strong") {
                assert!(
                    unexplained > 0,
                    "{at}: the strong propagation's reasons are not visible"
                );
            } else {
                assert_eq!(
                    unexplained, 0,
                    "{at}: value propagation is forward checking"
                );
            }
            assert_eq!(
                trace
                    .lines()
                    .last()
                    .is_some_and(|l| l.contains("\"exhausted\"")),
                options.contains(&"--all"),
                "{at}"
            );
        }
    }
}
