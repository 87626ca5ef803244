//! Playing a lesson: a checked [`Plan`] followed stop by stop. At a stop the view shows
//! the stop's presets, layout and step, its note, and asks its question; `n` or Enter goes
//! on, `p` back. Any other watch key explores from there, and `L` returns to the stop.

use super::control::Remake;
use super::question::Shown;
use super::tree::TreeLayout;
use super::{App, Lane, Lock, Source};
use crate::solver::Conflict;
use crate::solver::condition::Condition;
use crate::teach::check::{Plan, PlannedStop, Position, View};

/// A lesson being played: its plan, the stop the student is at, and what they answered.
#[derive(Clone, Debug)]
pub struct LessonState {
    /// The checked lesson.
    pub plan: Plan,
    /// The stop shown (an index into the plan's stops).
    pub index: usize,
    /// Whether the student has moved away from the stop (`L` returns).
    pub exploring: bool,
    /// Whether the student went on past the last stop (the summary).
    pub ended: bool,
    answers: Vec<Option<Shown>>,
    /// The breakpoint the stop shown set (removed when the lesson moves to another stop).
    breakpoint: Option<usize>,
}

impl LessonState {
    fn new(plan: Plan) -> LessonState {
        let stops = plan.stops.len();
        LessonState {
            plan,
            index: 0,
            exploring: false,
            ended: false,
            answers: vec![None; stops],
            breakpoint: None,
        }
    }

    /// The stop shown.
    pub fn stop(&self) -> Option<&PlannedStop> {
        self.plan.stops.get(self.index)
    }

    /// Keeps the answer to stop `number`'s question (from 1).
    pub(super) fn answered(&mut self, number: usize, shown: Shown) {
        if let Some(slot) = self
            .plan
            .stops
            .iter()
            .position(|s| s.number == number)
            .and_then(|i| self.answers.get_mut(i))
        {
            *slot = Some(shown);
        }
    }
}

impl App {
    /// The app playing `plan`, at its first stop.
    ///
    /// # Errors
    /// The puzzle's givens conflict (a checked plan's do not).
    pub fn lesson(plan: Plan) -> Result<App, Conflict> {
        let source = Source {
            location: plan.location.clone(),
            index: 1,
            puzzle: plan.puzzle.clone(),
        };
        let first: Vec<(String, crate::solver::Strategy)> = plan
            .stops
            .first()
            .map(|s| {
                s.panes
                    .iter()
                    .filter_map(|&i| plan.presets.get(i).cloned())
                    .collect()
            })
            .unwrap_or_default();
        let mut app = App::new(source, &first, Lock::Events)?;
        app.teach.lesson = Some(LessonState::new(plan));
        app.go_to_stop(0);
        Ok(app)
    }

    /// The lesson being played.
    pub fn lesson_state(&self) -> Option<&LessonState> {
        self.teach.lesson.as_ref()
    }

    /// Whether the view is at the lesson's stop (not exploring, not past the end).
    pub fn at_stop(&self) -> bool {
        self.teach
            .lesson
            .as_ref()
            .is_some_and(|l| !l.exploring && !l.ended)
    }

    /// Shows stop `index`: its panes, layout and position, its breakpoint, and its question
    /// (unless answered: then its verdict).
    pub(super) fn go_to_stop(&mut self, index: usize) {
        let Some(lesson) = self.teach.lesson.as_ref() else {
            return;
        };
        let Some(stop) = lesson.plan.stops.get(index).cloned() else {
            return;
        };
        let panes: Vec<(String, crate::solver::Strategy)> = stop
            .panes
            .iter()
            .filter_map(|&i| lesson.plan.presets.get(i).cloned())
            .collect();
        let answered = lesson.answers.get(index).cloned().flatten();
        let lock = match stop.position {
            Position::Node(_) => Lock::Nodes,
            _ => Lock::Events,
        };
        self.stop();
        self.steer.fork = None;
        self.steer.command = None;
        self.prompt = None;
        self.inspect = None;
        self.teach.open = None;
        self.teach.summary = false;
        let same = self.lock == lock
            && self.lanes.len() == panes.len()
            && self.lanes.iter().zip(&panes).all(|(l, p)| l.name() == p.0);
        if !same {
            self.lock = lock;
            let remakes: Vec<Remake> = panes
                .iter()
                .map(|(name, s)| Remake::Preset(name.clone(), *s))
                .collect();
            self.restart_with(self.source.clone(), &remakes);
        }
        match stop.position {
            Position::Step(at) => {
                self.position = at;
                self.place_all();
            }
            Position::Node(node) => {
                self.position = node;
                self.place_all();
            }
            Position::End => {
                for lane in &mut self.lanes {
                    lane.seek(u64::MAX);
                }
                self.position = self.step();
            }
        }
        self.tree.focus = false;
        self.tree.selected = None;
        self.tree.layout = if stop.view == View::Tree {
            TreeLayout::Side
        } else {
            TreeLayout::Hidden
        };
        // The last stop's breakpoint goes; this stop's comes (unless the student set the
        // same one), so that `c` finds its next hits while exploring from here.
        if let Some(id) = self.teach.lesson.as_mut().and_then(|l| l.breakpoint.take()) {
            self.steer.breakpoints.delete(id);
        }
        if let Some(text) = &stop.breakpoint {
            let normal = Condition::parse(text).map(|c| c.to_string()).ok();
            let known = self
                .steer
                .breakpoints
                .list()
                .iter()
                .any(|b| Some(b.condition.to_string()) == normal);
            if !known {
                let id = self.add_breakpoint(text).ok();
                if let Some(lesson) = self.teach.lesson.as_mut() {
                    lesson.breakpoint = id;
                }
            }
            self.note_hit();
        }
        self.teach.shown.clone_from(&answered);
        if let Some(lesson) = self.teach.lesson.as_mut() {
            lesson.index = index;
            lesson.exploring = false;
            lesson.ended = false;
        }
        if let (Some(q), None) = (&stop.question, answered) {
            if q.kind.on_board() {
                let point = q.asked.step;
                if let Some(lane) = self.lanes.first_mut() {
                    lane.seek(point);
                }
                self.position = self.step();
            }
            self.open_question(
                q.asked.clone(),
                q.text.clone(),
                q.choices.clone(),
                Some(stop.number),
                q.after.clone(),
            );
        }
        self.message = None;
    }

    /// Shows stop `number` (from 1), as the student would find it arriving there (its
    /// question open): `snapshot --lesson FILE --stop N`.
    pub fn show_stop(&mut self, number: usize) {
        self.go_to_stop(number.saturating_sub(1));
    }

    /// `n` or Enter at a stop: the next stop, or past the last, the summary.
    pub(super) fn next_stop(&mut self) {
        let Some(lesson) = self.teach.lesson.as_ref() else {
            return;
        };
        let next = lesson.index + 1;
        if next < lesson.plan.stops.len() {
            self.go_to_stop(next);
        } else if let Some(lesson) = self.teach.lesson.as_mut() {
            lesson.ended = true;
            self.teach.summary = true;
        }
    }

    /// `p` at a stop: the stop before (from the summary, the last stop again).
    pub(super) fn prev_stop(&mut self) {
        let Some(lesson) = self.teach.lesson.as_ref() else {
            return;
        };
        if lesson.ended {
            self.go_to_stop(lesson.index);
        } else if lesson.index > 0 {
            self.go_to_stop(lesson.index - 1);
        } else {
            self.message = Some("this is the first stop".into());
        }
    }

    /// `L`: back to the lesson's stop from exploring.
    pub(super) fn return_to_stop(&mut self) {
        match self.teach.lesson.as_ref() {
            Some(lesson) => self.go_to_stop(lesson.index),
            None => {
                self.message = Some(
                    "L returns to a lesson's stop: play one with dokuscope lesson FILE".into(),
                );
            }
        }
    }

    /// Where the view is before `action`, at a lesson's stop, when the action is one that
    /// may move it: a key that moves the view starts exploring from the stop.
    pub(super) fn view_before(
        &self,
        action: super::Action,
    ) -> Option<(Vec<u64>, usize, TreeLayout)> {
        use super::Action;
        let lesson_key = matches!(
            action,
            Action::NextStop
                | Action::PrevStop
                | Action::Lesson
                | Action::Help
                | Action::HelpScroll(_)
                | Action::Quit
                | Action::Back
                | Action::Inspect { .. }
                | Action::Faster
                | Action::Slower
                | Action::ToggleQuiz
        );
        (self.at_stop() && self.teach.open.is_none() && !lesson_key).then(|| self.view_key())
    }

    /// What says where the view is, to tell when the student moved away from a stop.
    pub(super) fn view_key(&self) -> (Vec<u64>, usize, TreeLayout) {
        (
            self.lanes.iter().map(Lane::step).collect(),
            self.lanes.len(),
            self.tree.layout,
        )
    }

    /// After an action at a stop: whether it moved the view, which starts exploring.
    pub(super) fn note_exploring(&mut self, before: &(Vec<u64>, usize, TreeLayout)) {
        let moved = self.running() || self.view_key() != *before;
        if let Some(lesson) = self.teach.lesson.as_mut().filter(|_| moved) {
            if !lesson.ended {
                lesson.exploring = true;
            }
        }
    }
}
