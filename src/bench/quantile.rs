//! Exact order statistics over a sorted sample: nearest-rank percentiles and the mean.
//!
//! **Percentile method: nearest rank.** Of `n` values sorted ascending, the p-th percentile
//! (0 < p ≤ 100) is the value at 1-based rank `⌈p/100 · n⌉`; p = 0 gives the smallest. The
//! result is always one of the measured values, never an interpolation. The median is the
//! 50th percentile by the same rule, so for an even count it is the lower of the two middle
//! values (for 1, 2, 3, 4 it is 2, not 2.5).

/// The p-th percentile of `sorted` (ascending) by nearest rank; `None` when empty.
///
/// `permille` is p × 10, so that p90 is 900 and p99.9 is 999, and the rank stays exact in
/// integers: rank = ⌈permille · n / 1000⌉, at least 1.
pub fn nearest_rank(sorted: &[u64], permille: u32) -> Option<u64> {
    let n = sorted.len() as u128;
    if n == 0 {
        return None;
    }
    let permille = u128::from(permille.min(1000));
    let rank = (permille * n).div_ceil(1000).max(1);
    sorted.get((rank - 1) as usize).copied()
}

/// The median by nearest rank (the lower middle value for an even count).
pub fn median(sorted: &[u64]) -> Option<u64> {
    nearest_rank(sorted, 500)
}

/// The arithmetic mean, computed from an exact integer sum.
pub fn mean(sum: u128, count: u64) -> Option<f64> {
    #[expect(clippy::cast_precision_loss, reason = "a mean is reported as a float")]
    (count > 0).then(|| sum as f64 / count as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_picks_a_measured_value() {
        let v: Vec<u64> = (1..=10).collect();
        assert_eq!(nearest_rank(&v, 0), Some(1));
        assert_eq!(nearest_rank(&v, 100), Some(1));
        assert_eq!(nearest_rank(&v, 101), Some(2));
        assert_eq!(nearest_rank(&v, 500), Some(5));
        assert_eq!(nearest_rank(&v, 900), Some(9));
        assert_eq!(nearest_rank(&v, 901), Some(10));
        assert_eq!(nearest_rank(&v, 990), Some(10));
        assert_eq!(nearest_rank(&v, 1000), Some(10));
        assert_eq!(nearest_rank(&[], 500), None);
    }

    #[test]
    fn median_of_an_even_count_is_the_lower_middle() {
        assert_eq!(median(&[1, 2, 3, 4]), Some(2));
        assert_eq!(median(&[1, 2, 3]), Some(2));
        assert_eq!(median(&[7]), Some(7));
    }

    #[test]
    fn mean_is_exact_for_small_sums() {
        assert_eq!(mean(10, 4), Some(2.5));
        assert_eq!(mean(0, 0), None);
    }
}
