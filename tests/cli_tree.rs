//! The built binary's `tree`: JSON that parses back with the counters' invariants, DOT that
//! Graphviz accepts, the text outline, the stop rules, and bad input.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::process::{Command, Output, Stdio};

use dokuscope::solver::preset::PRESETS;
use dokuscope::solver::{Limits, Puzzle, Search};
use serde_json::Value;

const HARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt");
const HARD_LINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn nodes(output: &Output) -> Vec<Value> {
    assert!(output.status.success(), "{output:?}");
    let doc: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    doc["nodes"].as_array().expect("a nodes array").clone()
}

fn count(nodes: &[Value], kind: &str) -> u64 {
    nodes.iter().filter(|n| n["kind"] == kind).count() as u64
}

#[test]
fn json_parses_back_with_the_counters_invariants_for_every_preset() {
    let puzzle: Puzzle = HARD_LINE.parse().expect("puzzle");
    for preset in PRESETS {
        let output = run(&[
            "tree",
            HARD_LINE,
            "-p",
            preset.name,
            "--count",
            "2",
            "--node-limit",
            "2000",
        ]);
        let nodes = nodes(&output);
        let stats = Search::with_limits(
            &puzzle,
            preset.strategy,
            Limits {
                solutions: 2,
                nodes: Some(2000),
                deadline: None,
            },
        )
        .expect("search")
        .run()
        .stats;
        let ctx = preset.name;
        let decisions = nodes.iter().filter(|n| n["branch"] == "decision").count() as u64;
        assert_eq!(decisions, stats.nodes, "{ctx}: decision branches = nodes");
        assert_eq!(count(&nodes, "failure"), stats.wipeouts, "{ctx}: wipeouts");
        assert_eq!(count(&nodes, "solution"), stats.solutions, "{ctx}");
        for (i, n) in nodes.iter().enumerate() {
            assert_eq!(n["id"], i, "{ctx}: ids in order");
            let first = n["first_step"].as_u64().expect("first_step");
            let last = n["last_step"].as_u64().expect("last_step");
            assert!(first <= last && last <= stats.events, "{ctx}: steps of {i}");
            match n["parent"].as_u64() {
                None => assert_eq!(i, 0, "{ctx}: only the root has no parent"),
                Some(p) => {
                    let parent = &nodes[usize::try_from(p).expect("id")];
                    assert_eq!(parent["kind"], "choice", "{ctx}: {i}'s parent");
                    assert_eq!(n["depth"], parent["depth"].as_u64().expect("depth") + 1);
                    if n["branch"] == "run" {
                        // A search that restarts (nogood-vsids): its runs hang below the
                        // restart root, which chose no cell.
                        assert_eq!(p, 0, "{ctx}: a run below the root");
                        continue;
                    }
                    let label = n["label"].as_str().expect("a labelled branch");
                    let cell = parent["choice"].as_str().expect("the parent's cell");
                    assert!(label.starts_with(cell), "{ctx}: {label} under {cell}");
                }
            }
        }
    }
}

#[test]
fn a_puzzle_solved_without_decisions_is_one_root() {
    let easy = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/easy.txt");
    let nodes = nodes(&run(&["tree", easy, "-p", "fast"]));
    assert_eq!(nodes.len(), 1);
    assert_eq!(nodes[0]["kind"], "solution");
    assert_eq!(nodes[0]["label"], Value::Null);
}

#[test]
fn the_text_outline_indents_by_depth_and_names_each_branch() {
    let output = run(&["tree", HARD, "-p", "mrv-degree", "--format", "text"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("● root  choice r"), "{}", lines[0]);
    assert!(lines[1].starts_with("  ● r"), "{}", lines[1]);
    assert!(
        text.contains("■ r") && text.contains('≠'),
        "failures and refutations"
    );
    assert!(text.contains("◆ r"), "the solution");
}

#[test]
fn dot_is_accepted_by_graphviz() {
    let output = run(&[
        "tree",
        HARD,
        "-p",
        "bt",
        "--node-limit",
        "3000",
        "--format",
        "dot",
    ]);
    assert!(output.status.success());
    let dot = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(dot.starts_with("digraph search {"));
    assert!(
        dot.contains("shape=triangle"),
        "a 3000-node tree collapses failed subtrees"
    );
    assert!(dot.contains("shape=circle"));
    let shapes = dot.lines().filter(|l| l.contains("[shape=")).count();
    assert!(shapes < 5000, "{shapes} shapes");
    let Ok(mut child) = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        eprintln!("SKIPPED the Graphviz check: `dot` is not installed (apt-get install graphviz)");
        return;
    };
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), dot.as_bytes())
        .expect("dot reads");
    let rendered = child.wait_with_output().expect("dot ends");
    assert!(
        rendered.status.success(),
        "dot rejected it: {}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    assert!(String::from_utf8_lossy(&rendered.stdout).contains("<svg"));
}

#[test]
fn bad_input_exits_2_with_a_located_message() {
    let output = run(&[
        "tree",
        "..5...5..........................................................................",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("dokuscope:") && err.contains('5'), "{err}");
    let output = run(&["tree", HARD, "-p", "nope"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn past_fold_above_the_json_writes_folded_subtrees_as_summaries_and_says_so() {
    // cbj on the bundled hard puzzle: 194,262 nodes, folded past 5,000 exact ones.
    let output = run(&["tree", HARD, "-p", "cbj", "--fold-above", "5000"]);
    assert!(output.status.success(), "{output:?}");
    let doc: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
    let nodes = doc["nodes"].as_array().expect("nodes");
    let folded = &doc["folded"];
    assert!(
        folded["subtrees"].as_u64().expect("a count") > 0,
        "{folded}"
    );
    assert!(
        folded["note"]
            .as_str()
            .is_some_and(|n| n.contains("summaries"))
    );
    let bundled = std::fs::read_to_string(HARD).expect("puzzles/hard.txt");
    let first: Puzzle = bundled
        .lines()
        .next()
        .expect("a line")
        .parse()
        .expect("puzzle");
    let stats = Search::with_limits(
        &first,
        dokuscope::solver::preset::find("cbj")
            .expect("cbj")
            .strategy,
        Limits {
            solutions: 1,
            nodes: None,
            deadline: None,
        },
    )
    .expect("search")
    .run()
    .stats;
    // Each entry is an exact node, or a fold's root standing for its whole subtree.
    let (mut total, mut decisions, mut failures, mut skipped) = (0, 0, 0, 0);
    let mut next_id = 0;
    for n in nodes {
        assert_eq!(n["id"], next_id, "ids in order, a fold's skipped");
        if let Some(f) = n.get("folded") {
            let count = |key: &str| f[key].as_u64().expect("a count");
            total += count("nodes");
            decisions += count("decisions");
            failures += count("failures");
            skipped += count("skipped");
            next_id = f["last_id"].as_u64().expect("last_id") + 1;
        } else {
            total += 1;
            decisions += u64::from(n["branch"] == "decision");
            failures += u64::from(n["kind"] == "failure");
            skipped += u64::from(n["kind"] == "skipped");
            next_id += 1;
        }
    }
    assert_eq!(total, folded["nodes"].as_u64().expect("nodes"));
    assert_eq!(decisions, stats.nodes, "decision branches = nodes");
    assert_eq!(failures, stats.wipeouts, "failures = wipeouts");
    assert_eq!(skipped, stats.skipped, "skipped nodes = skipped");
    assert!(
        (nodes.len() as u64) < total / 10,
        "{} entries for {total} nodes",
        nodes.len()
    );
    let text = run(&[
        "tree",
        HARD,
        "-p",
        "cbj",
        "--fold-above",
        "5000",
        "--format",
        "text",
    ]);
    let text = String::from_utf8(text.stdout).expect("UTF-8");
    assert!(
        text.starts_with("# ") && text.contains('▸'),
        "the outline says so"
    );
    let dot = run(&[
        "tree",
        HARD,
        "-p",
        "cbj",
        "--fold-above",
        "5000",
        "--format",
        "dot",
    ]);
    let dot = String::from_utf8(dot.stdout).expect("UTF-8");
    assert!(dot.contains("folded into summaries"), "DOT says so");
}
