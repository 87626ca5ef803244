//! The lesson as the player and the checker read it: typed values, each with the byte
//! offset where the file writes it.

use toml::Spanned;

use crate::teach::Kind;

/// A value and the byte offset where the file writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct At<T> {
    /// The value.
    pub value: T,
    /// Its byte offset in the file.
    pub at: usize,
}

pub(super) fn at<T>(s: Spanned<T>) -> At<T> {
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
