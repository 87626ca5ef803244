//! One line of an answers file (JSON Lines, one question a line, each line whole in itself
//! for grading), and the score by kind.

use serde::Serialize;

use super::Kind;
use super::answer::{Given, Verdict};
use super::oracle::Truth;
use crate::solver::{Cell, Digit, Geometry};

/// One answered (or skipped) question, as the answers file writes it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Record {
    /// Its number in the session, from 1.
    pub question: usize,
    /// `cell`, `digit`, `prunes`, `jump`, `choice`, `number` or `free`.
    pub kind: &'static str,
    /// The step the board showed when it was asked.
    pub step: u64,
    /// The question as the screen put it.
    pub prompt: String,
    /// The answer (`null` when skipped): a cell `r3c2`, a digit, marked candidates
    /// `["r3c4=5", ...]`, the choice's text, a number, or the student's words.
    pub answer: serde_json::Value,
    /// The right answers (any one of them, but all of them for marked candidates; empty
    /// for a question the teacher marks).
    pub right: Vec<String>,
    /// Right, wrong, or `null`: skipped, or the teacher marks it.
    pub correct: Option<bool>,
    /// Marked candidates only: the share of the marks that were removed (`null` with
    /// none marked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<Option<f64>>,
    /// Marked candidates only: the share of the removed candidates that were marked
    /// (`null` when none were removed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recall: Option<Option<f64>>,
    /// Whether the student skipped it.
    pub skipped: bool,
    /// The preset whose search was asked about.
    pub preset: String,
    /// The puzzle, `file:line`.
    pub puzzle: String,
    /// The lesson file, in a lesson.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lesson: Option<String>,
    /// The lesson's stop, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop: Option<usize>,
}

impl Record {
    /// The record's JSON line (without the newline).
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A candidate as answers name it: `r3c4=5`.
pub fn candidate(geometry: &Geometry, cell: Cell, digit: Digit) -> String {
    format!(
        "{}={}",
        geometry.cell_name(cell),
        digit.symbol(geometry.size())
    )
}

/// The right answers in words: cells, digits, candidates, the choices' texts, the number.
pub fn truth_words(truth: &Truth, geometry: &Geometry, choices: &[String]) -> Vec<String> {
    let size = geometry.size();
    match truth {
        Truth::Cells(cells) => cells
            .iter()
            .map(|&c| geometry.cell_name(c).to_string())
            .collect(),
        Truth::Digits(digits) => digits.iter().map(|d| d.symbol(size).to_string()).collect(),
        Truth::Prunes(removed) => removed
            .iter()
            .map(|&(c, d)| candidate(geometry, c, d))
            .collect(),
        Truth::Choices(right) => right
            .iter()
            .filter_map(|&i| choices.get(i).cloned())
            .collect(),
        Truth::Number { value, .. } => vec![value.to_string()],
        Truth::Open => Vec::new(),
    }
}

/// The answer as the answers file writes it.
pub fn given_value(given: &Given, geometry: &Geometry, choices: &[String]) -> serde_json::Value {
    use serde_json::Value;
    match given {
        Given::Cell(c) => Value::String(geometry.cell_name(*c).to_string()),
        Given::Digit(d) => Value::String(d.symbol(geometry.size()).to_string()),
        Given::Marks(marks) => Value::Array(
            marks
                .iter()
                .map(|&(c, d)| Value::String(candidate(geometry, c, d)))
                .collect(),
        ),
        Given::Choice(i) => Value::String(choices.get(*i).cloned().unwrap_or_default()),
        Given::Number(n) => Value::from(*n),
        Given::Text(text) => Value::String(text.clone()),
        Given::Skipped => Value::Null,
    }
}

/// The score of one kind of question.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct KindScore {
    /// Answered and scored.
    pub asked: u32,
    /// Of those, right.
    pub right: u32,
    /// Skipped.
    pub skipped: u32,
    /// Answered but marked by the teacher (free questions).
    pub open: u32,
    /// Marked candidates: the sum of the precisions that exist, and how many.
    pub precision: (f64, u32),
    /// Marked candidates: the sum of the recalls that exist, and how many.
    pub recall: (f64, u32),
}

/// The score of a session, by kind.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    by_kind: [KindScore; Kind::ALL.len()],
}

impl Tally {
    /// Counts one verdict.
    pub fn count(&mut self, kind: Kind, given: &Given, verdict: &Verdict) {
        let Some(i) = Kind::ALL.iter().position(|&k| k == kind) else {
            return;
        };
        let s = &mut self.by_kind[i];
        match (given, verdict.correct) {
            (Given::Skipped, _) => s.skipped += 1,
            (_, None) => s.open += 1,
            (_, Some(right)) => {
                s.asked += 1;
                s.right += u32::from(right);
            }
        }
        if let Some(p) = verdict.precision {
            s.precision = (s.precision.0 + p, s.precision.1 + 1);
        }
        if let Some(r) = verdict.recall {
            s.recall = (s.recall.0 + r, s.recall.1 + 1);
        }
    }

    /// Right and asked (answered and scored), over every kind.
    pub fn total(&self) -> (u32, u32) {
        self.by_kind
            .iter()
            .fold((0, 0), |(r, a), s| (r + s.right, a + s.asked))
    }

    /// Questions skipped, over every kind.
    pub fn skipped(&self) -> u32 {
        self.by_kind.iter().map(|s| s.skipped).sum()
    }

    /// Questions left to the teacher, over every kind.
    pub fn open(&self) -> u32 {
        self.by_kind.iter().map(|s| s.open).sum()
    }

    /// The kinds that came up (asked, skipped or answered), with their scores.
    pub fn kinds(&self) -> impl Iterator<Item = (Kind, &KindScore)> {
        Kind::ALL
            .iter()
            .zip(&self.by_kind)
            .filter(|(_, s)| s.asked + s.skipped + s.open > 0)
            .map(|(&k, s)| (k, s))
    }

    /// Whether nothing was asked yet.
    pub fn is_empty(&self) -> bool {
        self.kinds().next().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_one_json_line_with_precision_only_for_marked_candidates() {
        let r = Record {
            question: 1,
            kind: "cell",
            step: 41,
            prompt: "which cell?".into(),
            answer: serde_json::Value::String("r3c2".into()),
            right: vec!["r3c2".into(), "r5c7".into()],
            correct: Some(true),
            precision: None,
            recall: None,
            skipped: false,
            preset: "mcv".into(),
            puzzle: "puzzles/hard.txt:1".into(),
            lesson: None,
            stop: None,
        };
        assert_eq!(
            r.line(),
            r#"{"question":1,"kind":"cell","step":41,"prompt":"which cell?","answer":"r3c2","right":["r3c2","r5c7"],"correct":true,"skipped":false,"preset":"mcv","puzzle":"puzzles/hard.txt:1"}"#
        );
        let marks = Record {
            kind: "prunes",
            precision: Some(None),
            recall: Some(Some(0.5)),
            ..r
        };
        assert!(marks.line().contains(r#""precision":null,"recall":0.5"#));
    }

    #[test]
    fn the_tally_counts_right_asked_skipped_and_open_by_kind() {
        let mut t = Tally::default();
        let right = Verdict {
            correct: Some(true),
            ..Verdict::default()
        };
        let wrong = Verdict {
            correct: Some(false),
            ..Verdict::default()
        };
        t.count(Kind::Cell, &Given::Cell(Cell::new(0)), &right);
        t.count(Kind::Cell, &Given::Cell(Cell::new(1)), &wrong);
        t.count(Kind::Digit, &Given::Skipped, &Verdict::default());
        t.count(Kind::Free, &Given::Text("x".into()), &Verdict::default());
        assert_eq!(t.total(), (1, 2));
        assert_eq!((t.skipped(), t.open()), (1, 1));
        let kinds: Vec<Kind> = t.kinds().map(|(k, _)| k).collect();
        assert_eq!(kinds, [Kind::Cell, Kind::Digit, Kind::Free]);
    }
}
