//! A lesson file: TOML with a version, a puzzle, presets and an ordered list of stops, read
//! into a model whose every value keeps its place in the file. Unknown keys, missing keys,
//! wrong types and values that cannot go together are errors with a location; whether the
//! stops exist in their searches is [`super::check`]'s part. The format's reference is
//! docs/lessons.md.

mod model;
mod question;
mod raw;

use toml::Spanned;

use super::locate::{LessonError, Source};
use model::at;
pub use model::{
    At, Choice, Layout, Lesson, Measure, Place, PuzzleSpec, Question, Rule, Stop, TeacherAnswer,
};
use raw::{RawLesson, RawStop};

/// The lesson format version this dokuscope reads.
pub const VERSION: i64 = 1;
/// The most presets a compare layout shows (as `compare` does).
pub const MAX_COMPARE: usize = 4;
/// The longest note, in characters: it must fit beside the board at 80×24.
pub const MAX_NOTE: usize = 700;
/// The longest question, in characters: 4 rows of the 47 columns beside the board at
/// 80×24, where with its title and 6 choices it fits under a note of a line or two.
pub const MAX_QUESTION: usize = 160;
/// The longest choice, in characters: one row of the question panel at 80×24.
pub const MAX_CHOICE: usize = 40;
/// The most choices: each is answered by one digit key, and 6 rows fit under a question.
pub const MAX_CHOICES: usize = 6;

/// Reads a lesson's text; every error found is returned, located.
pub fn parse(source: Source<'_>) -> Result<Lesson, Vec<LessonError>> {
    let (lesson, errors) = parse_all(source)?;
    if errors.is_empty() {
        Ok(lesson)
    } else {
        Err(errors)
    }
}

/// Reads a lesson's text into its model and every error found beside it, so that a check
/// that needs the model (its presets, its puzzle) can add its own errors to the same list;
/// `Err` only when the text is no TOML of a lesson at all (nothing to go on from).
pub fn parse_all(source: Source<'_>) -> Result<(Lesson, Vec<LessonError>), Vec<LessonError>> {
    let raw: RawLesson = toml::from_str(source.text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        vec![source.error(offset, e.message().trim_end_matches('\n').to_string())]
    })?;
    let mut errors = Vec::new();
    let lesson = convert(raw, source, &mut errors);
    Ok((lesson, errors))
}

fn convert(raw: RawLesson, source: Source<'_>, errors: &mut Vec<LessonError>) -> Lesson {
    let version = raw.version.span().start;
    match *raw.version.get_ref() {
        VERSION => {}
        v if v > VERSION => errors.push(source.error(
            version,
            format!("lesson version {v} is newer than this dokuscope reads ({VERSION}): update dokuscope"),
        )),
        v => errors.push(source.error(
            version,
            format!("lesson version {v} does not exist: this dokuscope reads version {VERSION}"),
        )),
    }
    let puzzle = match (raw.puzzle, raw.file) {
        (Some(p), None) => {
            if let Some(i) = &raw.index {
                errors.push(source.error(
                    i.span().start,
                    "index picks a puzzle of a file: it goes with file = \"...\", not an inline puzzle",
                ));
            }
            PuzzleSpec::Inline(at(p))
        }
        (None, Some(f)) => {
            let index = match raw.index.map(at) {
                None => 1,
                Some(At { value, at }) => positive(value, at, "index", source, errors) as usize,
            };
            PuzzleSpec::File { path: at(f), index }
        }
        (Some(p), Some(_)) => {
            errors.push(source.error(
                p.span().start,
                "give the puzzle inline (puzzle = \"...\") or from a file (file = \"...\"), not both",
            ));
            PuzzleSpec::Inline(at(p))
        }
        (None, None) => {
            errors.push(source.error(
                0,
                "no puzzle: write it inline (puzzle = \"4.....8.5...\") or name a file (file = \"puzzles.txt\", index = 1)",
            ));
            PuzzleSpec::Inline(At {
                value: String::new(),
                at: 0,
            })
        }
    };
    let presets_at = raw.presets.span().start;
    let presets: Vec<At<String>> = raw.presets.into_inner().into_iter().map(at).collect();
    if presets.is_empty() {
        errors.push(source.error(presets_at, "presets is empty: name at least one preset"));
    }
    if raw.stops.is_empty() {
        errors.push(source.error(
            source.text.len(),
            "no stops: a lesson needs at least one [[stop]]",
        ));
    }
    let stops = raw
        .stops
        .into_iter()
        .enumerate()
        .filter_map(|(i, s)| stop(i + 1, s, &presets, source, errors))
        .collect();
    Lesson {
        title: raw.title.into_inner(),
        puzzle,
        presets,
        stops,
    }
}

/// `value` as a count from 1, or an error naming `what`.
pub(super) fn positive(
    value: i64,
    at: usize,
    what: &str,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> u64 {
    u64::try_from(value)
        .ok()
        .filter(|&v| v > 0)
        .unwrap_or_else(|| {
            errors.push(source.error(at, format!("{what} counts from 1; {value} is not a count")));
            1
        })
}

/// `name`, checked to be one of the lesson's presets.
pub(super) fn declared(
    name: At<String>,
    presets: &[At<String>],
    prefix: &str,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> At<String> {
    if !presets.iter().any(|p| p.value == name.value) {
        let names: Vec<&str> = presets.iter().map(|p| p.value.as_str()).collect();
        errors.push(source.error(
            name.at,
            format!(
                "{prefix}preset '{}' is not among the lesson's presets ({}): add it to presets",
                name.value,
                names.join(", ")
            ),
        ));
    }
    name
}

#[expect(
    clippy::too_many_lines,
    reason = "one check a key, in the file's order"
)]
fn stop(
    number: usize,
    raw: Spanned<RawStop>,
    presets: &[At<String>],
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> Option<Stop> {
    let start = raw.span().start;
    let raw = raw.into_inner();
    let prefix = format!("stop {number}: ");
    let err = |errors: &mut Vec<LessonError>, at: usize, m: &str| {
        errors.push(source.error(at, format!("{prefix}{m}")));
    };
    let mut places = Vec::new();
    if let Some(k) = raw.step.map(at) {
        // Step 0 is the start, before any event.
        let n = u64::try_from(k.value).unwrap_or_else(|_| {
            err(
                errors,
                k.at,
                &format!("step counts events from 0; {} is not a step", k.value),
            );
            0
        });
        places.push(At {
            value: Place::Step(n),
            at: k.at,
        });
    }
    let mut count = |key: Option<Spanned<i64>>,
                     what: &str,
                     make: fn(u64) -> Place,
                     errors: &mut Vec<LessonError>| {
        if let Some(k) = key.map(at) {
            let n = positive(k.value, k.at, &format!("{prefix}{what}"), source, errors);
            places.push(At {
                value: make(n),
                at: k.at,
            });
        }
    };
    count(raw.decision, "decision", Place::Decision, errors);
    count(raw.wipeout, "wipeout", Place::Wipeout, errors);
    count(raw.backtrack, "backtrack", Place::Backtrack, errors);
    if let Some(s) = raw.solution.map(at) {
        if !s.value {
            err(
                errors,
                s.at,
                "solution = false stops nowhere: write solution = true or leave it out",
            );
        }
        places.push(At {
            value: Place::Solution,
            at: s.at,
        });
    }
    let hit = raw.hit.map(at);
    match (raw.condition.map(at), hit) {
        (Some(c), hit) => {
            let hit = hit.map_or(1, |h| {
                positive(h.value, h.at, &format!("{prefix}hit"), source, errors)
            });
            places.push(At {
                value: Place::Break {
                    condition: c.value,
                    hit,
                },
                at: c.at,
            });
        }
        (None, Some(h)) => err(
            errors,
            h.at,
            "hit counts the hits of a break condition: add break = \"...\"",
        ),
        (None, None) => {}
    }
    if places.len() > 1 {
        err(
            errors,
            places[1].at,
            "a stop is at one place: step, decision, wipeout, backtrack, solution or break, not several",
        );
    }
    let Some(place) = places.into_iter().next() else {
        err(
            errors,
            start,
            "where does it stop? give one of step = N, decision = N, wipeout = N, backtrack = N, solution = true or break = \"COND\"",
        );
        return None;
    };
    let preset = match raw.preset.map(at) {
        Some(p) => declared(p, presets, &prefix, source, errors),
        None => presets.first().cloned()?,
    };
    let layout = layout(
        raw.layout.as_ref(),
        raw.compare,
        &preset,
        presets,
        &prefix,
        source,
        errors,
    );
    let note_at = raw.note.span().start;
    let note = raw.note.into_inner().trim().to_string();
    if note.chars().count() > MAX_NOTE {
        err(
            errors,
            note_at,
            &format!(
                "the note has {} characters; at most {MAX_NOTE} fit beside the board at 80×24: split it over two stops",
                note.chars().count()
            ),
        );
    }
    let question = raw
        .question
        .and_then(|q| question::question(q, &layout.value, presets, &prefix, source, errors));
    Some(Stop {
        number,
        at: start,
        place,
        preset,
        layout,
        title: raw.title.map(Spanned::into_inner),
        note,
        question,
    })
}

fn layout(
    raw: Option<&Spanned<String>>,
    compare: Option<Spanned<Vec<Spanned<String>>>>,
    preset: &At<String>,
    presets: &[At<String>],
    prefix: &str,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> At<Layout> {
    let (name, name_at) = raw.map_or(("watch", preset.at), |l| {
        (l.get_ref().as_str(), l.span().start)
    });
    if let (Some(c), false) = (&compare, name == "compare") {
        errors.push(source.error(
            c.span().start,
            format!("{prefix}compare = [...] lists the panes of layout = \"compare\""),
        ));
    }
    let value = match name {
        "watch" => Layout::Watch,
        "tree" => Layout::Tree,
        "compare" => {
            let panes: Vec<At<String>> = match compare {
                Some(c) => c
                    .into_inner()
                    .into_iter()
                    .map(|p| declared(at(p), presets, prefix, source, errors))
                    .collect(),
                None => presets.to_vec(),
            };
            if !(2..=MAX_COMPARE).contains(&panes.len()) {
                errors.push(source.error(
                    name_at,
                    format!(
                        "{prefix}compare shows 2 to {} presets; this stop has {}",
                        MAX_COMPARE,
                        panes.len()
                    ),
                ));
            }
            if !panes.iter().any(|p| p.value == preset.value) {
                errors.push(source.error(
                    preset.at,
                    format!(
                        "{prefix}the stop's preset '{}' must be one of the presets compared",
                        preset.value
                    ),
                ));
            }
            Layout::Compare(panes)
        }
        other => {
            errors.push(source.error(
                name_at,
                format!("{prefix}unknown layout '{other}' (expected watch, tree or compare)"),
            ));
            Layout::Watch
        }
    };
    At { value, at: name_at }
}

/// The cells a note names (`r3c2`, any case), in order, each once; names off the board
/// are left out.
pub fn named_cells(text: &str, geometry: &crate::solver::Geometry) -> Vec<crate::solver::Cell> {
    let mut cells = Vec::new();
    for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if let Some(cell) = cell_word(word, geometry) {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
    }
    cells
}

/// The cell `word` names exactly (`r3c2`), if it is one on the board.
pub fn cell_word(word: &str, geometry: &crate::solver::Geometry) -> Option<crate::solver::Cell> {
    let lower = word.to_ascii_lowercase();
    let (r, c) = lower.strip_prefix('r')?.split_once('c')?;
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(r) || !all_digits(c) {
        return None;
    }
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    let side = geometry.side();
    ((1..=side).contains(&r) && (1..=side).contains(&c)).then(|| geometry.cell_at(r - 1, c - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        match parse(Source {
            file: "t.toml",
            text,
        }) {
            Ok(_) => Vec::new(),
            Err(e) => e.iter().map(ToString::to_string).collect(),
        }
    }

    const HEAD: &str = "version = 1\ntitle = \"t\"\npuzzle = \"x\"\npresets = [\"mcv\"]\n";

    #[test]
    fn unknown_keys_and_missing_places_are_located() {
        let e = errors(&format!("{HEAD}[[stop]]\nwipout = 3\nnote = \"n\"\n"));
        assert_eq!(
            e,
            [
                "t.toml:6:1: unknown field `wipout`, expected one of `step`, `decision`, `wipeout`, `backtrack`, `solution`, `break`, `hit`, `preset`, `layout`, `compare`, `title`, `note`, `question`"
            ]
        );
        let e = errors(&format!("{HEAD}[[stop]]\nnote = \"n\"\n"));
        assert!(
            e[0].starts_with("t.toml:5:1: stop 1: where does it stop?"),
            "{e:?}"
        );
        let e = errors(&format!(
            "{HEAD}[[stop]]\nstep = 3\nwipeout = 1\nnote = \"n\"\n"
        ));
        assert!(
            e[0].starts_with("t.toml:7:11: stop 1: a stop is at one place"),
            "{e:?}"
        );
    }

    #[test]
    fn versions_presets_and_typed_answers_are_checked() {
        let e = errors(
            "version = 2\ntitle = \"t\"\npuzzle = \"x\"\npresets = [\"mcv\"]\n[[stop]]\nstep = 1\nnote = \"n\"\n",
        );
        assert!(e[0].contains("lesson version 2 is newer"), "{e:?}");
        let e = errors(&format!(
            "{HEAD}[[stop]]\nstep = 1\npreset = \"cbt\"\nnote = \"n\"\n"
        ));
        assert!(
            e[0].contains("stop 1: preset 'cbt' is not among the lesson's presets (mcv)"),
            "{e:?}"
        );
        let e = errors(&format!(
            "{HEAD}[[stop]]\nstep = 1\nnote = \"n\"\n[stop.question]\nkind = \"number\"\ntext = \"?\"\nmeasure = \"nodes\"\nanswer = 3\n"
        ));
        assert!(e[0].contains("needs free = true"), "{e:?}");
    }

    #[test]
    fn a_note_names_cells_once_each_and_only_on_the_board() {
        let g = crate::solver::Geometry::of(crate::solver::BoxSize::NINE);
        let cells = named_cells("Look at r3c2 (then R5C7), r3c2 again, r10c1 and rc3.", g);
        assert_eq!(cells, [g.cell_at(2, 1), g.cell_at(4, 6)]);
    }

    #[test]
    fn a_full_stop_reads_into_the_model() {
        let text = format!(
            "{HEAD}[[stop]]\ndecision = 3\nlayout = \"tree\"\nnote = \"  look at r3c2  \"\n[stop.question]\nkind = \"choice\"\ntext = \"what comes first?\"\nchoices = [{{ text = \"a wipeout\", when = \"wipeout\" }}, {{ text = \"a solution\", when = \"solution\" }}]\n"
        );
        let lesson = parse(Source {
            file: "t.toml",
            text: &text,
        })
        .unwrap_or_else(|e| unreachable!("{e:?}"));
        let stop = &lesson.stops[0];
        assert_eq!(stop.place.value, Place::Decision(3));
        assert_eq!(stop.layout.value, Layout::Tree);
        assert_eq!(stop.note, "look at r3c2");
        let q = stop.question.as_ref().unwrap_or_else(|| unreachable!());
        assert_eq!(q.choices.len(), 2);
        assert_eq!(q.rule.as_ref().map(|r| &r.value), Some(&Rule::FirstToHold));
    }
}
