//! The decisions in effect, kept from the events, to tell which ones a backtrack jumps
//! over: what `backjump` and `skip` conditions read ([`super::Probe::jumped`]).

use dokuscope_engine::domain::Digit;
use dokuscope_engine::event::Event;
use dokuscope_engine::geometry::Cell;

/// The decisions in effect, in order, and those the last backtrack jumped over.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decisions {
    stack: Vec<(Cell, Digit)>,
    jumped: Vec<(Cell, Digit)>,
}

impl Decisions {
    /// Starting with `stack` in effect (a run resumed from a checkpoint).
    pub fn starting_with(stack: &[(Cell, Digit)]) -> Decisions {
        Decisions {
            stack: stack.to_vec(),
            jumped: Vec::new(),
        }
    }

    /// Takes in `event`.
    #[inline]
    pub fn hear(&mut self, event: &Event) {
        match *event {
            Event::Assign {
                cell,
                digit,
                cause,
                depth,
            } if cause.is_decision() => self.decide(usize::from(depth), cell, digit),
            Event::Backtrack { depth, .. } => self.backtrack(usize::from(depth)),
            Event::Restart { .. } => self.backtrack(0),
            _ => {}
        }
    }

    /// Decision number `depth` (from 1) is `cell` = `digit`.
    pub fn decide(&mut self, depth: usize, cell: Cell, digit: Digit) {
        self.stack.truncate(depth.saturating_sub(1));
        self.stack.push((cell, digit));
    }

    /// Every decision after the first `depth` is undone: the one after them refuted, the
    /// rest jumped over.
    pub fn backtrack(&mut self, depth: usize) {
        self.jumped.clear();
        if let Some(over) = self.stack.get(depth + 1..) {
            self.jumped.extend_from_slice(over);
        }
        self.stack.truncate(depth);
    }

    /// The decisions in effect, the first first.
    pub fn stack(&self) -> &[(Cell, Digit)] {
        &self.stack
    }

    /// The decisions the last backtrack jumped over, in order (none: it undid the latest).
    pub fn jumped(&self) -> &[(Cell, Digit)] {
        &self.jumped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dokuscope_engine::event::AssignCause;

    fn decide(cell: usize, digit: u8, depth: u16) -> Event {
        Event::Assign {
            cell: Cell::new(cell),
            digit: Digit::new(digit).expect("a digit"),
            depth,
            cause: AssignCause::Decision,
        }
    }

    #[test]
    fn a_backjump_jumps_over_the_decisions_after_its_target() {
        let mut d = Decisions::default();
        for (i, cell) in [3, 7, 11, 20].into_iter().enumerate() {
            d.hear(&decide(cell, 1, i as u16 + 1));
        }
        let back = |depth| Event::Backtrack {
            cell: Cell::new(7),
            digit: Digit::new(1).expect("a digit"),
            depth,
        };
        d.hear(&back(1));
        let over: Vec<usize> = d.jumped().iter().map(|(c, _)| c.index()).collect();
        assert_eq!(over, [11, 20]);
        assert_eq!(d.stack().len(), 1);
        d.hear(&decide(9, 2, 2));
        d.hear(&back(1));
        assert!(d.jumped().is_empty(), "undoing the latest jumps over none");
    }
}
