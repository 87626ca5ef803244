//! The quiz: switched on with `--quiz` or `Q`, it stops every run at the next question
//! point (before a select, at a select, after a decision, before a failure) and asks what
//! the search will do there; a verdict shows the answer, and Enter plays on to the next.

use super::cursor::Cursor;
use super::teach::{Open, Triggers};
use super::{App, Lane};
use crate::solver::Event;
use crate::teach::oracle::{self, Asked, Detail, starts_failure};
use crate::teach::{Kind, KindSet};

impl Triggers {
    /// Whether a run that has just yielded `event` (the cursor after it) reaches a question
    /// point not asked yet: the run stops there. A failure's first event stops it one step
    /// past its point (the question is asked on the step before).
    #[inline]
    pub fn hit(&self, event: &Event, cursor: &Cursor) -> bool {
        let step = cursor.step();
        let due = |kind: Kind| {
            kind.board_index()
                .is_some_and(|i| self.kinds.contains(kind) && step > self.asked_through[i])
        };
        (due(Kind::Digit) && matches!(event, Event::Select { .. }))
            || (due(Kind::Prunes) && self.forward_check && event.is_decision())
            || (due(Kind::Jump)
                && step > self.asked_through[3] + 1
                && starts_failure(event, cursor.look().culprits().len()))
            || (due(Kind::Cell)
                && cursor
                    .search()
                    .is_some_and(|s| s.awaiting_select() && s.state().grid().open_count() > 0))
    }
}

impl App {
    /// The quiz's triggers while it waits for its next point (on, one search, no question
    /// open): what every run checks after each event.
    pub(super) fn quiz_triggers(&self) -> Option<Triggers> {
        (self.teach.on && self.teach.open.is_none() && self.lanes.len() == 1)
            .then_some(self.teach.triggers)
    }

    /// Why the quiz cannot ask about the panes on screen, if it cannot.
    fn quiz_refusal(&self) -> Option<&'static str> {
        match self.lanes.as_slice() {
            [lane] if lane.timeline().strategy().is_none() => Some(
                "the quiz asks what a preset's search will do: a stream's solver is not here to ask",
            ),
            [lane] if lane.is_manual() => Some(
                "the quiz asks what the preset's order will choose: with preset you, you choose",
            ),
            [lane] if lane.is_local() => Some(
                "the quiz asks what a search will decide next: a local search makes no decisions",
            ),
            [_] => None,
            _ => Some("the quiz asks about one search: open it in watch (dokuscope watch --quiz)"),
        }
    }

    /// Switches the quiz on from here: the points already passed are not asked.
    pub(super) fn start_quiz(&mut self) {
        if let Some(why) = self.quiz_refusal() {
            self.message = Some(why.to_string());
            return;
        }
        if self.teach.triggers.kinds.is_empty() {
            self.teach.triggers.kinds = KindSet::CELL;
        }
        let step = self.lanes.first().map_or(0, Lane::step);
        let fc = self
            .lanes
            .first()
            .and_then(|l| l.timeline().strategy())
            .is_some_and(|s| s.inference.forward_check);
        self.teach.triggers.asked_through = [step; 4];
        self.teach.triggers.forward_check = fc;
        self.teach.on = true;
        let kinds = self.teach.triggers.kinds;
        let mut note =
            format!("quiz on ({kinds}): play (Space, n) and answer each question · Q: off");
        if kinds.contains(Kind::Prunes) && !fc {
            note = format!(
                "quiz on ({kinds}); no prunes questions: this preset has no forward checking · Q: off"
            );
        }
        self.message = Some(note);
    }

    /// `Q`: the quiz on or off (an open question is dropped, unanswered).
    pub(super) fn toggle_quiz(&mut self) {
        if self.teach.on {
            self.teach.on = false;
            if self.teach.open.as_ref().is_some_and(|o| o.stop.is_none()) {
                self.teach.open = None;
            }
            self.teach.shown = None;
            self.message = Some("quiz off (Q: on again)".into());
        } else {
            self.stop();
            self.start_quiz();
        }
    }

    /// Opens the quiz question due at the current position, if one is: a point of an asked
    /// kind not asked yet (at a failure's first event, the step before it). Returns whether
    /// one opened.
    pub(super) fn note_question(&mut self) -> bool {
        if self.quiz_triggers().is_none() {
            return false;
        }
        let Some(lane) = self.lanes.first() else {
            return false;
        };
        let cursor = lane.cursor();
        let Some(search) = cursor.search() else {
            return false;
        };
        let step = cursor.step();
        let last = cursor.last().map(|l| l.event);
        let t = self.teach.triggers;
        for kind in t.kinds.kinds() {
            let Some(i) = kind.board_index() else {
                continue;
            };
            let through = t.asked_through[i];
            if kind == Kind::Jump
                && step > through + 1
                && last.is_some_and(|e| starts_failure(&e, cursor.look().culprits().len()))
            {
                // The failure has begun on screen: ask on the step before it.
                let back = step - 1;
                if let Some(lane) = self.lanes.first_mut() {
                    lane.seek(back);
                }
                let asked = self.lanes.first().and_then(|l| {
                    let c = l.cursor();
                    oracle::ask(kind, c.search()?, back, c.last().map(|l| l.event).as_ref())
                });
                if let Some(asked) = asked {
                    self.open_question(asked, None, Vec::new(), None, None);
                    return true;
                }
                self.mark_asked(kind, step);
                return false;
            }
            if step > through {
                if let Some(asked) = oracle::ask(kind, search, step, last.as_ref()) {
                    self.open_question(asked, None, Vec::new(), None, None);
                    return true;
                }
            }
        }
        false
    }

    /// Opens `asked` for the student: the board cursor on a sensible first cell, the words
    /// of the question, the view stopped.
    pub(super) fn open_question(
        &mut self,
        asked: Asked,
        text: Option<String>,
        choices: Vec<String>,
        stop: Option<usize>,
        after: Option<String>,
    ) {
        self.stop();
        self.teach.shown = None;
        self.teach.summary = false;
        let Some(lane) = self.lanes.first() else {
            return;
        };
        let grid = lane.cursor().replay().grid();
        let g = grid.geometry();
        let first_open = g.cells().find(|&c| grid.is_open(c));
        let cursor = match &asked.detail {
            Detail::Digit { cell, .. } => Some(*cell),
            // The first open peer of the decision: where its digit may go.
            Detail::Prunes { cell, .. } => {
                g.peers(*cell).iter().copied().find(|&p| grid.is_open(p))
            }
            // The latest decision: where a jump question's answer most often is.
            Detail::Jump { .. } => lane.cursor().look().latest(),
            _ => first_open,
        }
        .or(first_open)
        .unwrap_or_else(|| g.cell_at(0, 0));
        let prompt = text.unwrap_or_else(|| super::verdict::prompt(lane, &asked, g));
        let number = self.teach.records.len() + 1;
        self.teach.open = Some(Open {
            number,
            asked,
            prompt,
            choices,
            cursor,
            typed: String::new(),
            marks: Vec::new(),
            pick: 0,
            error: None,
            stop,
            after,
        });
    }

    /// `→`: one event forward; but a question due here comes first, and one stepped onto
    /// opens at once.
    pub(super) fn step_forward(&mut self) {
        self.stop();
        if !self.note_question() {
            self.advance(1, None, None);
            self.note_question();
        }
    }

    /// Enter after a verdict: the question due here next, if one, else play on to the next.
    pub(super) fn play_on(&mut self) {
        if self.note_question() {
            return;
        }
        if self.all_finished() {
            self.teach.summary = true;
            return;
        }
        self.playing = true;
        self.last_tick = self.now;
        self.carry = 0.0;
    }

    /// A new search on screen (restart, another preset or puzzle): the quiz asks from its
    /// start again, and a quiz question of the old search is dropped.
    pub(super) fn quiz_restarted(&mut self) {
        self.teach.triggers.asked_through = [0; 4];
        self.teach.triggers.forward_check = self
            .lanes
            .first()
            .and_then(|l| l.timeline().strategy())
            .is_some_and(|s| s.inference.forward_check);
        if self.teach.open.as_ref().is_some_and(|o| o.stop.is_none()) {
            self.teach.open = None;
        }
        self.teach.shown = None;
    }

    /// Shows the summary once, when the quiz's search has ended with questions answered.
    pub(super) fn teach_refresh(&mut self) {
        let quiz_ended = self.teach.on
            && self.teach.lesson.is_none()
            && self.teach.open.is_none()
            && !self.running()
            && self.all_finished()
            && !self.teach.tally.is_empty();
        if quiz_ended && !self.teach.summary_seen {
            self.teach.summary = true;
            self.teach.summary_seen = true;
        }
    }
}
