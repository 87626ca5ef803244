//! A checked lesson's plan: its stops, where each stands in its searches, and the
//! questions with the answers dokuscope computed for them.

use crate::solver::{Puzzle, Strategy};
use crate::teach::Kind;
use crate::teach::oracle::Asked;

/// The most events a lesson's searches are run for, each.
pub const EVENT_LIMIT: u64 = 50_000_000;

/// A lesson ready to play.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The lesson's file, as named.
    pub file: String,
    /// Its title.
    pub title: String,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Where the puzzle is: `file:line`.
    pub location: String,
    /// The presets, as named, with their strategies.
    pub presets: Vec<(String, Strategy)>,
    /// The stops, in order.
    pub stops: Vec<PlannedStop>,
}

/// What the screen shows at a stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The watch view.
    Watch,
    /// The watch view with the tree beside the board.
    Tree,
    /// Several presets side by side.
    Compare,
}

/// Where the panes go at a stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// Every pane at this step (or its end).
    Step(u64),
    /// Every pane at its decision N (panes kept in step by decisions).
    Node(u64),
    /// Every pane at its end.
    End,
}

/// A stop, located in its search.
#[derive(Clone, Debug)]
pub struct PlannedStop {
    /// Its number, from 1.
    pub number: usize,
    /// Its heading.
    pub title: Option<String>,
    /// Its note.
    pub note: String,
    /// The panes, as indices into [`Plan::presets`]; the stop's own preset first.
    pub panes: Vec<usize>,
    /// What the screen shows.
    pub view: View,
    /// Where the panes go.
    pub position: Position,
    /// The step of the stop's own search the stop is at (a board question may move it on,
    /// to its point).
    pub step: u64,
    /// A breakpoint the stop is at (set in the view, so `c` finds its next hits).
    pub breakpoint: Option<String>,
    /// The question.
    pub question: Option<PlannedQuestion>,
}

/// A question of a stop, with its computed answer.
#[derive(Clone, Debug)]
pub struct PlannedQuestion {
    /// What it asks.
    pub kind: Kind,
    /// The teacher's words, if any (a board kind has its own otherwise).
    pub text: Option<String>,
    /// A multiple choice's choices.
    pub choices: Vec<String>,
    /// Where it is asked, where the answer shows, and the right answers.
    pub asked: Asked,
    /// What the verdict adds: how the answer was computed, or the teacher's own answer.
    pub after: Option<String>,
}
