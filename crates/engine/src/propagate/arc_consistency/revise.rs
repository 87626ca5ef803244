//! `revise` of AC-3 and of AC-2001 on a binary ≠ constraint, counting the constraint checks
//! (the digit pairs compared) as the papers define them.

use crate::arcs::Arcs;
use crate::domain::{Digit, Domain};

/// REVISE(Xi, Xj) of AC-3 (Mackworth 1977; Russell and Norvig, figure 6.3): each digit x of
/// `di` looks for a digit y of `dj` with x ≠ y, trying `dj`'s digits in ascending order,
/// and is removed if it finds none. Returns the digits removed and the pairs compared.
pub(super) fn ac3(di: Domain, dj: Domain) -> (Domain, u32) {
    let mut removed = Domain::EMPTY;
    let mut checks = 0;
    for x in di {
        let mut supported = false;
        for y in dj {
            checks += 1;
            if x != y {
                supported = true;
                break;
            }
        }
        if !supported {
            removed = removed.with(x);
        }
    }
    (removed, checks)
}

/// AC-2001's last supports (Bessière and Régin 2001; Bessière, Régin, Yap and Zhang 2005,
/// "An optimal coarse-grained arc consistency algorithm", Artificial Intelligence 165(2)):
/// for each arc (Xi, Xj) and digit x of Xi, the digit of Xj found last to support x, 0
/// before any. Under search the table is restored on backtracking (MAC-2001), from a trail
/// of the changes made at each depth.
#[derive(Clone, Debug)]
pub(crate) struct Supports {
    side: usize,
    last: Vec<u8>,
    /// (slot, previous value) of each change, oldest first.
    trail: Vec<(u32, u8)>,
    /// For each depth from 1 in effect: the trail's length when it began.
    marks: Vec<usize>,
}

impl Supports {
    pub(super) fn new(arcs: &Arcs, side: usize) -> Supports {
        Supports {
            side,
            last: vec![0; arcs.count() * side],
            trail: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// No support known, as at the start of a search.
    pub(super) fn reset(&mut self) {
        self.last.fill(0);
        self.trail.clear();
        self.marks.clear();
    }

    /// Before a propagation with `depth` decisions in effect: the supports found at deeper
    /// levels, which a backtrack undid, are restored; when the propagation follows a new
    /// decision (`decided`), those found at its level before (by a decision since undone)
    /// are too, and the level starts afresh.
    pub(super) fn at_depth(&mut self, depth: usize, decided: bool) {
        let keep = if decided { depth - 1 } else { depth };
        while self.marks.len() > keep {
            let mark = self.marks.pop().unwrap_or_default();
            for (slot, old) in self.trail.drain(mark..).rev() {
                self.last[slot as usize] = old;
            }
        }
        while self.marks.len() < depth {
            self.marks.push(self.trail.len());
        }
    }

    /// REVISE(Xi, Xj) of AC-2001 for arc number `arc`: a digit x of `di` whose last support
    /// is still in `dj` needs no check; otherwise it looks for the next support after the
    /// last, in ascending order, and is removed if there is none. Returns the digits
    /// removed and the pairs compared.
    pub(super) fn revise(&mut self, arc: u32, di: Domain, dj: Domain) -> (Domain, u32) {
        let mut removed = Domain::EMPTY;
        let mut checks = 0;
        for x in di {
            let slot = arc as usize * self.side + usize::from(x.get() - 1);
            let last = self.last[slot];
            if Digit::new(last).is_some_and(|y| dj.contains(y)) {
                continue;
            }
            let mut found = None;
            for y in dj.iter().filter(|y| y.get() > last) {
                checks += 1;
                if x != y {
                    found = Some(y);
                    break;
                }
            }
            match found {
                Some(y) => {
                    if !self.marks.is_empty() {
                        self.trail.push((slot as u32, last));
                    }
                    self.last[slot] = y.get();
                }
                None => removed = removed.with(x),
            }
        }
        (removed, checks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoxSize;

    fn set(digits: &[u8]) -> Domain {
        digits
            .iter()
            .map(|&v| Digit::new(v).expect("a digit"))
            .collect()
    }

    /// x ≠ y is supported at the first y unless y = x; a one-digit Xj leaves its digit
    /// without support, after one check.
    #[test]
    fn ac3_counts_one_check_per_digit_but_the_first_of_xj() {
        assert_eq!(ac3(set(&[1, 2, 5]), set(&[2, 7])), (Domain::EMPTY, 4));
        assert_eq!(ac3(set(&[1, 2, 5]), set(&[5])), (set(&[5]), 3));
        assert_eq!(ac3(set(&[3, 4]), set(&[6])), (Domain::EMPTY, 2));
    }

    /// A support still in Xj costs no check; one gone is sought after it, and the table is
    /// restored when the search backtracks above the level that changed it.
    #[test]
    fn ac2001_checks_a_pair_once_until_its_support_goes() {
        let arcs = Arcs::of(BoxSize::NINE);
        let mut supports = Supports::new(arcs, 9);
        supports.at_depth(0, false);
        assert_eq!(
            supports.revise(0, set(&[1, 2]), set(&[1, 2, 3])),
            (Domain::EMPTY, 3)
        );
        assert_eq!(
            supports.revise(0, set(&[1, 2]), set(&[1, 2, 3])),
            (Domain::EMPTY, 0)
        );
        supports.at_depth(1, true);
        // 1's support 2 is gone: 3 supports it; 2's support 1 is there.
        assert_eq!(
            supports.revise(0, set(&[1, 2]), set(&[1, 3])),
            (Domain::EMPTY, 1)
        );
        // 1's support 3 is gone and nothing follows it: 1 goes.
        assert_eq!(supports.revise(0, set(&[1, 2]), set(&[1])), (set(&[1]), 0));
        supports.at_depth(0, false);
        assert_eq!(
            supports.revise(0, set(&[1, 2]), set(&[1, 2, 3])),
            (Domain::EMPTY, 0),
            "back at depth 0, 1's support is 2 again"
        );
    }
}
