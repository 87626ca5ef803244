//! `--decide`: forced decisions come first, with `"by":"user"`, in the given order; the
//! trace of a forced run replays cleanly on an independent board (a plain array, no engine
//! code); an illegal or malformed decision exits 2 with a message naming it.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "steer/oracle.rs"]
mod oracle;

use dokuscope::solver::search::Schedule;
use dokuscope::solver::{Event, Puzzle, Search, preset};
use oracle::run;
use serde_json::Value;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/seed003_example.txt");

fn lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

fn cell_index(name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').expect("rRcC");
    (r.parse::<usize>().expect("row") - 1) * 9 + c.parse::<usize>().expect("col") - 1
}

fn peers(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// Replays a 9×9 trace on plain arrays: every assign is legal (open cell, digit in its
/// domain, no peer holds it), every prune removes a present digit, a backtrack restores the
/// state before its decision, a wipeout empties what it names, a solution is complete.
fn replay_cleanly(trace: &[Value]) -> Result<(), String> {
    let start = &trace[0];
    let givens: Vec<u8> = start["puzzle"]
        .as_str()
        .expect("puzzle")
        .bytes()
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect();
    let mut values = givens.clone();
    let mut domains: Vec<u16> = givens
        .iter()
        .map(|&v| if v == 0 { 0b11_1111_1110 } else { 1 << v })
        .collect();
    let mut saved: Vec<(Vec<u8>, Vec<u16>)> = Vec::new();
    for (i, e) in trace.iter().enumerate().skip(1) {
        let at = |what: &str| format!("line {}: {what}: {e}", i + 1);
        let cell = e.get("cell").and_then(Value::as_str).map(cell_index);
        let digit = e.get("digit").and_then(Value::as_u64).map(|d| d as u8);
        match e["type"].as_str().expect("type") {
            "assign" => {
                let (c, d) = (cell.expect("cell"), digit.expect("digit"));
                if values[c] != 0 || domains[c] & (1 << d) == 0 {
                    return Err(at("assigns outside the domain"));
                }
                if (0..81).any(|p| peers(c, p) && values[p] == d) {
                    return Err(at("assigns a digit a peer holds"));
                }
                if e["cause"]["rule"] == "decision" {
                    saved.push((values.clone(), domains.clone()));
                }
                values[c] = d;
                domains[c] = 1 << d;
            }
            "prune" => {
                let (c, d) = (cell.expect("cell"), digit.expect("digit"));
                if domains[c] & (1 << d) == 0 {
                    return Err(at("prunes an absent digit"));
                }
                domains[c] &= !(1 << d);
            }
            "backtrack" => {
                let depth = e["depth"].as_u64().expect("depth") as usize;
                if saved.len() != depth + 1 {
                    return Err(at("backtracks to a depth that is not one less"));
                }
                (values, domains) = saved.pop().expect("a saved state");
            }
            "wipeout" if cell.is_some_and(|c| domains[c] != 0 && values[c] == 0) => {
                return Err(at("a wipeout of a cell with candidates"));
            }
            "solution" if values.contains(&0) => {
                return Err(at("a solution with empty cells"));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The trace's decisions as (cell, digit, by).
fn decisions(trace: &[Value]) -> Vec<(String, u64, Option<String>)> {
    trace
        .iter()
        .filter(|e| e["type"] == "assign" && e["cause"]["rule"] == "decision")
        .map(|e| {
            (
                e["cell"].as_str().expect("cell").to_string(),
                e["digit"].as_u64().expect("digit"),
                e["cause"]
                    .get("by")
                    .and_then(Value::as_str)
                    .map(str::to_string),
            )
        })
        .collect()
}

/// The first select after the forced ones: its cell with the last digit of its domain
/// (not the one ascending order tries first).
fn next_choice(trace: &[Value], after: usize) -> Option<String> {
    let select = trace.iter().filter(|e| e["type"] == "select").nth(after)?;
    let last = select["domain"].as_array()?.last()?.as_u64()?;
    Some(format!("{}={last}", select["cell"].as_str()?))
}

#[test]
fn forced_decisions_come_first_by_the_user_and_replay_cleanly() {
    let mut checked = 0;
    for p in ["mrv", "fc-mrv", "mcv", "full", "mrv-degree"] {
        let plain = lines(&run(&["trace", EXAMPLE, "-p", p, "--count", "1"]).stdout);
        let mut forced: Vec<String> = Vec::new();
        let mut trace = plain;
        for k in 0..3 {
            let Some(choice) = next_choice(&trace, k) else {
                break;
            };
            forced.push(choice);
            let decide = forced.join(",");
            let out = run(&[
                "trace", EXAMPLE, "-p", p, "--count", "1", "--decide", &decide,
            ]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{p} --decide {decide}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            trace = lines(&out.stdout);
            assert_eq!(replay_cleanly(&trace), Ok(()), "{p} --decide {decide}");
            let made = decisions(&trace);
            for (i, f) in forced.iter().enumerate() {
                let (cell, digit) = f.split_once('=').expect("c=d");
                assert_eq!(
                    (
                        made[i].0.as_str(),
                        made[i].1.to_string().as_str(),
                        made[i].2.as_deref()
                    ),
                    (cell, digit, Some("user")),
                    "{p} --decide {decide}: decision {}",
                    i + 1
                );
            }
            assert!(
                made[forced.len()..].iter().all(|d| d.2.is_none()),
                "{p}: only the forced decisions are the user's"
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn an_illegal_or_malformed_decision_exits_2_naming_it() {
    for (decide, words) in [
        (
            "r1c2=5",
            "decision 1 (r1c2=5) is refused: r1c2 already holds 9",
        ),
        (
            "r1c1=9",
            "decision 1 (r1c1=9) is refused: 9 is not in r1c1's domain",
        ),
        (
            "r1c1=2,r1c2=5",
            "decision 2 (r1c2=5) is refused: r1c2 already holds 9",
        ),
        ("r1c1=2,r9c", "column 8: expected a decision like r5c3=7"),
        ("r10c1=2", "column 1: r10c1 is off the 9×9 board"),
        ("r1c1=0", "column 1: 0 is not a digit"),
    ] {
        for command in ["trace", "solve"] {
            let out = run(&[command, EXAMPLE, "-p", "mrv", "--decide", decide]);
            assert_eq!(out.status.code(), Some(2), "{command} --decide {decide}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains(words), "{command} --decide {decide}: {err}");
        }
    }
    // A forced decision whose turn never comes (the search needs fewer) is an error too.
    let out = run(&["solve", EXAMPLE, "-p", "fast", "--decide", "r1c1=7"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn solve_with_forced_decisions_still_finds_the_solution() {
    let plain = run(&["solve", EXAMPLE, "-p", "mrv"]);
    let trace = lines(&run(&["trace", EXAMPLE, "-p", "mrv", "--count", "1"]).stdout);
    let choice = next_choice(&trace, 0).expect("a select");
    let forced = run(&["solve", EXAMPLE, "-p", "mrv", "--decide", &choice]);
    assert_eq!(forced.status.code(), Some(0));
    assert_eq!(
        forced.stdout, plain.stdout,
        "the unique solution, either way"
    );
}

#[test]
fn a_clone_of_a_forced_search_re_runs_identically() {
    let puzzle: Puzzle = dokuscope::cli::input::nth_puzzle(Some(EXAMPLE), 1)
        .expect("example")
        .puzzle;
    let strategy = preset::find("fc-mrv").expect("preset").strategy;
    let trace = lines(&run(&["trace", EXAMPLE, "-p", "fc-mrv", "--count", "1"]).stdout);
    let choice = next_choice(&trace, 0).expect("a select");
    let schedule = Schedule::parse(&choice, puzzle.geometry()).expect("parses");
    let mut search = Search::new(&puzzle, strategy)
        .expect("valid")
        .with_schedule(schedule);
    let head: Vec<Event> = search.by_ref().take(300).collect();
    let checkpoint = search.clone();
    let rest: Vec<Event> = search.collect();
    let again: Vec<Event> = checkpoint.collect();
    assert_eq!(rest, again);
    assert!(
        head.iter().chain(&rest).any(|e| matches!(
            e,
            Event::Assign {
                cause: dokuscope::solver::AssignCause::UserDecision,
                ..
            }
        )),
        "the forced decision is made"
    );
}

#[test]
fn a_forced_select_carries_its_cells_real_tie_break() {
    // #37: a forced select's score read "degree":0. The degree (open peers) and the
    // constraints (assigned peers) are counted here on the trace's own board.
    let hard = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
    for (preset, field) in [("mrv-degree", "degree"), ("full", "constraints")] {
        let out = run(&["trace", hard, "-p", preset, "--decide", "r2c3=1"]);
        assert_eq!(out.status.code(), Some(0), "{preset}");
        let trace = lines(&out.stdout);
        let mut values: Vec<u8> = trace[0]["puzzle"]
            .as_str()
            .expect("puzzle")
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect();
        let select = trace
            .iter()
            .find(|e| {
                if e["type"] == "assign" {
                    let at = cell_index(e["cell"].as_str().expect("cell"));
                    values[at] = e["digit"].as_u64().expect("digit") as u8;
                }
                e["type"] == "select"
            })
            .expect("a select");
        assert_eq!(select["cell"], "r2c3");
        let cell = cell_index("r2c3");
        let open = (0..81)
            .filter(|&p| peers(cell, p) && values[p] == 0)
            .count();
        let expected = if field == "degree" { open } else { 20 - open };
        assert!(expected > 0, "{preset}");
        assert_eq!(select["score"][field], expected, "{preset}: {select}");
    }
}
