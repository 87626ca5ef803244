//! The app state: one or more lanes driven by one set of controls. A plain state machine,
//! testable without a terminal: [`App::update`] takes an [`Action`], [`App::on_tick`] the
//! clock; widgets only read it.

pub mod action;
mod answer;
pub mod breakpoints;
mod clock;
pub mod command;
mod control;
pub mod cursor;
pub mod event_words;
pub mod fork;
pub mod help;
mod inspect;
mod key_mode;
pub mod keymap;
pub mod keys;
pub mod lane;
pub mod lesson;
pub mod listen;
pub mod local_moves;
mod lockstep;
pub mod logged;
mod lookback_view;
mod panels;
pub mod progress;
mod question;
mod quiz;
pub mod race;
mod run_to;
mod status_word;
pub mod teach;
pub mod timeline;
pub mod trace;
pub mod tree;
mod tree_keys;
pub mod verdict;
pub mod vocabulary;

use std::time::Duration;

pub use action::Action;
pub use inspect::Inspect;
pub use lane::Lane;
pub use run_to::Goal;
pub use status_word::Phase;

use self::race::Divergence;
use crate::solver::parse::Entry;
use crate::solver::preset;
use crate::solver::{Conflict, Puzzle, Strategy};
pub use lockstep::Lock;

/// Speeds in events (or decisions, with `--lock nodes`) per second; `None` is as fast as
/// the machine goes.
pub const SPEEDS: &[Option<u64>] = &[
    Some(1),
    Some(2),
    Some(5),
    Some(10),
    Some(20),
    Some(50),
    Some(100),
    Some(1_000),
    Some(10_000),
    Some(100_000),
    Some(1_000_000),
    None,
];
/// The speed a session starts with.
pub const DEFAULT_SPEED: usize = 3;
/// How long a step's animation (flash, pop) lasts.
pub const FLASH: Duration = Duration::from_millis(400);
/// How often the derived details are recomputed while running fast.
pub const DETAILS_WHILE_FAST: Duration = Duration::from_millis(250);
/// The frame period: at most 60 frames a second.
pub const FRAME: Duration = Duration::from_micros(16_667);
/// Events per pane per tick at full speed when the caller gives no deadline (tests).
pub const UNTIMED_BATCH: u64 = 1 << 16;
/// The most panes.
pub const MAX_PANES: usize = 4;
/// How often the loop looks for events of a stream still being written (standard input)
/// when nothing else wakes it.
pub const STREAM_POLL: Duration = Duration::from_millis(50);
pub(crate) const CHUNK: u64 = 4096;

/// The puzzle on screen and where it came from.
#[derive(Clone, Debug)]
pub struct Source {
    /// `file:line` of the puzzle.
    pub location: String,
    /// Which puzzle of its file, from 1.
    pub index: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// Loads puzzle number `index` (from 1) of the file the session started on.
pub type Loader = Box<dyn FnMut(usize) -> anyhow::Result<Entry>>;

/// The whole app state.
pub struct App {
    lanes: Vec<Lane>,
    lock: Lock,
    position: u64,
    playing: bool,
    speed: usize,
    goal: Option<Goal>,
    prompt: Option<String>,
    help: help::HelpState,
    inspect: Option<Inspect>,
    message: Option<String>,
    source: Source,
    loader: Option<Loader>,
    divergence: Option<Divergence>,
    tree: tree::TreeState,
    quit: bool,
    now: Duration,
    last_tick: Duration,
    carry: f64,
    credits: Vec<Duration>,
    last_details: Duration,
    steer: breakpoints::Steer,
    burst: clock::Burst,
    /// What the views shade or show on request: the weights, the arc queue.
    shown: panels::Shown,
    teach: teach::Teach,
}

impl App {
    /// One search of `puzzle` under `preset` (a name and its strategy), paused at step 0.
    ///
    /// # Errors
    /// The puzzle's givens conflict.
    pub fn new(
        source: Source,
        presets: &[(String, Strategy)],
        lock: Lock,
    ) -> Result<App, Conflict> {
        let lanes = presets
            .iter()
            .map(|(name, s)| Lane::new(name, &source.puzzle, *s))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(App::with_lanes(source, lanes, lock))
    }

    /// An app over lanes made elsewhere (an event stream's, beside presets' on its puzzle).
    pub fn with_lanes(source: Source, lanes: Vec<Lane>, lock: Lock) -> App {
        let mut app = App {
            credits: vec![Duration::ZERO; lanes.len()],
            lanes,
            lock,
            position: 0,
            playing: false,
            speed: DEFAULT_SPEED,
            goal: None,
            prompt: None,
            help: help::HelpState::default(),
            inspect: None,
            message: None,
            source,
            loader: None,
            divergence: None,
            tree: tree::TreeState::default(),
            quit: false,
            now: Duration::ZERO,
            last_tick: Duration::ZERO,
            carry: 0.0,
            last_details: Duration::ZERO,
            steer: breakpoints::Steer::default(),
            burst: clock::Burst::default(),
            shown: panels::Shown::default(),
            teach: teach::Teach::default(),
        };
        app.steer.hit_steps = vec![Vec::new(); app.lanes.len()];
        app.start_divergence();
        app
    }

    /// Lets `o` open the next puzzles of the same file.
    #[must_use]
    pub fn with_loader(mut self, loader: Loader) -> App {
        self.loader = Some(loader);
        self
    }

    fn start_divergence(&mut self) {
        // A local search makes no decisions: a race with one has no divergence to find.
        let decisions = !self.lanes.iter().any(Lane::is_local);
        self.divergence =
            (self.lanes.len() > 1 && decisions).then(|| Divergence::new(&mut self.lanes));
    }

    /// The panes.
    pub fn lanes(&self) -> &[Lane] {
        &self.lanes
    }

    /// How the panes are kept in step.
    pub fn lock(&self) -> Lock {
        self.lock
    }

    /// The puzzle and where it came from.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The clock the animation reads.
    pub fn now(&self) -> Duration {
        self.now
    }

    /// Whether the help overlay is open.
    pub fn help(&self) -> bool {
        self.help.is_open()
    }

    /// The help overlay's scroll state.
    pub fn help_state(&self) -> &help::HelpState {
        &self.help
    }

    /// The terminal is now `width`×`height` (the help's scrolling depends on it).
    pub fn set_screen(&mut self, width: u16, height: u16) {
        self.help.resize(width, height, self.lanes.len());
    }

    /// The go-to prompt's text, while typing.
    pub fn prompt(&self) -> Option<&str> {
        self.prompt.as_deref()
    }

    /// The inspected cell.
    pub fn inspect(&self) -> Option<&Inspect> {
        self.inspect.as_ref()
    }

    /// A one-off message for the viewer.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The divergence finder (several panes only).
    pub fn divergence(&self) -> Option<&Divergence> {
        self.divergence.as_ref()
    }

    /// Whether the divergence finder has more to walk within the panes' frontiers: the
    /// view keeps ticking while it does, so that a finished race ends up saying where the
    /// panes diverged (or that they never did) rather than "no divergence yet".
    pub fn divergence_behind(&self) -> bool {
        self.divergence
            .as_ref()
            .is_some_and(|d| d.behind(&self.lanes))
    }

    /// Walks the divergence finder to the panes' frontiers at once (a snapshot, which
    /// draws one frame).
    pub fn settle_divergence(&mut self) {
        if let Some(d) = self.divergence.as_mut() {
            while d.behind(&self.lanes) {
                d.update(&mut self.lanes);
            }
        }
    }

    /// The tree panel's state.
    pub fn tree(&self) -> &tree::TreeState {
        &self.tree
    }

    /// Whether the viewer asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The speed setting: events per second, or `None` for full speed.
    pub fn speed(&self) -> Option<u64> {
        SPEEDS[self.speed]
    }

    /// The speed as the status line writes it.
    pub fn speed_label(&self) -> String {
        let unit = if self.lock == Lock::Nodes {
            "nodes/s"
        } else {
            "ev/s"
        };
        match self.speed() {
            None => "max".into(),
            Some(n) if self.lock == Lock::Time => {
                let per_second =
                    lockstep::TIME_PER_UNIT.saturating_mul(u32::try_from(n).unwrap_or(u32::MAX));
                format!("{per_second:?} solver time/s per pane")
            }
            Some(n) if n >= 1_000_000 => format!("{}M {unit}", n / 1_000_000),
            Some(n) if n >= 1_000 => format!("{}k {unit}", n / 1_000),
            Some(n) => format!("{n} {unit}"),
        }
    }

    /// Whether every pane is at the end of its search.
    pub fn all_finished(&self) -> bool {
        self.lanes.iter().all(Lane::at_end)
    }

    /// Whether the app is running (playing or running to a goal).
    pub fn running(&self) -> bool {
        self.goal.is_some() || self.playing
    }

    /// Whether a pane plays a stream whose writer still writes (standard input).
    pub fn stream_open(&self) -> bool {
        self.lanes.iter().any(|l| l.timeline().writer().is_some())
    }

    /// Whether the panes wait for a stream still being written: a pane is at all the
    /// events that have arrived, and the others keep in step with it (or, locked by time,
    /// have ended or wait too).
    pub fn waiting_for_input(&self) -> bool {
        self.lanes.iter().any(Lane::is_waiting)
            && (self.lock != Lock::Time || self.lanes.iter().all(|l| l.at_end() || l.is_waiting()))
    }

    /// The step the status line shows: the furthest pane's.
    pub fn step(&self) -> u64 {
        self.lanes.iter().map(Lane::step).max().unwrap_or(0)
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        if action.starts_run() && self.goal.is_some() && self.burst.started_run {
            // A run key of the burst that started the run: it runs once this one ends.
            self.burst.queued.push_back(action);
            return;
        }
        self.message = None;
        // At a lesson's stop, a key that moves the view starts exploring from there.
        let before = self.view_before(action);
        self.apply(action);
        if let Some(before) = before {
            self.note_exploring(&before);
        }
        if action.starts_run() && self.goal.is_some() {
            self.burst.started_run = true;
        }
        self.refresh();
    }

    fn apply(&mut self, action: Action) {
        if self.apply_teach(action) {
            return;
        }
        match action {
            Action::Quit => self.quit_or_confirm(),
            Action::ToggleQuiz => self.toggle_quiz(),
            Action::Lesson => self.return_to_stop(),
            Action::NextStop => self.next_stop(),
            Action::PrevStop => self.prev_stop(),
            Action::PlayOn => self.play_on(),
            Action::Interrupt => self.stop(),
            Action::Help => self.help.toggle(),
            Action::HelpScroll(by) => self.help.scroll(by, self.lanes.len()),
            Action::Back => self.back(),
            Action::TogglePlay => {
                if self.playing || self.goal.is_some() {
                    self.stop();
                } else if !self.all_finished() && !self.note_question() {
                    self.playing = true;
                    self.last_tick = self.now;
                    self.carry = 0.0;
                }
            }
            Action::StepForward => self.step_forward(),
            Action::StepBack => {
                self.stop();
                self.step_back();
            }
            Action::NextDecision => self.run_to(if self.lock == Lock::Nodes {
                Goal::At(self.position + 1)
            } else {
                Goal::Decision
            }),
            Action::PrevDecision => {
                self.stop();
                self.prev_decision();
            }
            Action::NextBacktrack => self.run_to(Goal::Backtrack),
            Action::NextWipeout => self.run_to(Goal::Wipeout),
            Action::SkipPropagation => self.run_to(Goal::Propagation),
            Action::ToggleQueue => self.toggle_queue(),
            Action::RunToEnd => self.run_to(Goal::End),
            Action::Type(_) | Action::Erase | Action::Confirm if self.steer.command.is_some() => {
                self.edit_command(action);
            }
            Action::Type(_) | Action::Inspect { .. } | Action::Confirm
                if self.steer.fork.is_some() =>
            {
                self.edit_fork(action);
            }
            Action::Fork | Action::MoveCursor { .. } => self.edit_fork(action),
            Action::GoTo | Action::Type(_) | Action::Erase | Action::Confirm => {
                self.edit_prompt(action);
            }
            Action::Command => self.edit_command(action),
            Action::Continue => self.continue_forward(),
            Action::ReverseContinue => self.continue_back(),
            Action::Home => {
                self.stop();
                self.go_to(0);
            }
            Action::Faster => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
                self.carry = 0.0;
            }
            Action::Slower => {
                self.speed = self.speed.saturating_sub(1);
                self.carry = 0.0;
            }
            Action::CyclePreset => self.cycle_preset(),
            Action::NextPuzzle => self.next_puzzle(),
            Action::Restart => self.restart(),
            Action::AddPane => self.add_pane(),
            Action::Divergence => self.jump_to_divergence(),
            Action::ToggleTree
            | Action::TreeFull
            | Action::TreeFocus
            | Action::TreeWalk(_)
            | Action::TreeFold
            | Action::TreeJump => self.tree_action(action),
            Action::Inspect { lane, cell } => self.toggle_inspect(lane, cell),
            Action::ToggleEstimateTrace => self.toggle_estimate_trace(),
            Action::ToggleHeat => self.toggle_heat(),
        }
    }

    fn refresh(&mut self) {
        // A pane added or removed under the help changes its length.
        self.help.clamp(self.lanes.len());
        // The tree is made exact where it is read unless the view runs at full speed.
        let full_speed = self.goal.is_some() || (self.playing && self.speed().is_none());
        self.grow_trees(!full_speed);
        let now = self.now;
        // Running fast, the derived details (why this cell, undone cells, the inspected
        // history, the divergence finder) are recomputed a few times a second rather than
        // every frame.
        let fast = self.goal.is_some() || (self.playing && self.speed().is_none_or(|r| r > 100));
        let details = !fast || now.saturating_sub(self.last_details) >= DETAILS_WHILE_FAST;
        if details {
            self.last_details = now;
        }
        for lane in &mut self.lanes {
            lane.refresh(now, details);
        }
        if let Some(d) = self.divergence.as_mut().filter(|_| details) {
            d.update(&mut self.lanes);
        }
        if details {
            self.refresh_inspect();
        }
        self.open_manual_picker();
        self.teach_refresh();
    }
}

/// The default preset's name and strategy.
pub fn default_preset() -> (String, Strategy) {
    let p = preset::default_preset();
    (p.name.to_string(), p.strategy)
}
