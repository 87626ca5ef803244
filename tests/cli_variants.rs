//! The built binary on Sudoku variants: `solve` reads every bundled format and solves each
//! puzzle (its solution passing the independent checker of the readers' tests), a board the
//! engine cannot search and min-conflicts on a cage are errors naming why (exit 2), and a
//! variant's `trace` carries its rules so that `check` finds it consistent.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/cli.rs"]
mod cli;
#[path = "../crates/formats/tests/common/mod.rs"]
mod vcommon;

use cli::run;

const TEXT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/puzzles/variants/dokuscope.txt"
);
const ISS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/puzzles/variants/iss-examples.txt"
);
const FPUZZLES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/puzzles/variants/fpuzzles-base64.txt"
);

#[test]
fn solve_reads_each_format_and_every_solution_passes_the_checker() {
    for path in [ISS, FPUZZLES] {
        let out = run(&["solve", "--format", "line", path], "");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{path}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(path).expect("a bundled file");
        let variants = dokuscope_formats::read(path, &text, None).expect("it reads");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), variants.len(), "{path}: one line a puzzle");
        for (v, line) in variants.iter().zip(&lines) {
            let (grid, status) = line.split_once(' ').expect("grid and status");
            assert_eq!(status, "solved", "{path}: {line}");
            let digits: Vec<u8> = grid.bytes().map(|b| b - b'0').collect();
            let broken = vcommon::rules::violations(v, &digits);
            assert!(broken.is_empty(), "{path}: {grid} breaks {broken:?}");
        }
    }
}

#[test]
fn a_board_the_engine_cannot_search_is_an_error_naming_it() {
    let out = run(&["solve", "--format", "line", TEXT], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("'noboxes'"), "{stderr}");
    // The other puzzles of the file are solved all the same.
    let solved = String::from_utf8_lossy(&out.stdout)
        .matches(" solved")
        .count();
    assert_eq!(solved, 10);
}

#[test]
fn min_conflicts_refuses_a_cage_and_names_a_preset_that_runs_it() {
    let out = run(
        &["solve", "-p", "min-conflicts", "--input-format", "iss", "-"],
        ".Cage~3~R1C1~R1C2",
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("cage r1c1 (3)") && stderr.contains("--preset fast"),
        "{stderr}"
    );
}

#[test]
fn the_learning_presets_refuse_a_variant_and_name_presets_that_run_it() {
    for preset in ["nogood", "nogood-vsids"] {
        for command in ["solve", "trace"] {
            let out = run(
                &[command, "-p", preset, "--input-format", "iss", "-"],
                ".Cage~3~R1C1~R1C2",
            );
            assert_eq!(out.status.code(), Some(2), "{preset} {command}");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                stderr.contains("nogood learning does not search variants yet")
                    && stderr.contains("--preset fast"),
                "{preset} {command}: {stderr}"
            );
        }
    }
}

#[test]
fn a_variants_trace_carries_its_rules_and_checks_consistent() {
    // Searches of a few thousand events (fc-cbj's run to millions on most).
    let runs = [
        (TEXT, "1", "fast"),
        (TEXT, "4", "mrv"),
        (ISS, "12", "fc-cbj"),
        (ISS, "20", "fc-cbj"),
        (ISS, "9", "fast"),
        (ISS, "19", "mrv"),
    ];
    for (path, index, preset) in runs {
        let trace = run(&["trace", "-p", preset, "--index", index, path], "");
        assert_eq!(
            trace.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&trace.stderr)
        );
        let stdout = String::from_utf8_lossy(&trace.stdout);
        let start = stdout.lines().next().expect("a start line");
        assert!(start.contains("\"variant\":\"size 9\\ngivens "), "{start}");
        let check = run(&["check", "-"], trace.stdout.as_slice());
        let said = String::from_utf8_lossy(&check.stdout);
        assert_eq!(
            check.status.code(),
            Some(0),
            "{path} #{index} {preset}: {said}{}",
            String::from_utf8_lossy(&check.stderr)
        );
        assert!(said.contains("consistent"), "{said}");
    }
}

#[test]
fn a_classic_line_that_starts_with_dots_reads_as_classic() {
    // sudoku17's first puzzle: `.` then `.` once read as an Interactive Sudoku Solver string.
    let line = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...";
    let out = run(&["solve", "--format", "line", "-"], line);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).ends_with(" solved\n"));
}
