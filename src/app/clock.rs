//! The app's clock: when the next frame or step is due (animations, play speed, a stream
//! still being written, a tree being built), and the run keys that arrive together and wait
//! their turn.

use std::time::Duration;

use super::{Action, App, FLASH, STREAM_POLL};

/// Keys that arrive together: whether one of them started the run going on, and the run
/// keys after it, to start one after another as each run ends; `repeat` is one run key
/// pressed many times over, counted rather than queued key by key ([`App::repeat_run`]).
#[derive(Debug, Default)]
pub(super) struct Burst {
    pub(super) started_run: bool,
    pub(super) queued: std::collections::VecDeque<Action>,
    pub(super) repeat: Option<(Action, u64)>,
}

impl Burst {
    /// Drops every run waiting (a breakpoint, a question, the end, or a key that stops).
    pub(super) fn clear(&mut self) {
        self.queued.clear();
        self.repeat = None;
    }
}

impl App {
    /// Whether a step's animation is still showing.
    pub fn animating(&self) -> bool {
        self.lanes.iter().any(|l| self.now < l.changed_at() + FLASH)
    }

    /// How long the loop may wait for input before the next tick; `None`: until input comes.
    #[expect(clippy::cast_precision_loss, reason = "speeds are at most 10^6")]
    pub fn next_wakeup(&self) -> Option<Duration> {
        let anim = self
            .lanes
            .iter()
            .map(|l| l.changed_at() + FLASH)
            .filter(|&t| t > self.now)
            .min()
            .map(|t| t.saturating_sub(self.now));
        let run = if self.running() && self.waiting_for_input() {
            // Waiting for a stream's writer: look again soon, without spinning.
            Some(STREAM_POLL)
        } else if self.goal.is_some() {
            Some(Duration::ZERO)
        } else if self.playing {
            Some(match self.speed() {
                None => Duration::ZERO,
                Some(rate) => Duration::from_secs_f64(((1.0 - self.carry) / rate as f64).max(0.0)),
            })
        } else {
            None
        };
        // A stream still being written: the status line counts its lines as they come.
        let stream = self.stream_open().then_some(STREAM_POLL);
        // A tree being built from step 0: the next slice at once.
        let tree = self.tree_building().then_some(Duration::ZERO);
        // The divergence finder behind the panes (after a run): its next walk at once.
        let scan = self.divergence_behind().then_some(Duration::ZERO);
        [anim, run, stream, tree, scan].into_iter().flatten().min()
    }

    /// Sets the animation clock without running anything (input arrives between ticks).
    pub fn set_clock(&mut self, now: Duration) {
        self.now = now;
    }

    /// The keys that arrived together have all been applied: a run one of them started is
    /// stopped by the next key again (the event loop calls this after each burst).
    pub fn end_burst(&mut self) {
        self.burst.started_run = false;
    }

    /// Run keys waiting for the run going on to end.
    pub fn queued(&self) -> usize {
        let repeats = self.burst.repeat.map_or(0, |(_, n)| n);
        self.burst.queued.len() + usize::try_from(repeats).unwrap_or(usize::MAX)
    }

    /// Starts the next queued run, once the one going on has ended.
    pub(crate) fn start_queued(&mut self) {
        if self.goal.is_some() || self.playing {
            return;
        }
        if let Some((action, left)) = self.burst.repeat {
            self.burst.repeat = (left > 1).then_some((action, left - 1));
            self.apply(action);
        } else if let Some(action) = self.burst.queued.pop_front() {
            self.apply(action);
        }
    }

    /// The run key `action` (`n`, `w`, `b`, ...) pressed `times` times in one burst: each
    /// run starts where the one before ended, as the keys would, and a breakpoint, a
    /// question or the end drops the rest. Run it with [`App::on_tick`] until
    /// [`App::running`] is false. Between the runs the view's details (why this cell, the
    /// undone cells) are not worked out, as while any run goes on: only at the last stop,
    /// so `snapshot --backtrack K` costs the events it plays, not K times a replay.
    pub fn repeat_run(&mut self, action: Action, times: u64) {
        if times == 0 || !action.starts_run() {
            return;
        }
        self.burst.clear();
        self.update(action);
        if self.goal.is_some() {
            self.burst.started_run = true;
            self.burst.repeat = (times > 1).then_some((action, times - 1));
        }
    }
}
