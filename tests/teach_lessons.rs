//! Lessons against the program: the bundled lessons and the reference's complete example
//! check; a lesson that names a stop its search does not have is refused with a located
//! error and exit 2, as the issue words it; and the quiz's right answers to "which cell?"
//! are the cells an independent reading of MRV (and MRV with degree) accepts, on top95.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

#[path = "common/public.rs"]
mod public;

use std::path::{Path, PathBuf};
use std::process::Command;

use dokuscope::solver::{Cell, Limits, Puzzle, Search, preset};
use dokuscope::teach::Kind;
use dokuscope::teach::oracle::{Truth, ask};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const BIN: &str = env!("CARGO_BIN_EXE_dokuscope");

fn lessons() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("assets/lessons"))
        .expect("assets/lessons")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    found.sort();
    found
}

#[test]
fn the_bundled_lessons_check_and_the_tour_comes_first() {
    let found = lessons();
    assert!(found.len() >= 2, "{found:?}");
    for path in &found {
        let plan = dokuscope::cli::lesson::plan(path)
            .unwrap_or_else(|e| unreachable!("{}: {e:?}", path.display()));
        assert!(
            plan.stops.iter().any(|s| s.question.is_some()),
            "{}",
            path.display()
        );
    }
    let out = Command::new(BIN)
        .current_dir(ROOT)
        .args(["lesson", "--check", "assets/lessons/tour.toml"])
        .output()
        .expect("dokuscope runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `dokuscope lesson --check` on `text` written as `name` in a scratch folder (the bundled
/// puzzles beside it): the exit code and what it printed on standard error.
fn check(name: &str, text: &str) -> (i32, String) {
    let dir = tempfile::tempdir().expect("a scratch folder");
    std::os::unix::fs::symlink(Path::new(ROOT).join("puzzles"), dir.path().join("puzzles"))
        .expect("a link");
    std::fs::write(dir.path().join(name), text).expect("written");
    let out = Command::new(BIN)
        .current_dir(dir.path())
        .args(["lesson", "--check", name])
        .output()
        .expect("dokuscope runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_stop_its_search_does_not_have_is_a_located_error_and_exit_2() {
    let text = "version = 1\ntitle = \"Intro\"\nfile = \"puzzles/medium.txt\"\nindex = 13\npresets = [\"mrv-degree\"]\n\n[[stop]]\nstep = 0\nnote = \"Hello.\"\n\n[[stop]]\nwipeout = 3\nnote = \"The third wipeout.\"\n";
    let (code, err) = check("intro.toml", text);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        err.trim(),
        "intro.toml:12:11: stop 2: no wipeout 3 in this search (it has 2)"
    );
    let (code, err) = check("typo.toml", &text.replace("wipeout = 3", "wipout = 1"));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("typo.toml:12:1: unknown field `wipout`"),
        "{err}"
    );
    let (code, err) = check(
        "cond.toml",
        &text.replace("wipeout = 3", "break = \"depth >> 3\""),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("cond.toml:12:17: stop 2: bad condition 'depth >> 3': expected a number"),
        "{err}"
    );
}

/// The complete example of docs/lessons.md: the `toml` block under its heading.
fn documented_example() -> String {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/lessons.md")).expect("the doc");
    let from = doc
        .find("## A complete example")
        .expect("the example's heading");
    let block = &doc[from..];
    let start = block.find("```toml\n").expect("a toml block") + "```toml\n".len();
    let end = start + block[start..].find("```").expect("the block's end");
    block[start..end].to_string()
}

#[test]
fn the_references_complete_example_checks() {
    let (code, err) = check("example.toml", &documented_example());
    assert_eq!(code, 0, "docs/lessons.md's example: {err}");
}

/// MRV's acceptable cells read afresh from the board: the open cells with the fewest
/// candidates; with `degree`, of those the ones with the most open peers.
fn independent_ties(puzzle: &Puzzle, search: &Search, degree: bool) -> Vec<Cell> {
    let grid = search.state().grid();
    let g = puzzle.geometry();
    let n = g.side();
    let b = puzzle.size().get();
    let open: Vec<Cell> = g.cells().filter(|&c| grid.is_open(c)).collect();
    let peers = |x: usize, y: usize| {
        let (rx, cx, ry, cy) = (x / n, x % n, y / n, y % n);
        x != y && (rx == ry || cx == cy || (rx / b == ry / b && cx / b == cy / b))
    };
    let open_peers = |c: Cell| {
        open.iter()
            .filter(|&&o| peers(c.index(), o.index()))
            .count()
    };
    let least = open
        .iter()
        .map(|&c| grid.domain(c).len())
        .min()
        .unwrap_or(0);
    let fewest: Vec<Cell> = open
        .iter()
        .copied()
        .filter(|&c| grid.domain(c).len() == least)
        .collect();
    if !degree {
        return fewest;
    }
    let most = fewest.iter().map(|&c| open_peers(c)).max().unwrap_or(0);
    fewest
        .into_iter()
        .filter(|&c| open_peers(c) == most)
        .collect()
}

#[test]
fn the_cell_questions_right_answers_are_every_cell_the_order_would_accept() {
    let mut compared = 0;
    for line in public::first("top95.txt", 6) {
        let puzzle: Puzzle = line.parse().expect("a top95 puzzle");
        for (name, degree) in [("mcv", false), ("mrv-degree", true)] {
            let strategy = preset::find(name).expect("a preset").strategy;
            let limits = Limits {
                solutions: 1,
                nodes: Some(200),
                deadline: None,
            };
            let mut search = Search::with_limits(&puzzle, strategy, limits).expect("no clash");
            let mut step = 0;
            while let Some(event) = search.next() {
                step += 1;
                let Some(asked) = ask(Kind::Cell, &search, step, Some(&event)) else {
                    continue;
                };
                let Truth::Cells(mut right) = asked.truth else {
                    unreachable!("a cell question's answers are cells")
                };
                let mut expected = independent_ties(&puzzle, &search, degree);
                right.sort_unstable_by_key(|c| c.index());
                expected.sort_unstable_by_key(|c| c.index());
                assert_eq!(right, expected, "{name} at step {step} of {line}");
                compared += 1;
            }
        }
    }
    assert!(compared > 500, "only {compared} questions compared");
}

/// The head of a lesson on the bundled medium puzzle 13 under `cbt` and `mcv`.
const HEAD: &str = "version = 1\ntitle = \"t\"\nfile = \"puzzles/medium.txt\"\nindex = 13\npresets = [\"cbt\", \"mcv\"]\n";

#[test]
fn a_question_and_its_choices_are_capped_to_fit_beside_the_board() {
    let long = "why ".repeat(50_000);
    let text = format!(
        "{HEAD}\n[[stop]]\ndecision = 3\nnote = \"n\"\n[stop.question]\nkind = \"choice\"\ntext = \"{long}\"\nchoices = [{{ text = \"a wipeout\", when = \"wipeout\" }}, {{ text = \"{}\", when = \"solution\" }}]\n",
        "x".repeat(41)
    );
    let (code, err) = check("long.toml", &text);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("long.toml:12:8: stop 1: question choice: the question has 200000 characters; at most 160 fit"),
        "{err}"
    );
    assert!(
        err.contains("stop 1: question choice: this choice has 41 characters; at most 40"),
        "{err}"
    );
    let seven: Vec<String> = (1..=7)
        .map(|i| format!("{{ text = \"c{i}\", when = \"solution\" }}"))
        .collect();
    let text = format!(
        "{HEAD}\n[[stop]]\ndecision = 3\nnote = \"n\"\n[stop.question]\nkind = \"choice\"\ntext = \"which?\"\nchoices = [{}]\n",
        seven.join(", ")
    );
    let (code, err) = check("seven.toml", &text);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("7 choices; at most 6 fit"), "{err}");
}

/// A question at the limits, under a one-line note, shows whole at 80×24: its text, every
/// choice and the keys' hint are on the screen.
#[test]
fn a_question_at_the_limits_shows_whole_at_80_by_24() {
    let dir = tempfile::tempdir().expect("a scratch folder");
    std::os::unix::fs::symlink(Path::new(ROOT).join("puzzles"), dir.path().join("puzzles"))
        .expect("a link");
    let question = "which ".repeat(40);
    let question = question.trim_end();
    assert_eq!(question.chars().count(), 239);
    let question = &question[..160];
    let choices: Vec<String> = (1..=6)
        .map(|i| {
            let text = format!("choice {i} {}", "y".repeat(40));
            format!("{{ text = \"{}\", when = \"solution\" }}", &text[..40])
        })
        .collect();
    let text = format!(
        "{HEAD}\n[[stop]]\ndecision = 3\nnote = \"Look.\"\n[stop.question]\nkind = \"choice\"\ntext = \"{question}\"\nchoices = [{}]\n",
        choices.join(", ")
    );
    std::fs::write(dir.path().join("full.toml"), text).expect("written");
    let out = Command::new(BIN)
        .current_dir(dir.path())
        .args([
            "snapshot",
            "--lesson",
            "full.toml",
            "--stop",
            "1",
            "--size",
            "80x24",
            "--format",
            "txt",
        ])
        .output()
        .expect("dokuscope runs");
    let screen = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(screen.contains("6. choice 6 yyyy"), "{screen}");
    // The question's last row (160 characters end in "whic") and the keys' hint.
    assert!(screen.contains("which whic\n"), "{screen}");
    assert!(screen.contains("Esc skips"), "{screen}");
}

#[test]
fn two_identical_stops_are_refused_whatever_the_first_asks() {
    for question in [
        "",
        "[stop.question]\nkind = \"jump\"\n",
        "[stop.question]\nkind = \"free\"\ntext = \"?\"\n",
    ] {
        let stop = format!("\n[[stop]]\nwipeout = 1\nnote = \"n\"\n{question}");
        let text = format!("{HEAD}{stop}{stop}");
        let (code, err) = check("twice.toml", &text);
        assert_eq!(code, 2, "{question}: {err}");
        assert!(
            err.contains("stop 2: the same place as stop 1"),
            "{question}: {err}"
        );
    }
    // The same place in another view is another frame: a stop may show the tree next.
    let text = format!(
        "{HEAD}\n[[stop]]\nwipeout = 1\nnote = \"n\"\n\n[[stop]]\nwipeout = 1\nlayout = \"tree\"\nnote = \"the tree\"\n"
    );
    let (code, err) = check("tree.toml", &text);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn independent_errors_are_reported_together_in_file_order() {
    let text = "version = 1\ntitle = \"t\"\nfile = \"puzzles/medium.txt\"\nindex = 13\npresets = [\"cbt\", \"mvc\"]\n\n[[stop]]\ndecision = 1\npreset = \"mrv\"\nnote = \"n\"\n";
    let (code, err) = check("both.toml", text);
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with("both.toml:5:19: "), "{err}");
    assert!(lines[0].contains("mvc"), "{err}");
    assert!(
        lines[1].starts_with("both.toml:9:10: stop 1: preset 'mrv' is not among"),
        "{err}"
    );
}
