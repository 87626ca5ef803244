//! The recorded fixtures of `tests/fixtures/cpprofiler/` at the repository's root.

#![allow(dead_code, reason = "each test file uses some of these helpers")]
#![allow(clippy::panic, reason = "a missing fixture fails the test")]

use std::path::PathBuf;

/// The fixtures' folder.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/cpprofiler")
}

/// A fixture's bytes.
pub fn read(name: &str) -> Vec<u8> {
    let path = fixtures().join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A fixture's text.
pub fn text(name: &str) -> String {
    String::from_utf8(read(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every recording (`*.cpprof`), by name, sorted.
pub fn recordings() -> Vec<(String, Vec<u8>)> {
    let dir = fixtures();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".cpprof"))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no recordings in {}", dir.display());
    names
        .into_iter()
        .map(|name| (name.clone(), read(&name)))
        .collect()
}
