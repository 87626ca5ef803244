//! The shareable outputs: `snapshot`'s SVG and ANSI, `--record`'s asciicast, shell
//! completions; and the small errors a user trips over (a file with no puzzle).

#[path = "common/tmux.rs"]
mod tmux;
#[path = "common/vt.rs"]
mod vt;

use std::path::PathBuf;
use std::process::{Command, Output};

use tmux::{Tmux, available, status_line};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args).current_dir(ROOT).env_remove("NO_COLOR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("dokuscope runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dokuscope-share-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Every `<text>` element's content, in document order.
fn svg_texts(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn svg_parses_has_the_size_of_the_grid_and_holds_the_status_line() {
    for (size, w, h) in [("120x40", 1080, 720), ("80x24", 720, 432)] {
        let args = [
            "snapshot",
            "puzzles/hard.txt",
            "--preset",
            "mrv-degree",
            "--wipeout",
            "1",
            "--size",
            size,
        ];
        let svg = stdout(&run(&[&args[..], &["--format", "svg"]].concat(), &[]));
        let txt = stdout(&run(&[&args[..], &["--format", "txt"]].concat(), &[]));
        let doc = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(root.attribute("width"), Some(w.to_string().as_str()));
        assert_eq!(root.attribute("height"), Some(h.to_string().as_str()));
        let status = status_line(&txt).trim();
        assert!(status.starts_with("PAUSED   step "), "{status}");
        let texts = svg_texts(&doc).join(" ");
        for word in status.split_whitespace() {
            assert!(
                texts.contains(word),
                "{word:?} of {status:?} is not in the SVG"
            );
        }
        assert!(svg.contains("fill=\"#"), "colours are used");
    }
}

#[test]
fn no_color_gives_a_monochrome_svg() {
    let args = ["snapshot", "--decision", "1", "--format", "svg"];
    let colour = stdout(&run(&args, &[]));
    let mono = stdout(&run(&args, &[("NO_COLOR", "1")]));
    let fills = |svg: &str| {
        let doc = roxmltree::Document::parse(svg).expect("XML");
        let mut fills: Vec<String> = doc
            .descendants()
            .filter_map(|n| n.attribute("fill").map(str::to_string))
            .collect();
        fills.sort();
        fills.dedup();
        fills
    };
    assert!(fills(&colour).len() > 4, "{:?}", fills(&colour));
    assert_eq!(
        fills(&mono).len(),
        2,
        "foreground and background only: {:?}",
        fills(&mono)
    );
}

#[test]
fn ansi_is_the_text_with_colour_escapes() {
    let ansi = stdout(&run(&["snapshot", "--end", "--format", "ansi"], &[]));
    let txt = stdout(&run(&["snapshot", "--end", "--format", "txt"], &[]));
    assert!(ansi.contains("\x1b[0;"), "SGR escapes are there");
    let mut plain = String::new();
    let mut chars = ansi.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    let mut trimmed = String::new();
    for line in plain.lines() {
        trimmed.push_str(line.trim_end());
        trimmed.push('\n');
    }
    assert_eq!(trimmed, txt);
}

#[test]
fn snapshot_refuses_what_it_cannot_draw() {
    let tree = run(&["snapshot", "--tree"], &[]);
    assert_eq!(tree.status.code(), Some(0), "--tree draws the tree panel");
    assert!(String::from_utf8_lossy(&tree.stdout).contains("no event yet"));
    let size = run(&["snapshot", "--size", "120by40"], &[]);
    assert_eq!(size.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&size.stderr).contains("COLSxROWS"));
    let one = run(&["snapshot", "--compare", "fast"], &[]);
    assert_eq!(one.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&one.stderr).contains("2 to 4"));
    let both = run(&["snapshot", "--end", "--step", "3"], &[]);
    assert_eq!(both.status.code(), Some(2), "one point at a time");
}

#[test]
fn a_file_without_puzzles_is_an_error_for_solve_and_bench() {
    let empty = temp("empty.txt");
    std::fs::write(&empty, "").expect("write");
    let comments = temp("comments.txt");
    std::fs::write(&comments, "# only a comment\n\n# and another\n").expect("write");
    for file in [&empty, &comments] {
        let name = file.to_str().expect("utf-8 path");
        for cmd in ["solve", "bench"] {
            let out = run(&[cmd, name], &[]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{cmd} {name}: {err}");
            assert!(err.contains(&format!("{name}: no puzzles")), "{cmd}: {err}");
        }
        let out = run(&["snapshot", name], &[]);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("no puzzles"));
    }
}

#[test]
fn completions_and_help_know_the_preset_names() {
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&run(&["completions", shell], &[]));
        for word in ["snapshot", "mrv-degree", "fc-mrv-lcv"] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    let help = stdout(&run(&["watch", "--help"], &[]));
    assert!(
        help.contains("mrv-degree") && help.contains("s003-rv-hs"),
        "{help}"
    );
    let help = stdout(&run(&["bench", "--help"], &[]));
    assert!(help.contains("seed003"), "bench lists the groups too");
}

#[test]
fn a_recording_is_asciicast_v2_and_replays_to_the_last_screen() {
    if !available("recording") {
        return;
    }
    let cast = temp("watch.cast");
    let _ = std::fs::remove_file(&cast);
    let t = Tmux::start(
        &format!(
            "cd {ROOT} && {BIN} watch puzzles/hard.txt --preset mrv-degree --record {}",
            cast.display()
        ),
        100,
        40,
    );
    t.wait_status("PAUSED   step 0");
    t.send(&["s"]);
    // The screen once settled (the last step's animation over) is the snapshot at the end.
    let solved = stdout(&run(
        &[
            "snapshot",
            "puzzles/hard.txt",
            "--preset",
            "mrv-degree",
            "--end",
            "--size",
            "100x40",
        ],
        &[],
    ));
    t.wait_until("the settled solution", |s| s == solved);
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");

    let text = std::fs::read_to_string(&cast).expect("the cast was written");
    let header: serde_json::Value =
        serde_json::from_str(text.lines().next().expect("a header")).expect("header is JSON");
    assert!(
        header["timestamp"]
            .as_u64()
            .is_some_and(|t| t > 1_600_000_000)
    );
    let (size, screen, frames) = vt::replay(&text);
    assert_eq!(size, (100, 40));
    assert!(frames >= 2, "the start and the solution at least: {frames}");
    let replayed = screen.text();
    assert_eq!(
        status_line(&replayed),
        status_line(&solved),
        "the last frame holds the final status line; replayed screen:\n{replayed}"
    );
    assert_eq!(
        replayed, solved,
        "the whole replayed screen is the one tmux showed"
    );
}

#[test]
fn a_recording_gets_frames_only_when_the_screen_changes() {
    if !available("recording frames") {
        return;
    }
    let cast = temp("paused.cast");
    let _ = std::fs::remove_file(&cast);
    let frames =
        || std::fs::read_to_string(&cast).map_or(0, |t| t.lines().count().saturating_sub(1));
    let t = Tmux::start(
        &format!("cd {ROOT} && {BIN} watch --record {}", cast.display()),
        100,
        30,
    );
    t.wait_status("PAUSED   step 0");
    // Keys that change nothing wake the loop, which draws the same screen again. Input that
    // arrives together is handled before one draw, so the keys go one at a time; the pause
    // is not a wait for a condition: were it too short under load, keys would share a draw
    // and the test would pass without testing, never fail wrongly.
    for key in ["y", "z", "y", "z"] {
        t.send(&[key]);
        std::thread::sleep(std::time::Duration::from_millis(150));
    }
    t.send(&["Right"]);
    let settled = stdout(&run(&["snapshot", "--step", "1", "--size", "100x30"], &[]));
    t.wait_until("step 1 with its flash over", |s| s == settled);
    // The first screen, step 1 with its pruned candidate flashing, and step 1 once the flash
    // is over: three frames, whatever the redraws in between.
    let start = std::time::Instant::now();
    while frames() < 3 && start.elapsed() < tmux::PATIENCE {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(
        frames(),
        3,
        "{}",
        std::fs::read_to_string(&cast).unwrap_or_default()
    );
    t.send(&["q"]);
    t.wait_for("EXIT_CODE=0");
    assert_eq!(frames(), 3, "quitting draws nothing new");
}
