//! dom/wdeg's order of cells: a domain size over a weighted degree, compared exactly.

use std::cmp::Ordering;

/// A cell's place in dom/wdeg's order: its domain size over its weighted degree, compared
/// exactly by cross-multiplying (a cell with no open peer has an infinite ratio).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    /// Candidates left.
    pub dom: u32,
    /// Weighted degree.
    pub wdeg: u32,
}

impl Ratio {
    /// Smaller ratios first.
    pub fn cmp_ratio(self, other: Ratio) -> Ordering {
        match (self.wdeg, other.wdeg) {
            (0, 0) => self.dom.cmp(&other.dom),
            (0, _) => Ordering::Greater,
            (_, 0) => Ordering::Less,
            (a, b) => {
                (u64::from(self.dom) * u64::from(b)).cmp(&(u64::from(other.dom) * u64::from(a)))
            }
        }
    }
}
