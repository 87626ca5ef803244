//! A killer cage with a sum: its digits differ and add up to the sum.
//!
//! Consistency: the digit combinations that still fit. Every set of distinct digits of
//! the cage's size that adds up to the sum is listed once; at each look, a combination
//! fits when its digits can be matched to the cage's cells, each cell to a digit of its
//! domain (a bipartite matching, so a combination needing two digits from one cell is
//! out). Each cell keeps the digits of the combinations that fit: "a 2-cell cage of 3 is
//! 1 and 2", "a 3-cell cage of 23 holds a 9", as people reason. This is stronger than
//! bounds on the sum (every combination respects them) and weaker than full domain
//! consistency only where a digit of a fitting combination has no matching that puts it
//! in this cell. The cells' distinctness is also a ≠ between peers (the board makes the
//! cage's cells peers), which forward checking propagates. No combination fitting is a
//! wipeout of the cage.

use super::{Filter, fail, holds, narrow, witness};
use crate::domain::Domain;
use crate::geometry::{BoxSize, Cell};
use crate::propagate::context::{Context, Contradiction};
use crate::sink::Sink;

/// One cage with a sum.
#[derive(Clone, Debug)]
pub(crate) struct Cage {
    constraint: u16,
    cells: Vec<Cell>,
    /// Every set of distinct digits of the cage's size adding up to its sum.
    combinations: Vec<Domain>,
}

impl Cage {
    /// Constraint number `constraint`: the cage of `cells` adding up to `sum`, on a board
    /// of `size` (at most 16×16: the combinations are listed from the 2ⁿ digit sets).
    pub(crate) fn new(constraint: u16, cells: Vec<Cell>, sum: u32, size: BoxSize) -> Cage {
        let n = size.side();
        let combinations = (0u32..1 << n)
            .filter(|set| set.count_ones() as usize == cells.len())
            .filter(|set| {
                (0..n as u32)
                    .filter(|d| set >> d & 1 == 1)
                    .map(|d| d + 1)
                    .sum::<u32>()
                    == sum
            })
            .map(Domain::from_bits)
            .collect();
        Cage {
            constraint,
            cells,
            combinations,
        }
    }
}

impl Filter for Cage {
    fn cells(&self) -> &[Cell] {
        &self.cells
    }

    fn filter<S: Sink>(&self, cx: &mut Context<'_, S>) -> Result<bool, Contradiction> {
        let grid = cx.grid();
        let domains: Vec<Domain> = self.cells.iter().map(|&c| holds(grid, c)).collect();
        let mut fits = Domain::from_bits(0);
        let mut any = false;
        for &set in &self.combinations {
            if matches(&domains, set) {
                fits = fits.or(set);
                any = true;
            }
        }
        if !any {
            return Err(fail(cx, self.constraint));
        }
        let mut pruned = false;
        for &cell in &self.cells {
            let with = witness(cx.grid(), &self.cells, cell);
            pruned |= narrow(cx, cell, fits, self.constraint, with)?;
        }
        Ok(pruned)
    }
}

/// Whether each cell can take its own digit of `set` from its domain (Kuhn's augmenting
/// paths on at most 16 cells).
fn matches(domains: &[Domain], set: Domain) -> bool {
    // owner[d]: the cell matched to digit bit d.
    let mut owner = [usize::MAX; 32];
    for cell in 0..domains.len() {
        let mut visited = 0u32;
        if !augment(cell, domains, set, &mut owner, &mut visited) {
            return false;
        }
    }
    true
}

/// Finds a digit of `set` for `cell`, moving earlier cells to other digits if need be.
fn augment(
    cell: usize,
    domains: &[Domain],
    set: Domain,
    owner: &mut [usize; 32],
    visited: &mut u32,
) -> bool {
    let mut options = domains[cell].and(set).bits() & !*visited;
    while options != 0 {
        let bit = options.trailing_zeros() as usize;
        options &= options - 1;
        *visited |= 1 << bit;
        if owner[bit] == usize::MAX || augment(owner[bit], domains, set, owner, visited) {
            owner[bit] = cell;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domain(digits: &[u32]) -> Domain {
        Domain::from_bits(digits.iter().fold(0, |b, d| b | 1 << (d - 1)))
    }

    #[test]
    fn a_two_cell_cage_of_three_lists_one_combination() {
        let cage = Cage::new(0, vec![Cell::new(0), Cell::new(1)], 3, BoxSize::NINE);
        assert_eq!(cage.combinations, vec![domain(&[1, 2])]);
    }

    #[test]
    fn a_combination_needing_two_digits_from_one_cell_does_not_fit() {
        // {1,2} cannot be matched when both cells can only hold 1.
        assert!(!matches(
            &[domain(&[1]), domain(&[1, 2])].map(|d| d.and(domain(&[1]))),
            domain(&[1, 2])
        ));
        assert!(matches(&[domain(&[1, 3]), domain(&[1])], domain(&[1, 3])));
        assert!(!matches(&[domain(&[1]), domain(&[1])], domain(&[1, 3])));
    }
}
