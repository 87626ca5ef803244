//! Answering the open question: the board cursor (arrows, hjkl, a click), a typed cell
//! name, digits, marks, a choice or words; Enter answers, Esc skips. A refused answer says
//! why and keeps the question open; an accepted one is judged, kept (and written), and the
//! view moves on to where the answer shows.

use super::cursor::Origin;
use super::question::Shown;
use super::{Action, App};
use crate::solver::{Cell, Digit};
use crate::teach::Kind;
use crate::teach::answer::{Given, judge, parse_cell, parse_number};
use crate::teach::record::{Record, given_value, truth_words};

/// The longest typed answer: a cell name, a number.
const MAX_TYPED: usize = 12;
/// The longest free answer, in characters.
pub const MAX_WORDS: usize = 400;

/// Why key `c` is not part of an answer that is `what`; `n`, which goes on everywhere
/// else, says how to go on from a question.
fn not_an_answer(c: char, what: &str) -> String {
    if c == 'n' {
        "answer first (Enter), or Esc skips: n goes on after the verdict".into()
    } else {
        format!("'{c}' is not {what}")
    }
}

impl App {
    /// An action while a question is open.
    pub(super) fn edit_answer(&mut self, action: Action) {
        let Some(kind) = self.teach.open.as_ref().map(|o| o.asked.kind) else {
            return;
        };
        match action {
            Action::MoveCursor { rows, cols } => self.move_answer(kind, rows, cols),
            Action::Inspect { cell, .. } => match kind {
                Kind::Cell | Kind::Jump => self.answer_cell(cell),
                Kind::Prunes => self.with_open(|o| o.cursor = cell),
                _ => {}
            },
            Action::Type(c) => self.type_answer(kind, c),
            Action::Erase => self.with_open(|o| {
                if o.typed.pop().is_none() {
                    o.marks.pop();
                }
            }),
            Action::Confirm => self.confirm_answer(kind),
            Action::Back => self.submit(Given::Skipped),
            _ => {}
        }
    }

    fn with_open(&mut self, f: impl FnOnce(&mut super::teach::Open)) {
        if let Some(open) = self.teach.open.as_mut() {
            open.error = None;
            f(open);
        }
    }

    fn refuse(&mut self, why: String) {
        if let Some(open) = self.teach.open.as_mut() {
            open.error = Some(why);
        }
    }

    /// The digits a digit question offers: the chosen cell's candidates.
    fn offered_digits(&self) -> Vec<Digit> {
        let (Some(open), Some(lane)) = (self.teach.open.as_ref(), self.lanes.first()) else {
            return Vec::new();
        };
        match open.asked.detail {
            crate::teach::oracle::Detail::Digit { cell, .. } => {
                lane.cursor().replay().grid().domain(cell).iter().collect()
            }
            _ => Vec::new(),
        }
    }

    fn move_answer(&mut self, kind: Kind, rows: i8, cols: i8) {
        let g = self.source.puzzle.geometry();
        let side = g.side();
        let offered = match kind {
            Kind::Choice => self.teach.open.as_ref().map_or(0, |o| o.choices.len()),
            Kind::Digit => self.offered_digits().len(),
            _ => 0,
        };
        self.with_open(|o| match kind {
            Kind::Cell | Kind::Jump | Kind::Prunes => {
                let wrap =
                    |i: usize, by: i8| (i + side).wrapping_add_signed(isize::from(by)) % side;
                let (r, c) = g.row_col(o.cursor);
                o.cursor = g.cell_at(wrap(r, rows), wrap(c, cols));
                o.typed.clear();
            }
            Kind::Choice | Kind::Digit if offered > 0 => {
                let by = isize::from(rows + cols);
                o.pick = (o.pick + offered).wrapping_add_signed(by) % offered;
            }
            _ => {}
        });
    }

    fn type_answer(&mut self, kind: Kind, c: char) {
        let size = self.source.puzzle.size();
        match kind {
            // A cell name is r, c and digits (`r3c2`); another key is not typed as part of it.
            Kind::Cell | Kind::Jump if c.is_ascii_digit() || matches!(c, 'r' | 'c' | 'R' | 'C') => {
                self.with_open(|o| {
                    if o.typed.len() < MAX_TYPED {
                        o.typed.push(c);
                    }
                });
            }
            Kind::Cell | Kind::Jump => self.refuse(not_an_answer(c, "a cell's name (r3c2)")),
            // A digit picks; Enter answers (answering at once, the Enter that followed
            // skipped the verdict).
            Kind::Digit => match Digit::from_symbol(c, size) {
                Some(d) if self.offered_digits().contains(&d) => {
                    let at = self.offered_digits().iter().position(|&o| o == d);
                    self.with_open(|o| o.pick = at.unwrap_or(o.pick));
                }
                Some(d) => {
                    let cell = self.teach.open.as_ref().map(|o| o.cursor);
                    let g = self.source.puzzle.geometry();
                    let name = cell.map(|c| g.cell_name(c).to_string()).unwrap_or_default();
                    self.refuse(format!("{} is not a candidate of {name}", d.symbol(size)));
                }
                None => self.refuse(not_an_answer(c, "a digit of this board")),
            },
            Kind::Prunes => match Digit::from_symbol(c, size) {
                Some(d) => self.toggle_mark(d),
                None => self.refuse(not_an_answer(c, "a digit: type the digits to mark")),
            },
            Kind::Choice => {
                let n = self.teach.open.as_ref().map_or(0, |o| o.choices.len());
                match c.to_digit(10).map(|d| d as usize) {
                    Some(d) if (1..=n).contains(&d) => self.with_open(|o| o.pick = d - 1),
                    _ => self.refuse(not_an_answer(
                        c,
                        &format!("a choice from 1 to {n} (or ↑↓), then Enter"),
                    )),
                }
            }
            Kind::Number if c.is_ascii_digit() || c == ',' => self.with_open(|o| {
                if o.typed.len() < MAX_TYPED {
                    o.typed.push(c);
                }
            }),
            Kind::Free if !c.is_control() => self.with_open(|o| {
                if o.typed.chars().count() < MAX_WORDS {
                    o.typed.push(c);
                }
            }),
            _ => {}
        }
    }

    /// Marks (or unmarks) `digit` in the cursor's cell, if it is a candidate there.
    fn toggle_mark(&mut self, digit: Digit) {
        let Some(lane) = self.lanes.first() else {
            return;
        };
        let grid = lane.cursor().replay().grid();
        let g = grid.geometry();
        let Some(cell) = self.teach.open.as_ref().map(|o| o.cursor) else {
            return;
        };
        if !grid.is_open(cell) || !grid.domain(cell).contains(digit) {
            let why = match grid.value(cell) {
                Some(v) => format!(
                    "{} holds {}: nothing to remove there",
                    g.cell_name(cell),
                    v.symbol(g.size())
                ),
                None => format!(
                    "{} is not a candidate of {}",
                    digit.symbol(g.size()),
                    g.cell_name(cell)
                ),
            };
            self.refuse(why);
            return;
        }
        self.with_open(|o| {
            if let Some(i) = o.marks.iter().position(|&m| m == (cell, digit)) {
                o.marks.remove(i);
            } else {
                o.marks.push((cell, digit));
            }
        });
    }

    fn confirm_answer(&mut self, kind: Kind) {
        let Some(open) = self.teach.open.as_ref() else {
            return;
        };
        let g = self.source.puzzle.geometry();
        match kind {
            Kind::Cell | Kind::Jump => {
                let cell = if open.typed.is_empty() {
                    Ok(open.cursor)
                } else {
                    parse_cell(&open.typed, g)
                };
                match cell {
                    Ok(cell) => self.answer_cell(cell),
                    Err(why) => self.refuse(why),
                }
            }
            Kind::Digit => {
                let pick = open.pick;
                if let Some(&d) = self.offered_digits().get(pick) {
                    self.submit(Given::Digit(d));
                }
            }
            Kind::Prunes => {
                let mut marks = open.marks.clone();
                marks.sort_unstable_by_key(|&(c, d)| (c.index(), d.get()));
                self.submit(Given::Marks(marks));
            }
            Kind::Choice => self.submit(Given::Choice(open.pick)),
            Kind::Number => match parse_number(&open.typed) {
                Ok(n) => self.submit(Given::Number(n)),
                Err(_) => self.refuse("type a number, then Enter".into()),
            },
            Kind::Free => {
                let words = open.typed.trim().to_string();
                if words.is_empty() {
                    self.refuse("write your answer, then Enter (Esc skips)".into());
                } else {
                    self.submit(Given::Text(words));
                }
            }
        }
    }

    /// A cell picked as the answer: an open cell for a cell question, a decision in effect
    /// for a jump; anything else is refused with the reason.
    fn answer_cell(&mut self, cell: Cell) {
        let Some(kind) = self.teach.open.as_ref().map(|o| o.asked.kind) else {
            return;
        };
        let Some(lane) = self.lanes.first() else {
            return;
        };
        let cursor = lane.cursor();
        let grid = cursor.replay().grid();
        let g = grid.geometry();
        let name = g.cell_name(cell);
        let refusal = match (kind, grid.value(cell)) {
            (Kind::Cell, Some(v)) => Some(format!(
                "{name} already holds {}: pick an open cell",
                v.symbol(g.size())
            )),
            (Kind::Jump, None) => Some(format!(
                "{name} holds no digit: pick a decision (a cyan digit)"
            )),
            (Kind::Jump, Some(_))
                if !matches!(cursor.origin(cell), Origin::Decision | Origin::UserDecision) =>
            {
                Some(format!(
                    "{name} was not decided (a given or a forced digit): pick a decision (a cyan digit)"
                ))
            }
            _ => None,
        };
        match refusal {
            Some(why) => {
                self.with_open(|o| o.cursor = cell);
                self.refuse(why);
            }
            None => self.submit(Given::Cell(cell)),
        }
    }

    /// Judges `given`, keeps the answer (written at once with an answers file), shows the
    /// verdict and moves the view to where the answer shows.
    pub(super) fn submit(&mut self, given: Given) {
        let Some(open) = self.teach.open.take() else {
            return;
        };
        let asked = &open.asked;
        let verdict = judge(&asked.truth, &given);
        self.teach.tally.count(asked.kind, &given, &verdict);
        let g = self.source.puzzle.geometry();
        let marks = asked.kind == Kind::Prunes;
        let record = Record {
            question: open.number,
            kind: asked.kind.name(),
            step: asked.step,
            prompt: open.prompt.clone(),
            answer: given_value(&given, g, &open.choices),
            right: truth_words(&asked.truth, g, &open.choices),
            correct: verdict.correct,
            precision: marks.then_some(verdict.precision),
            recall: marks.then_some(verdict.recall),
            skipped: given == Given::Skipped,
            preset: self
                .lanes
                .first()
                .map(|l| l.name().to_string())
                .unwrap_or_default(),
            puzzle: self.source.location.clone(),
            lesson: self.teach.lesson.as_ref().map(|l| l.plan.file.clone()),
            stop: open.stop,
        };
        self.keep(record);
        if open.stop.is_none() {
            self.mark_asked(asked.kind, asked.reveal.max(asked.step + 1));
        }
        if asked.kind.on_board() {
            let reveal = asked.reveal;
            if let Some(lane) = self.lanes.first_mut() {
                lane.seek(reveal);
            }
            self.position = self.step();
        }
        let shown = Shown {
            open,
            given,
            verdict,
        };
        if let (Some(lesson), Some(stop)) = (self.teach.lesson.as_mut(), shown.open.stop) {
            lesson.answered(stop, shown.clone());
        }
        self.teach.shown = Some(shown);
    }
}
