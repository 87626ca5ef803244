//! The depth-over-time trace: a fixed number of buckets, merged pairwise when full.

use crate::solver::Event;

/// How many buckets a trace holds before it merges them pairwise.
pub const BUCKETS: usize = 1024;

/// The events of one span of steps, summarised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "one mark per kind of event the trace shows"
)]
pub struct Bucket {
    /// The least depth reached in the span.
    pub min: u16,
    /// The greatest depth reached in the span.
    pub max: u16,
    /// Whether a backtrack happened in the span.
    pub backtrack: bool,
    /// Whether a solution was found in the span.
    pub solution: bool,
    /// Whether a backtrack in the span skipped decisions (a backjump).
    pub jump: bool,
    /// Whether the search restarted in the span.
    pub restart: bool,
    /// Whether the checker warned about an event in the span (a stream's wasted search).
    pub warning: bool,
}

impl Bucket {
    fn merge(self, other: Bucket) -> Bucket {
        Bucket {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
            backtrack: self.backtrack || other.backtrack,
            solution: self.solution || other.solution,
            jump: self.jump || other.jump,
            restart: self.restart || other.restart,
            warning: self.warning || other.warning,
        }
    }
}

/// The shape of a whole search in bounded memory: bucket i covers steps
/// `i * width + 1 ..= (i + 1) * width`.
#[derive(Clone, Debug)]
pub struct DepthTrace {
    buckets: Vec<Bucket>,
    width: u64,
    steps: u64,
    bucket_end: u64,
    /// The depth after the last event, to tell a backjump.
    depth: u16,
    /// Whether any span holds a backjump, and a restart.
    jumps: bool,
    restarts: bool,
}

impl Default for DepthTrace {
    fn default() -> DepthTrace {
        DepthTrace {
            buckets: Vec::with_capacity(BUCKETS),
            width: 1,
            steps: 0,
            bucket_end: 0,
            depth: 0,
            jumps: false,
            restarts: false,
        }
    }
}

impl DepthTrace {
    /// Records event number `step` (which must be one past the last recorded), `warned`
    /// if the checker warned about it. Runs on every event of a fast-forward: most events
    /// only widen the last bucket's depths, and the marks are set only by the few that
    /// make them.
    #[inline]
    pub fn record(&mut self, step: u64, event: &Event, depth: u16, warned: bool) {
        debug_assert_eq!(step, self.steps + 1);
        self.steps = step;
        let marked = warned
            || matches!(
                event,
                Event::Backtrack { .. } | Event::Solution { .. } | Event::Restart { .. }
            );
        let before = std::mem::replace(&mut self.depth, depth);
        if step > self.bucket_end {
            if self.buckets.len() == BUCKETS {
                self.halve();
            }
            self.buckets.push(Bucket {
                min: depth,
                max: depth,
                ..Bucket::default()
            });
            self.bucket_end = self.buckets.len() as u64 * self.width;
        } else if let Some(b) = self.buckets.last_mut() {
            b.min = b.min.min(depth);
            b.max = b.max.max(depth);
        }
        if marked {
            self.mark(event, before, warned);
        }
    }

    /// Marks the last bucket with what `event` was (a backtrack, a backjump from depth
    /// `before`, a solution, a restart) and whether it was `warned` about.
    fn mark(&mut self, event: &Event, before: u16, warned: bool) {
        let jump = matches!(event, Event::Backtrack { depth: d, .. } if d + 1 < before);
        let restart = matches!(event, Event::Restart { .. });
        self.jumps |= jump;
        self.restarts |= restart;
        if let Some(b) = self.buckets.last_mut() {
            b.backtrack |= matches!(event, Event::Backtrack { .. });
            b.solution |= matches!(event, Event::Solution { .. });
            b.jump |= jump;
            b.restart |= restart;
            b.warning |= warned;
        }
    }

    fn halve(&mut self) {
        let merged: Vec<Bucket> = self
            .buckets
            .chunks(2)
            .map(|p| p.iter().copied().reduce(Bucket::merge).unwrap_or_default())
            .collect();
        self.buckets = merged;
        self.width *= 2;
    }

    /// The buckets so far.
    pub fn buckets(&self) -> &[Bucket] {
        &self.buckets
    }

    /// Steps per bucket.
    pub fn width(&self) -> u64 {
        self.width
    }

    /// Steps recorded.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Whether the search has backjumped, and restarted, so far.
    pub fn looked_back(&self) -> (bool, bool) {
        (self.jumps, self.restarts)
    }

    /// The deepest point so far.
    pub fn max_depth(&self) -> u16 {
        self.buckets.iter().map(|b| b.max).max().unwrap_or(0)
    }

    /// `columns` summaries of the whole trace (fewer if there are fewer buckets), with the
    /// last step each covers.
    pub fn columns(&self, columns: usize) -> Vec<(Bucket, u64)> {
        let n = self.buckets.len();
        if columns == 0 || n == 0 {
            return Vec::new();
        }
        let cols = columns.min(n);
        (0..cols)
            .map(|c| {
                let (lo, hi) = (c * n / cols, ((c + 1) * n / cols).max(c * n / cols + 1));
                let b = self.buckets[lo..hi]
                    .iter()
                    .copied()
                    .reduce(Bucket::merge)
                    .unwrap_or_default();
                (b, (hi as u64 * self.width).min(self.steps))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_trace_stays_within_its_buckets_and_keeps_extremes() {
        let mut t = DepthTrace::default();
        for step in 1..=100_000u64 {
            let depth = if step == 77_777 {
                500
            } else {
                (step % 40) as u16
            };
            let event = if step == 5 {
                Event::Backtrack {
                    cell: crate::solver::Cell::new(0),
                    digit: crate::solver::Digit::new(1).expect("digit"),
                    depth,
                }
            } else {
                Event::Exhausted
            };
            t.record(step, &event, depth, false);
        }
        assert!(t.buckets().len() <= BUCKETS);
        assert_eq!(t.max_depth(), 500);
        assert!(t.buckets()[0].backtrack);
        assert_eq!(t.columns(50).len(), 50);
        assert_eq!(t.columns(50).last().map(|c| c.1), Some(100_000));
    }
}
