//! A lesson checked against the searches it names: every preset and the puzzle exist,
//! every stop is reached, in order, and every question has an answer dokuscope computes.
//! The result is a [`Plan`] that the player follows step for step, so a lesson that checks
//! plays exactly as checked. Every error is located in the lesson file.

mod plan;
mod stops;

use std::borrow::Cow;
use std::path::Path;

pub use self::plan::{EVENT_LIMIT, Plan, PlannedQuestion, PlannedStop, Position, View};
use self::stops::Checker;
use super::lesson::{self, At, Lesson};
use super::locate::{LessonError, Source};
use crate::solver::{Puzzle, Strategy, preset};

/// Reads puzzle number `index` (from 1) of the file at the path given: the puzzle and its
/// `file:line`, or why not, in a sentence.
pub type Loader<'a> = &'a dyn Fn(&Path, usize) -> Result<(Puzzle, String), String>;

/// `text` with each CR that does not start a CRLF read as a LF: old Mac files end their
/// lines so, and TOML does not take it. Byte for byte, so every offset still locates the
/// same character.
fn bare_cr_as_lf(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let bare = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(bare) {
        return Cow::Borrowed(text);
    }
    let read: Vec<u8> = (0..bytes.len())
        .map(|i| if bare(i) { b'\n' } else { bytes[i] })
        .collect();
    // ASCII for ASCII: still UTF-8.
    String::from_utf8(read).map_or(Cow::Borrowed(text), Cow::Owned)
}

/// Checks the lesson in `text` (named `file`), loading file puzzles with `load`: the plan,
/// or every error found, located. Any line end is read (LF, CRLF, a bare CR).
pub fn check(file: &str, text: &str, load: Loader<'_>) -> Result<Plan, Vec<LessonError>> {
    let text = bare_cr_as_lf(text);
    let text = text.as_ref();
    let source = Source { file, text };
    // Every error that does not depend on another is reported at once: the file's own, the
    // presets' names and the puzzle's; the stops are searched once all of those are right.
    let (lesson, mut errors) = lesson::parse_all(source)?;
    let presets: Vec<(String, Strategy)> = lesson
        .presets
        .iter()
        .map(|p| resolve(p, source, &mut errors))
        .collect();
    let puzzle = puzzle(&lesson, file, source, load, &mut errors);
    let Some((puzzle, location)) = puzzle.filter(|_| errors.is_empty()) else {
        errors.sort_by_key(|e| (e.line, e.column));
        return Err(errors);
    };
    let mut checker = Checker {
        source,
        puzzle: &puzzle,
        presets: &presets,
        names: lesson.presets.iter().map(|p| p.value.clone()).collect(),
        totals: vec![None; presets.len()],
        errors: Vec::new(),
    };
    let stops = checker.stops(&lesson);
    if !checker.errors.is_empty() {
        return Err(checker.errors);
    }
    Ok(Plan {
        file: file.to_string(),
        title: lesson.title,
        puzzle,
        location,
        presets,
        stops,
    })
}

fn resolve(
    p: &At<String>,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> (String, Strategy) {
    if p.value.split('/').next() == Some("you") {
        errors.push(source.error(
            p.at,
            "preset 'you' waits for a person to choose each cell: a lesson needs presets that search by themselves",
        ));
    } else {
        match preset::resolve(&p.value) {
            Ok(found) => return found,
            Err(e) => errors.push(source.error(p.at, e)),
        }
    }
    let d = preset::default_preset();
    (d.name.to_string(), d.strategy)
}

fn puzzle(
    lesson: &Lesson,
    file: &str,
    source: Source<'_>,
    load: Loader<'_>,
    errors: &mut Vec<LessonError>,
) -> Option<(Puzzle, String)> {
    let (found, at) = match &lesson.puzzle {
        // No puzzle given at all: already said where the lesson is read.
        lesson::PuzzleSpec::Inline(p) if p.value.is_empty() && p.at == 0 => return None,
        lesson::PuzzleSpec::Inline(p) => {
            let (line, _) = source.line_col(p.at);
            match p.value.parse::<Puzzle>() {
                Ok(puzzle) => (Ok((puzzle, format!("{file}:{line}"))), p.at),
                Err(e) => {
                    // The column within a one-line string, past its opening quote.
                    let at = p.at + 1 + e.column.map_or(0, |c| c - 1);
                    errors.push(source.error(at, format!("the puzzle does not read: {}", e.kind)));
                    return None;
                }
            }
        }
        lesson::PuzzleSpec::File { path, index } => {
            let dir = Path::new(file).parent().unwrap_or(Path::new(""));
            (load(&tidy(&dir.join(&path.value)), *index), path.at)
        }
    };
    match found {
        Ok((puzzle, location)) => match puzzle.conflict() {
            Some(conflict) => {
                errors.push(source.error(
                    at,
                    format!("the puzzle ({location}) cannot be searched: {conflict}"),
                ));
                None
            }
            None => Some((puzzle, location)),
        },
        Err(e) => {
            errors.push(source.error(at, e));
            None
        }
    }
}

/// `path` with each `folder/..` pair taken out, as written (no file is looked at):
/// `assets/lessons/../../puzzles/medium.txt` is `puzzles/medium.txt`.
pub fn tidy(path: &Path) -> std::path::PathBuf {
    use std::path::Component;
    let mut out: Vec<Component<'_>> = Vec::new();
    for part in path.components() {
        match part {
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    if out.is_empty() {
        return std::path::PathBuf::from(".");
    }
    out.iter().collect()
}

#[cfg(test)]
mod tests {
    use super::tidy;
    use std::path::Path;

    #[test]
    fn a_lessons_relative_path_reads_as_the_user_would_write_it() {
        assert_eq!(
            tidy(Path::new("assets/lessons/../../puzzles/medium.txt")),
            Path::new("puzzles/medium.txt")
        );
        assert_eq!(tidy(Path::new("../x/./y.txt")), Path::new("../x/y.txt"));
        assert_eq!(tidy(Path::new("a/..")), Path::new("."));
    }
}
