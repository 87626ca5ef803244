//! Fuzzing every reader: random text and mutated real inputs give puzzles or a located
//! error, never a panic (and, by construction, in bounded time and memory: input, output
//! of decompression and JSON depth are all capped).

mod common;

use dokuscope_formats::{Format, FormatError, FormatErrorKind, read};
use proptest::prelude::*;

/// The bundled files' texts, and the f-puzzles JSON inside the base64 exports.
fn corpus() -> Vec<String> {
    let mut out: Vec<String> = common::bundle::files()
        .into_iter()
        .chain(common::bundle::bench_files())
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect();
    let exports = std::fs::read_to_string(common::bundle::dir().join("fpuzzles-base64.txt"))
        .expect("readable");
    for line in exports.lines().filter(|l| l.starts_with("N4Ig")) {
        out.push(
            dokuscope_formats::lzstring::decompress_base64(line).expect("real export decodes"),
        );
    }
    out
}

fn located(e: &FormatError) -> bool {
    matches!(
        e.kind,
        FormatErrorKind::NoPuzzle | FormatErrorKind::TooLarge { .. }
    ) || e.line.is_some()
        || e.context.is_some()
}

fn mutate(text: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, op, c) in edits {
        if chars.is_empty() {
            chars.push(c);
            continue;
        }
        let i = at % chars.len();
        match op % 3 {
            0 => chars[i] = c,
            1 => chars.insert(i, c),
            _ => {
                chars.remove(i);
            }
        }
    }
    chars.into_iter().collect()
}

fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '.', '~', '_', ':', '<', '>', '^', 'v', '{', '}', '[', ']', '"', ',', '\n', ' ', '0',
            '9', 'R', 'C', 'r', 'c', '-', '?', '#', 'x'
        ]),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn random_text_reads_or_errs_in_every_format(text in ".{0,300}", pick in 0usize..7) {
        let format = Format::ALL.get(pick).copied();
        if let Err(e) = read("fuzz", &text, format) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn mutated_real_inputs_read_or_give_a_located_error(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), interesting_char()), 1..6),
    ) {
        let corpus = corpus();
        let chosen: &String = which.get(&corpus[..]);
        let text = mutate(chosen, &edits);
        if let Err(e) = read("fuzz", &text, None) {
            prop_assert!(located(&e), "unlocated: {e}");
        }
    }

    #[test]
    fn mutated_exports_decode_or_fail_cleanly(
        line in 0usize..4,
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), prop::sample::select(vec!['A', 'g', '+', '/', '=', 'Z', '9'])), 1..4),
    ) {
        let exports = std::fs::read_to_string(common::bundle::dir().join("fpuzzles-base64.txt")).expect("readable");
        let lines: Vec<&str> = exports.lines().filter(|l| l.starts_with("N4Ig")).collect();
        let text = mutate(lines[line % lines.len()], &edits);
        if let Err(e) = read("fuzz", &text, Some(Format::Fpuzzles)) {
            prop_assert!(located(&e), "unlocated: {e}");
        }
    }
}
