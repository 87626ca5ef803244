//! Each stop found in its search: the step of its place, its order among the stops of the
//! same search, and its question's answer computed by running the search on.

use super::plan::{EVENT_LIMIT, PlannedQuestion, PlannedStop, Position, View};
use crate::solver::condition::{Bound, Condition, Decisions, Probe};
use crate::solver::{Event, Limits, Puzzle, Search, Stats, Strategy};
use crate::teach::Kind;
use crate::teach::lesson::{self, At, Layout, Lesson, Measure, Place, Rule, TeacherAnswer};
use crate::teach::locate::{LessonError, Source};
use crate::teach::oracle::{self, Asked, Detail, Truth};

/// A search run from its start, step by step.
#[derive(Clone)]
struct Run {
    search: Search,
    step: u64,
    last: Option<Event>,
    /// The decisions in effect, for a condition on what a backtrack jumps over.
    decisions: Decisions,
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
            decisions: Decisions::default(),
        })
    }

    fn next(&mut self) -> Option<Event> {
        if self.step >= EVENT_LIMIT {
            return None;
        }
        let event = self.search.next()?;
        self.step += 1;
        self.last = Some(event);
        self.decisions.hear(&event);
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
                jumped: self.decisions.jumped(),
            })
        })
    }
}

pub(super) struct Checker<'a> {
    pub(super) source: Source<'a>,
    pub(super) puzzle: &'a Puzzle,
    pub(super) presets: &'a [(String, Strategy)],
    pub(super) names: Vec<String>,
    /// Each preset's counters at the end of its search, once run.
    pub(super) totals: Vec<Option<Stats>>,
    pub(super) errors: Vec<LessonError>,
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

    pub(super) fn stops(&mut self, lesson: &Lesson) -> Vec<PlannedStop> {
        let mut planned = Vec::new();
        // Each preset's last stop: where the view leaves it (past its question), which stop
        // it was, and the stop itself (its place and layout).
        let mut last: Vec<Option<(u64, usize, &lesson::Stop)>> = vec![None; self.presets.len()];
        for stop in &lesson.stops {
            let p = format!("stop {}: ", stop.number);
            let main = self.index(&stop.preset.value);
            let Some(run) = self.place(main, &stop.place, &p) else {
                continue;
            };
            if let Some((before, number, previous)) = last[main] {
                if previous.place.value == stop.place.value
                    && previous.layout.value == stop.layout.value
                {
                    // The same frame twice, whatever either asks.
                    self.error(
                        stop.place.at,
                        format!(
                            "{p}the same place as stop {number} (step {} of {}'s search, the same layout): one stop a place; join their notes",
                            run.step, stop.preset.value
                        ),
                    );
                } else if run.step < before {
                    let what = if previous
                        .question
                        .as_ref()
                        .is_some_and(|q| q.kind.on_board())
                    {
                        format!("stop {number}'s question (step {before})")
                    } else {
                        format!("stop {number} (step {before})")
                    };
                    self.error(
                        stop.place.at,
                        format!(
                            "{p}it is at step {} of {}'s search, before {what}: stops play in order",
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
            last[main] = Some((step, stop.number, stop));
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
        if place.value == Place::Step(0) {
            return Some(run);
        }
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
        // With several presets, say whose search.
        let what = if self.names.len() > 1 {
            what.replacen("this search", &format!("{}'s search", self.names[main]), 1)
        } else {
            what
        };
        self.error(place.at, format!("{p}{what}{within}"));
        None
    }

    /// Preset `i`'s counters at the end of its search.
    fn total(&mut self, i: usize) -> Option<Stats> {
        if let Some(stats) = self.totals.get(i).copied().flatten() {
            return Some(stats);
        }
        let mut run = self.run(i)?;
        while run.next().is_some() {}
        let stats = *run.stats();
        if let Some(t) = self.totals.get_mut(i) {
            *t = Some(stats);
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
        let mut after = None;
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
                let (right, why) = match &rule.value {
                    Rule::Teacher(i) => (vec![*i], None),
                    Rule::FirstToHold => self.first_to_hold(q, run, &p)?,
                    Rule::Rank { measure, fewest } => self.rank(q, *measure, *fewest)?,
                };
                after = why;
                words(Truth::Choices(right))
            }
            Kind::Number => {
                let (truth, why) = self.number(q, run, main, &p)?;
                after = why;
                words(truth)
            }
            Kind::Free => {
                after = q.answer.as_ref().and_then(|a| match &a.value {
                    TeacherAnswer::Words(w) => Some(format!("The teacher's answer: {w}")),
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
            after,
        })
    }

    fn first_to_hold(
        &mut self,
        q: &lesson::Question,
        run: &Run,
        p: &str,
    ) -> Option<(Vec<usize>, Option<String>)> {
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
                let texts: Vec<&str> = right
                    .iter()
                    .filter_map(|&i| {
                        q.choices
                            .get(i)
                            .map(|c| c.when.as_ref().map_or("", |w| w.value.as_str()))
                    })
                    .collect();
                let why = format!(
                    "The first to hold after this stop: {} (step {}).",
                    texts.join(", "),
                    ahead.step
                );
                return Some((right, Some(why)));
            }
        }
        self.error(
            q.at,
            format!("{p}no choice's condition holds after this stop, so none is right"),
        );
        None
    }

    fn rank(
        &mut self,
        q: &lesson::Question,
        measure: Measure,
        fewest: bool,
    ) -> Option<(Vec<usize>, Option<String>)> {
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
        let each: Vec<String> = q
            .choices
            .iter()
            .zip(&values)
            .filter_map(|(c, v)| c.preset.as_ref().map(|p| format!("{} {v}", p.value)))
            .collect();
        let why = format!(
            "{} to the first solution: {}.",
            measure.name(),
            each.join(", ")
        );
        Some((
            (0..values.len()).filter(|&i| values[i] == *best).collect(),
            Some(why),
        ))
    }

    fn number(
        &mut self,
        q: &lesson::Question,
        run: &Run,
        main: usize,
        p: &str,
    ) -> Option<(Truth, Option<String>)> {
        if let Some(At {
            value: TeacherAnswer::Number(n),
            ..
        }) = q.answer
        {
            return Some((
                Truth::Number {
                    value: n,
                    tolerance: q.tolerance,
                },
                None,
            ));
        }
        let measure = q.measure.as_ref()?.value;
        let preset = q.preset.as_ref().map_or(main, |s| self.index(&s.value));
        let name = measure.name();
        let (value, why) = match &q.until {
            None => {
                let value = measure.of(&self.total(preset)?);
                let why = format!(
                    "{}'s search, to its first solution: {value} {name}.",
                    self.names[preset]
                );
                (value, why)
            }
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
                        let value = measure.of(ahead.stats()) - from;
                        let why = format!(
                            "From this stop (step {}) to the first step where '{}' holds (step {}): {value} {name}.",
                            run.step, until.value, ahead.step
                        );
                        break (value, why);
                    }
                }
            }
        };
        Some((
            Truth::Number {
                value,
                tolerance: q.tolerance,
            },
            Some(why),
        ))
    }
}
