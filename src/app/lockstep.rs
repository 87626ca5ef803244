//! The clock and the lockstep: how many events (or decisions, or time slices) each pane
//! advances per tick, all panes together, stopping at a goal.

use std::time::{Duration, Instant};

use super::{App, CHUNK, Goal, UNTIMED_BATCH};
use crate::cli::args::Lock;

impl App {
    #[expect(
        clippy::cast_precision_loss,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "event counts due per tick are small and non-negative"
    )]
    /// Advances the clock to `now` and runs what is due; `deadline` bounds the work at full
    /// speed (without one, full speed does [`UNTIMED_BATCH`] events per pane).
    pub fn on_tick(&mut self, now: Duration, deadline: Option<Instant>) {
        let dt = now
            .saturating_sub(self.last_tick)
            .min(Duration::from_millis(250));
        self.now = now;
        self.last_tick = now;
        if let Some(goal) = self.goal {
            let units = match goal {
                Goal::At(target) => target.saturating_sub(self.position),
                _ => u64::MAX,
            };
            // With several panes, "to the end" means every pane to its own end.
            let stop = Some(goal).filter(|g| *g != Goal::End || self.lanes.len() == 1);
            let hit = self.advance(units, stop, Some(deadline_or_batch(deadline)));
            let arrived = matches!(goal, Goal::At(t) if self.position >= t);
            if hit || arrived || self.all_finished() {
                self.goal = None;
            }
        } else if self.playing {
            match self.speed() {
                None => {
                    self.advance(u64::MAX, None, Some(deadline_or_batch(deadline)));
                }
                Some(rate) => {
                    let due = self.carry + rate as f64 * dt.as_secs_f64();
                    let units = due.floor();
                    self.carry = due - units;
                    if units >= 1.0 {
                        self.advance(units as u64, None, deadline.map(Budget::Until));
                    }
                }
            }
            if self.all_finished() {
                self.playing = false;
            }
        }
        self.refresh();
    }

    /// Advances the panes by `units` in lockstep (events, decisions or time slices), stopping
    /// after an event that ends `goal` in any pane. Returns whether a goal event was hit.
    pub(super) fn advance(
        &mut self,
        units: u64,
        goal: Option<Goal>,
        budget: Option<Budget>,
    ) -> bool {
        match self.lock {
            Lock::Events => self.advance_events(units, goal, budget),
            Lock::Nodes => self.advance_nodes(units, goal, budget),
            Lock::Time => self.advance_time(units, goal, budget),
        }
    }

    fn advance_events(&mut self, units: u64, goal: Option<Goal>, budget: Option<Budget>) -> bool {
        let mut remaining = units;
        let mut spent = 0;
        self.position = self.step();
        while remaining > 0 && !self.all_finished() {
            let n = remaining.min(CHUNK);
            let base = self.position;
            let mut hit: Option<u64> = None;
            for lane in &mut self.lanes {
                let limit = hit.unwrap_or(n);
                for k in 1..=limit {
                    let Some(event) = lane.advance() else { break };
                    if goal.is_some_and(|g| g.stops(&event)) {
                        hit = Some(k);
                        break;
                    }
                }
            }
            if let Some(k) = hit {
                self.position = base + k;
                for lane in &mut self.lanes {
                    if lane.step() > base + k {
                        lane.seek(base + k);
                    }
                }
                return true;
            }
            self.position = base + n;
            remaining -= n;
            spent += n;
            if budget.is_some_and(|b| b.exhausted(spent)) {
                break;
            }
        }
        self.position = self.step();
        false
    }

    fn advance_nodes(&mut self, units: u64, goal: Option<Goal>, budget: Option<Budget>) -> bool {
        let mut remaining = units;
        let mut spent = 0;
        while remaining > 0 && !self.all_finished() {
            let n = remaining.min(64);
            let target = self.position + n;
            let mut hit: Option<u64> = None;
            for lane in &mut self.lanes {
                let limit = hit.unwrap_or(target);
                while lane.cursor().stats().nodes < limit {
                    let Some(event) = lane.advance() else { break };
                    spent += 1;
                    if goal.is_some_and(|g| g.stops(&event)) {
                        hit = Some(lane.cursor().stats().nodes);
                        break;
                    }
                }
            }
            if let Some(m) = hit {
                self.position = m;
                for lane in &mut self.lanes {
                    if lane.cursor().stats().nodes > m {
                        lane.seek_nodes(m);
                    }
                }
                return true;
            }
            self.position = target;
            remaining -= n;
            if budget.is_some_and(|b| b.exhausted(spent)) {
                break;
            }
        }
        false
    }

    fn advance_time(&mut self, units: u64, goal: Option<Goal>, budget: Option<Budget>) -> bool {
        // Equal wall-clock slices: with a deadline, each pane gets an equal share of the time
        // left; stepping (units small, no deadline) gives each pane `units` events.
        let lanes = self.lanes.len().max(1) as u32;
        let slice = match budget {
            Some(Budget::Until(deadline)) if units > 1 => {
                Some(deadline.saturating_duration_since(Instant::now()) / lanes)
            }
            _ => None,
        };
        let mut hit = false;
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            if hit {
                break;
            }
            let start = Instant::now();
            let mut done = 0u64;
            loop {
                let within = match slice {
                    Some(s) => done % 256 != 0 || start.elapsed() + self.credits[i] < s,
                    None => done < units.min(UNTIMED_BATCH),
                };
                if !within {
                    break;
                }
                let Some(event) = lane.advance() else { break };
                done += 1;
                if goal.is_some_and(|g| g.stops(&event)) {
                    hit = true;
                    break;
                }
            }
            if let Some(s) = slice {
                // Carry over what a pane overran its slice by, so slices stay equal on average.
                self.credits[i] = (start.elapsed() + self.credits[i]).saturating_sub(s);
            }
        }
        self.position = self.step();
        hit
    }
}

/// How much work a tick may do.
#[derive(Clone, Copy, Debug)]
pub(super) enum Budget {
    /// Until this instant.
    Until(Instant),
    /// This many events.
    Events(u64),
}

impl Budget {
    pub(super) fn exhausted(self, spent: u64) -> bool {
        match self {
            Budget::Until(deadline) => Instant::now() >= deadline,
            Budget::Events(n) => spent >= n,
        }
    }
}

fn deadline_or_batch(deadline: Option<Instant>) -> Budget {
    deadline.map_or(Budget::Events(UNTIMED_BATCH), Budget::Until)
}
