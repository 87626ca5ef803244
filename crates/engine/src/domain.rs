//! Digits and domains: the candidate set of a cell as a bitset.

use std::fmt;
use std::num::NonZeroU8;

use super::geometry::BoxSize;

/// A digit 1..=n placed in a cell (1..=25 on the largest board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit `value`, if it is 1..=25.
    pub fn new(value: u8) -> Option<Digit> {
        NonZeroU8::new(value).filter(|v| v.get() <= 25).map(Digit)
    }

    /// Its value, from 1.
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// The symbol that writes this digit on a board of `size`: `1`-`9` up to 9×9,
    /// then `A`-`G` for 10-16 on 16×16, and `A`-`Y` for 1-25 on 25×25.
    pub fn symbol(self, size: BoxSize) -> char {
        let v = self.get();
        if size.get() == 5 {
            char::from(b'A' + v - 1)
        } else if v <= 9 {
            char::from(b'0' + v)
        } else {
            char::from(b'A' + v - 10)
        }
    }

    /// The digit a board symbol stands for on a board of `size`, or `None` for any
    /// other character (empty-cell symbols included).
    pub fn from_symbol(symbol: char, size: BoxSize) -> Option<Digit> {
        let upper = symbol.to_ascii_uppercase();
        let value = if size.get() == 5 {
            upper.is_ascii_uppercase().then(|| upper as u8 - b'A' + 1)?
        } else if upper.is_ascii_digit() {
            upper as u8 - b'0'
        } else if upper.is_ascii_uppercase() {
            upper as u8 - b'A' + 10
        } else {
            return None;
        };
        Digit::new(value).filter(|d| usize::from(d.get()) <= size.side())
    }

    const fn bit(self) -> u32 {
        1 << (self.0.get() - 1)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// A set of digits: the candidates left in a cell, or the digits placed in a unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Domain(u32);

impl Domain {
    /// No digit.
    pub const EMPTY: Domain = Domain(0);
    /// Every digit of every board size (and bits no board uses): the set that leaves
    /// another unchanged under [`Domain::and`].
    pub const ALL: Domain = Domain(u32::MAX);

    /// All the digits of a board of `size`.
    pub fn full(size: BoxSize) -> Domain {
        Domain((1u32 << size.side()) - 1)
    }

    /// The set holding only `digit`.
    pub fn single(digit: Digit) -> Domain {
        Domain(digit.bit())
    }

    /// The set whose bit i stands for digit i + 1.
    pub const fn from_bits(bits: u32) -> Domain {
        Domain(bits)
    }

    /// Bit i stands for digit i + 1.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// How many digits.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds exactly one digit: `len() == 1`, compiled to bit tricks where
    /// the CPU has no bit-count instruction.
    #[inline]
    pub const fn is_single(self) -> bool {
        self.0.is_power_of_two()
    }

    /// Whether the set holds exactly two digits: `len() == 2` by clearing the lowest digit
    /// and asking whether one is left (no bit count).
    #[inline]
    pub const fn is_pair(self) -> bool {
        let rest = self.0 & self.0.wrapping_sub(1);
        rest.is_power_of_two()
    }

    /// Whether no digit is left.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `digit` is in the set.
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & digit.bit() != 0
    }

    /// The set with `digit` added.
    #[must_use]
    pub const fn with(self, digit: Digit) -> Domain {
        Domain(self.0 | digit.bit())
    }

    /// The set with `digit` removed.
    #[must_use]
    pub const fn without(self, digit: Digit) -> Domain {
        Domain(self.0 & !digit.bit())
    }

    /// Digits in both sets.
    #[must_use]
    pub const fn and(self, other: Domain) -> Domain {
        Domain(self.0 & other.0)
    }

    /// Digits in either set.
    #[must_use]
    pub const fn or(self, other: Domain) -> Domain {
        Domain(self.0 | other.0)
    }

    /// Digits of `self` not in `other`.
    #[must_use]
    pub const fn minus(self, other: Domain) -> Domain {
        Domain(self.0 & !other.0)
    }

    /// The smallest digit, if any.
    pub fn first(self) -> Option<Digit> {
        (self.0 != 0).then(|| Digit(nonzero(self.0.trailing_zeros() + 1)))
    }

    /// The only digit, if the set holds exactly one.
    pub fn only(self) -> Option<Digit> {
        if self.0.is_power_of_two() {
            self.first()
        } else {
            None
        }
    }

    /// The digits in ascending order.
    pub fn iter(self) -> Digits {
        Digits(self.0)
    }
}

fn nonzero(v: u32) -> NonZeroU8 {
    NonZeroU8::new(v as u8).expect("BUG: a set bit gives a digit of at least 1")
}

impl IntoIterator for Domain {
    type Item = Digit;
    type IntoIter = Digits;
    fn into_iter(self) -> Digits {
        self.iter()
    }
}

impl FromIterator<Digit> for Domain {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Domain {
        iter.into_iter().fold(Domain::EMPTY, Domain::with)
    }
}

/// The digits of a [`Domain`], ascending.
#[derive(Clone, Debug)]
pub struct Digits(u32);

impl Iterator for Digits {
    type Item = Digit;
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let d = Digit(nonzero(self.0.trailing_zeros() + 1));
        self.0 &= self.0 - 1;
        Some(d)
    }
}

impl fmt::Display for Domain {
    /// `{2,5,7}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: u8) -> Digit {
        Digit::new(v).expect("test digit")
    }

    #[test]
    fn domain_set_operations_match_their_names() {
        let full = Domain::full(BoxSize::NINE);
        assert_eq!(full.len(), 9);
        let s = full.without(d(3)).without(d(9));
        assert!(!s.contains(d(3)) && s.contains(d(4)));
        assert_eq!(s.len(), 7);
        assert_eq!(Domain::single(d(5)).only(), Some(d(5)));
        assert_eq!(s.only(), None);
        assert_eq!(s.first(), Some(d(1)));
        assert_eq!(Domain::EMPTY.first(), None);
        assert_eq!(
            s.iter().map(Digit::get).collect::<Vec<_>>(),
            [1, 2, 4, 5, 6, 7, 8]
        );
        assert_eq!(
            [d(2), d(6)].into_iter().collect::<Domain>().to_string(),
            "{2,6}"
        );
    }

    #[test]
    fn symbols_round_trip_on_every_size() {
        for b in 2..=5 {
            let size = BoxSize::new(b).expect("size");
            for v in 1..=size.side() as u8 {
                let sym = d(v).symbol(size);
                assert_eq!(Digit::from_symbol(sym, size), Some(d(v)), "{sym} on {b}");
            }
        }
        assert_eq!(d(16).symbol(BoxSize::new(4).expect("16x16")), 'G');
        assert_eq!(d(1).symbol(BoxSize::new(5).expect("25x25")), 'A');
        assert_eq!(Digit::from_symbol('5', BoxSize::new(2).expect("4x4")), None);
        assert_eq!(Digit::from_symbol('.', BoxSize::NINE), None);
        assert_eq!(Digit::from_symbol('0', BoxSize::NINE), None);
    }
}
