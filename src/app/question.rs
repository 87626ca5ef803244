//! A question as the app holds it: open (what it asks, the answer typed so far) and
//! answered (the answer and its verdict, shown until the next question).

use crate::solver::{Cell, Digit};
use crate::teach::answer::{Given, Verdict};
use crate::teach::oracle::Asked;

/// A question being answered: what it asks, and the student's answer so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Open {
    /// Its number in the session, from 1.
    pub number: usize,
    /// Where it is asked, where the answer shows, and the right answers.
    pub asked: Asked,
    /// The question in words.
    pub prompt: String,
    /// A multiple choice's choices.
    pub choices: Vec<String>,
    /// The cell under the board cursor (board kinds).
    pub cursor: Cell,
    /// What the student typed: a cell name, a number, words.
    pub typed: String,
    /// The candidates marked as removed (prunes).
    pub marks: Vec<(Cell, Digit)>,
    /// The choice (or the digit, among the cell's candidates) highlighted.
    pub pick: usize,
    /// Why the last answer was refused, in a sentence (the question stays open).
    pub error: Option<String>,
    /// The lesson stop that asks it, from 1.
    pub stop: Option<usize>,
    /// What the verdict adds: how the answer was computed, or the teacher's own answer.
    pub after: Option<String>,
}

/// A question answered (or skipped), and its verdict: shown until the next question.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The question as it was answered.
    pub open: Open,
    /// The answer.
    pub given: Given,
    /// Its verdict.
    pub verdict: Verdict,
}
