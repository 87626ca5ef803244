//! The condition language: what parses and how it is written back, where errors point,
//! and that no input can make parsing or binding panic (property tests).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use dokuscope::solver::condition::{Condition, ConditionError};
use dokuscope::solver::{BoxSize, Geometry};
use proptest::prelude::*;

fn nine() -> &'static Geometry {
    Geometry::of(BoxSize::new(3).expect("3"))
}

fn parse_bind(text: &str) -> Result<String, ConditionError> {
    Condition::parse(text)
        .and_then(|c| c.bind(nine()))
        .map(|b| b.text().to_string())
}

#[test]
fn conditions_parse_and_are_written_back_in_one_spelling() {
    for (text, written) in [
        ("assign r5c3", "assign r5c3"),
        ("ASSIGN R5C3 = 7", "assign r5c3=7"),
        ("prune r5c3=7", "prune r5c3=7"),
        ("select r5c3", "select r5c3"),
        ("select", "select"),
        ("wipeout", "wipeout"),
        ("wipeout r2c1", "wipeout r2c1"),
        ("backtrack", "backtrack"),
        ("decision r1c1=9", "decision r1c1=9"),
        ("solution", "solution"),
        ("depth > 8", "depth > 8"),
        ("depth>=8", "depth >= 8"),
        ("depth < 8", "depth < 8"),
        ("depth <= 8", "depth <= 8"),
        ("depth == 8", "depth == 8"),
        ("depth = 8", "depth == 8"),
        ("depth 8", "depth == 8"),
        ("depth != 8", "depth != 8"),
        ("node 120", "node 120"),
        ("step 5000", "step == 5000"),
        ("backtracks >= 100", "backtracks >= 100"),
        ("prunes >= 7", "prunes >= 7"),
        ("nodes > 3", "nodes > 3"),
        ("wipeouts == 2", "wipeouts == 2"),
        ("assignments < 9", "assignments < 9"),
        (
            "select and depth > 2 or solution",
            "select and depth > 2 or solution",
        ),
        (
            "select and (depth > 2 or solution)",
            "select and (depth > 2 or solution)",
        ),
        ("not (select or prune)", "not (select or prune)"),
        ("not not solution", "not not solution"),
    ] {
        assert_eq!(parse_bind(text).as_deref(), Ok(written), "{text}");
    }
}

#[test]
fn errors_point_at_the_column_and_say_what_was_expected() {
    for (text, column, message) in [
        (
            "depth >> 3",
            8,
            "expected a number after 'depth', found '>'",
        ),
        (
            "assign 5",
            8,
            "expected a cell like r5c3 after 'assign', found '5'",
        ),
        ("assign r0c1", 8, "rows and columns count from 1"),
        (
            "assign r5c3=",
            13,
            "expected a digit after '=', found the end",
        ),
        ("assign r5c3=0", 13, "digits count from 1"),
        (
            "select r5c3=7",
            12,
            "expected 'and', 'or' or the end, found '='",
        ),
        (
            "solution r1c1",
            10,
            "expected 'and', 'or' or the end, found 'r1c1'",
        ),
        ("depth > 3)", 10, "')' without its '('"),
        ("depth ! 3", 7, "'!' alone is not an operator: write 'not'"),
        ("depth > 3 ; x", 11, "';' is not part of a condition"),
        (
            "step 99999999999999999999999",
            6,
            "99999999999999999999999 is too large a number",
        ),
        ("   ", 4, "empty condition"),
        ("wipeout r9c10", 9, "r9c10 is off the 9×9 board"),
    ] {
        let err = parse_bind(text).expect_err(text);
        assert_eq!(err.column, column, "{text}: {err}");
        assert!(err.message.starts_with(message), "{text}: {err}");
    }
    let err = parse_bind("depth >> 3").expect_err("bad");
    assert_eq!(
        err.pointed("depth >> 3"),
        "depth >> 3\n       ^ expected a number after 'depth', found '>'"
    );
}

#[test]
fn nesting_is_bounded_rather_than_exhausting_the_stack() {
    let deep = format!("{}select{}", "(".repeat(100_000), ")".repeat(100_000));
    let err = parse_bind(&deep).expect_err("too deep");
    assert!(err.message.contains("nested more than"), "{err}");
    let nots = format!("{}select", "not ".repeat(100_000));
    assert!(parse_bind(&nots).is_err());
    let ok = format!("{}select{}", "(".repeat(20), ")".repeat(20));
    assert_eq!(parse_bind(&ok).as_deref(), Ok("select"));
}

/// Words and symbols of the language, to build inputs that get deep into the parser.
const PIECES: &[&str] = &[
    "assign",
    "prune",
    "select",
    "wipeout",
    "backtrack",
    "decision",
    "solution",
    "depth",
    "step",
    "node",
    "nodes",
    "backtracks",
    "prunes",
    "wipeouts",
    "and",
    "or",
    "not",
    "(",
    ")",
    "r5c3",
    "r9c9",
    "r0c1",
    "r1c",
    "rc",
    "r10c10",
    "=",
    "==",
    ">",
    ">=",
    "<",
    "<=",
    "!=",
    "!",
    "7",
    "0",
    "99999999999999999999999",
    " ",
    "é",
    "\u{0}",
    "r5c3=7",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_string_makes_parsing_panic(text in any::<String>()) {
        if let Err(e) = parse_bind(&text) {
            prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1);
            let _ = e.pointed(&text);
        }
    }

    #[test]
    fn no_sequence_of_pieces_makes_parsing_panic_and_what_parses_reads_back_the_same(
        picks in proptest::collection::vec(0..PIECES.len(), 0..24),
        spaced in any::<bool>(),
    ) {
        let sep = if spaced { " " } else { "" };
        let text: Vec<&str> = picks.iter().map(|&i| PIECES[i]).collect();
        let text = text.join(sep);
        match parse_bind(&text) {
            Ok(written) => {
                // The written-back form parses to itself.
                prop_assert_eq!(parse_bind(&written), Ok(written.clone()));
            }
            Err(e) => prop_assert!(e.column >= 1 && e.column <= text.chars().count() + 1),
        }
    }
}
