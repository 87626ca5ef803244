//! Moving the panes: go to a step, step back, previous decision, divergence, restart,
//! another preset, puzzle or pane.

use super::{Action, App, Goal, Lane, MAX_PANES, Source};
use crate::app::Lock;
use crate::solver::Strategy;
use crate::solver::preset::{self, Preset};

/// What a restart makes a pane from.
pub(super) enum Remake {
    /// A fresh search of the preset (name, strategy).
    Preset(String, Strategy),
    /// The pane at this index as it is, back at step 0.
    Keep(usize),
}

/// Events the divergence finder may run ahead of the panes when asked to jump.
const DIVERGENCE_SEARCH: u64 = 50_000_000;

impl App {
    /// The go-to prompt: open it, type digits, erase, confirm.
    pub(super) fn edit_prompt(&mut self, action: Action) {
        match action {
            Action::GoTo => {
                self.stop();
                self.prompt = Some(String::new());
            }
            Action::Type(c) => {
                if let Some(p) = self.prompt.as_mut().filter(|p| p.len() < 16) {
                    p.push(c);
                }
            }
            Action::Erase => {
                if let Some(p) = &mut self.prompt {
                    p.pop();
                }
            }
            Action::Confirm => {
                if let Some(target) = self
                    .prompt
                    .take()
                    .and_then(|p| p.replace(',', "").parse::<u64>().ok())
                {
                    self.go_to(target);
                }
            }
            _ => {}
        }
    }

    /// The first pane moves to the next preset of the registry, on the same puzzle; the
    /// other panes restart as [`App::restart`] restarts them.
    pub(super) fn cycle_preset(&mut self) {
        if self.lanes.first().is_some_and(Lane::kept_on_restart) {
            self.message = Some(
                "pane A plays its own solver (an event stream or a fork): P changes a preset's pane"
                    .into(),
            );
            return;
        }
        // Every preset, the local search's after backtracking's.
        let presets: Vec<&Preset> = preset::every().collect();
        let next = self
            .lanes
            .first()
            .and_then(|l| presets.iter().position(|p| p.name == l.name()))
            .map_or(0, |i| (i + 1) % presets.len());
        let mut remakes = self.remakes();
        if let Some(first) = remakes.first_mut() {
            *first = Remake::Preset(presets[next].name.to_string(), presets[next].strategy);
        }
        self.restart_with(self.source.clone(), &remakes);
    }

    /// Every pane back at step 0: a preset's made afresh (a manual pane forgets its picks),
    /// an event stream's and a fork's kept as they are, since neither can be made again
    /// from a preset.
    pub(super) fn restart(&mut self) {
        self.restart_with(self.source.clone(), &self.remakes());
    }

    /// What a restart makes each pane from.
    fn remakes(&self) -> Vec<Remake> {
        self.lanes
            .iter()
            .enumerate()
            .map(|(i, l)| match l.timeline().strategy() {
                Some(strategy) if !l.kept_on_restart() => {
                    Remake::Preset(l.name().to_string(), strategy)
                }
                _ => Remake::Keep(i),
            })
            .collect()
    }

    /// Makes the panes afresh on `source`, as `remakes` says, all at step 0. Nothing
    /// changes if a preset's pane cannot be made (the givens clash).
    pub(super) fn restart_with(&mut self, source: Source, remakes: &[Remake]) {
        let made: Result<Vec<Option<Lane>>, _> = remakes
            .iter()
            .map(|r| match r {
                Remake::Preset(name, strategy) => {
                    Lane::new(name, &source.puzzle, *strategy).map(Some)
                }
                Remake::Keep(_) => Ok(None),
            })
            .collect();
        let made = match made {
            Ok(made) => made,
            Err(conflict) => {
                self.message = Some(format!("{}: {conflict}", source.location));
                return;
            }
        };
        let mut old: Vec<Option<Lane>> = std::mem::take(&mut self.lanes)
            .into_iter()
            .map(Some)
            .collect();
        let lanes: Vec<Lane> = remakes
            .iter()
            .zip(made)
            .filter_map(|(r, lane)| match r {
                Remake::Preset(..) => lane,
                Remake::Keep(i) => old.get_mut(*i).and_then(Option::take).map(|mut lane| {
                    lane.seek(0);
                    lane
                }),
            })
            .collect();
        let fresh = App::with_lanes(source, lanes, self.lock);
        self.lanes = fresh.lanes;
        self.source = fresh.source;
        self.credits = fresh.credits;
        self.position = 0;
        self.playing = false;
        self.goal = None;
        self.inspect = None;
        self.tree.reset();
        self.steer.hit = None;
        self.steer.hit_steps = vec![Vec::new(); self.lanes.len()];
        self.steer.breakpoints.rebind(self.source.puzzle.geometry());
        self.steer.fork = None;
        self.steer.dismissed = None;
        self.quiz_restarted();
        self.make_manual();
        self.start_divergence();
        for lane in &mut self.lanes {
            lane.refresh(self.now, true);
        }
    }

    /// Every pane on the next puzzle of the file, made afresh from its preset; forks are
    /// dropped (their decisions were this puzzle's), and a stream's puzzle is its own.
    pub(super) fn next_puzzle(&mut self) {
        if self.lanes.iter().any(|l| l.timeline().is_stream()) {
            self.message = Some(
                "an event stream plays its own puzzle: o opens the next one only without --events"
                    .into(),
            );
            return;
        }
        let Some(loader) = &mut self.loader else {
            self.message = Some("this puzzle came alone: no other puzzle to open".into());
            return;
        };
        let next = self.source.index + 1;
        let entry = match loader(next) {
            Ok(entry) => Ok((entry, next)),
            Err(_) if self.source.index > 1 => loader(1).map(|e| (e, 1)),
            Err(err) => Err(err),
        };
        match entry {
            Ok((entry, index)) => {
                let source = Source {
                    location: entry.location.to_string(),
                    index,
                    puzzle: entry.puzzle,
                };
                // No stream is here (refused above): what a restart keeps are forks.
                let remakes: Vec<Remake> = self
                    .remakes()
                    .into_iter()
                    .filter(|r| matches!(r, Remake::Preset(..)))
                    .collect();
                self.restart_with(source, &remakes);
            }
            Err(err) => self.message = Some(format!("{err:#}")),
        }
    }

    pub(super) fn add_pane(&mut self) {
        if self.lanes.len() >= MAX_PANES {
            self.message = Some(format!("at most {MAX_PANES} panes"));
            return;
        }
        let used: Vec<&str> = self.lanes.iter().map(Lane::name).collect();
        let presets: Vec<&Preset> = preset::every().collect();
        let start = self
            .lanes
            .last()
            .and_then(|l| presets.iter().position(|p| p.name == l.name()))
            .unwrap_or(0);
        let Some(preset) = (1..=presets.len())
            .map(|k| presets[(start + k) % presets.len()])
            .find(|p| !used.contains(&p.name))
        else {
            return;
        };
        let mut remakes = self.remakes();
        remakes.push(Remake::Preset(preset.name.to_string(), preset.strategy));
        let position = self.position;
        self.restart_with(self.source.clone(), &remakes);
        self.go_to(position);
    }

    pub(super) fn stop(&mut self) {
        self.playing = false;
        self.goal = None;
        self.burst.clear();
    }

    pub(super) fn run_to(&mut self, goal: Goal) {
        self.playing = false;
        // A question due where the view is comes before any run.
        if self.note_question() {
            return;
        }
        if !self.all_finished() {
            self.goal = Some(goal);
        }
    }

    pub(super) fn go_to(&mut self, target: u64) {
        match self.lock {
            Lock::Events => {
                let reachable = self
                    .lanes
                    .iter()
                    .all(|l| l.at_end() || target <= l.timeline().frontier());
                if target <= self.position || reachable {
                    self.position = target;
                    self.place_all();
                } else {
                    self.goal = Some(Goal::At(target));
                }
            }
            Lock::Nodes => {
                if target <= self.position {
                    self.position = target;
                    self.place_all();
                } else {
                    self.goal = Some(Goal::At(target));
                }
            }
            Lock::Time => {
                for lane in &mut self.lanes {
                    lane.seek(target);
                }
                self.position = self.step();
            }
        }
    }

    /// Puts every lane at the common position (or its end, if its search ended before).
    pub(super) fn place_all(&mut self) {
        let position = self.position;
        for lane in &mut self.lanes {
            match self.lock {
                Lock::Nodes => lane.seek_nodes(position),
                _ => lane.seek(position),
            }
        }
        if self.lock != Lock::Nodes {
            self.position = position.min(self.step());
        }
    }

    pub(super) fn step_back(&mut self) {
        match self.lock {
            Lock::Events => {
                self.position = self.step().saturating_sub(1);
                self.place_all();
            }
            Lock::Nodes => {
                self.position = self.position.saturating_sub(1);
                self.place_all();
            }
            Lock::Time => {
                for lane in &mut self.lanes {
                    let step = lane.step().saturating_sub(1);
                    lane.seek(step);
                }
            }
        }
    }

    pub(super) fn prev_decision(&mut self) {
        match self.lock {
            Lock::Nodes => self.step_back(),
            Lock::Events => {
                let found = self
                    .lanes
                    .iter_mut()
                    .filter_map(|l| l.find_back_where(|e, c| e.is_decision() || c.improved()))
                    .max();
                match found {
                    Some(step) => {
                        self.position = step;
                        self.place_all();
                    }
                    None => self.message = Some("no earlier decision (or new best)".into()),
                }
            }
            Lock::Time => {
                for lane in &mut self.lanes {
                    if let Some(step) = lane.find_back_where(|e, c| e.is_decision() || c.improved())
                    {
                        lane.seek(step);
                    }
                }
            }
        }
    }

    pub(super) fn jump_to_divergence(&mut self) {
        if let Some(d) = &mut self.divergence {
            d.search_ahead(&mut self.lanes, DIVERGENCE_SEARCH);
        }
        let Some(found) = self.divergence.as_ref().and_then(|d| d.found()).cloned() else {
            self.message = Some(match &self.divergence {
                Some(d) if d.never() => "the panes made the same decisions to the end".into(),
                Some(d) => format!(
                    "no divergence found: the panes agree on their first {} decisions",
                    d.agreed()
                ),
                None if self.lanes.iter().any(Lane::is_local) => {
                    "no divergence: a local search makes no decisions to compare".into()
                }
                None => "divergence needs two panes".into(),
            });
            return;
        };
        self.stop();
        match self.lock {
            Lock::Nodes => {
                self.position = found.node;
                self.place_all();
            }
            Lock::Events => {
                self.position = found.choices.iter().map(|c| c.step()).max().unwrap_or(0);
                self.place_all();
            }
            Lock::Time => {
                for (lane, choice) in self.lanes.iter_mut().zip(&found.choices) {
                    lane.seek(choice.step());
                }
            }
        }
    }

    /// Esc: closes what is open (the command prompt, the fork picker, the breakpoint list,
    /// the go-to prompt, the help, the inspected cell), or quits when nothing is.
    pub(super) fn back(&mut self) {
        if let Some(f) = self.steer.fork.as_ref().filter(|f| f.manual) {
            let step = self.lanes.get(f.lane).map_or(0, Lane::step);
            self.steer.dismissed = Some((f.lane, step));
        }
        if self.steer.command.take().is_none()
            && self.steer.fork.take().is_none()
            && !std::mem::take(&mut self.steer.breaks_shown)
            && self.prompt.take().is_none()
            && !self.help.close()
            && self.inspect.take().is_none()
            && !self.close_summary()
            && self.teach.shown.take().is_none()
        {
            if self.teach.lesson.is_some() {
                // A student's place in a lesson is not lost to a stray Esc: q quits.
                self.message = Some("q quits the lesson; n goes on".into());
            } else {
                self.quit_or_confirm();
            }
        }
    }
}
