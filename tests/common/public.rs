//! The public puzzle sets kept in `puzzles/public` (the small sets whole, samples of the
//! large ones; see its README), read by their upstream line numbers, so that a test picks
//! the same puzzles from a sample as from the whole file.
//!
//! `DOKUSCOPE_PUBLIC_SETS` names another folder to read instead (one holding the whole
//! upstream files, for instance): a whole `NAME` there is read in place of its sample.
//! A set that is in neither form is a failure, never a skip. Std only: the benchmarks
//! include this file too.
#![allow(
    dead_code,
    reason = "each test crate and benchmark uses some of these helpers"
)]

use std::path::{Path, PathBuf};

/// The environment variable that names another folder of public sets.
pub const OVERRIDE: &str = "DOKUSCOPE_PUBLIC_SETS";

/// The folder the sets are read from: `$DOKUSCOPE_PUBLIC_SETS`, or `puzzles/public`.
pub fn dir() -> PathBuf {
    std::env::var_os(OVERRIDE).map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/public"),
        PathBuf::from,
    )
}

/// The sample of `name` (`sudoku17.txt` → `sudoku17.sample.txt`) and its sidecar of
/// upstream line numbers (`sudoku17.sample.lines`).
fn sample_paths(dir: &Path, name: &str) -> (PathBuf, PathBuf) {
    let stem = name.strip_suffix(".txt").unwrap_or(name);
    (
        dir.join(format!("{stem}.sample.txt")),
        dir.join(format!("{stem}.sample.lines")),
    )
}

/// The file that holds `name`'s puzzles: the whole set where it is there, else its sample.
/// For a command line (`dokuscope bench PATH`).
pub fn path(name: &str) -> PathBuf {
    let dir = dir();
    let whole = dir.join(name);
    if whole.is_file() {
        return whole;
    }
    let (sample, _) = sample_paths(&dir, name);
    assert!(
        sample.is_file(),
        "{}: neither {name} nor its sample is there (see puzzles/public/README.md)",
        dir.display()
    );
    sample
}

/// The text of `path`, or a failure that names it.
#[allow(clippy::panic, reason = "a test fails naming the file it cannot read")]
fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every line of `name` that is kept here, with its upstream line number (from 1), in
/// upstream order: all of a whole set, the sample's lines of a large one.
#[allow(clippy::panic, reason = "a test fails naming the bad line")]
pub fn numbered(name: &str) -> Vec<(usize, String)> {
    let dir = dir();
    let whole = dir.join(name);
    if whole.is_file() {
        return read(&whole)
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect();
    }
    let (sample, numbers) = sample_paths(&dir, name);
    let lines: Vec<String> = read(&sample).lines().map(str::to_string).collect();
    let numbers: Vec<usize> = read(&numbers)
        .lines()
        .map(|l| {
            l.trim()
                .parse()
                .unwrap_or_else(|_| panic!("{}: '{l}' is not a line number", sample.display()))
        })
        .collect();
    assert_eq!(
        lines.len(),
        numbers.len(),
        "{}: one upstream line number a line",
        sample.display()
    );
    numbers.into_iter().zip(lines).collect()
}

/// The lines of `name` kept here, in upstream order.
pub fn lines(name: &str) -> Vec<String> {
    numbered(name).into_iter().map(|(_, l)| l).collect()
}

/// The lines of `name` at the upstream line numbers that `wanted` accepts, each of which
/// must be kept here: `expected` of them, or the test would not make the search it pins.
pub fn picked(name: &str, expected: usize, wanted: impl Fn(usize) -> bool) -> Vec<String> {
    let picked: Vec<String> = numbered(name)
        .into_iter()
        .filter(|(n, _)| wanted(*n))
        .map(|(_, l)| l)
        .collect();
    assert_eq!(
        picked.len(),
        expected,
        "{name}: the lines a test picks are kept (see puzzles/public/README.md)"
    );
    picked
}

/// Every `step`-th line of `name` from line 1, `take` of them (as a test once sampled the
/// whole file with `step_by(step).take(take)`).
pub fn every(name: &str, step: usize, take: usize) -> Vec<String> {
    picked(name, take, |n| (n - 1) % step == 0 && (n - 1) / step < take)
}

/// The first `take` upstream lines of `name` (all of them must be kept here).
pub fn first(name: &str, take: usize) -> Vec<String> {
    picked(name, take, |n| n <= take)
}
