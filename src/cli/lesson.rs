//! `dokuscope lesson`: play a lesson a teacher wrote, or check lessons headless
//! (`--check`), each error located in its file, exit 2 when any.

use std::path::Path;

use anyhow::bail;

use super::args::LessonArgs;
use crate::app::App;
use crate::solver::Puzzle;
use crate::teach::check::{Plan, check};
use crate::teach::locate::LessonError;
use crate::tui;

/// Puzzle `index` of the file at `path`, for a lesson's `file = "..."`.
fn load(path: &Path, index: usize) -> Result<(Puzzle, String), String> {
    let name = path.display().to_string();
    if !path.is_file() {
        return Err(format!(
            "no puzzle file '{name}' (a lesson's file is relative to the lesson's folder)"
        ));
    }
    super::input::nth_puzzle(Some(&name), index)
        .map(|e| (e.puzzle, e.location.to_string()))
        .map_err(|e| format!("{e:#}"))
}

/// The lesson at `path`, checked into its plan; or its errors, located.
pub fn plan(path: &Path) -> Result<Plan, Vec<LessonError>> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        vec![LessonError {
            file: name.clone(),
            line: 1,
            column: 1,
            message: format!("cannot read the lesson: {e}"),
        }]
    })?;
    check(&name, &text, &load)
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
