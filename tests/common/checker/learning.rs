//! The checker's side of a search that learns nogoods: each nogood's literals hold at its
//! conflict, its jump goes to its level, and each prune, assignment or wipeout whose cause
//! is a nogood is what the nogood forces (every literal but one holds, and the event makes
//! that one false), all read from the events and the replayed board alone.

use std::collections::HashMap;

use dokuscope::solver::reason::Literal;
use dokuscope::solver::{Cell, Grid};

/// The nogoods learned so far, the one being read, and the jump it announces.
#[derive(Default)]
pub struct Learned {
    /// Whether cells are chosen by VSIDS activity (not observable from the events: only
    /// that the cell is open is checked).
    pub vsids: bool,
    nogoods: HashMap<u32, Vec<Literal>>,
    reading: Vec<Literal>,
    /// The level the last nogood sends the search back to, until its backtrack.
    pub jump: Option<usize>,
}

impl Learned {
    /// Nothing learned yet; cells by activity with `vsids`.
    pub fn new(vsids: bool) -> Learned {
        Learned {
            vsids,
            ..Learned::default()
        }
    }

    /// A literal of the nogood being learned: it holds at the conflict.
    pub fn literal(&mut self, grid: &Grid, literal: Literal) -> Result<(), String> {
        if !literal.is_set(grid) {
            return Err("a nogood's literal does not hold at its conflict".into());
        }
        self.reading.push(literal);
        Ok(())
    }

    /// The nogood's end: its size and level.
    pub fn learn(&mut self, id: u32, size: u16, level: u16, depth: usize) -> Result<(), String> {
        let literals = std::mem::take(&mut self.reading);
        if literals.len() != usize::from(size) || literals.is_empty() {
            return Err(format!(
                "nogood #{id} says {size} literals, {} came before it",
                literals.len()
            ));
        }
        if usize::from(level) >= depth {
            return Err(format!(
                "nogood #{id} goes back to level {level} from depth {depth}"
            ));
        }
        if self.nogoods.insert(id, literals).is_some() {
            return Err(format!("nogood #{id} learned twice"));
        }
        self.jump = Some(usize::from(level));
        Ok(())
    }

    /// Nogood `id` forces `makes` (a prune's `≠`, an assignment's `=`) on `cell`.
    pub fn forces(&self, grid: &Grid, id: u32, cell: Cell, makes: Literal) -> Result<(), String> {
        let literals = self.nogoods.get(&id).ok_or("a nogood never learned")?;
        let open: Vec<Literal> = literals
            .iter()
            .copied()
            .filter(|l| !l.is_set(grid))
            .collect();
        let [one] = open[..] else {
            return Err(format!(
                "nogood #{id} forces with {} literals not holding",
                open.len()
            ));
        };
        let falsified = one.cell == cell
            && if makes.equal {
                !one.equal && one.digit == makes.digit
            } else {
                (one.equal && one.digit == makes.digit) || (!one.equal && one.digit != makes.digit)
            };
        if falsified {
            Ok(())
        } else {
            Err(format!(
                "nogood #{id}'s open literal is not what the event rules out"
            ))
        }
    }

    /// Every literal of nogood `id` holds.
    pub fn violated(&self, grid: &Grid, id: u32) -> Result<(), String> {
        let literals = self.nogoods.get(&id).ok_or("a nogood never learned")?;
        if literals.iter().all(|l| l.is_set(grid)) {
            Ok(())
        } else {
            Err(format!(
                "a wipeout at nogood #{id}, which does not hold entirely"
            ))
        }
    }
}
