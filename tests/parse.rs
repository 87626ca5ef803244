//! The puzzle reader: line and block layouts, empty-cell symbols, every board size, CRLF and
//! a BOM, and located errors with their exact messages. The property tests are in
//! `parse_props.rs`.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use dokuscope::solver::{BoxSize, Digit, Entry, ParseError, Puzzle, PuzzleReader};

const SEED003: &str =
    ".94...13..............76..2.8..1.....32.........2...6.....5.4.......8..7..63.4..8";

/// Every item the reader yields for `text`, read as file `name`.
fn read(name: &str, text: &[u8]) -> Vec<Result<Entry, ParseError>> {
    PuzzleReader::new(name, text).collect()
}

/// The puzzles of `text`, which must all parse, with the line each starts on.
fn puzzles(text: &str) -> Vec<(usize, String)> {
    read("t.txt", text.as_bytes())
        .into_iter()
        .map(|item| {
            let entry = item
                .map_err(|e| e.to_string())
                .expect("every puzzle parses");
            (entry.location.line, entry.puzzle.to_line())
        })
        .collect()
}

/// The error messages of `text`, in order.
fn errors(name: &str, text: &str) -> Vec<String> {
    read(name, text.as_bytes())
        .into_iter()
        .filter_map(Result::err)
        .map(|e| e.to_string())
        .collect()
}

/// A valid, solved 9×9 grid as a line.
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn line_format_skips_hash_lines_and_trailing_comments() {
    let text =
        format!("# a header\n{SEED003} seed 003's example\n\n#{SOLVED}\n  {SOLVED}\t# solved\n");
    assert_eq!(
        puzzles(&text),
        [(2, SEED003.to_string()), (5, SOLVED.to_string())]
    );
}

#[test]
fn every_empty_cell_symbol_reads_as_an_empty_cell() {
    for empty in ['.', '0', '_', '-'] {
        let line = SEED003.replace('.', &empty.to_string());
        assert_eq!(
            puzzles(&line),
            [(1, SEED003.to_string())],
            "empty cells written as {empty:?}"
        );
    }
    let mixed: String = SEED003
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if c == '.' {
                ['.', '0', '_', '-'][i % 4]
            } else {
                c
            }
        })
        .collect();
    assert_eq!(puzzles(&mixed), [(1, SEED003.to_string())]);
}

/// `line` (81 symbols) laid out as a 9×9 block: cells apart by `gap`, boxes apart by `bar`,
/// and bands apart by `rule` lines when given.
fn block(line: &str, gap: &str, bar: &str, rule: Option<&str>) -> String {
    let symbols: Vec<char> = line.chars().collect();
    let mut out = String::new();
    for r in 0..9 {
        if r > 0 && r % 3 == 0 {
            if let Some(rule) = rule {
                out.push_str(rule);
                out.push('\n');
            }
        }
        for c in 0..9 {
            if c > 0 {
                out.push_str(if c % 3 == 0 { bar } else { gap });
            }
            out.push(symbols[r * 9 + c]);
        }
        out.push('\n');
    }
    out
}

#[test]
fn block_layouts_read_with_or_without_bars_rules_and_spaces() {
    let layouts = [
        block(SEED003, " ", " | ", Some("------+-------+------")),
        block(SEED003, " ", " | ", Some("=====================")),
        block(SEED003, " ", " ", Some("---------------------")),
        block(SEED003, "", "|", Some("---+---+---")),
        block(SEED003, "", "", None),
        block(SEED003, " ", " ", None),
        block(&SEED003.replace('.', "0"), "", "", None),
        block(
            &SEED003.replace('.', "_"),
            " ",
            " | ",
            Some("-------+-------+-------"),
        ),
    ];
    for text in layouts {
        assert_eq!(
            puzzles(&text),
            [(1, SEED003.to_string())],
            "layout:\n{text}"
        );
    }
}

#[test]
fn a_rule_line_as_long_as_a_line_puzzle_is_still_a_rule_inside_a_block() {
    // `123 | 456 | 789` rows are 15 wide; a rule one longer has 16 dashes, the length of a
    // 4×4 line puzzle of empty cells. Inside a block it is a rule, not a puzzle.
    let sixteen = block(SEED003, "", " | ", Some(&"-".repeat(16)));
    assert_eq!(
        puzzles(&sixteen),
        [(1, SEED003.to_string())],
        "layout:\n{sixteen}"
    );
    let eighty_one = block(SEED003, " ", " | ", Some(&"-".repeat(81)));
    assert_eq!(
        puzzles(&eighty_one),
        [(1, SEED003.to_string())],
        "layout:\n{eighty_one}"
    );
}

#[test]
fn block_puzzles_follow_each_other_with_or_without_blank_lines() {
    let a = block(SEED003, " ", " | ", Some("------+-------+------"));
    let b = block(SOLVED, "", "", None);
    let expected = [(1, SEED003.to_string()), (13, SOLVED.to_string())];
    assert_eq!(puzzles(&format!("{a}\n{b}")), expected);
    assert_eq!(puzzles(&format!("{a}\n\n\n{b}"))[1].0, 15);
    assert_eq!(
        puzzles(&format!("{a}{b}")),
        [(1, SEED003.to_string()), (12, SOLVED.to_string())]
    );
    // A block, then a line puzzle.
    assert_eq!(puzzles(&format!("{a}\n{SOLVED}\n")), expected);
}

#[test]
fn a_block_whose_first_row_is_all_dashes_reads_it_as_empty_cells() {
    // `-` marks an empty cell, so `- - - | - - - | - - -` is a row of nine empty cells,
    // as it is anywhere else in a block.
    let empty_first_row = format!("{}{}", ".".repeat(9), &SOLVED[9..]);
    let text = block(
        &empty_first_row.replace('.', "-"),
        " ",
        " | ",
        Some("------+-------+------"),
    );
    assert_eq!(puzzles(&text), [(1, empty_first_row)], "layout:\n{text}");
}

#[test]
fn four_by_four_puzzles_read_as_a_line_and_as_a_block() {
    let line = "1.3..4.1..1.3..2";
    let entries = puzzles(line);
    assert_eq!(entries, [(1, line.to_string())]);
    let p: Puzzle = line.parse().expect("a 4×4 line");
    assert_eq!(p.size(), BoxSize::FOUR);
    assert_eq!(p.clue_count(), 7);
    let text = "1 . | 3 .\n. 4 | . 1\n----+----\n. . | 1 .\n3 . | . 2\n";
    assert_eq!(puzzles(text), [(1, line.to_string())]);
}

/// A full grid of box side `b` as symbols: row r, column c holds the canonical digit.
#[expect(
    clippy::many_single_char_names,
    reason = "b, n, r, c, v as in the grid's arithmetic"
)]
fn canonical_line(b: usize) -> String {
    let size = BoxSize::new(b as u8).expect("a size");
    let n = b * b;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let v = (b * (r % b) + r / b + c) % n + 1;
            Digit::new(v as u8).expect("a digit").symbol(size)
        })
        .collect()
}

#[test]
fn sixteen_by_sixteen_uses_one_to_nine_then_a_to_g() {
    let line = canonical_line(4);
    assert!(line.contains('G') && line.contains('9') && !line.contains('0'));
    let p: Puzzle = line.parse().expect("a 16×16 line");
    assert_eq!(p.size(), BoxSize::SIXTEEN);
    assert!(p.is_complete_solution());
    assert_eq!(
        p.given(dokuscope::solver::Cell::new(15)).map(Digit::get),
        Some(16)
    );
    // The same grid as a block, one row a line, with some cells emptied.
    let holed: String = line
        .chars()
        .enumerate()
        .map(|(i, c)| if i % 7 == 0 { '.' } else { c })
        .collect();
    let rows: Vec<String> = holed
        .as_bytes()
        .chunks(16)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect();
    assert_eq!(puzzles(&rows.join("\n")), [(1, holed.clone())]);
    // Lower case letters are accepted.
    assert_eq!(puzzles(&holed.to_lowercase()), [(1, holed)]);
}

#[test]
fn twenty_five_by_twenty_five_uses_a_to_y() {
    let line = canonical_line(5);
    assert!(line.chars().all(|c| c.is_ascii_uppercase() && c <= 'Y'));
    let p: Puzzle = line.parse().expect("a 25×25 line");
    assert_eq!(p.size(), BoxSize::new(5).expect("25×25"));
    assert!(p.is_complete_solution());
    assert_eq!(
        p.given(dokuscope::solver::Cell::new(24)).map(Digit::get),
        Some(25)
    );
    let errs = errors("big.txt", &line.replacen('A', "Z", 1));
    assert_eq!(errs.len(), 1);
    assert!(
        errs[0].starts_with("big.txt:1:") && errs[0].ends_with("'Z' is not a cell symbol"),
        "{}",
        errs[0]
    );
}

#[test]
fn windows_line_endings_and_a_bom_are_accepted() {
    let text = format!("\u{feff}# comment\r\n{SEED003}\r\n{SOLVED}\r\n");
    assert_eq!(
        puzzles(&text),
        [(2, SEED003.to_string()), (3, SOLVED.to_string())]
    );
    let bom_line = format!("\u{feff}{SEED003}\r\n");
    assert_eq!(puzzles(&bom_line), [(1, SEED003.to_string())]);
    let bom_block = format!(
        "\u{feff}{}",
        block(SEED003, " ", " | ", Some("------+-------+------")).replace('\n', "\r\n")
    );
    assert_eq!(puzzles(&bom_block), [(1, SEED003.to_string())]);
}

#[test]
fn a_bad_symbol_is_located_by_line_and_column() {
    let mut text = format!("{SOLVED}\n").repeat(11);
    let mut bad: Vec<char> = SEED003.chars().collect();
    bad[36] = 'x';
    text.push_str(&bad.iter().collect::<String>());
    text.push('\n');
    assert_eq!(
        errors("top.txt", &text),
        ["top.txt:12:37: 'x' is not a cell symbol"]
    );
    // Leading white space counts towards the column.
    let indented = format!("  {}", bad.iter().collect::<String>());
    assert_eq!(
        errors("top.txt", &indented),
        ["top.txt:1:39: 'x' is not a cell symbol"]
    );
}

#[test]
fn a_line_of_the_wrong_length_is_reported_with_the_expected_count() {
    let text = format!("{SOLVED}\n# fine\n{}\n", &SEED003[..80]);
    assert_eq!(
        errors("top.txt", &text),
        ["top.txt:3: 80 cells, expected 81"]
    );
    assert_eq!(
        errors("top.txt", &format!("{SEED003}.")),
        ["top.txt:1: 82 cells, expected 81"]
    );
}

#[test]
fn bad_lines_are_reported_and_the_good_ones_around_them_still_read() {
    let text = format!("{SEED003}\n{}x\n{SOLVED}\n", &SEED003[..80]);
    let items = read("f.txt", text.as_bytes());
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[2].is_ok());
    assert_eq!(
        items[1].as_ref().expect_err("bad").to_string(),
        "f.txt:2:81: 'x' is not a cell symbol"
    );
}

#[test]
fn a_stray_nine_symbol_line_does_not_hide_the_puzzles_after_it() {
    // `top95.txt` has nine symbols, like a block row with bad symbols. It must be reported,
    // and the line puzzles after it still read (they are not part of any block).
    let text = format!("top95.txt\n{SEED003}\n{SOLVED}\n");
    let items = read("f.txt", text.as_bytes());
    let shown: Vec<String> = items
        .iter()
        .map(|i| {
            i.as_ref()
                .map_or_else(ToString::to_string, |e| e.puzzle.to_line())
        })
        .collect();
    assert_eq!(
        shown,
        ["f.txt:1:1: 't' is not a cell symbol", SEED003, SOLVED]
    );
}

#[test]
fn a_bad_block_does_not_hide_the_block_right_after_it() {
    // Blocks may follow each other without blank lines; an error in one must not swallow
    // the next.
    let bad =
        block(SEED003, " ", " | ", Some("------+-------+------")).replacen(". 9 4", ". 9 x", 1);
    let good = block(SOLVED, " ", " | ", Some("------+-------+------"));
    let items = read("f.txt", format!("{bad}{good}").as_bytes());
    let shown: Vec<String> = items
        .iter()
        .map(|i| {
            i.as_ref()
                .map_or_else(ToString::to_string, |e| e.puzzle.to_line())
        })
        .collect();
    assert_eq!(shown, ["f.txt:1:5: 'x' is not a cell symbol", SOLVED]);
}

#[test]
fn a_size_hint_reads_sixteen_symbol_lines_as_rows_of_a_sixteen_by_sixteen_block() {
    // Without a hint, a 16-symbol line of 1-4 and `.` is a whole 4×4 puzzle.
    let line: String = (0..256)
        .map(|i| if i % 16 < 4 && i % 5 == 0 { '1' } else { '.' })
        .collect();
    let p: Puzzle = line.parse().expect("a 16×16 line");
    let rows: Vec<&str> = (0..16).map(|r| &line[r * 16..r * 16 + 16]).collect();
    let text = rows.join("\n");
    let hinted: Vec<_> = PuzzleReader::new("h.txt", text.as_bytes())
        .with_size_hint(Some(BoxSize::SIXTEEN))
        .map(|i| i.expect("rows of a 16×16 block").puzzle)
        .collect();
    assert_eq!(hinted, [p]);
    let unhinted = read("h.txt", text.as_bytes());
    assert_eq!(unhinted.len(), 16);
    assert!(
        unhinted
            .iter()
            .all(|i| i.as_ref().is_ok_and(|e| e.puzzle.size() == BoxSize::FOUR))
    );
}

#[test]
fn block_errors_are_located() {
    let good = block(SEED003, " ", " | ", Some("------+-------+------"));
    // A bad symbol in the third row (line 3), column 5.
    let bad_symbol = good.replacen(". . . | . . . | . . .", ". . x | . . . | . . .", 1);
    assert_eq!(
        errors("b.txt", &bad_symbol),
        ["b.txt:2:5: 'x' is not a cell symbol"]
    );
    // A row with one cell missing.
    let short_row = good.replacen(". . . | . 7 6 | . . 2", ". . . | . 7 6 | . 2", 1);
    assert_eq!(
        errors("b.txt", &short_row),
        ["b.txt:3: 8 cells in a row, expected 9"]
    );
    // A block cut short by a blank line, then a good puzzle.
    let rows: Vec<&str> = good.lines().collect();
    let cut = format!("{}\n\n{SOLVED}\n", rows[..5].join("\n"));
    let items = read("b.txt", cut.as_bytes());
    assert_eq!(items.len(), 2, "{items:?}");
    assert_eq!(
        items[0].as_ref().expect_err("short").to_string(),
        "b.txt:1: the puzzle ends after 4 rows, expected 9"
    );
    assert!(items[1].is_ok());
}

#[test]
fn conflicting_givens_name_both_cells_and_the_digit() {
    // r1c3 and r1c7 both hold 5.
    let mut line: Vec<char> = ".".repeat(81).chars().collect();
    line[2] = '5';
    line[6] = '5';
    let p: Puzzle = line
        .iter()
        .collect::<String>()
        .parse()
        .expect("parses: conflicts are not parse errors");
    let conflict = p.conflict().expect("a conflict");
    assert_eq!(conflict.to_string(), "r1c3 and r1c7 both hold 5");
    // In a column and in a box, the earlier cell in reading order comes first.
    let p = Puzzle::empty(BoxSize::NINE)
        .with(dokuscope::solver::Cell::new(80), Digit::new(9))
        .with(dokuscope::solver::Cell::new(60), Digit::new(9));
    assert_eq!(
        p.conflict().expect("a box conflict").to_string(),
        "r7c7 and r9c9 both hold 9"
    );
    assert!(
        SEED003
            .parse::<Puzzle>()
            .expect("valid")
            .conflict()
            .is_none()
    );
}

#[test]
fn an_over_long_line_is_reported_and_reading_goes_on() {
    let long = "1".repeat(200_000);
    let text = format!("{long}\n{SEED003}\n");
    let items = read("long.txt", text.as_bytes());
    assert_eq!(
        items.len(),
        2,
        "{:?}",
        items
            .iter()
            .map(|i| i.as_ref().map(|_| ()))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        items[0].as_ref().expect_err("too long").to_string(),
        "long.txt:1: line longer than 65536 bytes"
    );
    assert_eq!(items[1].as_ref().expect("the next line").location.line, 2);
    // A long line with no newline at all, at the end of the input.
    let items = read("long.txt", long.as_bytes());
    assert_eq!(items.len(), 1);
    assert!(items[0].is_err());
}

#[test]
fn an_empty_argument_is_an_error_not_a_panic() {
    let err = "".parse::<Puzzle>().expect_err("nothing to parse");
    assert_eq!(err.to_string(), "argument:1: no puzzle found");
    assert!("# only a comment\n".parse::<Puzzle>().is_err());
}
