//! A lesson file: TOML with a version, a puzzle, presets and an ordered list of stops, read
//! into a model whose every value keeps its place in the file. Unknown keys, missing keys,
//! wrong types and values that cannot go together are errors with a location; whether the
//! stops exist in their searches is [`super::check`]'s part. The format's reference is
//! docs/lessons.md.

use serde::Deserialize;
use toml::Spanned;

use super::Kind;
use super::locate::{LessonError, Source};

/// The lesson format version this dokuscope reads.
pub const VERSION: i64 = 1;
/// The most presets a compare layout shows (as `compare` does).
pub const MAX_COMPARE: usize = 4;
/// The longest note, in characters: it must fit beside the board at 80×24.
pub const MAX_NOTE: usize = 700;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLesson {
    version: Spanned<i64>,
    title: Spanned<String>,
    puzzle: Option<Spanned<String>>,
    file: Option<Spanned<String>>,
    index: Option<Spanned<i64>>,
    presets: Spanned<Vec<Spanned<String>>>,
    #[serde(rename = "stop", default)]
    stops: Vec<Spanned<RawStop>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStop {
    step: Option<Spanned<i64>>,
    decision: Option<Spanned<i64>>,
    wipeout: Option<Spanned<i64>>,
    backtrack: Option<Spanned<i64>>,
    solution: Option<Spanned<bool>>,
    #[serde(rename = "break")]
    condition: Option<Spanned<String>>,
    hit: Option<Spanned<i64>>,
    preset: Option<Spanned<String>>,
    layout: Option<Spanned<String>>,
    compare: Option<Spanned<Vec<Spanned<String>>>>,
    title: Option<Spanned<String>>,
    note: Spanned<String>,
    question: Option<Spanned<RawQuestion>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQuestion {
    kind: Spanned<String>,
    text: Option<Spanned<String>>,
    choices: Option<Spanned<Vec<Spanned<RawChoice>>>>,
    fewest: Option<Spanned<String>>,
    most: Option<Spanned<String>>,
    measure: Option<Spanned<String>>,
    preset: Option<Spanned<String>>,
    until: Option<Spanned<String>>,
    tolerance: Option<Spanned<f64>>,
    free: Option<Spanned<bool>>,
    answer: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChoice {
    text: Spanned<String>,
    when: Option<Spanned<String>>,
    preset: Option<Spanned<String>>,
}

/// A value and the byte offset where the file writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct At<T> {
    /// The value.
    pub value: T,
    /// Its byte offset in the file.
    pub at: usize,
}

fn at<T>(s: Spanned<T>) -> At<T> {
    let at = s.span().start;
    At {
        value: s.into_inner(),
        at,
    }
}

/// Where the lesson's puzzle is.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleSpec {
    /// Written in the lesson.
    Inline(At<String>),
    /// Puzzle number `index` (from 1) of a file, its path relative to the lesson's folder.
    File {
        /// The path as written.
        path: At<String>,
        /// Which puzzle, from 1.
        index: usize,
    },
}

/// Where a stop is in its search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// At step N.
    Step(u64),
    /// At the event that makes decision N.
    Decision(u64),
    /// At wipeout N, before its backtrack.
    Wipeout(u64),
    /// At backtrack N.
    Backtrack(u64),
    /// At the solution.
    Solution,
    /// At the `hit`-th step where the breakpoint condition holds.
    Break {
        /// The condition (docs/breakpoints.md).
        condition: String,
        /// Which hit, from 1.
        hit: u64,
    },
}

/// What the screen shows at a stop.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// The watch view of the stop's preset.
    Watch,
    /// The watch view with the search tree beside the board.
    Tree,
    /// These presets side by side.
    Compare(Vec<At<String>>),
}

/// A counter a number or a ranking reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Decisions.
    Nodes,
    /// Decisions undone.
    Backtracks,
    /// Candidates removed.
    Prunes,
    /// Contradictions.
    Wipeouts,
    /// Assignments, decisions and inferred.
    Assignments,
    /// Events (steps).
    Events,
}

impl Measure {
    /// Every measure, by name.
    pub const NAMES: [(&'static str, Measure); 6] = [
        ("nodes", Measure::Nodes),
        ("backtracks", Measure::Backtracks),
        ("prunes", Measure::Prunes),
        ("wipeouts", Measure::Wipeouts),
        ("assignments", Measure::Assignments),
        ("events", Measure::Events),
    ];

    /// Its value in `stats`.
    pub fn of(self, stats: &crate::solver::Stats) -> u64 {
        match self {
            Measure::Nodes => stats.nodes,
            Measure::Backtracks => stats.backtracks,
            Measure::Prunes => stats.prunes,
            Measure::Wipeouts => stats.wipeouts,
            Measure::Assignments => stats.assignments,
            Measure::Events => stats.events,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        Measure::NAMES
            .iter()
            .find(|(_, m)| *m == self)
            .map_or("nodes", |(n, _)| n)
    }
}

/// One choice of a multiple-choice question.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// What the student reads.
    pub text: At<String>,
    /// Right when this condition holds first, of all the choices' conditions, after the stop.
    pub when: Option<At<String>>,
    /// The preset it stands for, when the question ranks presets.
    pub preset: Option<At<String>>,
}

/// How a multiple-choice question's right choice is found.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    /// The choice whose condition holds first after the stop.
    FirstToHold,
    /// The choice whose preset's whole search has the least (`fewest`) or the most of the
    /// measure.
    Rank {
        /// The counter.
        measure: Measure,
        /// Whether the least wins.
        fewest: bool,
    },
    /// The teacher's own answer (`free = true`), from 0.
    Teacher(usize),
}

/// A question at a stop.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// What it asks.
    pub kind: Kind,
    /// Where `kind` is written.
    pub at: usize,
    /// Its words (a board kind has its own when none are given).
    pub text: Option<String>,
    /// A multiple choice's choices.
    pub choices: Vec<Choice>,
    /// A multiple choice's rule.
    pub rule: Option<At<Rule>>,
    /// A number's counter.
    pub measure: Option<At<Measure>>,
    /// A number's search (the stop's when not given).
    pub preset: Option<At<String>>,
    /// A number counted from the stop to the first step where this holds.
    pub until: Option<At<String>>,
    /// How far off a number may be, relative to it.
    pub tolerance: f64,
    /// The teacher's number (`free = true`), or a free question's model answer.
    pub answer: Option<At<TeacherAnswer>>,
}

/// An answer the teacher wrote.
#[derive(Clone, Debug, PartialEq)]
pub enum TeacherAnswer {
    /// A number.
    Number(u64),
    /// Words (a free question's model answer, shown after).
    Words(String),
}

/// One stop of a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Stop {
    /// Its number, from 1.
    pub number: usize,
    /// Where its table starts.
    pub at: usize,
    /// Where it is, and where the file says so.
    pub place: At<Place>,
    /// The preset whose search it stops in.
    pub preset: At<String>,
    /// What the screen shows.
    pub layout: At<Layout>,
    /// A short heading.
    pub title: Option<String>,
    /// The note.
    pub note: String,
    /// The question.
    pub question: Option<Question>,
}

/// A lesson as the file writes it, every value located.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The title.
    pub title: String,
    /// The puzzle.
    pub puzzle: PuzzleSpec,
    /// The presets, as named.
    pub presets: Vec<At<String>>,
    /// The stops, in order.
    pub stops: Vec<Stop>,
}

/// Reads a lesson's text; every error found is returned, located.
pub fn parse(source: Source<'_>) -> Result<Lesson, Vec<LessonError>> {
    let raw: RawLesson = toml::from_str(source.text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        vec![source.error(offset, e.message().trim_end_matches('\n').to_string())]
    })?;
    let mut errors = Vec::new();
    let lesson = convert(raw, source, &mut errors);
    if errors.is_empty() {
        Ok(lesson)
    } else {
        Err(errors)
    }
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
fn positive(
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
fn declared(
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
    count(raw.step, "step", Place::Step, errors);
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
        &raw.layout,
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
        .and_then(|q| question(q, &layout.value, presets, &prefix, source, errors));
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
    raw: &Option<Spanned<String>>,
    compare: Option<Spanned<Vec<Spanned<String>>>>,
    preset: &At<String>,
    presets: &[At<String>],
    prefix: &str,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> At<Layout> {
    let (name, name_at) = raw.as_ref().map_or(("watch", preset.at), |l| {
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

fn measure(
    raw: Spanned<String>,
    prefix: &str,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> At<Measure> {
    let a = at(raw);
    let value = Measure::NAMES
        .iter()
        .find(|(n, _)| *n == a.value)
        .map(|(_, m)| *m)
        .unwrap_or_else(|| {
            errors.push(source.error(
                a.at,
                format!(
                    "{prefix}unknown measure '{}' (expected nodes, backtracks, prunes, wipeouts, assignments or events)",
                    a.value
                ),
            ));
            Measure::Nodes
        });
    At { value, at: a.at }
}

#[expect(
    clippy::too_many_lines,
    reason = "one check a key, in the file's order"
)]
fn question(
    raw: Spanned<RawQuestion>,
    layout: &Layout,
    presets: &[At<String>],
    prefix: &str,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> Option<Question> {
    let raw = raw.into_inner();
    let kind_at = raw.kind.span().start;
    let kind = match raw.kind.get_ref().parse::<Kind>() {
        Ok(k) => k,
        Err(e) => {
            errors.push(source.error(kind_at, format!("{prefix}{e}")));
            return None;
        }
    };
    let p = format!("{prefix}question {kind}: ");
    let err = |errors: &mut Vec<LessonError>, at: usize, m: &str| {
        errors.push(source.error(at, format!("{p}{m}")));
    };
    let unused = |errors: &mut Vec<LessonError>, key: &str, at: Option<usize>| {
        if let Some(at) = at {
            errors.push(source.error(at, format!("{p}{key} does not go with a {kind} question")));
        }
    };
    let start = |s: &Option<Spanned<String>>| s.as_ref().map(|s| s.span().start);
    if kind.on_board() && matches!(layout, Layout::Compare(_)) {
        err(
            errors,
            kind_at,
            "a board question needs one search on screen: use layout watch or tree",
        );
    }
    let text = raw.text.map(Spanned::into_inner);
    if text.is_none() && !kind.on_board() {
        err(errors, kind_at, "write the question: text = \"...\"");
    }
    let free = raw.free.as_ref().is_some_and(|f| *f.get_ref());
    let choices: Vec<Choice> = raw
        .choices
        .map(|c| {
            c.into_inner()
                .into_iter()
                .map(|c| {
                    let c = c.into_inner();
                    Choice {
                        text: at(c.text),
                        when: c.when.map(at),
                        preset: c
                            .preset
                            .map(|p| declared(at(p), presets, &p_prefix(prefix), source, errors)),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let answer = raw.answer.map(at);
    let mut q = Question {
        kind,
        at: kind_at,
        text,
        choices,
        rule: None,
        measure: None,
        preset: None,
        until: None,
        tolerance: 0.0,
        answer: None,
    };
    if kind != Kind::Choice {
        if !q.choices.is_empty() {
            unused(errors, "choices", q.choices.first().map(|c| c.text.at));
        }
        unused(errors, "fewest", start(&raw.fewest));
        unused(errors, "most", start(&raw.most));
    }
    if kind != Kind::Number {
        unused(errors, "measure", start(&raw.measure));
        unused(errors, "until", start(&raw.until));
        unused(
            errors,
            "tolerance",
            raw.tolerance.as_ref().map(|t| t.span().start),
        );
        unused(errors, "preset", start(&raw.preset));
    }
    if !matches!(kind, Kind::Choice | Kind::Number) {
        unused(errors, "free", raw.free.as_ref().map(|f| f.span().start));
    }
    match kind {
        Kind::Choice => {
            if q.choices.len() < 2 {
                err(
                    errors,
                    kind_at,
                    "give at least two choices: choices = [{ text = \"...\", ... }, ...]",
                );
            }
            let rank = match (raw.fewest, raw.most) {
                (Some(f), None) => Some((measure(f, &p, source, errors), true)),
                (None, Some(m)) => Some((measure(m, &p, source, errors), false)),
                (Some(f), Some(_)) => {
                    err(errors, f.span().start, "fewest or most, not both");
                    None
                }
                (None, None) => None,
            };
            let teacher = answer.as_ref().map(|a| (a.at, a.value.as_integer()));
            q.rule = match (rank, free, teacher) {
                (Some((m, fewest)), false, None) => {
                    for c in &q.choices {
                        if c.preset.is_none() {
                            err(
                                errors,
                                c.text.at,
                                "a ranked choice names its preset: { text = \"...\", preset = \"cbt\" }",
                            );
                        }
                    }
                    Some(At {
                        value: Rule::Rank {
                            measure: m.value,
                            fewest,
                        },
                        at: m.at,
                    })
                }
                (None, true, Some((a, Some(n)))) => {
                    let n = usize::try_from(n)
                        .ok()
                        .filter(|&n| (1..=q.choices.len()).contains(&n));
                    match n {
                        Some(n) => Some(At {
                            value: Rule::Teacher(n - 1),
                            at: a,
                        }),
                        None => {
                            err(
                                errors,
                                a,
                                &format!(
                                    "answer is the right choice's number, 1 to {}",
                                    q.choices.len()
                                ),
                            );
                            None
                        }
                    }
                }
                (None, true, Some((a, None))) => {
                    err(
                        errors,
                        a,
                        "answer is the right choice's number (answer = 2)",
                    );
                    None
                }
                (_, false, Some((a, _))) => {
                    err(
                        errors,
                        a,
                        "a right answer typed in the lesson needs free = true (dokuscope computes it otherwise)",
                    );
                    None
                }
                (None, false, None) => {
                    for c in &q.choices {
                        if c.when.is_none() {
                            err(
                                errors,
                                c.text.at,
                                "this choice has no condition: give each choice when = \"COND\" (the first to hold is right), rank presets with fewest/most, or mark the question free = true with answer = N",
                            );
                        }
                    }
                    Some(At {
                        value: Rule::FirstToHold,
                        at: kind_at,
                    })
                }
                (_, true, None) => {
                    err(
                        errors,
                        kind_at,
                        "a free question gives its answer: answer = N (the right choice's number)",
                    );
                    None
                }
                (Some(_), true, Some((a, _))) => {
                    err(
                        errors,
                        a,
                        "a ranked question is computed: leave out free and answer",
                    );
                    None
                }
            };
        }
        Kind::Number => {
            q.measure = raw.measure.map(|m| measure(m, &p, source, errors));
            q.preset = raw
                .preset
                .map(|s| declared(at(s), presets, &p, source, errors));
            q.until = raw.until.map(at);
            if let Some(t) = raw.tolerance.map(at) {
                if !(0.0..1.0).contains(&t.value) {
                    err(
                        errors,
                        t.at,
                        "tolerance is a share of the number, from 0 to below 1 (0.1: within 10%)",
                    );
                }
                q.tolerance = t.value.clamp(0.0, 1.0);
            }
            match (free, answer) {
                (true, Some(a)) => match a.value.as_integer().and_then(|n| u64::try_from(n).ok()) {
                    Some(n) => {
                        q.answer = Some(At {
                            value: TeacherAnswer::Number(n),
                            at: a.at,
                        });
                    }
                    None => err(errors, a.at, "answer is a whole number"),
                },
                (true, None) => err(
                    errors,
                    kind_at,
                    "a free number gives its answer: answer = N",
                ),
                (false, Some(a)) => err(
                    errors,
                    a.at,
                    "a right answer typed in the lesson needs free = true (dokuscope computes it otherwise)",
                ),
                (false, None) => {
                    if q.measure.is_none() {
                        err(
                            errors,
                            kind_at,
                            "which counter? measure = \"nodes\" (or backtracks, prunes, wipeouts, assignments, events)",
                        );
                    }
                }
            }
        }
        Kind::Free => {
            if let Some(a) = answer {
                match a.value.as_str() {
                    Some(words) => {
                        q.answer = Some(At {
                            value: TeacherAnswer::Words(words.to_string()),
                            at: a.at,
                        });
                    }
                    None => err(
                        errors,
                        a.at,
                        "a free question's answer is words, shown after (answer = \"...\")",
                    ),
                }
            }
        }
        Kind::Cell | Kind::Digit | Kind::Prunes | Kind::Jump => {
            if let Some(a) = answer {
                err(
                    errors,
                    a.at,
                    "dokuscope computes this answer from the search: leave answer out",
                );
            }
        }
    }
    Some(q)
}

fn p_prefix(prefix: &str) -> String {
    format!("{prefix}choice: ")
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
