//! The readers agree: the same puzzle written in two formats reads to the same variant
//! (constraints compared as a set, since each format lists them in its own order).

mod common;

use std::fmt::Write as _;

use dokuscope_engine::variant::Variant;
use dokuscope_formats::{Format, read};

fn normal(mut v: Variant) -> Variant {
    v.constraints.sort_by_key(|c| format!("{c:?}"));
    v
}

fn file(name: &str) -> Vec<Variant> {
    let path = common::bundle::dir().join(name);
    let text = std::fs::read_to_string(&path).expect("bundled file");
    read(name, &text, None)
        .map_err(|e| e.to_string())
        .expect("reads")
        .into_iter()
        .map(normal)
        .collect()
}

fn named(name: &str, puzzle: &str) -> Variant {
    let path = common::bundle::dir().join(name);
    let text = std::fs::read_to_string(&path).expect("bundled file");
    let index = common::bundle::metadata(&text)
        .iter()
        .position(|m| m.name == puzzle)
        .expect("the puzzle is named");
    file(name).swap_remove(index)
}

#[test]
fn dokuscope_text_reads_as_the_iss_strings_it_re_encodes() {
    let text = std::fs::read_to_string(common::bundle::dir().join("dokuscope.txt")).expect("file");
    let ours = file("dokuscope.txt");
    let mut compared = 0;
    for (meta, variant) in common::bundle::metadata(&text).iter().zip(&ours) {
        if meta.name.starts_with("Odd even") || meta.name == "No boxes" {
            continue;
        }
        assert_eq!(
            variant,
            &named("iss-examples.txt", &meta.name),
            "{}",
            meta.name
        );
        compared += 1;
    }
    assert_eq!(compared, 9);
}

#[test]
fn fpuzzles_links_read_as_the_iss_strings_of_the_same_thermos() {
    let links = file("bench/fpuzzles-hard-thermos.txt");
    let iss = file("bench/iss-hard-thermos.txt");
    assert_eq!(links.len(), 3);
    assert_eq!(links, iss);
}

#[test]
fn the_two_killer_formats_and_iss_read_the_same_killer() {
    // The Wikipedia killer of iss-examples.txt, written by hand in the other formats.
    let iss = named("iss-examples.txt", "Killer sudoku");
    // SudoCue: sum × 256 + cage number, cells in reading order.
    let cages: Vec<(u32, Vec<usize>)> = iss
        .constraints
        .iter()
        .map(|c| match c {
            dokuscope_engine::variant::Constraint::Cage { cells, sum } => {
                (sum.unwrap_or(0), cells.iter().map(|c| c.index()).collect())
            }
            _ => (0, Vec::new()),
        })
        .collect();
    let mut fields = vec![0u32; 81];
    for (id, (sum, cells)) in cages.iter().enumerate() {
        for &c in cells {
            fields[c] = sum * 256 + u32::try_from(id).expect("few cages");
        }
    }
    let sudocue = format!(
        "3x3::k:{}:",
        fields
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(":")
    );
    let from_sudocue = normal(
        read("sudocue", &sudocue, Some(Format::Sudocue))
            .map_err(|e| e.to_string())
            .expect("reads")
            .remove(0),
    );
    assert_eq!(from_sudocue, iss);
    // The 81-character format: every cell points left or up towards its cage's first cell.
    let mut short = vec![' '; 81];
    for (sum, cells) in &cages {
        let first = cells[0];
        for &c in cells {
            short[c] = if c == first {
                char::from_digit(*sum, 36)
                    .expect("a sum under 36")
                    .to_ascii_uppercase()
            } else if cells.contains(&(c - 1)) && c % 9 != 0 {
                '<'
            } else if cells.contains(&(c - 9)) {
                '^'
            } else if cells.contains(&(c - 8)) && c % 9 != 8 {
                '\''
            } else {
                '`'
            };
        }
    }
    let short: String = short.into_iter().collect();
    let from_short = normal(
        read("short", &short, Some(Format::KillerShort))
            .map_err(|e| e.to_string())
            .expect("reads")
            .remove(0),
    );
    assert_eq!(from_short, iss);
}

#[test]
fn a_classic_line_reads_the_same_as_iss_givens_and_dokuscope_givens() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let classic = read("classic", line, None)
        .map_err(|e| e.to_string())
        .expect("reads");
    let ours = read("ours", &format!("givens {line}"), None)
        .map_err(|e| e.to_string())
        .expect("reads");
    let iss_items = line
        .chars()
        .enumerate()
        .filter(|(_, c)| c.is_ascii_digit())
        .fold(String::new(), |mut out, (i, c)| {
            let _ = write!(out, "~R{}C{}_{c}", i / 9 + 1, i % 9 + 1);
            out
        });
    let iss = read("iss", &format!(".{iss_items}"), None)
        .map_err(|e| e.to_string())
        .expect("reads");
    assert!(classic[0].is_classic());
    assert_eq!(classic, ours);
    assert_eq!(classic, iss);
}
