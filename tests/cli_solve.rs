//! The built binary: `solve --format jsonl` fields and exit codes, `--node-limit`, the
//! `trace` JSON Lines schema, and `presets`.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

#[path = "common/cli.rs"]
mod cli;

use cli::run;
use std::process::Output;

use common::digits_of_line;
use common::is_solution_of;
use dokuscope::solver::preset::{DEFAULT, PRESETS, default_preset, find};
use dokuscope::solver::{Puzzle, Search};
use serde_json::{Map, Value};

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/seed003_example.txt");
const EXAMPLE_LINE: &str =
    ".94...13..............76..2.8..1.....32.........2...6.....5.4.......8..7..63.4..8";
/// Two givens 5 in row 1: r1c3 and r1c7.
const CONFLICT_LINE: &str =
    "..5...5..........................................................................";
/// No candidate is left for r1c1 (row 1 holds 2..9, column 1 holds 1).
const UNSOLVABLE_LINE: &str =
    ".23456789...........................1............................................";
const EMPTY_LINE: &str =
    ".................................................................................";

/// The JSON objects of `output`'s standard output, one a line.
fn json_lines(output: &Output) -> Vec<Map<String, Value>> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(
            |line| match serde_json::from_str(line).expect("a JSON line") {
                Value::Object(map) => map,
                other => unreachable!("not an object: {other}"),
            },
        )
        .collect()
}

fn keys(map: &Map<String, Value>) -> Vec<&str> {
    let mut keys: Vec<&str> = map.keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

fn solve_jsonl(args: &[&str], stdin: &str) -> (Vec<Map<String, Value>>, i32) {
    let mut all = vec!["solve", "--format", "jsonl"];
    all.extend_from_slice(args);
    let output = run(&all, stdin);
    (
        json_lines(&output),
        output.status.code().expect("an exit code"),
    )
}

#[test]
fn solve_jsonl_reports_status_solution_and_every_counter() {
    let (results, code) = solve_jsonl(&[EXAMPLE], "");
    assert_eq!(code, 0);
    assert_eq!(results.len(), 1);
    let r = &results[0];
    assert_eq!(
        keys(r),
        [
            "micros",
            "puzzle",
            "solution",
            "solutions",
            "source",
            "stats",
            "status"
        ]
    );
    assert_eq!(r["source"], format!("{EXAMPLE}:1"));
    assert_eq!(r["puzzle"], EXAMPLE_LINE);
    assert_eq!(r["status"], "solved");
    assert_eq!(r["solutions"], 1);
    assert!(r["micros"].is_u64());
    let solution = r["solution"].as_str().expect("a solution line");
    assert!(
        is_solution_of(&digits_of_line(EXAMPLE_LINE), &digits_of_line(solution)),
        "{solution}"
    );

    let stats = r["stats"].as_object().expect("stats");
    assert_eq!(
        keys(stats),
        [
            "assignments",
            "backjumps",
            "backtracks",
            "events",
            "max_depth",
            "nodes",
            "prunes",
            "prunes_by_cause",
            "restarts",
            "skipped",
            "solutions",
            "wipeouts"
        ]
    );
    let by_cause = stats["prunes_by_cause"]
        .as_object()
        .expect("prunes by cause");
    assert_eq!(
        keys(by_cause),
        [
            "conflict",
            "forward_check",
            "hidden_pair",
            "hidden_single",
            "locked_candidates",
            "naked_pair",
            "refuted",
            "revise"
        ]
    );
    let sum: u64 = by_cause
        .values()
        .map(|v| v.as_u64().expect("a count"))
        .sum();
    assert_eq!(stats["prunes"], sum);
    assert_eq!(stats["solutions"], 1);

    // The counters are the library's for the default preset.
    let puzzle: Puzzle = EXAMPLE_LINE.parse().expect("the example");
    let outcome = Search::new(&puzzle, default_preset().strategy)
        .expect("valid")
        .run();
    assert_eq!(
        r["stats"],
        serde_json::to_value(outcome.stats).expect("stats serialise")
    );
}

#[test]
fn solve_reports_invalid_givens_with_the_conflict_and_exits_two() {
    let (results, code) = solve_jsonl(&["-"], &format!("{CONFLICT_LINE}\n"));
    assert_eq!(code, 2);
    let r = &results[0];
    assert_eq!(r["status"], "invalid");
    // Located as a parse error is (#37: the location was missing here).
    assert_eq!(r["error"], "-:1: r1c3 and r1c7 both hold 5");
    assert_eq!(r["source"], "-:1");
    assert_eq!(r["solution"], Value::Null);
    assert_eq!(r["stats"], Value::Null);
}

#[test]
fn exit_codes_say_whether_every_puzzle_was_solved() {
    let cases: [(&str, &[&str], &str, i32); 5] = [
        ("all solved", &[], EXAMPLE_LINE, 0),
        ("unsolvable", &[], UNSOLVABLE_LINE, 1),
        ("multiple", &[], EMPTY_LINE, 1),
        (
            "solved, then unsolvable",
            &[],
            &format!("{EXAMPLE_LINE}\n{UNSOLVABLE_LINE}")[..],
            1,
        ),
        (
            "node limit",
            &["--preset", "bt", "--node-limit", "3"],
            EXAMPLE_LINE,
            1,
        ),
    ];
    for (what, args, stdin, expected) in cases {
        let (results, code) = solve_jsonl(&[args, &["-"][..]].concat(), &format!("{stdin}\n"));
        assert_eq!(code, expected, "{what}: {results:?}");
    }
    let (results, _) = solve_jsonl(&["-"], &format!("{UNSOLVABLE_LINE}\n{EMPTY_LINE}\n"));
    let statuses: Vec<&Value> = results.iter().map(|r| &r["status"]).collect();
    assert_eq!(statuses, ["unsolvable", "multiple"]);
    assert_eq!(results[1]["solutions"], 2);
}

#[test]
fn a_bad_line_between_good_ones_gives_three_results_and_exit_two() {
    let bad_lines = [
        (
            format!("{}x", &EXAMPLE_LINE[..80]),
            "-:2:81: 'x' is not a cell symbol",
        ),
        (EXAMPLE_LINE[..80].to_string(), "-:2: 80 cells, expected 81"),
        // Nine symbols, as a file name or a note in a puzzle list might have.
        ("top95.txt".to_string(), "-:2:1: 't' is not a cell symbol"),
    ];
    for (bad, error) in bad_lines {
        let (results, code) =
            solve_jsonl(&["-"], &format!("{EXAMPLE_LINE}\n{bad}\n{EXAMPLE_LINE}\n"));
        assert_eq!(code, 2, "{bad}");
        assert_eq!(results.len(), 3, "{bad}: {results:?}");
        assert_eq!(results[0]["status"], "solved");
        assert_eq!(results[1]["status"], "invalid");
        assert_eq!(results[1]["error"], error);
        assert_eq!(results[1]["source"], "-:2");
        assert_eq!(results[2]["status"], "solved");
        assert_eq!(results[2]["source"], "-:3");
    }
}

#[test]
fn a_node_limit_ends_the_search_with_status_limit() {
    let (results, code) = solve_jsonl(&["--preset", "bt", "--node-limit", "3", EXAMPLE], "");
    assert_eq!(code, 1);
    assert_eq!(results[0]["status"], "limit");
    assert_eq!(results[0]["stats"]["nodes"], 3);
    assert_eq!(results[0]["solution"], Value::Null);
}

#[test]
fn the_line_format_prints_the_solution_and_the_status() {
    let output = run(
        &["solve", "-"],
        format!("{EXAMPLE_LINE}\n{UNSOLVABLE_LINE}\n"),
    );
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    let (grid, status) = lines[0].split_once(' ').expect("grid and status");
    assert_eq!(status, "solved");
    assert!(is_solution_of(
        &digits_of_line(EXAMPLE_LINE),
        &digits_of_line(grid)
    ));
    assert_eq!(lines[1], format!("{UNSOLVABLE_LINE} unsolvable"));
}

/// Checks one trace event object against the schema; returns its type.
fn check_trace_event(event: &Map<String, Value>) -> String {
    let kind = event["type"].as_str().expect("a type").to_string();
    let is_cell = |v: &Value| {
        let s = v.as_str().unwrap_or_default();
        s.starts_with('r')
            && s.contains('c')
            && s[1..]
                .split('c')
                .all(|n| n.parse::<u8>().is_ok_and(|n| (1..=9).contains(&n)))
    };
    let is_unit = |v: &Value| {
        let s = v.as_str().unwrap_or_default();
        ["row ", "column ", "box "]
            .iter()
            .any(|k| s.strip_prefix(k).is_some_and(|n| n.parse::<u8>().is_ok()))
    };
    let depth_ok = event.get("depth").is_some_and(Value::is_u64);
    let ok = match kind.as_str() {
        "select" => {
            is_cell(&event["cell"])
                && depth_ok
                && event["domain"].is_array()
                && event["heuristic"].is_string()
                && event["score"]["candidates"].is_u64()
        }
        "assign" => {
            let rule = event["cause"]["rule"].as_str().unwrap_or_default();
            is_cell(&event["cell"])
                && event["digit"].is_u64()
                && depth_ok
                && match rule {
                    "decision" | "naked_single" => {
                        event["cause"].as_object().is_some_and(|c| c.len() == 1)
                    }
                    "hidden_single" => is_unit(&event["cause"]["unit"]),
                    _ => false,
                }
        }
        "prune" => {
            let cause = &event["cause"];
            is_cell(&event["cell"])
                && event["digit"].is_u64()
                && depth_ok
                && match cause["rule"].as_str().unwrap_or_default() {
                    "forward_check" => is_cell(&cause["from"]),
                    "revise" => is_cell(&cause["against"]),
                    "hidden_single" => is_unit(&cause["unit"]) && cause["digit"].is_u64(),
                    "naked_pair" => {
                        is_unit(&cause["unit"])
                            && cause["cells"]
                                .as_array()
                                .is_some_and(|c| c.len() == 2 && c.iter().all(is_cell))
                    }
                    "hidden_pair" => {
                        is_unit(&cause["unit"])
                            && cause["digits"].as_array().is_some_and(|d| d.len() == 2)
                    }
                    "conflict" => is_cell(&cause["with"]),
                    "refuted" => cause.as_object().is_some_and(|c| c.len() == 1),
                    _ => false,
                }
        }
        "wipeout" => {
            depth_ok
                && (is_cell(&event["cell"]) || (is_unit(&event["unit"]) && event["digit"].is_u64()))
        }
        "backtrack" => is_cell(&event["cell"]) && event["digit"].is_u64() && depth_ok,
        "solution" => depth_ok && event["grid"].as_str().is_some_and(|g| g.len() == 81),
        "exhausted" | "limit" => event.len() == 2,
        _ => false,
    };
    assert!(
        ok,
        "an event off the schema: {}",
        Value::Object(event.clone())
    );
    kind
}

/// The example's solution with every third cell of its first four rows emptied: plain
/// backtracking traces it in a few thousand events.
const DENSE_LINE: &str =
    ".94.82.36.68.31.45.15.76.82.89.15.24432869571157243869821657493943128657576394218";

#[test]
fn trace_prints_a_start_object_then_one_object_per_event() {
    let cases = [
        ("mrv-degree", EXAMPLE, EXAMPLE_LINE),
        ("full", EXAMPLE, EXAMPLE_LINE),
        ("bt", DENSE_LINE, DENSE_LINE),
    ];
    for (preset, arg, line) in cases {
        let output = run(&["trace", "--preset", preset, arg], "");
        assert_eq!(output.status.code(), Some(0), "{preset}");
        let lines = json_lines(&output);
        let start = &lines[0];
        assert_eq!(
            keys(start),
            [
                "infer", "order", "preset", "puzzle", "size", "source", "type", "values", "version"
            ]
        );
        assert_eq!(start["version"], 1, "docs/trace-format.md version");
        assert_eq!(
            (&start["type"], &start["preset"], &start["size"]),
            (&"start".into(), &preset.into(), &9.into())
        );
        assert_eq!(start["puzzle"], line);
        let strategy = find(preset).expect("a preset").strategy;
        assert_eq!(start["order"], strategy.order.name());
        assert_eq!(start["values"], strategy.values.name());
        assert_eq!(start["infer"], strategy.inference.normalised().to_string());

        let events = &lines[1..];
        let mut solutions = Vec::new();
        let mut kinds = std::collections::BTreeSet::new();
        for (i, event) in events.iter().enumerate() {
            assert_eq!(
                event["step"],
                i + 1,
                "{preset}: steps count from 1 without gaps"
            );
            let kind = check_trace_event(event);
            if kind == "solution" {
                solutions.push(event["grid"].as_str().expect("a grid").to_string());
            }
            kinds.insert(kind);
        }
        // As many events as the library yields, and the same solutions.
        let puzzle: Puzzle = line.parse().expect("a puzzle");
        let outcome = Search::new(&puzzle, strategy).expect("valid").run();
        assert_eq!(events.len() as u64, outcome.stats.events, "{preset}");
        assert_eq!(solutions.len() as u64, outcome.stats.solutions, "{preset}");
        assert_eq!(
            solutions.first(),
            outcome.solution.map(|p| p.to_line()).as_ref(),
            "{preset}"
        );
        let last = if outcome.stats.solutions < 2 {
            "exhausted"
        } else {
            "solution"
        };
        assert_eq!(
            events.last().map(|e| &e["type"]),
            Some(&last.into()),
            "{preset}"
        );
        assert!(
            kinds.contains("backtrack") && kinds.contains("prune"),
            "{preset}: {kinds:?}"
        );
    }
}

#[test]
fn trace_names_the_assigned_peer_of_a_forward_checking_prune() {
    // r3c5 holds 7 in the example: forward checking prunes 7 from its peers, from r3c5.
    let output = run(
        &["trace", "--preset", "cbt", "--node-limit", "1", EXAMPLE],
        "",
    );
    let lines = json_lines(&output);
    let from_r3c5: Vec<_> = lines
        .iter()
        .filter(|e| {
            e["type"] == "prune"
                && e["cause"] == serde_json::json!({"rule": "forward_check", "from": "r3c5"})
        })
        .collect();
    assert!(!from_r3c5.is_empty());
    assert!(from_r3c5.iter().all(|e| e["digit"] == 7 && e["depth"] == 0));
}

#[test]
fn trace_names_the_heuristic_and_its_tie_break_on_each_select() {
    let output = run(&["trace", "--preset", "mrv-degree", EXAMPLE], "");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let select: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("json"))
        .find(|v| v["type"] == "select")
        .expect("a select event");
    assert_eq!(select["heuristic"], "mrv-degree");
    let score = select["score"].as_object().expect("score object");
    assert_eq!(score.keys().collect::<Vec<_>>(), ["candidates", "degree"]);
    assert!(
        score["degree"].as_u64().is_some_and(|d| d <= 20),
        "{score:?}"
    );
}

#[test]
fn trace_stops_at_the_node_limit() {
    let output = run(
        &["trace", "--preset", "bt", "--node-limit", "5", EXAMPLE],
        "",
    );
    let lines = json_lines(&output);
    assert_eq!(lines.last().map(|e| &e["type"]), Some(&"limit".into()));
    let decisions = lines
        .iter()
        .filter(|e| e["type"] == "assign" && e["cause"]["rule"] == "decision")
        .count();
    assert_eq!(decisions, 5);
}

#[test]
fn presets_lists_every_preset_with_its_seed() {
    let output = run(&["presets"], "");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    for preset in PRESETS {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(preset.name))
            .unwrap_or_else(|| unreachable!("{} is not listed:\n{text}", preset.name));
        assert!(line.contains(preset.seed), "{line}");
        assert!(line.contains(preset.strategy.order.name()), "{line}");
        assert_eq!(line.contains("(default)"), preset.name == DEFAULT, "{line}");
    }
}

#[test]
fn trace_of_conflicting_givens_names_the_conflict_and_exits_two() {
    let output = run(&["trace", CONFLICT_LINE], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.trim_end(),
        "dokuscope: argument:1: r1c3 and r1c7 both hold 5"
    );
}

#[test]
fn a_missing_file_is_reported_and_the_other_inputs_still_solved() {
    let missing = concat!(env!("CARGO_MANIFEST_DIR"), "/no-such-puzzles.txt");
    let (results, code) = solve_jsonl(&[missing, EXAMPLE], "");
    assert_eq!(code, 2);
    assert_eq!(results.len(), 1);
    assert_eq!(results[0]["status"], "solved");
    let output = run(&["solve", missing], "");
    assert!(String::from_utf8_lossy(&output.stderr).contains(&format!("cannot open '{missing}'")));
}

#[test]
fn the_line_format_marks_an_unreadable_line_invalid() {
    let output = run(
        &["solve", "-"],
        format!("{}x\n{UNSOLVABLE_LINE}\n", &EXAMPLE_LINE[..80]),
    );
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "- invalid".to_string(),
            format!("{UNSOLVABLE_LINE} unsolvable")
        ]
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("-:1:81: 'x' is not a cell symbol"));
}

#[test]
fn size_sixteen_reads_sixteen_symbol_lines_as_rows() {
    // Sixteen rows of 1-4 and `.`: without `--size 16` each is a 4×4 puzzle.
    let rows: Vec<String> = (0..16)
        .map(|r| {
            if r == 0 {
                format!("1{}", ".".repeat(15))
            } else {
                ".".repeat(16)
            }
        })
        .collect();
    let stdin = rows.join("\n") + "\n";
    let (hinted, _) = solve_jsonl(&["--size", "16", "--count", "1", "-"], &stdin);
    assert_eq!(hinted.len(), 1);
    assert_eq!(hinted[0]["puzzle"], rows.concat());
    assert_eq!(hinted[0]["status"], "solved");
    assert_eq!(hinted[0]["solution"].as_str().map(str::len), Some(256));
    let (unhinted, _) = solve_jsonl(&["--count", "1", "-"], &stdin);
    assert_eq!(unhinted.len(), 16);
}
