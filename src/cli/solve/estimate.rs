//! `solve`'s estimate of each search's size: the samples `--estimate` writes, and the
//! progress line a long search draws on standard error when it is a terminal.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::app::progress::Progress;
use crate::numbers::grouped;
use crate::solver::estimate::{Estimate, Estimator};
use crate::solver::{Event, Stats};

/// A search is long, and shows its progress line, once it has run this long.
const LONG: Duration = Duration::from_millis(500);
/// How often the line is drawn again.
const REDRAW: Duration = Duration::from_millis(100);
/// Events between looks at the clock.
const EVERY: u64 = 1 << 16;

/// One sample: decisions made (a power of two), and the estimated total then (`None`:
/// unknown).
pub type Sample = (u64, Option<u64>);

/// What a listener needs to know of the search it hears.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Whether its policy restarts it: its size is then unknown.
    pub restarts: bool,
    /// Whether it may stop before its whole tree (`--count 1`, `--node-limit`): the
    /// estimate of the tree is then a bound on it.
    pub bound: bool,
}

/// Hears one search's events: keeps the samples, draws the line.
pub struct Listener {
    estimator: Estimator,
    samples: Option<Vec<Sample>>,
    line: Option<Line>,
    events: u64,
}

/// The progress line of one search.
struct Line {
    location: String,
    /// Whether the search may stop before its whole tree (`--count 1`, `--node-limit`): the
    /// estimate is then a bound on it.
    bound: bool,
    start: Instant,
    drawn: Option<Instant>,
}

impl Listener {
    /// A listener that keeps the samples if `sample`, and draws the progress line of the
    /// search of the puzzle at `location` if `line`; of a search of that `shape`.
    pub fn new(sample: bool, line: bool, location: &str, shape: Shape) -> Listener {
        Listener {
            estimator: Estimator::restarting(shape.restarts),
            samples: sample.then(Vec::new),
            line: line.then(|| Line {
                location: location.to_string(),
                bound: shape.bound,
                start: Instant::now(),
                drawn: None,
            }),
            events: 0,
        }
    }

    /// Hears one event.
    #[inline]
    pub fn hear(&mut self, event: &Event, _stats: &Stats) {
        self.estimator.observe(event);
        if let Some(samples) = &mut self.samples {
            if event.is_decision() && self.estimator.explored().is_power_of_two() {
                samples.push((self.estimator.explored(), total(self.estimator.estimate())));
            }
        }
        self.events += 1;
        if self.events % EVERY == 0 {
            if let Some(line) = &mut self.line {
                line.tick(&self.estimator);
            }
        }
    }

    /// The samples (if kept), the line cleared.
    pub fn finish(self) -> Option<Vec<Sample>> {
        if let Some(line) = self.line {
            line.clear();
        }
        self.samples
    }
}

/// The estimated total as the JSON writes it: a whole number, or unknown.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a positive estimate, rounded"
)]
fn total(estimate: Estimate) -> Option<u64> {
    estimate.total().map(|t| t.round() as u64)
}

impl Line {
    fn tick(&mut self, estimator: &Estimator) {
        let now = Instant::now();
        let elapsed = now - self.start;
        if elapsed < LONG || self.drawn.is_some_and(|d| now - d < REDRAW) {
            return;
        }
        self.drawn = Some(now);
        let explored = estimator.explored();
        #[expect(clippy::cast_precision_loss, reason = "a rate")]
        let rate = explored as f64 / elapsed.as_secs_f64();
        let progress = Progress::new(
            estimator.estimate(),
            explored,
            Some(rate),
            false,
            self.bound,
        );
        let width = crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w));
        let head = format!("{}: {} nodes · ", self.location, grouped(explored));
        let room = width.saturating_sub(head.chars().count() + 1);
        let text = crate::ui::fit::shortest_if_none(progress.forms(), room);
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{head}{text}\x1b[K");
        let _ = err.flush();
    }

    fn clear(self) {
        if self.drawn.is_some() {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}
