//! The app's teaching state: the quiz switched on or off, the question being answered,
//! the last verdict, the score, the answers given (and whether they are saved), and the
//! lesson being played. The flows are in `quiz`, `answer` and `lesson`.

use super::App;
use super::lesson::LessonState;
pub use super::question::{Open, Shown};
use crate::teach::record::{Record, Tally};
use crate::teach::{Kind, KindSet};

/// Where answers are written as they are given (one JSON line each, without its newline):
/// the CLI's file, appended to and flushed at every answer.
pub type AnswerSink = Box<dyn FnMut(&str) -> std::io::Result<()>>;

/// Which board questions the quiz asks, and the points already asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Triggers {
    /// The kinds asked.
    pub kinds: KindSet,
    /// For each board kind, the last step asked about (points up to it are not asked).
    pub asked_through: [u64; 4],
    /// Whether the search forward checks (else its decisions propagate nothing).
    pub forward_check: bool,
}

/// The app's teaching state.
#[derive(Default)]
pub struct Teach {
    pub(super) on: bool,
    pub(super) triggers: Triggers,
    pub(super) open: Option<Open>,
    pub(super) shown: Option<Shown>,
    pub(super) tally: Tally,
    pub(super) records: Vec<Record>,
    pub(super) saved: usize,
    pub(super) sink: Option<AnswerSink>,
    pub(super) answers_label: Option<String>,
    pub(super) sink_error: Option<String>,
    pub(super) quitting: Quitting,
    pub(super) summary: bool,
    pub(super) summary_seen: bool,
    pub(super) lesson: Option<LessonState>,
}

/// "Quit with answers unsaved?": whether it waits for its answer, and whether the student
/// asked to save them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Quitting {
    pub(super) confirm: bool,
    pub(super) save: bool,
}

impl std::fmt::Debug for Teach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Teach")
            .field("on", &self.on)
            .field("open", &self.open)
            .field("records", &self.records.len())
            .finish_non_exhaustive()
    }
}

impl App {
    /// Asks the quiz's `kinds` from the start (`watch --quiz`).
    #[must_use]
    pub fn with_quiz(mut self, kinds: KindSet) -> App {
        self.teach.triggers.kinds = kinds;
        self.start_quiz();
        self
    }

    /// Writes every answer to `sink` as it is given (`--answers FILE`), the file named
    /// `label` on screen.
    #[must_use]
    pub fn with_answers(mut self, sink: AnswerSink, label: String) -> App {
        self.teach.sink = Some(sink);
        self.teach.answers_label = Some(label);
        self
    }

    /// The answers file's name, when answers are written to one.
    pub fn answers_label(&self) -> Option<&str> {
        self.teach.answers_label.as_deref()
    }

    /// Whether the quiz is on.
    pub fn quiz_on(&self) -> bool {
        self.teach.on
    }

    /// The question being answered.
    pub fn question(&self) -> Option<&Open> {
        self.teach.open.as_ref()
    }

    /// The last verdict, until the next question.
    pub fn verdict(&self) -> Option<&Shown> {
        self.teach.shown.as_ref()
    }

    /// The score so far.
    pub fn tally(&self) -> &Tally {
        &self.teach.tally
    }

    /// The answers given so far, as the answers file writes them.
    pub fn records(&self) -> &[Record] {
        &self.teach.records
    }

    /// Answers not written anywhere yet.
    pub fn unsaved(&self) -> usize {
        self.teach.records.len() - self.teach.saved
    }

    /// The answers not written anywhere yet (what the CLI saves when asked to at quit).
    pub fn unsaved_records(&self) -> &[Record] {
        &self.teach.records[self.teach.saved..]
    }

    /// Whether the student asked to save the unsaved answers as they quit.
    pub fn save_on_quit(&self) -> bool {
        self.teach.quitting.save
    }

    /// Why writing the answers failed, if it did.
    pub fn answers_error(&self) -> Option<&str> {
        self.teach.sink_error.as_deref()
    }

    /// Whether quitting waits for the student to confirm (answers are unsaved).
    pub fn confirming_quit(&self) -> bool {
        self.teach.quitting.confirm
    }

    /// Whether the summary is shown.
    pub fn summary_shown(&self) -> bool {
        self.teach.summary
    }

    /// Whether the status line carries the score: the quiz is on, or questions came up.
    pub fn scoring(&self) -> bool {
        self.teach.on || !self.teach.tally.is_empty() || self.teach.lesson.is_some()
    }

    /// Keeps one answered question: its record in the session, written at once when an
    /// answers file is open.
    pub(super) fn keep(&mut self, record: Record) {
        let line = record.line();
        self.teach.records.push(record);
        if let Some(sink) = self.teach.sink.as_mut() {
            match sink(&line) {
                Ok(()) => self.teach.saved = self.teach.records.len(),
                Err(e) => {
                    self.teach.sink_error =
                        Some(format!("the answers file cannot be written: {e}"));
                }
            }
        }
    }

    /// An action while "quit?" or a question waits for its answer; whether it was one.
    pub(super) fn apply_teach(&mut self, action: super::Action) -> bool {
        use super::Action;
        if self.teach.quitting.confirm {
            match action {
                Action::Type(c) => self.answer_quit(Some(c)),
                Action::Quit => self.quit = true,
                _ => self.answer_quit(None),
            }
            return true;
        }
        if self.teach.open.is_none() || self.help.is_open() {
            return false;
        }
        match action {
            Action::Quit => self.quit_or_confirm(),
            Action::ToggleQuiz => self.toggle_quiz(),
            Action::Help => self.help.toggle(),
            _ => self.edit_answer(action),
        }
        true
    }

    /// `q`, Esc or Ctrl-C with nothing open: quits, or with answers unsaved asks first.
    pub(super) fn quit_or_confirm(&mut self) {
        if self.unsaved() > 0 && !self.teach.quitting.confirm {
            self.stop();
            self.teach.quitting.confirm = true;
        } else {
            self.quit = true;
        }
    }

    /// The answer to "quit?": `y` quits, `s` saves then quits, anything else stays.
    pub(super) fn answer_quit(&mut self, c: Option<char>) {
        self.teach.quitting.confirm = false;
        match c {
            Some('y' | 'Y') => self.quit = true,
            Some('s' | 'S') => {
                self.teach.quitting.save = true;
                self.quit = true;
            }
            _ => self.message = Some("still here: nothing was lost".into()),
        }
    }

    /// Closes the summary.
    pub(super) fn close_summary(&mut self) -> bool {
        std::mem::take(&mut self.teach.summary)
    }

    /// The quiz kind a question of `kind` counts under in the triggers, if a board kind.
    pub(super) fn mark_asked(&mut self, kind: Kind, through: u64) {
        if let Some(i) = kind.board_index() {
            let at = &mut self.teach.triggers.asked_through[i];
            *at = (*at).max(through);
        }
    }
}
