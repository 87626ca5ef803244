//! A lesson checked against the searches it names: every preset and the puzzle exist,
//! every stop is reached, in order, and every question has an answer dokuscope computes.
//! The result is a [`Plan`] that the player follows step for step, so a lesson that checks
//! plays exactly as checked. Every error is located in the lesson file.

use std::path::Path;

use super::Kind;
use super::lesson::{self, At, Layout, Lesson, Measure, Place, Rule, TeacherAnswer};
use super::locate::{LessonError, Source};
use super::oracle::{self, Asked, Detail, Truth};
use crate::solver::condition::{Bound, Condition, Probe};
use crate::solver::{Event, Limits, Puzzle, Search, Stats, Strategy, preset};

/// The most events a lesson's searches are run for, each.
pub const EVENT_LIMIT: u64 = 50_000_000;

/// Reads puzzle number `index` (from 1) of the file at the path given: the puzzle and its
/// `file:line`, or why not, in a sentence.
pub type Loader<'a> = &'a dyn Fn(&Path, usize) -> Result<(Puzzle, String), String>;

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
    /// A free question's model answer, shown after.
    pub model: Option<String>,
}

/// Checks the lesson in `text` (named `file`), loading file puzzles with `load`: the plan,
/// or every error found, located.
pub fn check(file: &str, text: &str, load: Loader<'_>) -> Result<Plan, Vec<LessonError>> {
    let source = Source { file, text };
    let lesson = lesson::parse(source)?;
    let mut errors = Vec::new();
    let presets: Vec<(String, Strategy)> = lesson
        .presets
        .iter()
        .map(|p| resolve(p, source, &mut errors))
        .collect();
    let puzzle = puzzle(&lesson, file, source, load, &mut errors);
    let Some((puzzle, location)) = puzzle else {
        return Err(errors);
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut checker = Checker {
        source,
        puzzle: &puzzle,
        presets: &presets,
        names: lesson.presets.iter().map(|p| p.value.clone()).collect(),
        totals: vec![None; presets.len()],
        errors: Vec::new(),
    };
    let stops = checker.stops(&lesson);
    if !checker.errors.is_empty() {
        return Err(checker.errors);
    }
    Ok(Plan {
        file: file.to_string(),
        title: lesson.title,
        puzzle,
        location,
        presets,
        stops,
    })
}

fn resolve(
    p: &At<String>,
    source: Source<'_>,
    errors: &mut Vec<LessonError>,
) -> (String, Strategy) {
    if p.value.split('/').next() == Some("you") {
        errors.push(source.error(
            p.at,
            "preset 'you' waits for a person to choose each cell: a lesson needs presets that search by themselves",
        ));
    } else {
        match preset::resolve(&p.value) {
            Ok(found) => return found,
            Err(e) => errors.push(source.error(p.at, e)),
        }
    }
    let d = preset::default_preset();
    (d.name.to_string(), d.strategy)
}

fn puzzle(
    lesson: &Lesson,
    file: &str,
    source: Source<'_>,
    load: Loader<'_>,
    errors: &mut Vec<LessonError>,
) -> Option<(Puzzle, String)> {
    let (found, at) = match &lesson.puzzle {
        lesson::PuzzleSpec::Inline(p) => {
            let (line, _) = source.line_col(p.at);
            match p.value.parse::<Puzzle>() {
                Ok(puzzle) => (Ok((puzzle, format!("{file}:{line}"))), p.at),
                Err(e) => {
                    // The column within a one-line string, past its opening quote.
                    let at = p.at + 1 + e.column.map_or(0, |c| c - 1);
                    errors.push(source.error(at, format!("the puzzle does not read: {}", e.kind)));
                    return None;
                }
            }
        }
        lesson::PuzzleSpec::File { path, index } => {
            let dir = Path::new(file).parent().unwrap_or(Path::new(""));
            (load(&dir.join(&path.value), *index), path.at)
        }
    };
    match found {
        Ok((puzzle, location)) => match puzzle.conflict() {
            Some(conflict) => {
                errors.push(source.error(
                    at,
                    format!("the puzzle ({location}) cannot be searched: {conflict}"),
                ));
                None
            }
            None => Some((puzzle, location)),
        },
        Err(e) => {
            errors.push(source.error(at, e));
            None
        }
    }
}

/// A search run from its start, step by step.
#[derive(Clone)]
struct Run {
    search: Search,
    step: u64,
    last: Option<Event>,
}

impl Run {
    fn start(puzzle: &Puzzle, strategy: Strategy) -> Option<Run> {
        let limits = Limits {
            solutions: 1,
            nodes: None,
            deadline: None,
        };
        Some(Run {
            search: Search::with_limits(puzzle, strategy, limits).ok()?,
            step: 0,
            last: None,
        })
    }

    fn next(&mut self) -> Option<Event> {
        if self.step >= EVENT_LIMIT {
            return None;
        }
        let event = self.search.next()?;
        self.step += 1;
        self.last = Some(event);
        Some(event)
    }

    fn stats(&self) -> &Stats {
        self.search.stats()
    }

    fn holds(&self, bound: &Bound) -> bool {
        self.last.as_ref().is_some_and(|event| {
            bound.holds(&Probe {
                event,
                step: self.step,
                depth: event.depth().unwrap_or_else(|| self.search.state().depth()),
                stats: self.search.stats(),
            })
        })
    }
}

struct Checker<'a> {
    source: Source<'a>,
    puzzle: &'a Puzzle,
    presets: &'a [(String, Strategy)],
    names: Vec<String>,
    /// Each preset's counters at the end of its search, once run.
    totals: Vec<Option<Stats>>,
    errors: Vec<LessonError>,
}

impl Checker<'_> {
    fn error(&mut self, at: usize, message: String) {
        self.errors.push(self.source.error(at, message));
    }

    fn index(&self, name: &str) -> usize {
        self.names.iter().position(|n| n == name).unwrap_or(0)
    }

    fn run(&self, preset: usize) -> Option<Run> {
        Run::start(self.puzzle, self.presets.get(preset)?.1)
    }

    fn stops(&mut self, lesson: &Lesson) -> Vec<PlannedStop> {
        let mut planned = Vec::new();
        // Each preset's last stop: its step, and which stop it was.
        let mut last: Vec<Option<(u64, usize)>> = vec![None; self.presets.len()];
        for stop in &lesson.stops {
            let p = format!("stop {}: ", stop.number);
            let main = self.index(&stop.preset.value);
            let Some(run) = self.place(main, &stop.place, &p) else {
                continue;
            };
            if let Some((before, number)) = last[main] {
                if run.step < before {
                    self.error(
                        stop.place.at,
                        format!(
                            "{p}it is at step {} of {}'s search, before stop {number} (step {before}): stops play in order",
                            run.step, stop.preset.value
                        ),
                    );
                }
            }
            let (view, mut panes) = match &stop.layout.value {
                Layout::Watch => (View::Watch, vec![main]),
                Layout::Tree => (View::Tree, vec![main]),
                Layout::Compare(names) => (
                    View::Compare,
                    names.iter().map(|n| self.index(&n.value)).collect(),
                ),
            };
            panes.retain(|&i| i != main);
            panes.insert(0, main);
            let position = match (view, &stop.place.value) {
                (View::Compare, Place::Decision(n)) => Position::Node(*n),
                (View::Compare, Place::Solution) => Position::End,
                _ => Position::Step(run.step),
            };
            let question = stop
                .question
                .as_ref()
                .and_then(|q| self.question(q, &run, main, &p));
            let step = question
                .as_ref()
                .filter(|q| q.kind.on_board())
                .map_or(run.step, |q| q.asked.step);
            last[main] = Some((step, stop.number));
            let position = match position {
                Position::Step(_) => Position::Step(step),
                other => other,
            };
            planned.push(PlannedStop {
                number: stop.number,
                title: stop.title.clone(),
                note: stop.note.clone(),
                panes,
                view,
                position,
                step,
                breakpoint: match &stop.place.value {
                    Place::Break { condition, .. } => Some(condition.clone()),
                    _ => None,
                },
                question,
            });
        }
        planned
    }

    /// The condition `text` (written at `at`, a string value) bound to the board, or an
    /// error pointing at its column.
    fn condition(&mut self, text: &str, at: usize, p: &str) -> Option<Bound> {
        match Condition::parse(text).and_then(|c| c.bind(self.puzzle.geometry())) {
            Ok(bound) => Some(bound),
            Err(e) => {
                self.error(
                    at + e.column,
                    format!("{p}bad condition '{text}': {}", e.message),
                );
                None
            }
        }
    }

    /// The run of preset `main` stopped at `place`, or an error saying why it cannot be.
    fn place(&mut self, main: usize, place: &At<Place>, p: &str) -> Option<Run> {
        let mut run = self.run(main)?;
        let bound = match &place.value {
            Place::Break { condition, .. } => Some(self.condition(condition, place.at, p)?),
            _ => None,
        };
        let mut count = 0;
        let wanted = |run: &Run, count: &mut u64| -> bool {
            let Some(event) = run.last else {
                return false;
            };
            let counts = match &place.value {
                Place::Step(_) => true,
                Place::Decision(_) => event.is_decision(),
                Place::Wipeout(_) => matches!(event, Event::Wipeout { .. }),
                Place::Backtrack(_) => matches!(event, Event::Backtrack { .. }),
                Place::Solution => matches!(event, Event::Solution { .. }),
                Place::Break { .. } => bound.as_ref().is_some_and(|b| run.holds(b)),
            };
            *count += u64::from(counts);
            let n = match &place.value {
                Place::Step(n) | Place::Decision(n) | Place::Wipeout(n) | Place::Backtrack(n) => *n,
                Place::Solution => 1,
                Place::Break { hit, .. } => *hit,
            };
            counts && *count == n
        };
        while run.next().is_some() {
            if wanted(&run, &mut count) {
                return Some(run);
            }
        }
        let cut = run.step >= EVENT_LIMIT;
        let what = match &place.value {
            Place::Step(n) => format!("no step {n} in this search (it has {count})"),
            Place::Decision(n) => format!("no decision {n} in this search (it has {count})"),
            Place::Wipeout(n) => format!("no wipeout {n} in this search (it has {count})"),
            Place::Backtrack(n) => format!("no backtrack {n} in this search (it has {count})"),
            Place::Solution => format!(
                "this search finds no solution (it ends at step {})",
                run.step
            ),
            Place::Break { condition, hit } => {
                format!("break '{condition}' has no hit {hit} in this search (it has {count})")
            }
        };
        let within = if cut {
            format!(" within its first {EVENT_LIMIT} events")
        } else {
            String::new()
        };
        let name = &self.names[main];
        self.error(place.at, format!("{p}{what}{within} ({name})"));
        None
    }

    /// Preset `i`'s counters at the end of its search.
    fn total(&mut self, i: usize) -> Option<Stats> {
        if let Some(stats) = self.totals.get(i).cloned().flatten() {
            return Some(stats);
        }
        let mut run = self.run(i)?;
        while run.next().is_some() {}
        let stats = run.stats().clone();
        if let Some(t) = self.totals.get_mut(i) {
            *t = Some(stats.clone());
        }
        Some(stats)
    }

    fn question(
        &mut self,
        q: &lesson::Question,
        run: &Run,
        main: usize,
        p: &str,
    ) -> Option<PlannedQuestion> {
        let p = format!("{p}question {}: ", q.kind);
        let words = |truth: Truth| Asked {
            kind: q.kind,
            step: run.step,
            reveal: run.step,
            truth,
            detail: Detail::Words,
        };
        let choices: Vec<String> = q.choices.iter().map(|c| c.text.value.clone()).collect();
        let mut model = None;
        let asked = match q.kind {
            Kind::Cell | Kind::Digit | Kind::Prunes | Kind::Jump => {
                if q.kind == Kind::Prunes && !self.presets[main].1.inference.forward_check {
                    self.error(
                        q.at,
                        format!(
                            "{p}{} has no forward checking: its decisions propagate nothing",
                            self.names[main]
                        ),
                    );
                    return None;
                }
                let found =
                    oracle::next_point(q.kind, run.search.clone(), run.step, run.last, EVENT_LIMIT);
                if found.is_none() {
                    let what = match q.kind {
                        Kind::Cell => "the search selects no cell",
                        Kind::Digit => "the search makes no decision after a select",
                        Kind::Prunes => "the search makes no decision",
                        _ => "the search meets no failure it goes back from",
                    };
                    self.error(q.at, format!("{p}{what} after this stop"));
                }
                found?
            }
            Kind::Choice => {
                let rule = q.rule.as_ref()?;
                let right = match &rule.value {
                    Rule::Teacher(i) => vec![*i],
                    Rule::FirstToHold => self.first_to_hold(q, run, &p)?,
                    Rule::Rank { measure, fewest } => self.rank(q, *measure, *fewest)?,
                };
                words(Truth::Choices(right))
            }
            Kind::Number => words(self.number(q, run, main, &p)?),
            Kind::Free => {
                model = q.answer.as_ref().and_then(|a| match &a.value {
                    TeacherAnswer::Words(w) => Some(w.clone()),
                    TeacherAnswer::Number(_) => None,
                });
                words(Truth::Open)
            }
        };
        Some(PlannedQuestion {
            kind: q.kind,
            text: q.text.clone(),
            choices,
            asked,
            model,
        })
    }

    fn first_to_hold(&mut self, q: &lesson::Question, run: &Run, p: &str) -> Option<Vec<usize>> {
        let bounds: Vec<Option<Bound>> = q
            .choices
            .iter()
            .map(|c| {
                let when = c.when.as_ref()?;
                self.condition(&when.value, when.at, p)
            })
            .collect();
        if bounds.iter().any(Option::is_none) {
            return None;
        }
        let bounds: Vec<Bound> = bounds.into_iter().flatten().collect();
        let mut ahead = run.clone();
        while ahead.next().is_some() {
            let right: Vec<usize> = (0..bounds.len())
                .filter(|&i| ahead.holds(&bounds[i]))
                .collect();
            if !right.is_empty() {
                return Some(right);
            }
        }
        self.error(
            q.at,
            format!("{p}no choice's condition holds after this stop, so none is right"),
        );
        None
    }

    fn rank(&mut self, q: &lesson::Question, measure: Measure, fewest: bool) -> Option<Vec<usize>> {
        let mut values = Vec::new();
        for c in &q.choices {
            let name = &c.preset.as_ref()?.value;
            let i = self.index(name);
            values.push(measure.of(&self.total(i)?));
        }
        let best = if fewest {
            values.iter().min()
        } else {
            values.iter().max()
        }?;
        Some((0..values.len()).filter(|&i| values[i] == *best).collect())
    }

    fn number(&mut self, q: &lesson::Question, run: &Run, main: usize, p: &str) -> Option<Truth> {
        if let Some(At {
            value: TeacherAnswer::Number(n),
            ..
        }) = q.answer
        {
            return Some(Truth::Number {
                value: n,
                tolerance: q.tolerance,
            });
        }
        let measure = q.measure.as_ref()?.value;
        let preset = q.preset.as_ref().map_or(main, |s| self.index(&s.value));
        let value = match &q.until {
            None => measure.of(&self.total(preset)?),
            Some(until) => {
                if preset != main {
                    self.error(until.at, format!("{p}until counts in the stop's own search: leave out preset, or stop in {}'s search", self.names[preset]));
                    return None;
                }
                let bound = self.condition(&until.value, until.at, p)?;
                let from = measure.of(run.stats());
                let mut ahead = run.clone();
                loop {
                    if ahead.next().is_none() {
                        self.error(
                            until.at,
                            format!("{p}until '{}' never holds after this stop", until.value),
                        );
                        return None;
                    }
                    if ahead.holds(&bound) {
                        break measure.of(ahead.stats()) - from;
                    }
                }
            }
        };
        Some(Truth::Number {
            value,
            tolerance: q.tolerance,
        })
    }
}
