//! What a view shows of a search that looks back: the decisions in effect by depth, the
//! culprits of the failure under way and its jump, the constraint weights learned, and the
//! run under restarts. Kept from the events alone, so that a foreign solver's backjumps and
//! restarts show as dokuscope's own do.

use super::event_words::jump_aux;
use crate::solver::condition::Decisions;
use crate::solver::{Cell, Digit, Event};

/// The look-back state after some events (part of a cursor, so checkpoints keep it).
#[derive(Clone, Debug, Default)]
pub struct LookBack {
    cells: usize,
    /// The decisions in effect, and those the last backtrack jumped over.
    decisions: Decisions,
    /// For each cell, the level it was last decided at (1 for the first decision): it is
    /// in effect when `decisions` still holds it there. Spares culprits a scan.
    levels: Vec<u16>,
    culprits: Vec<Cell>,
    /// The failure's target, once known: at the wipeout its culprits explain (the conflict
    /// set is complete), or at a backtrack that jumps over decisions.
    target: Option<Cell>,
    /// The decisions the failure's jump goes over (kept, not allocated, per failure).
    over: Vec<(Cell, Digit)>,
    /// Whether the last event was a culprit: the next culprit belongs to the same failure.
    gathering: bool,
    /// For each cell: the bumps of the weights of its constraints (dom/wdeg), once one came.
    heat: Option<Vec<u32>>,
    run: u32,
    cutoff: u32,
}

/// Where a failure sends the search: the decision it undoes, and the later decisions it
/// jumps over (undone without being refuted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump<'a> {
    /// The decision undone and refuted.
    pub target: Cell,
    /// The decisions after it, in order.
    pub over: &'a [(Cell, Digit)],
}

impl LookBack {
    /// Nothing looked back at yet, on a board of `cells` cells.
    pub(super) fn new(cells: usize) -> LookBack {
        LookBack {
            cells,
            levels: vec![0; cells],
            ..LookBack::default()
        }
    }

    /// A decision was made: number `depth`, from 1.
    pub(super) fn decide(&mut self, depth: usize, cell: Cell, digit: Digit) {
        self.decisions.decide(depth, cell, digit);
        if let Some(level) = self.levels.get_mut(cell.index()) {
            *level = u16::try_from(self.decisions.stack().len()).unwrap_or(0);
        }
    }

    /// Takes in `event` (not an assignment or a prune) with `depth_before` decisions in
    /// effect before it, and returns its log's aux (see [`super::cursor::Logged::aux`]).
    pub(super) fn hear(&mut self, event: &Event, depth_before: usize) -> u32 {
        // The culprits stay shown through their failure's wipeout, weight and backtrack; a
        // culprit after anything but a culprit begins another failure's set.
        let culprit = matches!(event, Event::Culprit { .. });
        let part_of_failure = matches!(
            event,
            Event::Wipeout { .. } | Event::Weight { .. } | Event::Backtrack { .. }
        );
        // A wipeout without culprits just before it is another failure than theirs.
        let unexplained = matches!(event, Event::Wipeout { .. }) && !self.gathering;
        if (culprit && !self.gathering) || !(culprit || part_of_failure) || unexplained {
            self.culprits.clear();
            self.target = None;
            self.over.clear();
        }
        self.gathering = culprit;
        match *event {
            Event::Culprit { cell, .. } => {
                self.culprits.push(cell);
                self.level(cell).map_or(0, |l| l as u32)
            }
            // The culprits are all in: the latest is where the search goes.
            Event::Wipeout { .. } => match self.culprits.last().copied() {
                Some(target) => {
                    let level = self.level(target).unwrap_or(depth_before);
                    let over = self.decisions.stack().get(level..).unwrap_or_default();
                    self.target = Some(target);
                    self.over.clear();
                    self.over.extend_from_slice(over);
                    jump_aux(target, depth_before.saturating_sub(level))
                }
                None => 0,
            },
            Event::Backtrack { cell, depth, .. } => {
                let depth = usize::from(depth);
                self.decisions.backtrack(depth);
                let over = self.decisions.jumped();
                if !over.is_empty() {
                    self.target = Some(cell);
                    self.over.clear();
                    self.over.extend_from_slice(over);
                }
                depth_before.saturating_sub(depth + 1) as u32
            }
            Event::Weight { cells: [a, b], .. } => {
                let cells = self.cells;
                let heat = self.heat.get_or_insert_with(|| vec![0; cells]);
                for c in [a, b] {
                    if let Some(h) = heat.get_mut(c.index()) {
                        *h += 1;
                    }
                }
                0
            }
            Event::Restart { run, cutoff } => {
                self.decisions.backtrack(0);
                self.run = run;
                self.cutoff = cutoff;
                0
            }
            _ => 0,
        }
    }

    /// The depth of the decision of `cell`, if it is one in effect.
    fn level(&self, cell: Cell) -> Option<usize> {
        let level = usize::from(*self.levels.get(cell.index())?);
        let stack = self.decisions.stack();
        (level > 0 && stack.get(level - 1).is_some_and(|d| d.0 == cell)).then_some(level)
    }

    /// The culprits of the failure under way (or just answered), in decision order.
    pub fn culprits(&self) -> &[Cell] {
        &self.culprits
    }

    /// The latest decision in effect.
    pub fn latest(&self) -> Option<Cell> {
        self.decisions.stack().last().map(|d| d.0)
    }

    /// The decisions in effect, the first first.
    pub fn stack(&self) -> &[(Cell, Digit)] {
        self.decisions.stack()
    }

    /// The decisions the last backtrack jumped over (what `backjump` and `skip`
    /// conditions read at a backtrack).
    pub fn jumped(&self) -> &[(Cell, Digit)] {
        self.decisions.jumped()
    }

    /// The failure's jump once it is known (from its wipeout, when culprits explain it,
    /// or its backjump, through the propagation after it), never while culprits arrive.
    pub fn jump(&self) -> Option<Jump<'_>> {
        self.target.map(|target| Jump {
            target,
            over: &self.over,
        })
    }

    /// The decision the failure sends the search back to, once known (see [`Self::jump`]).
    pub fn target(&self) -> Option<Cell> {
        self.target
    }

    /// For each cell, the bumps its constraints' weights have had, once dom/wdeg bumped one.
    pub fn heat(&self) -> Option<&[u32]> {
        self.heat.as_deref()
    }

    /// The run under way (1 before any restart) and its cutoff (0 when not stated).
    pub fn run(&self) -> (u32, u32) {
        (self.run.max(1), self.cutoff)
    }
}

#[cfg(test)]
mod tests {
    use super::LookBack;
    use crate::solver::{Cell, Digit, Event};

    fn culprit(cell: Cell) -> Event {
        Event::Culprit {
            cell,
            digit: Digit::new(1).expect("a digit"),
            depth: 3,
        }
    }

    /// A culprit's level is its decision's while that decision is in effect, whatever
    /// was undone and decided again in between (the aux says how far back it sends).
    #[test]
    fn a_culprits_level_follows_the_decisions_in_effect() {
        let [a, b, c] = [Cell::new(0), Cell::new(40), Cell::new(80)];
        let mut look = LookBack::new(81);
        for (i, cell) in [a, b, c].into_iter().enumerate() {
            look.decide(i + 1, cell, Digit::new(1).expect("a digit"));
        }
        assert_eq!(look.level(b), Some(2));
        look.hear(
            &Event::Backtrack {
                cell: b,
                digit: Digit::new(5).expect("a digit"),
                depth: 1,
            },
            3,
        );
        assert_eq!((look.level(b), look.level(c)), (None, None));
        look.decide(2, c, Digit::new(1).expect("a digit"));
        assert_eq!(
            (look.level(a), look.level(b), look.level(c)),
            (Some(1), None, Some(2))
        );
        assert_eq!(look.hear(&culprit(c), 2), 2);
        assert_eq!(look.hear(&culprit(b), 2), 0);
        look.hear(&Event::Restart { run: 2, cutoff: 10 }, 2);
        assert_eq!((look.level(a), look.level(c)), (None, None));
    }
}
