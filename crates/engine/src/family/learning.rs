//! Learning nogoods from explained failures: conflict-driven nogood learning, as CDCL SAT
//! solvers (GRASP, Marques-Silva and Sakallah 1999; Chaff, Moskewicz et al. 2001; `MiniSat`,
//! Eén and Sörensson 2003) and lazy clause generation solvers (Chuffed, Pumpkin) do it,
//! over the reasons the propagators give (`reason.rs`).
//!
//! At each failure the family walks back over the reasons to the first unique implication
//! point (`analyse.rs`), reports the nogood (its `learnt` literals, then `learn`), and
//! answers the search with [`Answer::Learn`]: back to the asserting level, where the
//! propagators keep the nogood (`propagate/nogoods.rs`) and it forces the negation of its
//! asserting literal, with the nogood as reason. A solution is handled the same way, with
//! the nogood of its decisions (which no further solution breaks), so that counting
//! solutions never finds one twice. Options: VSIDS cell activity (`vsids.rs`), restarts
//! (the strategy's policy, counted in failures), and a database reduced by LBD
//! (`database.rs`).

mod analyse;
mod database;
mod trail;
mod vsids;

use analyse::Analysis;
use database::Database;
use trail::{Trail, Why};
use vsids::Vsids;

use super::hooks::{Answer, Family};
use crate::domain::Digit;
use crate::event::{AssignCause, Event, PruneCause, WipeoutSite};
use crate::geometry::{Cell, Geometry};
use crate::grid::Grid;
use crate::heuristic::Ranked;
use crate::propagate::Propagation;
use crate::reason::Literal;
use crate::sink::Sink;
use crate::strategy::{CellOrder, Restart, Strategy};

/// The learning state of one search.
#[derive(Clone, Debug)]
pub(crate) struct Learning {
    geometry: &'static Geometry,
    restart: Restart,
    trail: Trail,
    analysis: Analysis,
    vsids: Option<Vsids>,
    database: Database,
    /// The contradiction heard since the last answer, if one was.
    failed: Option<WipeoutSite>,
    /// Whether a solution was found since the last answer.
    solved: bool,
    /// The last nogood learned, its number and literals (asserting literal first).
    id: u32,
    nogood: Vec<Literal>,
    forgotten: Vec<u32>,
    run: u32,
    failures: u64,
}

impl Learning {
    /// The family of `strategy` on boards of `geometry`, if it learns nogoods.
    pub(crate) fn new(geometry: &'static Geometry, strategy: &Strategy) -> Option<Learning> {
        strategy.learns_nogoods().then(|| Learning {
            geometry,
            restart: strategy.restart,
            trail: Trail::new(geometry),
            analysis: Analysis::default(),
            vsids: strategy.learning.vsids.then(|| Vsids::new(geometry)),
            database: Database::new(strategy.learning),
            failed: None,
            solved: false,
            id: 0,
            nogood: Vec::new(),
            forgotten: Vec::new(),
            run: 1,
            failures: 0,
        })
    }

    /// Back to the start of a search: nothing learned.
    pub(crate) fn reset(&mut self) {
        self.trail.clear();
        if let Some(v) = &mut self.vsids {
            v.reset();
        }
        self.database.reset();
        self.failed = None;
        self.solved = false;
        self.id = 0;
        self.nogood.clear();
        self.forgotten.clear();
        self.run = 1;
        self.failures = 0;
    }

    pub(crate) fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The run under way, from 1.
    pub(crate) fn run(&self) -> u32 {
        self.run
    }

    /// The nogoods kept now.
    pub(crate) fn kept(&self) -> usize {
        self.database.len()
    }

    /// The nogoods that are the reason of a literal in effect.
    fn locked(&self) -> Vec<u32> {
        self.trail
            .entries
            .iter()
            .filter_map(|e| match e.why {
                Why::Prune(PruneCause::Nogood { id }) | Why::Assign(AssignCause::Nogood { id }) => {
                    Some(id)
                }
                _ => None,
            })
            .collect()
    }

    /// The nogood of the solution just found: its decisions, the latest first.
    fn solution_nogood(&mut self) -> (u16, u16) {
        let levels = self.trail.levels();
        self.nogood.clear();
        self.nogood
            .extend((1..=levels).rev().filter_map(|l| self.trail.decision(l)));
        ((levels - 1) as u16, levels as u16)
    }
}

impl Family for Learning {
    /// Every prune is a literal of the trail.
    const HEARS_PRUNES: bool = true;

    fn select(
        &mut self,
        grid: &Grid,
        order: CellOrder,
        sequence: &[Cell],
        floor: usize,
    ) -> Option<Ranked> {
        match &self.vsids {
            Some(vsids) => vsids.select(grid, sequence),
            None => order.select(grid, sequence, floor),
        }
    }

    fn look_back_at<S: Sink>(
        &mut self,
        grid: &Grid,
        propagation: &Propagation,
        depth: usize,
        sink: &mut S,
    ) -> Answer {
        let failed = self.failed.take();
        let solved = std::mem::take(&mut self.solved);
        if depth == 0 || (failed.is_none() && !solved) {
            // A failure at the root, or the root's solution: nothing is left to search.
            return Answer::Jump(None);
        }
        let depth16 = depth as u16;
        let (level, lbd) = match failed {
            Some(site) => {
                let cut = self.analysis.analyse(
                    &self.trail,
                    grid,
                    propagation,
                    site,
                    depth16,
                    &mut self.nogood,
                );
                if let Some(vsids) = &mut self.vsids {
                    for &cell in &self.analysis.met {
                        vsids.bump(cell);
                    }
                    vsids.decay();
                }
                (cut.level, cut.lbd)
            }
            None => self.solution_nogood(),
        };
        self.id += 1;
        for &literal in &self.nogood {
            sink.push(Event::Learnt {
                literal,
                depth: depth16,
            });
        }
        sink.push(Event::Learn {
            id: self.id,
            size: self.nogood.len() as u16,
            lbd,
            level,
            depth: depth16,
        });
        if self.database.due() {
            let locked = self.locked();
            self.database
                .reduce(|id| locked.contains(&id), &mut self.forgotten);
        }
        self.database.add(self.id, lbd, failed.is_none());
        let restart = match self.restart.cutoff(self.run) {
            Some(cutoff) if failed.is_some() && self.failures >= cutoff => {
                let run = self.run + 1;
                let next = self.restart.cutoff(run).unwrap_or(0);
                Some((run, u32::try_from(next).unwrap_or(u32::MAX)))
            }
            _ => None,
        };
        Answer::Learn {
            level: usize::from(level),
            restart,
        }
    }

    fn learned(&self) -> Option<(u32, &[Literal])> {
        Some((self.id, &self.nogood))
    }

    fn forgotten(&mut self, out: &mut Vec<u32>) {
        out.append(&mut self.forgotten);
    }

    fn on_decision(&mut self, cell: Cell, digit: Digit, depth: u16) {
        self.trail.decide(cell, digit, depth);
    }

    fn on_infer(&mut self, cell: Cell, digit: Digit, cause: AssignCause, depth: u16) {
        self.trail.infer(cell, digit, cause, depth);
    }

    fn on_prune(&mut self, cell: Cell, digit: Digit, cause: PruneCause, depth: u16) {
        self.trail.prune(cell, digit, cause, depth);
    }

    fn on_conflict<S: Sink>(&mut self, site: WipeoutSite, depth: u16, sink: &mut S) {
        self.failed = Some(site);
        self.failures += 1;
        sink.push(Event::Wipeout { site, depth });
    }

    fn on_backtrack(&mut self, _cell: Cell, depth: u16) {
        self.trail.undo_to(usize::from(depth));
    }

    fn on_restart(&mut self, run: u32) {
        self.trail.undo_to(0);
        self.run = run;
        self.failures = 0;
    }

    fn on_solution(&mut self) {
        self.solved = true;
    }
}

#[cfg(test)]
mod tests;
