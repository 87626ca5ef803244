//! `examples/python/aima_trace.py` against aima-python's own code in ../shared/peers: every
//! configuration of `backtracking_search` traced on a few puzzles is consistent, its counts
//! are AIMA's (`nassigns`), a seed gives one trace, and the `mac` tuple bug shows as
//! warnings. Skipped, with the reason printed, without python3, numpy and sortedcontainers
//! (`.ci/run` makes a virtual environment with them and names its python in
//! `DOKUSCOPE_PYTHON`).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const AIMA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/peers/aima-python");
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/python/aima_trace.py");
const TOP95: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/public/top95.txt");
/// Easy puzzles: AIMA with inference solves them at once; plain backtracking may take
/// minutes in Python, so every run stops at [`LIMIT`] assignments.
const EASY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/easy.txt");
/// Assignments a run may make (each takes a few seconds at most).
const LIMIT: &str = "4000";

/// The python to run AIMA with, or why there is none.
fn python() -> Result<String, String> {
    let python = std::env::var("DOKUSCOPE_PYTHON").unwrap_or_else(|_| "python3".into());
    if !Path::new(AIMA).join("aima/csp.py").exists() {
        return Err(format!("{AIMA} holds no aima/csp.py"));
    }
    match Command::new(&python)
        .args(["-c", "import numpy, sortedcontainers"])
        .output()
    {
        Ok(out) if out.status.success() => Ok(python),
        Ok(_) => Err(format!("{python} lacks numpy or sortedcontainers")),
        Err(e) => Err(format!("{python} does not run: {e}")),
    }
}

/// The adapter's trace and its standard error.
fn trace(python: &str, args: &[&str]) -> (Vec<u8>, String) {
    let out = Command::new(python)
        .arg(SCRIPT)
        .args(args)
        .args(["--aima", AIMA])
        .output()
        .expect("python runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {stderr}");
    (out.stdout, stderr)
}

fn check(stream: &[u8]) -> (i32, Value) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(["check", "--format", "jsonl", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stream.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out: Output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    let report = serde_json::from_slice(&out.stdout).expect("one JSON report");
    (out.status.code().expect("an exit code"), report)
}

/// AIMA's `nassigns`, as the adapter reports it on standard error.
fn nassigns(stderr: &str) -> u64 {
    stderr
        .rsplit("nassigns ")
        .next()
        .and_then(|n| n.trim().parse().ok())
        .expect("nassigns on standard error")
}

#[test]
fn every_configuration_traces_consistently_with_aima_s_own_counts() {
    let python = match python() {
        Ok(p) => p,
        Err(why) => {
            eprintln!("skipped: {why}; examples/python/aima_trace.py was not run");
            return;
        }
    };
    for select in ["first_unassigned_variable", "mrv"] {
        for order in ["unordered_domain_values", "lcv"] {
            for inference in ["no_inference", "forward_checking", "mac"] {
                for index in ["1", "3"] {
                    let args = [
                        EASY,
                        "--index",
                        index,
                        "--select",
                        select,
                        "--order",
                        order,
                        "--inference",
                        inference,
                        "--limit",
                        LIMIT,
                    ];
                    let (stream, stderr) = trace(&python, &args);
                    let (code, report) = check(&stream);
                    assert_eq!(code, 0, "{args:?}: {report}");
                    let stats = &report["stats"];
                    let solved = stderr.contains("solved");
                    assert!(solved || stderr.contains("limit"), "{args:?}: {stderr}");
                    assert_eq!(stats["solutions"], u64::from(solved), "{args:?}: {report}");
                    if inference != "no_inference" && select == "mrv" {
                        assert!(solved, "{args:?}: {stderr}");
                    }
                    assert_eq!(stats["assignments"], nassigns(&stderr), "{args:?}");
                    if solved {
                        // Every given was assigned by the search, as AIMA's variables are.
                        let givens = report["puzzle"]
                            .as_str()
                            .expect("the puzzle")
                            .chars()
                            .filter(char::is_ascii_digit)
                            .count() as u64;
                        assert!(
                            stats["givens"].as_u64() >= Some(givens),
                            "{args:?}: {report}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_seed_gives_one_trace_and_mac_s_tuple_bug_is_warned_about() {
    let python = match python() {
        Ok(p) => p,
        Err(why) => {
            eprintln!("skipped: {why}; examples/python/aima_trace.py was not run");
            return;
        }
    };
    let args = [
        TOP95,
        "--select",
        "mrv",
        "--inference",
        "mac",
        "--seed",
        "0",
    ];
    let (first, stderr) = trace(&python, &args);
    let (again, _) = trace(&python, &args);
    assert!(first == again, "the same seed gave two traces");
    let (code, report) = check(&first);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["stats"]["assignments"], nassigns(&stderr));
    // AC3b's (False, checks) is a true tuple: the search goes on below cells whose only
    // candidate a peer holds, and check says so.
    let below = report["warning_counts"]["below_contradiction"]
        .as_u64()
        .expect("a count");
    assert!(below > 100, "{report}");
    // Forward checking returns a plain False: the same search without the bug is clean.
    let (fc, _) = trace(
        &python,
        &[TOP95, "--select", "mrv", "--inference", "forward_checking"],
    );
    let (code, report) = check(&fc);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["warning_counts"]["below_contradiction"], 0);
}
