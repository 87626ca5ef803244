//! Positive numbers far below an `f64`'s range: a probe's probability deep in a large
//! board's tree (`25^-600`) and the sums of such.

use super::dyadic::scale;

/// Renormalise a mantissa that leaves `[2^-RANGE, 2^RANGE]`.
const RANGE: i32 = 480;
/// `2^-RANGE` and `2^RANGE`, built from their exponent bits.
const LOW: f64 = f64::from_bits(((1023 - RANGE) as u64) << 52);
const HIGH: f64 = f64::from_bits(((1023 + RANGE) as u64) << 52);

/// `m · 2^e`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scaled {
    m: f64,
    e: i32,
}

impl Scaled {
    /// Zero.
    pub const ZERO: Scaled = Scaled { m: 0.0, e: 0 };
    /// One.
    pub const ONE: Scaled = Scaled { m: 1.0, e: 0 };

    /// `self · x`, for `x` in [0, 1].
    #[inline]
    #[must_use]
    #[expect(
        clippy::needless_bitwise_bool,
        reason = "one branch, not two: a product of 0 comes without a pattern"
    )]
    pub fn times(self, x: f64) -> Scaled {
        let m = self.m * x;
        // A factor of at most 1 only shrinks the mantissa: one test says whether to
        // renormalise (both comparisons made, `&` not `&&`: a product of 0, below a single
        // candidate's refutation, would otherwise be a branch of its own, unpredictable).
        if (m < LOW) & (m != 0.0) {
            Scaled { m, e: self.e }.normal()
        } else {
            Scaled { m, e: self.e }
        }
    }

    #[inline]
    fn normal(self) -> Scaled {
        if self.m != 0.0 && !(LOW..=HIGH).contains(&self.m) {
            let shift = self.m.log2().round() as i32;
            Scaled {
                m: scale(self.m, -i64::from(shift)),
                e: self.e + shift,
            }
        } else {
            self
        }
    }

    /// `self + other`.
    #[inline]
    #[must_use]
    #[expect(
        clippy::needless_bitwise_bool,
        reason = "one branch, not two: a term of 0 comes without a pattern"
    )]
    pub fn plus(self, other: Scaled) -> Scaled {
        if self.m == 0.0 {
            return other;
        }
        if (other.m == 0.0) | (self.e == other.e) {
            return Scaled {
                m: self.m + other.m,
                e: self.e,
            }
            .normal();
        }
        let (big, small) = if self.e > other.e {
            (self, other)
        } else {
            (other, self)
        };
        Scaled {
            m: big.m + scale(small.m, i64::from(small.e) - i64::from(big.e)),
            e: big.e,
        }
        .normal()
    }

    /// Whether it is zero.
    pub fn is_zero(self) -> bool {
        self.m == 0.0
    }

    /// `x / self` as an `f64` (infinite past the range).
    pub fn divide(self, x: f64) -> f64 {
        scale(x / self.m, -i64::from(self.e))
    }

    /// The value as an `f64` (0 below the range).
    pub fn to_f64(self) -> f64 {
        scale(self.m, i64::from(self.e))
    }
}

#[cfg(test)]
mod tests {
    #![expect(
        clippy::float_cmp,
        reason = "an underflow to exactly zero, and sums of powers of two"
    )]

    use super::*;

    /// log2 of the value, which no `f64` holds here.
    fn log2(x: Scaled) -> f64 {
        f64::from(x.e) + x.m.log2()
    }

    #[test]
    fn products_and_sums_survive_below_the_floats_range() {
        let mut p = Scaled::ONE;
        for _ in 0..600 {
            p = p.times(1.0 / 25.0);
        }
        assert_eq!(p.to_f64(), 0.0, "far below an f64");
        assert!((log2(p) + 600.0 * 25f64.log2()).abs() < 1e-9, "{}", log2(p));
        let twice = p.plus(p);
        assert!((log2(twice) - log2(p) - 1.0).abs() < 1e-12);
        // 1 / (2 p) overflows an f64, and says so.
        assert!(twice.divide(1.0).is_infinite());
        assert_eq!(twice.divide(0.0), 0.0);
        // Beside a term 2^-2000 times larger, a small one is lost, as in any float sum.
        assert_eq!(Scaled::ONE.plus(p), Scaled::ONE);
        assert_eq!(Scaled::ZERO.plus(Scaled::ONE), Scaled::ONE);
        assert_eq!(
            Scaled::ONE.times(0.5).plus(Scaled::ONE.times(0.5)),
            Scaled::ONE
        );
    }
}
