//! Each reader on hand-made inputs: what it reads, the unsupported constraints it names and
//! the malformed ones it locates; the lz-string decoder against the `lz-str` crate.

use dokuscope_engine::variant::{Constraint, Dot, Group, Regions};
use dokuscope_formats::lzstring::decompress_base64;
use dokuscope_formats::{Format, FormatErrorKind, read};

fn err(text: &str) -> String {
    match read("in", text, None) {
        Ok(v) => format!("read {} puzzles", v.len()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn formats_are_detected_from_their_first_line() {
    let cases = [
        (
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            Format::Classic,
        ),
        (".Cage~3~R1C1~R1C2", Format::Iss),
        (".~R1C1_5", Format::Iss),
        ("# a comment\ncage 3 r1c1 r1c2", Format::Dokuscope),
        ("3x3::k:1:2", Format::Sudocue),
        ("{\"size\":9}", Format::Fpuzzles),
        ("https://www.f-puzzles.com/?load=N4Ig", Format::Fpuzzles),
        ("https://sudokupad.app/fpuzzlesN4Ig", Format::Fpuzzles),
        (
            "N4IgzglgXgpiBcBOANCALhNAbO8QGEsIAHYmAExFQEMBX",
            Format::Fpuzzles,
        ),
        (
            "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^",
            Format::KillerShort,
        ),
    ];
    for (text, format) in cases {
        assert_eq!(Format::detect(text), format, "{text}");
    }
}

#[test]
fn format_names_parse_with_their_aliases() {
    for f in Format::ALL {
        assert_eq!(f.name().parse::<Format>(), Ok(f));
        for a in f.aliases() {
            assert_eq!(a.parse::<Format>(), Ok(f));
        }
    }
    assert!("kakuro".parse::<Format>().is_err());
}

#[test]
fn unsupported_constraints_are_named_never_dropped() {
    assert_eq!(
        err(".Renban~R1C1~R1C2"),
        "in:1:1: Renban: the Interactive Sudoku Solver's 'Renban' is not a constraint dokuscope supports"
    );
    assert_eq!(
        err("{\"size\":9,\"grid\":[],\"palindrome\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]}"),
        "in: palindrome: f-puzzles' 'palindrome' is not a constraint dokuscope supports"
    );
    let grid = format!(
        "[{}]",
        vec![format!("[{}]", ["{}"; 9].join(",")); 9].join(",")
    );
    assert_eq!(
        err(&format!(
            "{{\"size\":9,\"grid\":{grid},\"difference\":[{{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}}]}}"
        )),
        "in: difference[0]: a white dot of difference 3 is not a constraint dokuscope supports"
    );
    assert!(err("https://sudokupad.app/sclN4Ig").contains("SudokuPad's own puzzle format"));
    assert!(err("https://sudokupad.app/TtTmqGMBDR").contains("short SudokuPad link"));
    assert!(err("3x3::j:1").contains("only killers"));
}

#[test]
fn malformed_constraints_are_located() {
    assert_eq!(
        err(".Cage~10~R1C1~R10C1"),
        "in:1:15: Cage: R10C1 is outside the 9×9 board"
    );
    assert_eq!(
        err("cage 3 r1c1 r1c2\nthermo r1c1 r9"),
        "in:2:13: thermo: 'r9' is not a cell"
    );
    assert_eq!(
        err("white r1c1 r1c3"),
        "in:1:1: white: r1c1 and r1c3 are not orthogonal neighbours"
    );
    assert_eq!(err("cage 7 r1c1 r1c1"), "in:1:1: cage: r1c1 appears twice");
    assert_eq!(
        err("givens 12\ncage 3 r1c1 r1c2"),
        "in:1:8: givens: 2 cells: a board has 16, 81, 256 or 625"
    );
    assert_eq!(
        err(
            "jigsaw 000000000111111111222222222333333333444444444555555555666666666777777778888888888"
        ),
        "in:1:8: jigsaw: jigsaw region 8 has 8 cells, expected 9"
    );
    let short = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^><";
    assert!(err(short).starts_with("in:1:"), "{}", err(short));
    assert!(err(".Thermo~R1C1~R1C2.Bogus~1").contains("'Bogus' is not a constraint type"));
    assert!(err("{\"size\":9,\"grid\":[[]]}").contains("grid"));
    assert!(err("{\"size\":6}").contains("6×6"));
}

#[test]
fn dokuscope_text_reads_every_keyword() {
    let text = "size 4\ngivens 1...............\ncandidates r2c2 34\ncage 5 r1c2 r2c1\ncage ? r3c3 r3c4\nlittlekiller 5 r1c2 dl\n\
                diagonal main\ndiagonal anti\nregion r1c1 r2c2\nantiknight\nantiking\nnonconsecutive\nthermo r4c1 r4c2\narrow r3c1 > r4c1\n\
                white r1c3 r1c4\nblack r2c3 r2c4\nx r3c1 r3c2\nv r4c3 r4c4\nnegative white x\neven r1c1\nodd r2c2\n---\nnoboxes\n---\njigsaw 0011001122332233\n";
    let v = read("in", text, None)
        .map_err(|e| e.to_string())
        .expect("reads");
    assert_eq!(v.len(), 3);
    let c = &v[0].constraints;
    assert_eq!(c.len(), 20);
    assert!(c.contains(&Constraint::KropkiNegative {
        white: true,
        black: false
    }));
    assert!(c.contains(&Constraint::XvNegative { x: true, v: false }));
    assert!(
        c.iter()
            .any(|c| matches!(c, Constraint::Cage { sum: None, .. }))
    );
    assert!(c.iter().any(|c| matches!(
        c,
        Constraint::Kropki {
            dot: Dot::Black,
            ..
        }
    )));
    assert!(c.iter().any(|c| matches!(
        c,
        Constraint::Distinct {
            kind: Group::AntiDiagonal,
            ..
        }
    )));
    assert!(
        c.iter()
            .any(|c| matches!(c, Constraint::LittleKiller { cells, sum: 5 } if cells.len() == 2))
    );
    assert_eq!(v[1].regions, Regions::None);
    assert!(matches!(v[2].regions, Regions::Jigsaw(_)));
}

#[test]
fn the_decoder_matches_lz_str_on_its_own_compressions() {
    let samples = [
        "{\"size\":9,\"grid\":[]}".to_string(),
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".to_string(),
        "The quick brown fox jumps over the lazy dog, ünïcödé ✓ 数独".to_string(),
        (0u8..=255)
            .cycle()
            .take(2000)
            .map(|i| char::from(b'a' + i.wrapping_mul(7) % 26))
            .collect(),
    ];
    for s in samples {
        let compressed = lz_str::compress_to_base64(&s);
        assert_eq!(decompress_base64(&compressed).as_deref(), Ok(s.as_str()));
    }
}

#[test]
fn the_decoder_refuses_damaged_data_without_panicking() {
    assert!(decompress_base64("N4Ig!").is_err());
    assert!(
        decompress_base64("N4IgzglgXgpiBcBOANCALhNAbO8QGEsIAHYmAExFQEMBXNACwHsAnBEABQYiNIAIA")
            .is_err()
    );
    assert!(decompress_base64("").is_err());
}

#[test]
fn every_kind_of_error_reads_as_a_sentence() {
    let kind = FormatErrorKind::BoardSize(6);
    assert_eq!(
        kind.to_string(),
        "a 6×6 board: dokuscope plays 4×4, 9×9, 16×16 and 25×25 boards"
    );
}
