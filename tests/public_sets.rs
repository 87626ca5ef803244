//! The public sets kept in `puzzles/public` are what their README says: the folder holds
//! exactly the files its tables list, each with the sha256 and the line count given there,
//! and every sample's sidecar numbers its lines once each, in increasing order, the same
//! count as the sample. A file edited, added or dropped without its provenance fails here.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::collections::BTreeMap;
use std::path::Path;

use sha2::{Digest, Sha256};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/public");

/// The README's table rows that name a file: file → (line count, sha256).
fn listed() -> BTreeMap<String, (usize, String)> {
    let readme = std::fs::read_to_string(Path::new(DIR).join("README.md")).expect("the README");
    let mut rows = BTreeMap::new();
    for line in readme.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let file = cells[0].trim_matches('`');
        let sha = cells[cells.len() - 1].trim_matches('`');
        if sha.len() != 64 {
            continue; // the samples' table: how each was taken, no digest
        }
        let count: String = cells[1]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ',')
            .filter(char::is_ascii_digit)
            .collect();
        let count = count.parse().expect("a line count in the second column");
        let old = rows.insert(file.to_string(), (count, sha.to_string()));
        assert!(old.is_none(), "{file} is listed twice");
    }
    rows
}

#[test]
fn every_file_is_listed_with_its_sha256_and_line_count() {
    let listed = listed();
    let mut present: Vec<String> = std::fs::read_dir(DIR)
        .expect("puzzles/public")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name != "README.md")
        .collect();
    present.sort();
    let names: Vec<&String> = listed.keys().collect();
    assert_eq!(
        present.iter().collect::<Vec<_>>(),
        names,
        "the files here and the README's tables"
    );
    for (file, (count, sha)) in &listed {
        let bytes = std::fs::read(Path::new(DIR).join(file)).expect("a listed file");
        let digest = Sha256::digest(&bytes)
            .iter()
            .fold(String::new(), |mut hex, b| {
                use std::fmt::Write as _;
                write!(hex, "{b:02x}").expect("a String takes any text");
                hex
            });
        assert_eq!(&digest, sha, "{file}: sha256");
        let lines = bytes.split(|&b| b == b'\n').count() - 1;
        assert_eq!(lines, *count, "{file}: lines");
        assert_eq!(bytes.last(), Some(&b'\n'), "{file}: ends with a newline");
    }
}

#[test]
fn every_samples_sidecar_numbers_its_lines_in_upstream_order() {
    let listed = listed();
    let samples: Vec<&String> = listed
        .keys()
        .filter(|f| f.ends_with(".sample.txt"))
        .collect();
    assert_eq!(samples.len(), 5, "{samples:?}");
    for sample in samples {
        let sidecar = sample.replace(".sample.txt", ".sample.lines");
        let numbers: Vec<usize> = std::fs::read_to_string(Path::new(DIR).join(&sidecar))
            .expect("the sidecar")
            .lines()
            .map(|l| l.parse().expect("a line number"))
            .collect();
        assert!(numbers[0] >= 1, "{sidecar}: from 1");
        assert!(
            numbers.windows(2).all(|w| w[0] < w[1]),
            "{sidecar}: increasing"
        );
        assert_eq!(numbers.len(), listed[sample].0, "{sidecar}: one a line");
    }
}
