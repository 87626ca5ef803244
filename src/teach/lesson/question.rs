//! A stop's question read into the model: its kind, words and choices, and how its right
//! answer is found (a condition, a ranking of presets, a counter, or the teacher's own
//! answer where the question is marked free).

use toml::Spanned;

use super::model::{At, Choice, Layout, Measure, Question, Rule, TeacherAnswer, at};
use super::raw::RawQuestion;
use super::{MAX_CHOICE, MAX_CHOICES, MAX_QUESTION, declared};
use crate::teach::Kind;
use crate::teach::locate::{LessonError, Source};

fn measure(
    raw: Spanned<String>,
    prefix: &str,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> At<Measure> {
    let a = at(raw);
    let value = Measure::NAMES.iter().find(|(n, _)| *n == a.value).map_or_else(
        || {
            errors.push(source.error(
                a.at,
                format!(
                    "{prefix}unknown measure '{}' (expected nodes, backtracks, prunes, wipeouts, assignments or events)",
                    a.value
                ),
            ));
            Measure::Nodes
        },
        |(_, m)| *m,
    );
    At { value, at: a.at }
}

#[expect(
    clippy::too_many_lines,
    reason = "one check a key, in the file's order"
)]
pub(super) fn question(
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
    if let Some(t) = &raw.text {
        let n = t.get_ref().chars().count();
        if n > MAX_QUESTION {
            err(
                errors,
                t.span().start,
                &format!(
                    "the question has {n} characters; at most {MAX_QUESTION} fit with its choices beside the board at 80×24: say more in the note"
                ),
            );
        }
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
    for c in &choices {
        let n = c.text.value.chars().count();
        if n > MAX_CHOICE {
            err(
                errors,
                c.text.at,
                &format!(
                    "this choice has {n} characters; at most {MAX_CHOICE} fit on its row beside the board at 80×24"
                ),
            );
        }
    }
    if let Some(extra) = choices.get(MAX_CHOICES) {
        err(
            errors,
            extra.text.at,
            &format!(
                "{} choices; at most {MAX_CHOICES} fit under the question at 80×24",
                choices.len()
            ),
        );
    }
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
                    if let Some(n) = n {
                        Some(At {
                            value: Rule::Teacher(n - 1),
                            at: a,
                        })
                    } else {
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
