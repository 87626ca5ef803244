//! The place table's layout and the notes the grid keeps of (unit, digit) pairs whose
//! places dropped to a few.

use crate::domain::Digit;
use crate::geometry::Unit;

/// Slots per unit in the place table: a power of two at least the largest side (25), so a
/// (unit, digit) slot is `unit << 5 | digit index` and a slot index names both.
pub(super) const STRIDE_BITS: u32 = 5;

/// The place-table slot of (unit, digit index).
#[inline]
pub(super) fn slot(unit: Unit, d: usize) -> usize {
    unit.index() << STRIDE_BITS | d
}

/// A (unit, digit) pair whose places dropped to a few, packed in one word (its place-table
/// slot above the places left) so that noting it is one store.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Note(u32);

impl Note {
    #[inline]
    pub(super) fn new(slot: usize, left: u8) -> Note {
        Note((slot as u32) << 8 | u32::from(left))
    }

    /// The unit.
    pub(crate) fn unit(self) -> Unit {
        Unit::new((self.0 >> (8 + STRIDE_BITS)) as usize)
    }

    /// The digit.
    pub(crate) fn digit(self) -> Digit {
        let index = (self.0 >> 8) as u8 & ((1 << STRIDE_BITS) - 1);
        Digit::new(index + 1).expect("BUG: a note's digit index is below 25")
    }

    /// Places left when noted.
    pub(crate) fn left(self) -> u8 {
        self.0 as u8
    }
}
