//! The pictures in assets/ are what the program draws today: the script that makes them
//! runs again into a temporary folder and every file must come out byte for byte the same;
//! the recording, made live and so never byte-identical, must replay to the screen
//! `snapshot` draws for the state it ends in.

#[path = "common/vt.rs"]
mod vt;

use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Files in assets/ that the script does not write into --out on its quick run.
const NOT_PICTURES: &[&str] = &["make.sh", "README.md", "demo.cast", "lessons"];

#[test]
fn the_assets_script_leaves_the_checked_in_pictures_unchanged() {
    let out = std::env::temp_dir().join(format!("dokuscope-assets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let status = Command::new("bash")
        .arg(Path::new(ROOT).join("assets/make.sh"))
        .arg("--out")
        .arg(&out)
        .env("DOKUSCOPE", BIN)
        .status()
        .expect("bash runs the script");
    assert!(status.success(), "assets/make.sh failed");
    let made: Vec<String> = std::fs::read_dir(&out)
        .expect("the script wrote its folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(made.len() >= 5, "{made:?}");
    let assets = Path::new(ROOT).join("assets");
    for name in &made {
        let fresh = std::fs::read(out.join(name)).expect("read the fresh file");
        let kept = std::fs::read(assets.join(name)).ok();
        assert!(
            kept.is_some(),
            "assets/{name} is made by the script but not checked in"
        );
        let kept = kept.unwrap_or_default();
        assert!(
            fresh == kept,
            "assets/{name} differs from what the program draws now: run assets/make.sh"
        );
    }
    for entry in std::fs::read_dir(&assets).expect("assets/") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        assert!(
            made.contains(&name) || NOT_PICTURES.contains(&name.as_str()),
            "assets/{name} is not made by assets/make.sh"
        );
    }
    let _ = std::fs::remove_dir_all(out);
}

#[test]
fn the_checked_in_recording_replays_to_the_solved_screen() {
    let cast = std::fs::read_to_string(Path::new(ROOT).join("assets/demo.cast"))
        .expect("assets/demo.cast is checked in");
    let ((w, h), screen, frames) = vt::replay(&cast);
    assert!(frames > 5, "a session, not a single frame: {frames}");
    // The session assets/make.sh --cast records ends solved, after `s`.
    let out = Command::new(BIN)
        .args([
            "snapshot",
            "puzzles/hard.txt",
            "--preset",
            "mrv-degree",
            "--end",
        ])
        .arg(format!("--size={w}x{h}"))
        .current_dir(ROOT)
        .output()
        .expect("snapshot runs");
    assert!(out.status.success());
    let expected = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        screen.text(),
        expected,
        "the recording no longer ends on the screen the program draws: run assets/make.sh --cast"
    );
}
