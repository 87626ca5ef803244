//! An exact sum of powers of one half: the weight of the leaves a search has reached.

/// A sum of terms `2^-d` (d ≥ 0), kept exactly as a binary fraction: word 0 holds the
/// integer part, word `i` bits `64(i-1)+1 ..= 64i` after the binary point. Adding a term
/// sets one bit and carries, so no term is lost however small beside the sum (a float sum
/// of 10⁸ leaves would drop every one deeper than 53 levels below the sum's own).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dyadic {
    words: Vec<u64>,
}

impl Dyadic {
    /// Zero.
    pub fn new() -> Dyadic {
        Dyadic::default()
    }

    /// Adds `2^-depth`.
    #[inline]
    pub fn add_power(&mut self, depth: u32) {
        let d = depth as usize;
        let (word, bit) = if d == 0 {
            (0, 0)
        } else {
            (1 + (d - 1) / 64, 63 - (d - 1) % 64)
        };
        if self.words.len() <= word {
            self.words.resize(word + 1, 0);
        }
        let mut i = word;
        let mut add = 1u64 << bit;
        loop {
            let (sum, carry) = self.words[i].overflowing_add(add);
            self.words[i] = sum;
            if !carry || i == 0 {
                break;
            }
            i -= 1;
            add = 1;
        }
    }

    /// Whether the sum is zero.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The sum as `(mantissa, exponent)` with the value `mantissa · 2^exponent` and the
    /// mantissa in [0.5, 1), so that ratios stay finite where the sum itself would
    /// underflow an `f64`; `None` for zero.
    #[expect(clippy::cast_precision_loss, reason = "53 significant bits are plenty")]
    pub fn frexp(&self) -> Option<(f64, i64)> {
        let first = self.words.iter().position(|&w| w != 0)?;
        let high = self.words[first];
        let low = self.words.get(first + 1).copied().unwrap_or(0);
        let lead = i64::from(high.leading_zeros());
        // The 128 bits from `first` on, shifted so that the highest one is bit 127.
        let joined = (u128::from(high) << 64 | u128::from(low)) << lead;
        let mantissa =
            (joined >> 64) as f64 / 2f64.powi(64) + (joined as u64 as f64) / 2f64.powi(128);
        // Word `first` holds 2^(-64(first-1)-1) .. 2^(-64 first); its top bit is 2^(63-64 first).
        let exponent = 64 - 64 * i64::try_from(first).unwrap_or(i64::MAX / 128) - lead;
        Some((mantissa, exponent))
    }

    /// The sum as an `f64` (0 where it underflows).
    pub fn to_f64(&self) -> f64 {
        self.frexp().map_or(0.0, |(m, e)| scale(m, e))
    }

    /// Bytes held.
    pub fn approx_bytes(&self) -> usize {
        self.words.capacity() * 8
    }
}

/// `m · 2^e` without overflow in the intermediate power (0 or infinity past the range).
pub fn scale(m: f64, e: i64) -> f64 {
    if m == 0.0 {
        return 0.0;
    }
    let e = e.clamp(-2200, 2200) as i32;
    // Two steps, so that 2^e itself never leaves the range when m · 2^e does not.
    let half = e / 2;
    m * 2f64.powi(half) * 2f64.powi(e - half)
}

#[cfg(test)]
mod tests {
    #![expect(clippy::float_cmp, reason = "the sums of powers of two are exact")]

    use super::*;

    #[test]
    fn terms_add_exactly_with_their_carries() {
        let mut d = Dyadic::new();
        assert!(d.is_zero());
        assert_eq!(d.frexp(), None);
        d.add_power(1);
        d.add_power(2);
        d.add_power(2);
        assert_eq!(d.to_f64(), 1.0);
        d.add_power(0);
        assert_eq!(d.to_f64(), 2.0);
        let mut e = Dyadic::new();
        for _ in 0..1024 {
            e.add_power(70);
        }
        assert_eq!(e.to_f64(), 2f64.powi(-60));
    }

    #[test]
    fn a_tiny_term_beside_a_large_sum_is_kept() {
        let mut d = Dyadic::new();
        d.add_power(1);
        for _ in 0..(1 << 20) {
            d.add_power(80);
        }
        // A float sum would stay at 0.5: each 2^-80 is below half an ulp of 0.5.
        assert_eq!(d.to_f64(), 0.5 + 2f64.powi(-60));
        let (m, e) = d.frexp().expect("not zero");
        assert!((0.5..1.0).contains(&m));
        assert_eq!(e, 0);
    }

    #[test]
    fn a_sum_below_the_floats_range_keeps_its_exponent() {
        let mut d = Dyadic::new();
        d.add_power(1500);
        d.add_power(1500);
        assert_eq!(d.to_f64(), 0.0);
        assert_eq!(d.frexp(), Some((0.5, -1498)));
    }
}
