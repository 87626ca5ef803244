//! `dokuscope lesson`: play a lesson a teacher wrote, or check lessons headless
//! (`--check`), each error located in its file, exit 2 when any.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use anyhow::bail;

use super::args::LessonArgs;
use crate::app::App;
use crate::solver::Puzzle;
use crate::solver::lines::count_ends;
use crate::teach::check::{Plan, check};
use crate::teach::locate::LessonError;
use crate::tui;

/// The most a lesson file may hold: many times any lesson (a note is at most 700
/// characters), and the bound on what an endless file (`/dev/zero`) makes dokuscope read.
pub const MAX_LESSON: u64 = 1 << 20;

/// Puzzle `index` of the file at `path`, for a lesson's `file = "..."`. Anything that is
/// there and not a folder is read (a pipe or a device too), through the puzzle reader and
/// its limits.
fn load(path: &Path, index: usize) -> Result<(Puzzle, String), String> {
    let name = path.display().to_string();
    if !path.exists() {
        return Err(format!(
            "no puzzle file '{name}' (a lesson's file is relative to the lesson's folder)"
        ));
    }
    if path.is_dir() {
        return Err(format!("'{name}' is a folder, not a puzzle file"));
    }
    super::input::nth_puzzle(Some(&name), index)
        .map(|e| (e.puzzle, e.location.to_string()))
        .map_err(|e| format!("{e:#}"))
}

/// The lesson at `path`, checked into its plan; or its errors, located.
pub fn plan(path: &Path) -> Result<Plan, Vec<LessonError>> {
    let name = path.display().to_string();
    let text = read(path, &name).map_err(|e| vec![e])?;
    check(&name, &text, &load)
}

/// The text of the lesson at `path`: at most [`MAX_LESSON`] bytes of UTF-8, or a located
/// error (where the limit falls, or the first byte that is no character).
fn read(path: &Path, name: &str) -> Result<String, LessonError> {
    let error = |line: usize, column: usize, message: String| LessonError {
        file: name.to_string(),
        line,
        column,
        message,
    };
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|f| f.take(MAX_LESSON + 1).read_to_end(&mut bytes))
        .map_err(|e| error(1, 1, format!("cannot read the lesson: {e}")))?;
    if bytes.len() as u64 > MAX_LESSON {
        let (ends, _) = count_ends(&bytes[..MAX_LESSON as usize], &mut false);
        return Err(error(
            ends as usize + 1,
            1,
            "the lesson is longer than 1 MiB, the most a lesson may hold: the rest is not read"
                .into(),
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let (ends, last) = count_ends(good, &mut false);
        let column = String::from_utf8_lossy(&good[last..]).chars().count() + 1;
        error(
            ends as usize + 1,
            column,
            "not UTF-8 text: this byte is part of no character".into(),
        )
    })
}

/// Checks or plays, as the arguments say.
///
/// # Errors
/// Several files to play, a terminal error, or an answers file that cannot be opened.
pub fn run(args: &LessonArgs) -> anyhow::Result<u8> {
    if args.check {
        let mut bad = false;
        for path in &args.files {
            match plan(path) {
                Ok(plan) => {
                    let questions = plan.stops.iter().filter(|s| s.question.is_some()).count();
                    println!(
                        "{}: {} stops, {} questions: every stop reached, every answer computed",
                        path.display(),
                        plan.stops.len(),
                        questions
                    );
                }
                Err(errors) => {
                    bad = true;
                    for e in errors {
                        eprintln!("{e}");
                    }
                }
            }
        }
        return Ok(if bad {
            super::EXIT_BAD_INPUT
        } else {
            super::EXIT_OK
        });
    }
    let [path] = args.files.as_slice() else {
        bail!("a lesson is played one at a time (--check checks several)");
    };
    let plan = match plan(path) {
        Ok(plan) => plan,
        Err(errors) => {
            for e in errors {
                eprintln!("{e}");
            }
            return Ok(super::EXIT_BAD_INPUT);
        }
    };
    let sink = args
        .answers
        .as_deref()
        .map(super::teach::answers_sink)
        .transpose()?;
    if !tui::has_terminal() {
        eprintln!("{}", tui::NO_TTY);
        return Ok(super::EXIT_BAD_INPUT);
    }
    let mut app = App::lesson(plan)?;
    if let Some((sink, label)) = sink {
        app = app.with_answers(sink, label);
    }
    let result = tui::run(&mut app, args.record.as_deref());
    super::teach::finish(&app)?;
    result?;
    Ok(super::EXIT_OK)
}
