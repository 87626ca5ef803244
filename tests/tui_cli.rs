//! The exits that come before any screen: no terminal, bad input, unknown preset.

use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");

fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn without_a_terminal_watch_points_to_solve_and_trace_and_exits_2() {
    for args in [
        &[][..],
        &["watch"][..],
        &["compare", "-p", "fast", "-p", "bt"][..],
    ] {
        let (code, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("dokuscope solve") && err.contains("dokuscope trace"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn bad_puzzle_input_gets_a_located_error_before_any_screen() {
    let dir = std::env::temp_dir().join(format!("dokuscope-tui-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "12x4.....\n").expect("write");
    let (code, err) = run(&["watch", bad.to_str().expect("utf-8 path")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bad.txt:1"), "{err}");
    let dup = dir.join("dup.txt");
    std::fs::write(
        &dup,
        "11...............................................................................\n",
    )
    .expect("write");
    let (code, err) = run(&[
        "compare",
        dup.to_str().expect("utf-8 path"),
        "-p",
        "fast",
        "-p",
        "bt",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("dup.txt:1") && err.contains("both hold 1"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn unknown_presets_list_the_valid_ones() {
    let (code, err) = run(&["watch", "--preset", "fastest"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'fastest'") && err.contains("mrv-degree"),
        "{err}"
    );
    let (code, err) = run(&["compare", "-p", "fast", "-p", "nope"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'nope'") && err.contains("fc-mrv-lcv"),
        "{err}"
    );
    let (code, err) = run(&["compare", "-p", "fast"]);
    assert_eq!(code, 2);
    assert!(err.contains("2 to 4"), "{err}");
}
