//! The bundled puzzles (`puzzles/variants/`) and the comments that name them: `# name:`
//! starts a puzzle's entry, `# solution:` gives its published solution, `# not unique`
//! says its source does not claim one solution.

use std::path::PathBuf;

/// What a puzzle's comments say of it.
#[derive(Debug, Default)]
pub struct Meta {
    pub name: String,
    pub solution: Option<String>,
    pub unique: bool,
}

/// The folder of bundled variants (from the formats crate's tests, or from the root
/// package's, which share these helpers).
pub fn dir() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("puzzles/variants");
    if root.is_dir() {
        root
    } else {
        manifest.join("../../puzzles/variants")
    }
}

/// Every bundled puzzle file (not the README), sorted.
pub fn files() -> Vec<PathBuf> {
    files_in(&dir())
}

/// The puzzle files of the benchmark sets (`puzzles/variants/bench/`), sorted.
pub fn bench_files() -> Vec<PathBuf> {
    files_in(&dir().join("bench"))
}

fn files_in(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("puzzles/variants exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.md"))
        .collect();
    out.sort();
    out
}

/// The entries named in a file's comments, in order.
pub fn metadata(text: &str) -> Vec<Meta> {
    let mut out: Vec<Meta> = Vec::new();
    for line in text.lines() {
        let Some(comment) = line.trim().strip_prefix('#') else {
            continue;
        };
        let comment = comment.trim();
        if let Some(name) = comment.strip_prefix("name:") {
            out.push(Meta {
                name: name.trim().to_string(),
                solution: None,
                unique: true,
            });
        } else if let Some(solution) = comment.strip_prefix("solution:") {
            if let Some(last) = out.last_mut() {
                last.solution = Some(solution.trim().to_string());
            }
        } else if comment == "not unique" {
            if let Some(last) = out.last_mut() {
                last.unique = false;
            }
        }
    }
    out
}

/// A solution string as digits: `1`-`9`, or letters from `A` = 1 on boards beyond 9×9.
pub fn digits(solution: &str, side: usize) -> Vec<u8> {
    solution
        .bytes()
        .map(|b| {
            if side > 9 {
                b.to_ascii_uppercase() - b'A' + 1
            } else {
                b - b'0'
            }
        })
        .collect()
}
