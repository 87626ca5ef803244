//! Property tests of the puzzle reader: arbitrary bytes never panic and every error is
//! located; puzzles written in any documented layout read back unchanged.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::Rng;
use dokuscope::solver::{BoxSize, Digit, Entry, ParseError, Puzzle, PuzzleReader};
use proptest::prelude::*;

/// Every item the reader yields for `text`, read as file `name`.
fn read(name: &str, text: &[u8]) -> Vec<Result<Entry, ParseError>> {
    PuzzleReader::new(name, text).collect()
}

/// Bytes drawn mostly from the symbols the reader cares about, so that blocks, separators
/// and line puzzles all show up, with some arbitrary bytes among them.
fn puzzle_like_bytes() -> impl Strategy<Value = Vec<u8>> {
    let symbol = prop_oneof![
        8 => prop::sample::select(b"123456789.0_-|+ \n\r#xAGY=*".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(symbol, 0..3000)
}

/// How many lines `bytes` holds, a line ended by a LF, a CRLF or a bare CR (the last one
/// may have no end).
fn line_count(bytes: &[u8]) -> usize {
    let mut lines = 1;
    for (i, &b) in bytes.iter().enumerate() {
        let crlf = b == b'\n' && i > 0 && bytes[i - 1] == b'\r';
        if (b == b'\n' && !crlf) || b == b'\r' {
            lines += 1;
        }
    }
    lines
}

/// Every item is a puzzle or an error located in `name` at a line of the input.
fn check_items(bytes: &[u8]) {
    let lines = line_count(bytes);
    let items = read("fuzz.txt", bytes);
    assert!(
        items.len() <= lines + 1,
        "{} items from {lines} lines",
        items.len()
    );
    for item in items {
        match item {
            Ok(entry) => {
                assert!((1..=lines).contains(&entry.location.line));
                assert_eq!(entry.puzzle.givens().len(), entry.puzzle.size().cells());
            }
            Err(err) => {
                assert_eq!(&*err.location.source, "fuzz.txt");
                assert!((1..=lines).contains(&err.location.line), "{err}");
                assert!(
                    err.to_string()
                        .starts_with(&format!("fuzz.txt:{}:", err.location.line)),
                    "{err}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_bytes_never_panic_and_every_error_is_located(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        check_items(&bytes);
    }

    #[test]
    fn puzzle_like_bytes_never_panic_and_every_error_is_located(bytes in puzzle_like_bytes()) {
        check_items(&bytes);
    }

    #[test]
    fn any_puzzle_line_round_trips(cells in prop::collection::vec(0u8..=9, 81)) {
        let line: String = cells.iter().map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) }).collect();
        let p: Puzzle = line.parse().expect("81 symbols");
        prop_assert_eq!(p.to_line(), line);
    }
}

/// One puzzle written out in a random layout the reader documents: a line (maybe indented,
/// maybe with a comment) or a block (with or without spaces, bars and rule lines), empty
/// cells as any of `. 0 _ -`. Rows that are all empty use `.`, since a row of bare dashes
/// is ambiguous with a rule line.
fn write_puzzle(cells: &[u8], b: usize, rng: &mut Rng, out: &mut String) {
    let size = BoxSize::new(b as u8).expect("a size");
    let n = b * b;
    let empties = ['.', '0', '_', '-'];
    let symbol = |d: u8, rng: &mut Rng| match Digit::new(d) {
        Some(digit) => digit.symbol(size),
        None => empties[rng.below(4)],
    };
    if rng.below(2) == 0 {
        out.push_str(["", "  ", "\t"][rng.below(3)]);
        for &d in cells {
            out.push(symbol(d, rng));
        }
        out.push_str(["", " # a comment", "\tsolved 12 µs"][rng.below(3)]);
        out.push('\n');
        return;
    }
    let gap = ["", " "][rng.below(2)];
    let bar = ["", " ", "|", " | "][rng.below(4)];
    let width = n + (n - 1) * gap.len() + (b - 1) * bar.len().saturating_sub(gap.len());
    let rules = [
        None,
        Some("=".repeat(width)),
        Some(vec!["-".repeat(b * (1 + gap.len()) + 1); b].join("+")),
        Some("-".repeat(width + 1)),
    ];
    let rule = rules[rng.below(rules.len())].clone();
    for r in 0..n {
        if r > 0 && r % b == 0 {
            if let Some(rule) = &rule {
                out.push_str(rule);
                out.push('\n');
            }
        }
        let row = &cells[r * n..(r + 1) * n];
        let all_empty = row.iter().all(|&d| d == 0);
        for (c, &d) in row.iter().enumerate() {
            if c > 0 {
                out.push_str(if c % b == 0 && !bar.is_empty() {
                    bar
                } else {
                    gap
                });
            }
            out.push(if all_empty { '.' } else { symbol(d, rng) });
        }
        out.push('\n');
    }
    out.push_str(["", "\n", "\n\n"][rng.below(3)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn puzzles_written_in_any_documented_layout_read_back_unchanged(
        seed in any::<u64>(),
        b in 2usize..=5,
        count in 1usize..=4,
        crlf in any::<bool>(),
        bom in any::<bool>(),
    ) {
        let mut rng = Rng::new(seed);
        let n = b * b;
        let mut text = String::from(if bom { "\u{feff}" } else { "" });
        let mut expected = Vec::new();
        for _ in 0..count {
            let cells: Vec<u8> = (0..n * n)
                .map(|_| if rng.below(3) == 0 { 0 } else { rng.below(n) as u8 + 1 })
                .collect();
            write_puzzle(&cells, b, &mut rng, &mut text);
            let size = BoxSize::new(b as u8).expect("a size");
            expected.push(Puzzle::new(size, cells.iter().map(|&d| Digit::new(d)).collect()).expect("cells"));
        }
        if crlf {
            text = text.replace('\n', "\r\n");
        }
        let hint = (b == 4).then_some(BoxSize::SIXTEEN);
        let read: Vec<Result<Puzzle, String>> = PuzzleReader::new("gen.txt", text.as_bytes())
            .with_size_hint(hint)
            .map(|item| item.map(|e| e.puzzle).map_err(|e| e.to_string()))
            .collect();
        let expected: Vec<Result<Puzzle, String>> = expected.into_iter().map(Ok).collect();
        prop_assert_eq!(read, expected, "input:\n{}", text);
    }
}
