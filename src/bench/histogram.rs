//! Decisions per puzzle on a log₂ scale, and its drawing in block characters.
//!
//! Bucket 0 holds puzzles solved with no decision; bucket k ≥ 1 holds 2^(k−1) ≤ nodes < 2^k,
//! so each row doubles the range and the heavy tail of hard puzzles stays on screen.

use std::fmt::Write;

use crate::numbers::grouped;
use serde::{Deserialize, Serialize};

/// Puzzle counts per log₂ bucket of decisions, the last non-empty bucket last.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    /// `buckets[k]`: puzzles whose decision count falls in bucket `k`.
    pub buckets: Vec<u64>,
}

/// Eighths of a block, for bars drawn to ⅛ of a character.
const EIGHTHS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const FULL: char = '█';

impl Histogram {
    /// The bucket of `nodes`.
    pub fn bucket(nodes: u64) -> usize {
        (u64::BITS - nodes.leading_zeros()) as usize
    }

    /// The smallest and largest decision counts of bucket `k`.
    pub fn range(k: usize) -> (u64, u64) {
        match k {
            0 => (0, 0),
            64 => (1 << 63, u64::MAX),
            _ => (1 << (k - 1), (1 << k) - 1),
        }
    }

    /// The histogram of `nodes`.
    pub fn of(nodes: &[u64]) -> Histogram {
        let mut buckets = Vec::new();
        for &n in nodes {
            let k = Histogram::bucket(n);
            if buckets.len() <= k {
                buckets.resize(k + 1, 0);
            }
            buckets[k] += 1;
        }
        Histogram { buckets }
    }

    /// Puzzles counted.
    pub fn total(&self) -> u64 {
        self.buckets.iter().sum()
    }

    /// The first and last non-empty buckets.
    pub fn span(&self) -> Option<(usize, usize)> {
        let first = self.buckets.iter().position(|&c| c > 0)?;
        let last = self.buckets.iter().rposition(|&c| c > 0)?;
        Some((first, last))
    }

    /// The largest bucket count.
    pub fn fullest(&self) -> u64 {
        self.buckets.iter().copied().max().unwrap_or(0)
    }

    /// Draws one row per non-empty bucket range: see [`Histogram::render_in`].
    pub fn render(&self, width: usize) -> String {
        self.span().map_or_else(String::new, |span| {
            self.render_in(span, self.fullest(), width)
        })
    }

    /// Draws one row per bucket from `span.0` to `span.1`: the range of decisions, a bar
    /// `width` characters long for a count of `fullest` (at least ⅛ for any non-empty
    /// bucket), the count and its share. Histograms drawn with the same span and `fullest`
    /// line up and share one scale.
    pub fn render_in(&self, span: (usize, usize), fullest: u64, width: usize) -> String {
        let mut out = String::new();
        let (fullest, total) = (fullest.max(1), self.total().max(1));
        let labels: Vec<String> = (span.0..=span.1)
            .map(|k| match Histogram::range(k) {
                (lo, hi) if lo == hi => grouped(lo),
                (lo, hi) => format!("{}-{}", grouped(lo), grouped(hi)),
            })
            .collect();
        let label_width = labels.iter().map(String::len).max().unwrap_or(0);
        let counts: Vec<String> = (span.0..=span.1)
            .map(|k| grouped(self.buckets.get(k).copied().unwrap_or(0)))
            .collect();
        let count_width = counts.iter().map(String::len).max().unwrap_or(0).max(7);
        for ((k, label), shown) in (span.0..=span.1).zip(&labels).zip(&counts) {
            let count = self.buckets.get(k).copied().unwrap_or(0);
            let eighths =
                (u128::from(count) * (width as u128) * 8).div_ceil(u128::from(fullest)) as usize;
            let bar = bar(eighths.min(width * 8));
            #[expect(clippy::cast_precision_loss, reason = "a share for display")]
            let share = 100.0 * count as f64 / total as f64;
            let _ = writeln!(
                out,
                "  {label:>label_width$} │{bar:<width$}│ {shown:>count_width$} {share:5.1}%"
            );
        }
        out
    }
}

/// A bar `eighths`/8 characters long.
fn bar(eighths: usize) -> String {
    let mut s: String = std::iter::repeat_n(FULL, eighths / 8).collect();
    if eighths % 8 > 0 {
        s.push(EIGHTHS[eighths % 8]);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_double_in_range() {
        assert_eq!(Histogram::bucket(0), 0);
        assert_eq!(Histogram::bucket(1), 1);
        assert_eq!(Histogram::bucket(2), 2);
        assert_eq!(Histogram::bucket(3), 2);
        assert_eq!(Histogram::bucket(4), 3);
        assert_eq!(Histogram::bucket(1023), 10);
        assert_eq!(Histogram::bucket(1024), 11);
        assert_eq!(Histogram::range(11), (1024, 2047));
        assert_eq!(Histogram::bucket(u64::MAX), 64);
        assert_eq!(Histogram::range(64).1, u64::MAX);
    }

    #[test]
    fn histogram_counts_every_puzzle_once() {
        let h = Histogram::of(&[0, 0, 1, 5, 6, 7, 1000]);
        assert_eq!(h.buckets, vec![2, 1, 0, 3, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(h.total(), 7);
    }

    #[test]
    fn render_scales_the_fullest_bucket_to_the_width_and_keeps_a_sliver_for_one() {
        let h = Histogram {
            buckets: vec![0, 100, 1],
        };
        let text = h.render(10);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].contains("██████████"), "{text}");
        assert!(lines[1].contains("2-3 │▏"), "{text}");
        assert!(lines[1].contains("  1   1.0%"), "{text}");
    }
}
