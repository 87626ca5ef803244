//! Every text dokuscope reads, read with any line end: LF, CRLF, or a bare CR (old Mac
//! files), and a UTF-8 byte order mark before a trace's start as before a puzzle file's or
//! a lesson's (issue 44). A 9×9 or 16×16 block, a file of puzzles one a line, a trace for
//! `check` and for a view (its selects' own words included), and a lesson: each the same
//! whatever its line ends.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/cli.rs"]
mod cli;

use std::path::{Path, PathBuf};
use std::time::Duration;

use dokuscope::solver::Event;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `text` with every LF turned into `end`.
fn ended(text: &str, end: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', end)
}

/// A scratch file holding `text`, kept as long as its folder.
fn file(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("written");
    path
}

fn stdout(args: &[&str]) -> (Option<i32>, String, String) {
    let out = cli::run(args, "");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn bundled(name: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join("puzzles").join(name)).expect("bundled")
}

#[test]
fn a_block_is_one_puzzle_whatever_its_line_ends() {
    let dir = tempfile::tempdir().expect("a folder");
    let nine = bundled("seed003_example.txt");
    let sixteen: String = bundled("16x16.txt")
        .lines()
        .find(|l| !l.starts_with('#') && l.len() == 256)
        .expect("a 16×16 line")
        .as_bytes()
        .chunks(16)
        .flat_map(|row| [String::from_utf8_lossy(row).into_owned(), "\n".to_string()])
        .collect();
    for (name, block) in [("nine", nine), ("sixteen", sixteen)] {
        let (_, lf, _) = stdout(&[
            "solve",
            file(&dir, &format!("{name}.lf.txt"), &block)
                .to_str()
                .expect("utf-8"),
            "--count",
            "1",
        ]);
        assert!(lf.contains("solved"), "{name}: {lf}");
        for (label, end) in [("cr", "\r"), ("crlf", "\r\n")] {
            let path = file(&dir, &format!("{name}.{label}.txt"), &ended(&block, end));
            let (code, out, err) =
                stdout(&["solve", path.to_str().expect("utf-8"), "--count", "1"]);
            assert_eq!(code, Some(0), "{name} with {label}: {out}{err}");
            assert_eq!(out, lf, "{name} with {label}: the same solution");
        }
    }
}

#[test]
fn puzzles_one_a_line_are_each_read_whatever_the_line_ends() {
    let dir = tempfile::tempdir().expect("a folder");
    let lines: Vec<String> = bundled("easy.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(3)
        .map(str::to_string)
        .collect();
    // Bare CRs, then every kind in one file.
    let cr = file(&dir, "three.cr.txt", &format!("{}\r", lines.join("\r")));
    let mixed = file(
        &dir,
        "three.mixed.txt",
        &format!("{}\r\n{}\r{}\n", lines[0], lines[1], lines[2]),
    );
    for path in [&cr, &mixed] {
        let name = path.to_str().expect("utf-8");
        let (code, out, err) = stdout(&["solve", name, "--format", "line"]);
        assert_eq!(code, Some(0), "{out}{err}");
        assert_eq!(out.lines().count(), 3, "three results: {out}");
        let (code, out, err) = stdout(&["bench", name]);
        assert_eq!(code, Some(0), "{out}{err}");
        assert!(out.contains("3 puzzles, 0 bad input"), "{out}");
    }
}

/// The engine's own trace of the bundled puzzle under `mrv`, as `dokuscope trace` writes it.
fn trace() -> String {
    let example = Path::new(ROOT).join("puzzles/seed003_example.txt");
    let out = cli::run(
        &["trace", example.to_str().expect("utf-8"), "-p", "mrv"],
        "",
    );
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("a UTF-8 trace")
}

#[test]
fn a_trace_is_checked_the_same_whatever_its_line_ends_or_a_bom() {
    let dir = tempfile::tempdir().expect("a folder");
    let lf = trace();
    let report = |path: &Path| {
        let (code, out, err) =
            stdout(&["check", path.to_str().expect("utf-8"), "--format", "jsonl"]);
        assert_eq!(code, Some(0), "{}: {out}{err}", path.display());
        let report: serde_json::Value =
            serde_json::from_str(out.lines().next().expect("a report")).expect("JSON");
        (
            report["stats"].clone(),
            report["derived"].clone(),
            report["verdict"].clone(),
        )
    };
    let expected = report(&file(&dir, "lf.jsonl", &lf));
    for (name, text) in [
        ("cr.jsonl", ended(&lf, "\r")),
        ("crlf.jsonl", ended(&lf, "\r\n")),
        ("bom.jsonl", format!("\u{feff}{lf}")),
        ("bom-cr.jsonl", format!("\u{feff}{}", ended(&lf, "\r"))),
    ] {
        assert_eq!(report(&file(&dir, name, &text)), expected, "{name}");
    }
}

/// A foreign stream in its own words: its selects name a heuristic.
const STREAM: &str = r#"{"type":"start","puzzle":"...1.......22413","solver":"toy.py"}
{"type":"select","cell":"r1c1","heuristic":"first_unassigned_variable","score":{"num_legal_values":2}}
{"type":"assign","cell":"r1c1","digit":3}
{"type":"select","cell":"r1c2","heuristic":"first_unassigned_variable","score":{"num_legal_values":1}}
{"type":"assign","cell":"r1c2","digit":4}
"#;

/// Plays the stream at `path` to its end in a view's lane: every event, and each select's
/// note (its heuristic, read again from the file at the select's line).
fn played(path: &Path) -> (Vec<String>, Vec<Option<String>>) {
    let mut lane = dokuscope::cli::stream_file::lane(path).expect("a readable stream");
    let (mut events, mut notes) = (Vec::new(), Vec::new());
    while let Some(event) = lane.advance() {
        events.push(format!("{event:?}"));
        if matches!(event, Event::Select { .. }) {
            lane.refresh(Duration::ZERO, true);
            let note = lane.select_note(lane.step());
            notes.push(note.and_then(|n| n.heuristic.clone()));
        }
    }
    (events, notes)
}

#[test]
fn a_view_plays_a_stream_and_reads_its_selects_words_whatever_its_line_ends() {
    let dir = tempfile::tempdir().expect("a folder");
    let expected = played(&file(&dir, "lf.jsonl", STREAM));
    assert_eq!(
        expected.1,
        vec![Some("first_unassigned_variable".to_string()); 2]
    );
    for (name, text) in [
        ("cr.jsonl", ended(STREAM, "\r")),
        ("crlf.jsonl", ended(STREAM, "\r\n")),
        ("bom.jsonl", format!("\u{feff}{STREAM}")),
    ] {
        assert_eq!(played(&file(&dir, name, &text)), expected, "{name}");
    }
}

#[test]
fn a_lesson_is_checked_the_same_whatever_its_line_ends() {
    let dir = tempfile::tempdir().expect("a folder");
    let tour = std::fs::read_to_string(Path::new(ROOT).join("assets/lessons/tour.toml"))
        .expect("the tour")
        .replace("../../puzzles/", &format!("{ROOT}/puzzles/"));
    let check = |name: &str, text: &str| {
        let path = file(&dir, name, text);
        let (code, out, err) = stdout(&["lesson", "--check", path.to_str().expect("utf-8")]);
        assert_eq!(code, Some(0), "{name}: {out}{err}");
        out.replace(path.to_str().expect("utf-8"), "LESSON")
    };
    let lf = check("lf.toml", &tour);
    assert_eq!(check("cr.toml", &ended(&tour, "\r")), lf);
    assert_eq!(check("crlf.toml", &ended(&tour, "\r\n")), lf);
}
