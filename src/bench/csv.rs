//! `--format csv`: one row per (preset, puzzle), written as results arrive, and its parser.
//!
//! Columns: `preset,file,line,verdict,nanos,nodes,assignments,backtracks,prunes,wipeouts,max_depth,solutions,steps,conflicts`,
//! and with `--seeds` a last column `seed` (empty for a preset that runs once, its cell
//! order being static). Counter columns carry the engine's `Stats` field names; `nanos` is
//! the puzzle's own solving time; `steps` and `conflicts` (its fewest) are a local
//! search's, empty for a backtracking search. Fields holding `,`, `"` or a line break are
//! quoted as RFC 4180 says.

use std::io::{self, Write};

use super::sample::{Sample, Verdict};

/// The header row.
pub const HEADER: &str = "preset,file,line,verdict,nanos,nodes,assignments,backtracks,prunes,wipeouts,max_depth,solutions,steps,conflicts";

/// One parsed row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The preset's name.
    pub preset: String,
    /// The file as named on the command line.
    pub file: String,
    /// The line the puzzle starts on.
    pub line: usize,
    /// The measurement.
    pub sample: Sample,
    /// The run's seed, with `--seeds` (`None` in a row without the column, or empty).
    pub seed: Option<u64>,
}

/// A CSV field, quoted when it must be.
fn field(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\"")).into()
    } else {
        text.into()
    }
}

/// Writes the header, with the `seed` column when `seeded`.
///
/// # Errors
/// When `out` fails.
pub fn write_header(out: &mut impl Write, seeded: bool) -> io::Result<()> {
    if seeded {
        writeln!(out, "{HEADER},seed")
    } else {
        writeln!(out, "{HEADER}")
    }
}

/// Writes one row of a run with `--seeds`: [`write_row`]'s fields, then the seed (empty
/// for none).
///
/// # Errors
/// When `out` fails.
pub fn write_seeded_row(
    out: &mut impl Write,
    preset: &str,
    file: &str,
    line: usize,
    s: &Sample,
    seed: Option<u64>,
) -> io::Result<()> {
    let mut row = Vec::with_capacity(128);
    write_row(&mut row, preset, file, line, s)?;
    row.pop();
    out.write_all(&row)?;
    match seed {
        Some(seed) => writeln!(out, ",{seed}"),
        None => writeln!(out, ","),
    }
}

/// Writes one row.
///
/// # Errors
/// When `out` fails.
pub fn write_row(
    out: &mut impl Write,
    preset: &str,
    file: &str,
    line: usize,
    s: &Sample,
) -> io::Result<()> {
    let verdict = s.verdict.map_or("", Verdict::name);
    let local = |n: Option<u64>| n.map_or_else(String::new, |n| n.to_string());
    writeln!(
        out,
        "{},{},{line},{verdict},{},{},{},{},{},{},{},{},{},{}",
        field(preset),
        field(file),
        s.nanos,
        s.nodes,
        s.assignments,
        s.backtracks,
        s.prunes,
        s.wipeouts,
        s.max_depth,
        s.solutions,
        local(s.steps),
        local(s.conflicts)
    )
}

/// Splits one CSV record into fields, undoing RFC 4180 quoting.
fn split(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let (mut quoted, mut chars) = (false, line.chars().peekable());
    while let Some(c) = chars.next() {
        let current = fields.last_mut();
        match (c, quoted, current) {
            ('"', true, Some(f)) if chars.peek() == Some(&'"') => {
                chars.next();
                f.push('"');
            }
            ('"', _, _) => quoted = !quoted,
            (',', false, _) => fields.push(String::new()),
            (c, _, Some(f)) => f.push(c),
            (_, _, None) => {}
        }
    }
    fields
}

/// Parses one data row (not the header), with or without the seed column; `None` if it
/// is not a row of this format.
pub fn parse_row(line: &str) -> Option<Row> {
    let f = split(line);
    // Rows written before the local search's columns have 12 fields (13 with a seed).
    let (local, seeded) = match f.len() {
        12 => (false, false),
        13 => (false, true),
        14 => (true, false),
        15 => (true, true),
        _ => return None,
    };
    let seed = match f.last().map(String::as_str) {
        Some(text) if seeded && !text.is_empty() => Some(text.parse().ok()?),
        _ => None,
    };
    let n = |i: usize| f[i].parse::<u64>().ok();
    let local = |i: usize| match f.get(i).map(String::as_str).filter(|_| local) {
        None | Some("") => Some(None),
        Some(text) => text.parse::<u64>().ok().map(Some),
    };
    Some(Row {
        preset: f[0].clone(),
        file: f[1].clone(),
        line: f[2].parse().ok()?,
        sample: Sample {
            verdict: Some(Verdict::from_name(&f[3])?),
            nanos: n(4)?,
            nodes: n(5)?,
            assignments: n(6)?,
            backtracks: n(7)?,
            prunes: n(8)?,
            wipeouts: n(9)?,
            max_depth: n(10)?,
            solutions: n(11)?,
            steps: local(12)?,
            conflicts: local(13)?,
            // The CSV's columns are the counters every preset has; arc revisions are in
            // the table and the JSON.
            ..Sample::default()
        },
        seed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_with_a_comma_and_quote_in_the_file_name_parses_back() {
        let s = Sample {
            verdict: Some(Verdict::Limit),
            nanos: 12,
            nodes: 3,
            prunes: 9,
            ..Sample::default()
        };
        let mut out = Vec::new();
        write_row(&mut out, "bt", "a,\"b\".txt", 7, &s).expect("write to a Vec");
        let text = String::from_utf8(out).expect("utf-8");
        let row = parse_row(text.trim_end()).expect("a row");
        assert_eq!(
            row,
            Row {
                preset: "bt".into(),
                file: "a,\"b\".txt".into(),
                line: 7,
                sample: s,
                seed: None,
            }
        );
    }

    #[test]
    fn a_seeded_row_parses_back_with_its_seed_or_an_empty_one() {
        for seed in [Some(17), None] {
            let row = Row {
                preset: "dom-wdeg/luby:10".into(),
                file: "top95.txt".into(),
                line: 3,
                sample: Sample {
                    verdict: Some(Verdict::Solved),
                    nodes: 40,
                    ..Sample::default()
                },
                seed,
            };
            let mut out = Vec::new();
            write_seeded_row(
                &mut out,
                &row.preset,
                &row.file,
                row.line,
                &row.sample,
                seed,
            )
            .expect("write to a Vec");
            let text = String::from_utf8(out).expect("utf-8");
            // The header's columns and the seed: 15 fields.
            assert_eq!(text.matches(',').count(), 14, "{text}");
            assert_eq!(parse_row(text.trim_end()), Some(row));
        }
    }
}
