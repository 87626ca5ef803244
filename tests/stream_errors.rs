//! The stream reader's located, one-sentence errors, and what it derives, on small
//! hand-written streams.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use dokuscope::solver::stream::{Checked, Stream, StreamError};
use dokuscope::solver::{Event, WipeoutSite};

/// An easy 4×4 puzzle: r1c1=1 r1c2=2 given, the rest open.
const START_4: &str = r#"{"type":"start","version":1,"puzzle":"12.............."}"#;
const START_9: &str = r#"{"type":"start","puzzle":"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}"#;

/// Every item of `text` read as a stream named `run.jsonl`, going on after errors.
fn items(text: &str) -> Result<Vec<Result<Checked, StreamError>>, StreamError> {
    let stream = Stream::open("run.jsonl", text.as_bytes())?;
    Ok(stream.collect())
}

/// The first error of `text`, displayed.
fn first_error(text: &str) -> String {
    match items(text) {
        Err(e) => e.to_string(),
        Ok(items) => items
            .into_iter()
            .find_map(Result::err)
            .map(|e| e.to_string())
            .expect("an error"),
    }
}

fn stream(lines: &[&str]) -> String {
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[test]
fn start_object_problems_are_located() {
    assert_eq!(
        first_error(&stream(&["", r#"{"type":"start","size":9}"#])),
        "run.jsonl:2: the start object has no puzzle"
    );
    assert_eq!(
        first_error(&stream(&[r#"{"type":"assign","cell":"r1c1","digit":1}"#])),
        "run.jsonl:1: the first object must be the start object, found type 'assign'"
    );
    assert_eq!(
        first_error(&stream(&[
            r#"{"type":"start","version":2,"puzzle":"1..."}"#
        ])),
        "run.jsonl:1: version 2 is not supported (this dokuscope reads version 1)"
    );
    assert_eq!(
        first_error(""),
        "run.jsonl:1: the stream is empty: it has no start object"
    );
    assert_eq!(
        first_error(&stream(&[
            r#"{"type":"start","puzzle":"11.............."}"#
        ])),
        "run.jsonl:1: the start object's puzzle breaks a rule: r1c1 and r1c2 both hold 1"
    );
}

#[test]
fn syntax_errors_carry_the_column() {
    let text = stream(&[START_4, r#"{"type":"assign" "cell":"r1c3","digit":3}"#]);
    assert_eq!(first_error(&text), "run.jsonl:2:18: expected ',' or '}'");
    let text = stream(&[START_4, r#"{"type":"prune","cell":"r1c3","digit":NaN}"#]);
    assert_eq!(first_error(&text), "run.jsonl:2:39: expected a value");
}

#[test]
fn board_errors_name_the_rule_broken_and_where() {
    let cases = [
        (
            vec![r#"{"type":"assign","cell":"r1c3","digit":1}"#],
            "run.jsonl:2: assign r1c3=1, but r1c1 already holds 1",
        ),
        (
            vec![
                r#"{"type":"prune","cell":"r2c3","digit":4}"#,
                r#"{"type":"prune","cell":"r2c3","digit":4}"#,
            ],
            "run.jsonl:3: prune 4 from r2c3, but 4 is no longer a candidate of r2c3 (pruned at line 2)",
        ),
        (
            vec![r#"{"type":"backtrack"}"#],
            "run.jsonl:2: backtrack with no decision in effect",
        ),
        (
            vec![r#"{"type":"assign","cell":"r5c1","digit":1}"#],
            "run.jsonl:2: cell r5c1 is off the 4×4 board",
        ),
        (
            vec![r#"{"type":"prune","cell":"r2c1","digit":5}"#],
            "run.jsonl:2: digit 5 is out of range for a 4×4 board (1 to 4)",
        ),
        (
            vec![r#"{"type":"prune","cell":"r2c1","digit":-3}"#],
            "run.jsonl:2: digit -3 is out of range for a 4×4 board (1 to 4)",
        ),
        (
            vec![r#"{"type":"guess","cell":"r2c1"}"#],
            "run.jsonl:2: unknown event type 'guess'",
        ),
        (
            vec![r#"{"type":"assign","cell":"r2c1","digit":3,"depth":4}"#],
            "run.jsonl:2: assign r2c1=3 says depth 4, but 1 decision is in effect",
        ),
        (
            vec![
                r#"{"type":"prune","cell":"r2c1","digit":3,"cause":{"rule":"forward_check","from":"r1c2"}}"#,
            ],
            "run.jsonl:2: prune 3 from r2c1 by forward checking from r1c2, which does not hold 3",
        ),
        (
            vec![r#"{"type":"solution"}"#],
            "run.jsonl:2: solution, but 14 cells are still open",
        ),
        (
            vec![r#"{"type":"exhausted"}"#, r#"{"type":"backtrack"}"#],
            "run.jsonl:3: an event after the search ended (exhausted at line 2)",
        ),
    ];
    for (lines, expected) in cases {
        let mut all = vec![START_4];
        all.extend(lines);
        assert_eq!(first_error(&stream(&all)), expected);
    }
}

/// A 4×4 solved by decisions alone: r1c3=3, r1c4=4, then the rest.
const SOLVE_4: [(&str, u8); 14] = [
    ("r1c3", 3),
    ("r1c4", 4),
    ("r2c1", 3),
    ("r2c2", 4),
    ("r2c3", 1),
    ("r2c4", 2),
    ("r3c1", 2),
    ("r3c2", 1),
    ("r3c3", 4),
    ("r3c4", 3),
    ("r4c1", 4),
    ("r4c2", 3),
    ("r4c3", 2),
    ("r4c4", 1),
];

fn assigns() -> Vec<String> {
    SOLVE_4
        .iter()
        .map(|(c, d)| format!(r#"{{"type":"assign","cell":"{c}","digit":{d}}}"#))
        .collect()
}

#[test]
fn a_full_grid_derives_the_solution_and_a_stated_one_is_compared() {
    let mut lines = vec![START_4.to_string()];
    lines.extend(assigns());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let read = items(&stream(&refs)).expect("a stream");
    let last = read.last().expect("events").as_ref().expect("no error");
    assert_eq!(
        (last.event, last.derived),
        (Event::Solution { depth: 14 }, true)
    );

    lines.push(r#"{"type":"solution","grid":"1243341221344321"}"#.into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_eq!(
        first_error(&stream(&refs)),
        "run.jsonl:16: solution's grid differs from the board at r1c3: 4 there, 3 on the board"
    );
    lines.pop();
    lines.push(r#"{"type":"solution","grid":"1234341221434321"}"#.into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let read = items(&stream(&refs)).expect("a stream");
    assert!(read.iter().all(Result::is_ok));
    let solutions = read
        .iter()
        .flatten()
        .filter(|c| matches!(c.event, Event::Solution { .. }))
        .count();
    assert_eq!(solutions, 1, "the stated solution replaces the derived one");
}

#[test]
fn a_backtrack_after_a_digit_lost_its_last_place_derives_the_wipeout() {
    // 1 and 2 are given in row 1, r1c3 takes 3, so 4 has r1c4 alone, and loses it.
    let text = stream(&[
        START_4,
        r#"{"type":"assign","cell":"r1c3","digit":3}"#,
        r#"{"type":"prune","cell":"r1c4","digit":3}"#,
        r#"{"type":"prune","cell":"r1c4","digit":4}"#,
        r#"{"type":"backtrack","cell":"r1c3","digit":3}"#,
    ]);
    let events: Vec<Checked> = items(&text)
        .expect("a stream")
        .into_iter()
        .collect::<Result<_, _>>()
        .expect("consistent");
    let four = dokuscope::solver::Digit::new(4).expect("a digit");
    let row_1 = dokuscope::solver::Unit::new(0);
    assert_eq!(
        events[3],
        Checked {
            event: Event::Wipeout {
                site: WipeoutSite::Unit {
                    unit: row_1,
                    digit: four
                },
                depth: 1
            },
            line: 5,
            cause_given: true,
            derived: true,
            warned: false,
        }
    );
    assert!(matches!(events[4].event, Event::Backtrack { depth: 0, .. }));
    assert!(!events[2].cause_given, "the prunes gave no cause");
}

#[test]
fn a_backtrack_after_an_emptied_domain_derives_a_cell_wipeout() {
    let mut lines = vec![START_4.to_string()];
    lines.push(r#"{"type":"assign","cell":"r2c1","digit":3}"#.into());
    for d in [1, 2, 3, 4] {
        lines.push(format!(r#"{{"type":"prune","cell":"r4c4","digit":{d}}}"#));
    }
    lines.push(r#"{"type":"backtrack"}"#.into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let events: Vec<Checked> = items(&stream(&refs))
        .expect("a stream")
        .into_iter()
        .collect::<Result<_, _>>()
        .expect("consistent");
    let wipeouts: Vec<Event> = events
        .iter()
        .filter(|c| c.derived)
        .map(|c| c.event)
        .collect();
    let r4c4 = dokuscope::solver::Cell::new(15);
    assert_eq!(
        wipeouts,
        [Event::Wipeout {
            site: WipeoutSite::Cell(r4c4),
            depth: 1
        }]
    );
}

#[test]
fn hostile_lines_give_errors_and_never_stop_the_reading() {
    let long = format!(r#"{{"type":"select","x":"{}"}}"#, "a".repeat(70_000));
    let deep = format!(
        r#"{{"type":"select","x":{}{}}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let text = format!(
        "{START_9}\n{long}\n\u{0}\u{1}\u{ff}binary\n{deep}\n{{\"type\":\"prune\",\"cell\":\"r1c2\",\"digit\":99999999999999999999999}}\n{{\"type\":\"select\",\"cell\":\"r1c2\",\"depth\":1e400}}\n"
    );
    let errors: Vec<String> = items(&text)
        .expect("a stream")
        .into_iter()
        .filter_map(Result::err)
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        errors,
        [
            "run.jsonl:2: the line is longer than 64 KiB",
            "run.jsonl:3:1: expected '{': each line is one JSON object",
            "run.jsonl:4:85: nested deeper than 64 levels",
            "run.jsonl:5: digit must be a whole number, found 99999999999999999999999",
            "run.jsonl:6: depth must be a whole number from 0 to 81, found 1e400",
        ]
    );
}

#[test]
fn the_specifications_complete_example_is_consistent() {
    let spec =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trace-format.md"))
            .expect("the specification");
    let example = spec
        .split("## A complete example")
        .nth(1)
        .and_then(|rest| rest.split("```json\n").nth(1))
        .and_then(|block| block.split("```").next())
        .expect("the example block");
    let mut stream = Stream::open("example.jsonl", example.as_bytes()).expect("a start object");
    while let Some(item) = stream.next_event() {
        item.expect("consistent");
    }
    let s = stream.stats();
    assert_eq!(
        (
            s.events,
            s.nodes,
            s.backtracks,
            s.prunes,
            s.wipeouts,
            s.solutions
        ),
        (60, 12, 2, 33, 1, 1)
    );
    assert_eq!(stream.derived().wipeouts + stream.derived().solutions, 0);
}
