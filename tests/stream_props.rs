//! No input makes the stream reader panic or hang: arbitrary JSON lines, arbitrary bytes,
//! and real traces cut, flipped and shuffled.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/trace_lines.rs"]
mod trace_lines;
use trace_lines::trace_lines;

use dokuscope::solver::search::Limits;
use dokuscope::solver::stream::Stream;
use proptest::prelude::*;
use serde_json::{Map, Number, Value};

const PUZZLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const START: &str = r#"{"type":"start","version":1,"puzzle":"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}"#;

/// The first `n` lines of the engine's own trace of `PUZZLE` with the `mrv` preset.
fn real_trace(n: usize) -> Vec<String> {
    trace_lines(PUZZLE, "mrv", Limits::default(), n, START)
}

/// How many lines `bytes` holds, a line ended by a LF, a CRLF or a bare CR (the last one
/// may have no end).
fn line_count(bytes: &[u8]) -> u64 {
    let mut lines = 1;
    for (i, &b) in bytes.iter().enumerate() {
        let crlf = b == b'\n' && i > 0 && bytes[i - 1] == b'\r';
        if (b == b'\n' && !crlf) || b == b'\r' {
            lines += 1;
        }
    }
    lines
}

/// Reads `text` to its end, going on after errors; checks that it ends, and that every
/// error is located within the input.
fn read_all(text: &[u8]) {
    let lines = line_count(text);
    let Ok(stream) = Stream::open("p.jsonl", text) else {
        return;
    };
    let mut items = 0u64;
    for item in stream {
        items += 1;
        assert!(items <= 4 * lines + 4, "the stream does not end");
        if let Err(e) = item {
            assert!(e.line >= 1 && e.line <= lines, "{e} outside {lines} lines");
        }
    }
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "type",
            "step",
            "cell",
            "digit",
            "depth",
            "cause",
            "rule",
            "from",
            "against",
            "with",
            "unit",
            "crossing",
            "cells",
            "digits",
            "domain",
            "score",
            "candidates",
            "grid",
            "puzzle",
            "version",
            "size",
        ])
        .prop_map(str::to_string),
        "[a-z]{1,6}",
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "start",
            "select",
            "assign",
            "prune",
            "wipeout",
            "backtrack",
            "solution",
            "exhausted",
            "limit",
            "decision",
            "naked_single",
            "hidden_single",
            "forward_check",
            "revise",
            "naked_pair",
            "hidden_pair",
            "locked_candidates",
            "refuted",
            "conflict",
            "r1c1",
            "r9c9",
            "r10c1",
            "r0c0",
            "R5C5",
            "rc",
            "row 1",
            "column 9",
            "box 10",
            "box 3",
        ])
        .prop_map(str::to_string),
        any::<String>(),
    ]
}

fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-3i64..30).prop_map(Value::from),
        any::<f64>().prop_map(|f| Number::from_f64(f).map_or(Value::Null, Value::Number)),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_json_lines_never_panic_or_hang(lines in prop::collection::vec(json(), 0..40)) {
        let mut text = String::from(START);
        for line in lines {
            text.push('\n');
            text.push_str(&line.to_string());
        }
        read_all(text.as_bytes());
    }

    #[test]
    fn arbitrary_bytes_never_panic_or_hang(
        first in prop::collection::vec(any::<u8>(), 0..200),
        rest in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..120), 0..20),
    ) {
        read_all(&first);
        let mut text = START.as_bytes().to_vec();
        for line in rest {
            text.push(b'\n');
            text.extend(line);
        }
        read_all(&text);
    }

    #[test]
    fn real_traces_cut_flipped_and_shuffled_never_panic_or_hang(
        n in 1usize..400,
        cut in any::<prop::sample::Index>(),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8),
        swaps in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..4),
    ) {
        let mut lines = real_trace(n);
        for (a, b) in swaps {
            let (a, b) = (a.index(lines.len()), b.index(lines.len()));
            lines.swap(a, b);
        }
        let mut text = lines.join("\n").into_bytes();
        for (at, byte) in flips {
            let at = at.index(text.len());
            text[at] = byte;
        }
        text.truncate(cut.index(text.len() + 1));
        read_all(&text);
    }
}

#[test]
fn the_real_trace_used_above_is_consistent() {
    let text = real_trace(2000).join("\n");
    let stream = Stream::open("p.jsonl", text.as_bytes()).expect("a stream");
    let events = stream.collect::<Result<Vec<_>, _>>().expect("consistent");
    assert_eq!(events.len(), 2000);
}
