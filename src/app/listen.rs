//! `dokuscope listen`'s state, without a terminal or a socket: one lane per execution
//! received (each connection's messages, errors and end, as the listener hands them on), the
//! lane in view and where the viewer is in its tree. [`ListenApp::receive`] takes what the
//! network brought, [`ListenApp::update`] what the viewer did; widgets only read it.

pub mod board;
pub mod keys;
pub mod lane;
pub mod pixels;
pub mod walk;

use dokuscope_profiler::{Event, LabelReader};

pub use self::board::PathBoard;
pub use self::keys::ListenAction;
pub use self::lane::{Connection, ReceivedLane};

/// What `listen` was started with.
#[derive(Clone, Debug, Default)]
pub struct ListenSetup {
    /// Where it listens (`127.0.0.1:6565`), or where the search was read from.
    pub address: String,
    /// How labels name cells.
    pub reader: LabelReader,
    /// The givens of `--puzzle`, 81 cells (empty without one).
    pub givens: Vec<Option<u8>>,
    /// Where the executions are saved, if they are.
    pub saving: Option<String>,
}

/// The listen screen's state.
#[derive(Debug)]
pub struct ListenApp {
    setup: ListenSetup,
    lanes: Vec<ReceivedLane>,
    focus: usize,
    detail: bool,
    quit: bool,
}

impl ListenApp {
    /// A session with no execution yet.
    pub fn new(setup: ListenSetup) -> Self {
        Self {
            setup,
            lanes: Vec::new(),
            focus: 0,
            detail: true,
            quit: false,
        }
    }

    /// A session showing lanes read whole (saved searches).
    pub fn with_lanes(setup: ListenSetup, lanes: Vec<ReceivedLane>) -> Self {
        Self {
            lanes,
            ..Self::new(setup)
        }
    }

    /// What the listener brought. A new connection's lane is shown when the lane in view has
    /// ended (or there was none), so a run of searches one after another is followed.
    pub fn receive(&mut self, event: Event) {
        match event {
            Event::Connected { id, peer } => {
                self.lanes.push(ReceivedLane::new(id, peer.to_string()));
                let shown_ended = self.lanes.get(self.focus).is_none_or(|l| !l.is_open());
                if self.lanes.len() == 1 || shown_ended {
                    self.focus = self.lanes.len() - 1;
                }
            }
            Event::Message { id, decoded } => {
                if let Some(lane) = self.lane_mut(id) {
                    lane.message(&decoded);
                }
            }
            Event::Error { id, error } => {
                if let Some(lane) = self.lane_mut(id) {
                    lane.error(error);
                }
            }
            Event::Closed {
                id,
                end,
                pending,
                io_error,
            } => {
                if let Some(lane) = self.lane_mut(id) {
                    lane.closed(end, pending, io_error);
                }
            }
        }
    }

    fn lane_mut(&mut self, id: u64) -> Option<&mut ReceivedLane> {
        self.lanes.iter_mut().find(|lane| lane.id == id)
    }

    /// What the viewer did.
    pub fn update(&mut self, action: ListenAction) {
        match action {
            ListenAction::Quit => self.quit = true,
            ListenAction::NextLane => {
                if !self.lanes.is_empty() {
                    self.focus = (self.focus + 1) % self.lanes.len();
                }
            }
            ListenAction::Lane(n) => {
                if (1..=self.lanes.len()).contains(&n) {
                    self.focus = n - 1;
                }
            }
            ListenAction::Detail => self.detail = !self.detail,
            _ => {
                if let Some(lane) = self.lanes.get_mut(self.focus) {
                    walk_lane(lane, action);
                }
            }
        }
    }

    /// The lanes, in the order the connections came.
    pub fn lanes(&self) -> &[ReceivedLane] {
        &self.lanes
    }

    /// The lane in view.
    pub fn focused(&self) -> Option<&ReceivedLane> {
        self.lanes.get(self.focus)
    }

    /// The lane in view's index.
    pub fn focus(&self) -> usize {
        self.focus
    }

    /// Whether the node's label, nogood and info are shown.
    pub fn detail(&self) -> bool {
        self.detail
    }

    /// What the session was started with.
    pub fn setup(&self) -> &ListenSetup {
        &self.setup
    }

    /// The board of the lane in view at its cursor, when the user gave a puzzle or the labels
    /// name cells.
    pub fn board(&self) -> Option<PathBoard> {
        let lane = self.focused()?;
        let node = lane.cursor()?;
        let board = PathBoard::at(
            &lane.execution,
            &self.setup.reader,
            &self.setup.givens,
            node,
        );
        (board.names_cells() || !self.setup.givens.is_empty()).then_some(board)
    }

    /// Whether the viewer asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }
}

/// Moves a lane's cursor.
fn walk_lane(lane: &mut ReceivedLane, action: ListenAction) {
    let Some(at) = lane.cursor() else { return };
    let ex = &lane.execution;
    let to = match action {
        ListenAction::Parent => ex.node(at).and_then(|v| v.parent),
        ListenAction::FirstChild => walk::first_child(ex, at, &lane.folds),
        ListenAction::PrevSibling => walk::prev_sibling(ex, at),
        ListenAction::NextSibling => walk::next_sibling(ex, at),
        ListenAction::Up => walk::prev_shown(ex, at, &lane.folds),
        ListenAction::Down => walk::next_shown(ex, at, &lane.folds),
        ListenAction::Root => walk::path(ex, at).first().copied(),
        ListenAction::Follow => {
            lane.follow();
            return;
        }
        ListenAction::Fold => {
            if !lane.folds.remove(&at) && !ex.children(at).is_empty() {
                lane.folds.insert(at);
            }
            // Folding pins the view where it is.
            Some(at)
        }
        _ => None,
    };
    lane.go(to);
}
