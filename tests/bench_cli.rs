//! `dokuscope bench` as a user runs it: bad input located and counted with exit code 2,
//! the formats on standard output or `--out`, no progress line off a terminal, Ctrl-C.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dokuscope-bench-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn bench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .arg("bench")
        .args(args)
        .output()
        .expect("dokuscope runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_missing_file_and_a_bad_line_are_located_counted_and_the_rest_still_runs() {
    let dir = scratch("bad");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{EASY}\n12x\n{EASY}\n")).expect("write");
    let missing = dir.join("missing.txt");
    let out = bench(&[
        missing.to_str().expect("utf-8"),
        bad.to_str().expect("utf-8"),
        "--jobs",
        "2",
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot open") && stderr.contains("missing.txt"),
        "{stderr}"
    );
    assert!(stderr.contains("bad.txt:2"), "{stderr}");
    assert!(
        stdout.contains("missing.txt: 0 puzzles, 1 bad input"),
        "{stdout}"
    );
    assert!(
        stdout.contains("bad.txt: 2 puzzles, 1 bad input"),
        "{stdout}"
    );
    assert!(
        !stderr.contains('\r'),
        "no progress line when standard error is not a terminal"
    );
}

#[test]
fn csv_goes_to_out_with_one_row_per_preset_and_puzzle() {
    let dir = scratch("csv");
    let input = dir.join("in.txt");
    std::fs::write(&input, format!("{EASY}\n{EASY}\n{EASY}\n")).expect("write");
    let csv = dir.join("out.csv");
    let out = bench(&[
        input.to_str().expect("utf-8"),
        "-p",
        "seed002",
        "--format",
        "csv",
        "--out",
        csv.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let written = std::fs::read_to_string(&csv).expect("the CSV file");
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(
        lines.len(),
        1 + 3 * 3,
        "header, then 3 puzzles × the 3 presets of seed002"
    );
    assert!(
        lines[1].starts_with("first,")
            && lines[2].starts_with("mrv,")
            && lines[3].starts_with("mrv-degree,")
    );
}

#[test]
fn json_names_the_presets_of_a_group_and_counts_every_puzzle() {
    let out = bench(&[
        EASY,
        "-p",
        "seed000",
        "--format",
        "json",
        "--node-limit",
        "100000",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["presets"], serde_json::json!(["cbt", "mcv"]));
    assert_eq!(report["node_limit"], 100_000);
    assert_eq!(report["files"][0]["summaries"][1]["verdicts"]["solved"], 1);
}

#[test]
fn a_bad_time_limit_is_refused() {
    let out = bench(&[EASY, "--time-limit=0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--time-limit"));
}

/// Whether process `pid` catches SIGINT (bit 2 of `SigCgt` in /proc).
#[cfg(target_os = "linux")]
fn catches_sigint(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << 1) != 0)
}

/// CPU time of process `pid` in clock ticks (utime + stime in /proc/pid/stat).
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    fields
        .get(11)
        .and_then(|u| u.parse::<u64>().ok())
        .unwrap_or(0)
        + fields
            .get(12)
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(0)
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_prints_the_partial_results_and_lists_the_unfinished_puzzle() {
    use std::time::{Duration, Instant};
    let dir = scratch("sigint");
    let input = dir.join("in.txt");
    std::fs::write(&input, format!("{EASY}\n{EASY}\n{EASY}\n{HARD}\n")).expect("write");
    let child = Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args([
            "bench",
            input.to_str().expect("utf-8"),
            "-p",
            "bt",
            "--jobs",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dokuscope runs");
    let pid = child.id();
    // Wait (polling, bounded) until the handler is set and bt is grinding on the hard puzzle.
    let give_up = Instant::now() + Duration::from_secs(20);
    while !(catches_sigint(pid) && cpu_ticks(pid) >= 10) && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(10));
    }
    let killed = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let out = child.wait_with_output().expect("dokuscope ends");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stdout.starts_with("INTERRUPTED"), "{stdout}");
    // Puzzles travel in batches: an easy one batched with the hard one is unfinished too.
    let counted = (0..=3)
        .find(|n| stdout.contains(&format!("in.txt: {n} puzzles")))
        .expect("a count");
    let unfinished = 4 - counted;
    assert!(
        stderr.contains(&format!("{unfinished} unfinished")) && stderr.contains("in.txt:4"),
        "{stderr}"
    );
}

#[test]
fn an_invalid_puzzle_is_located_counted_and_exits_2() {
    let dir = scratch("invalid");
    let input = dir.join("in.txt");
    std::fs::write(&input, format!("{EASY}\n11{}\n", ".".repeat(79))).expect("write");
    let out = bench(&[input.to_str().expect("utf-8"), "-p", "fast", "-p", "bt"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr.matches("in.txt:2: invalid").count(),
        1,
        "once, not once per preset: {stderr}"
    );
    assert!(
        stdout.contains("in.txt: 2 puzzles, 0 bad input"),
        "{stdout}"
    );
}

/// A preset that revises arcs gets a table of its revisions, checks and queue, and the
/// same figures in the JSON; the presets without revisions have none in either.
#[test]
fn the_arc_presets_report_their_revisions_checks_and_queue() {
    let dir = scratch("arcs");
    let file = dir.join("two.txt");
    std::fs::write(&file, format!("{EASY}\n{HARD}\n")).expect("write");
    let path = file.to_str().expect("utf-8");
    let out = bench(&[path, "-p", "mrv", "-p", "mac", "-p", "mac-2001"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let table = stdout
        .split("arc revisions per searched puzzle")
        .nth(1)
        .expect("the arc table");
    let rows: Vec<&str> = table
        .lines()
        .skip(2)
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(rows.len(), 2, "mac and mac-2001 only:\n{table}");
    assert!(
        rows[0].starts_with("mac ") && rows[1].starts_with("mac-2001"),
        "{table}"
    );
    let out = bench(&[
        path, "-p", "mrv", "-p", "mac", "-p", "mac-2001", "--format", "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let summaries = json["files"][0]["summaries"].as_array().expect("summaries");
    assert!(summaries[0].get("arcs").is_none(), "mrv revises nothing");
    let (ac3, ac2001) = (&summaries[1]["arcs"], &summaries[2]["arcs"]);
    assert!(ac3["revisions"]["sum"].as_u64() > Some(0), "{ac3}");
    assert_eq!(ac3["revisions"], ac2001["revisions"], "the same revisions");
    assert!(
        ac2001["checks"]["sum"].as_u64() < ac3["checks"]["sum"].as_u64(),
        "AC-2001 checks fewer pairs: {ac2001} against {ac3}"
    );
}
