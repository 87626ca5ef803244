//! Options read as a user writes them, refused in a sentence that says what is wrong, and
//! alike in every command (issue 44): a probability in any decimal notation, numbers too
//! large said to be so, a variant given twice refused, a cell sequence a local search has
//! not refused by `bench` as by `solve`, `--count` for a local search said, `generate`'s
//! counts in range, and a typo's "did you mean" for swapped letters.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/cli.rs"]
mod cli;

const EASY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/easy.txt");

/// Exit code and standard error of `dokuscope args...`.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = cli::run(args, "");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn refused(args: &[&str], says: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, Some(2), "{args:?}: {out}{err}");
    assert!(err.contains(says), "{args:?} does not say {says:?}: {err}");
}

#[test]
fn a_walk_probability_is_read_in_any_decimal_notation() {
    for (walk, shown) in [
        ("0.0000001", "0.000001"),
        ("0.10000000", "0.1"),
        ("1e-3", "0.001"),
        ("5E-2", "0.05"),
        (".25", "0.25"),
    ] {
        for args in [
            vec![
                "solve",
                EASY,
                "-p",
                "min-conflicts",
                "--walk",
                walk,
                "--format",
                "jsonl",
            ],
            vec![
                "solve",
                EASY,
                "-p",
                &format!("min-conflicts/walk:{walk}"),
                "--format",
                "jsonl",
            ],
        ] {
            // Read and run: solved, or a puzzle that hit the step limit (exit 1).
            let (code, out, err) = run(&args);
            assert!(matches!(code, Some(0 | 1)), "{args:?}: {err}");
            assert_eq!(out.lines().count(), 20, "{args:?}");
        }
        let trace = cli::run(&["trace", EASY, "-p", "min-conflicts", "--walk", walk], "");
        let start = String::from_utf8_lossy(&trace.stdout);
        let start = start.lines().next().expect("a start line");
        assert!(
            start.contains(&format!("\"walk\":{shown},")),
            "{walk}: {start}"
        );
    }
    for walk in ["1.5", "2", "-0.1", "1e1", "x", "1.0000001"] {
        refused(
            &["solve", EASY, "-p", "min-conflicts", "--walk", walk],
            "probability",
        );
    }
    refused(
        &["solve", EASY, "-p", "min-conflicts", "--walk", "1.5"],
        "at most 1",
    );
}

#[test]
fn a_number_too_large_is_said_to_be_too_large() {
    refused(
        &["solve", EASY, "-p", "min-conflicts", "--tabu", "4294967296"],
        "too large: a tabu tenure is at most 4294967295 steps",
    );
    refused(
        &["solve", EASY, "-p", "min-conflicts/tabu:4294967296"],
        "too large: a tabu tenure is at most 4294967295 steps",
    );
    refused(
        &[
            "solve",
            EASY,
            "-p",
            "dom-wdeg",
            "--restart",
            "luby:4294967296",
        ],
        "too large: the number of failures is at most 4294967295",
    );
    refused(
        &["solve", EASY, "-p", "dom-wdeg/luby:99999999999"],
        "too large: the number of failures is at most 4294967295",
    );
    // At the limit, it is taken (solved, or the step limit: exit 1).
    let (code, _, err) = run(&["solve", EASY, "-p", "min-conflicts", "--tabu", "4294967295"]);
    assert!(matches!(code, Some(0 | 1)), "{err}");
}

#[test]
fn a_variant_given_twice_is_refused() {
    for (spec, says) in [
        (
            "dom-wdeg/luby:4/luby:8",
            "variants 'luby:4' and 'luby:8' of preset dom-wdeg both set its restart policy",
        ),
        (
            "dom-wdeg/luby:4/geometric:10,2",
            "both set its restart policy",
        ),
        ("mrv/seed:1/seed:2", "both set its seed"),
        ("fc-mrv/cbj/chronological", "both set its look-back"),
        (
            "min-conflicts/walk:0.1/walk:0.2",
            "both set its random walk",
        ),
        ("min-conflicts/tabu:3/tabu:4", "both set its tabu tenure"),
    ] {
        for command in ["solve", "bench"] {
            refused(&[command, EASY, "-p", spec], says);
        }
    }
}

#[test]
fn a_local_search_named_with_a_cell_sequence_is_refused_by_bench_as_by_solve() {
    let says = "unknown cell sequence for a local search";
    refused(&["solve", EASY, "-p", "min-conflicts@hashmap"], says);
    refused(&["bench", EASY, "-p", "min-conflicts@hashmap"], says);
    // A group in a sequence leaves its local search as it is, as --sequence does.
    let (code, _, err) = run(&["bench", EASY, "-p", "all@hashmap", "--node-limit", "2000"]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_count_for_a_local_search_is_refused_or_said() {
    let says = "--count 2 counts solutions, and min-conflicts cannot";
    refused(
        &["solve", EASY, "-p", "min-conflicts", "--count", "2"],
        says,
    );
    refused(
        &["trace", EASY, "-p", "min-conflicts", "--count", "2"],
        says,
    );
    for args in [
        vec!["solve", EASY, "-p", "min-conflicts"],
        vec!["solve", EASY, "-p", "min-conflicts", "--count", "1"],
    ] {
        let (code, _, err) = run(&args);
        assert!(matches!(code, Some(0 | 1)), "{args:?}: {err}");
    }
    let (code, _, err) = run(&[
        "bench",
        EASY,
        "-p",
        "mrv",
        "-p",
        "min-conflicts",
        "--count",
        "3",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("--count 3 applies to the backtracking presets; min-conflicts stops at the first solution"),
        "{err}"
    );
}

#[test]
fn generate_refuses_counts_out_of_range() {
    refused(
        &["generate", "--min-clues", "1000"],
        "--min-clues 1000: a 9×9 puzzle has 81 cells, so at most 80 clues",
    );
    refused(
        &["generate", "--size", "4", "--min-clues", "16"],
        "a 4×4 puzzle has 16 cells, so at most 15 clues",
    );
    refused(&["generate", "--count", "0"], "'0' for '--count <COUNT>'");
    let (code, out, err) = run(&["generate", "--seed", "1", "--min-clues", "80"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim().chars().filter(|&c| c == '.').count(), 1, "{out}");
}

#[test]
fn swapped_letters_get_a_did_you_mean_in_every_command() {
    let says = "unknown preset 'mvc': did you mean 'mcv'?";
    refused(&["solve", EASY, "-p", "mvc"], says);
    refused(&["trace", EASY, "-p", "mvc"], says);
    refused(&["watch", EASY, "-p", "mvc"], says);
    refused(&["bench", EASY, "-p", "mvc"], "did you mean 'mcv'?");
}
