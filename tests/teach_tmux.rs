//! The quiz and a lesson in a real terminal (tmux): one question answered right and one
//! wrong, the score read off the status line and the answers file; quitting with answers
//! unsaved asks first; a lesson plays stop to stop and back.

#[path = "common/tmux.rs"]
mod tmux;

use dokuscope::solver::{Event, Limits, Puzzle, Search, preset};
use tmux::{Tmux, available, status_line};

const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");

/// Puzzle 13 of the bundled medium set.
fn puzzle() -> Puzzle {
    dokuscope::cli::input::nth_puzzle(Some("puzzles/medium.txt"), 13)
        .expect("the bundled puzzle")
        .puzzle
}

/// The cells mcv selects first and second on it, and at the second select the open cell
/// with the most candidates (more than the chosen one has: no tie, so a wrong answer).
fn first_selects() -> (String, String) {
    let p = puzzle();
    let strategy = preset::find("mcv").expect("mcv").strategy;
    let limits = Limits {
        solutions: 1,
        nodes: None,
        deadline: None,
    };
    let mut search = Search::with_limits(&p, strategy, limits).expect("no clash");
    let g = p.geometry();
    let mut selects = 0;
    let mut first = String::new();
    loop {
        let grid = search.state().grid().clone();
        let event = search.next().expect("the search goes on");
        if let Event::Select { cell, domain, .. } = event {
            selects += 1;
            if selects == 1 {
                first = g.cell_name(cell).to_string();
            } else {
                let widest = g
                    .cells()
                    .filter(|&c| grid.is_open(c))
                    .max_by_key(|&c| grid.domain(c).len())
                    .expect("open cells");
                assert!(grid.domain(widest).len() > domain.len(), "no tie");
                return (first, g.cell_name(widest).to_string());
            }
        }
    }
}

fn type_cell(t: &Tmux, name: &str) {
    t.send(&["-l", name]);
    t.send(&["Enter"]);
}

#[test]
fn a_quiz_answered_right_then_wrong_keeps_its_score_and_its_answers() {
    if !available("quiz end to end") {
        return;
    }
    let dir = tempfile::tempdir().expect("a scratch folder");
    let answers = dir.path().join("answers.jsonl");
    let (right, wrong) = first_selects();
    let t = Tmux::start(
        &format!(
            "cd {} && {BIN} watch puzzles/medium.txt -i 13 -p mcv --quiz --answers {}",
            env!("CARGO_MANIFEST_DIR"),
            answers.display()
        ),
        120,
        40,
    );
    t.wait_status("PAUSED   step 0");
    t.send(&["n"]);
    let asked = t.wait_status("QUIZ");
    assert!(
        asked.contains("Which cell will MRV choose next?"),
        "{asked}"
    );
    type_cell(&t, &right);
    let screen = t.wait_status("score 1/1");
    assert!(screen.contains("✔ right"), "{screen}");
    t.send(&["Enter"]);
    t.wait_status("QUIZ");
    type_cell(&t, &wrong);
    let screen = t.wait_status("score 1/2");
    assert!(screen.contains("✘ wrong"), "{screen}");
    assert!(status_line(&screen).starts_with(" PAUSED"), "{screen}");
    // Written as they were given: q quits at once, nothing is lost.
    t.send(&["q"]);
    let end = t.wait_for("EXIT_CODE=0");
    assert!(end.contains("1 of 2 right"), "{end}");
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&answers)
        .expect("the answers file")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["answer"], right.as_str());
    assert_eq!(lines[0]["correct"], true);
    assert_eq!(lines[1]["answer"], wrong.as_str());
    assert_eq!(lines[1]["correct"], false);
}

#[test]
fn quitting_with_answers_unsaved_asks_and_can_save_them() {
    if !available("quiz quit end to end") {
        return;
    }
    let dir = tempfile::tempdir().expect("a scratch folder");
    let (right, _) = first_selects();
    let t = Tmux::start(
        &format!(
            "cd {} && {BIN} watch {}/puzzles/medium.txt -i 13 -p mcv --quiz",
            dir.path().display(),
            env!("CARGO_MANIFEST_DIR")
        ),
        120,
        40,
    );
    t.wait_status("PAUSED   step 0");
    t.send(&["n"]);
    t.wait_status("QUIZ");
    type_cell(&t, &right);
    t.wait_status("score 1/1");
    t.send(&["q"]);
    t.wait_for("quit? 1 answer is not saved");
    t.send(&["x"]);
    t.wait_for("still here: nothing was lost");
    t.send(&["q"]);
    t.wait_for("quit? 1 answer is not saved");
    t.send(&["s"]);
    let end = t.wait_for("EXIT_CODE=0");
    assert!(
        end.contains("1 answers saved to dokuscope-answers.jsonl"),
        "{end}"
    );
    let saved = std::fs::read_to_string(dir.path().join("dokuscope-answers.jsonl"))
        .expect("the saved answers");
    assert_eq!(saved.lines().count(), 1);
}

#[test]
fn a_lesson_goes_stop_to_stop_explores_and_returns() {
    if !available("lesson end to end") {
        return;
    }
    let t = Tmux::start(
        &format!(
            "cd {} && {BIN} lesson assets/lessons/tour.toml",
            env!("CARGO_MANIFEST_DIR")
        ),
        80,
        24,
    );
    t.wait_for("stop 1 of 12 · Sudoku as a CSP");
    t.send(&["Enter"]);
    t.wait_for("stop 2 of 12");
    t.wait_status("QUIZ");
    t.send(&["Escape"]);
    t.wait_for("skipped: 8 candidates are removed");
    t.send(&["p"]);
    t.wait_for("stop 1 of 12");
    t.send(&["Right"]);
    t.wait_for("exploring · L returns to stop 1");
    t.send(&["L"]);
    t.wait_until("back at the stop", |s| !s.contains("exploring"));
    // The skipped question is an answer for the teacher too: quitting asks first.
    t.send(&["q"]);
    t.wait_for("quit? 1 unsaved answer");
    t.send(&["y"]);
    t.wait_for("EXIT_CODE=0");
}
