//! One received execution as a lane: its tree as it grows, the estimate and the overview kept
//! as nodes arrive, the connection's state, and where the viewer is in the tree.

use dokuscope_profiler::{
    ConnectionId, DecodeError, Decoded, Execution, Location, NodeIndex, Status,
};

use super::pixels::Pixels;
use super::walk::Folds;
use crate::solver::estimate::MIN_LEAVES;
use crate::solver::estimate::wbe::Wbe;

/// The connection's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Frames still come.
    Open,
    /// The solver closed it (or `listen` stopped); the read error, if that ended it.
    Closed(Option<String>),
}

/// One execution received on one connection.
#[derive(Debug)]
pub struct ReceivedLane {
    /// The connection's number, from 1.
    pub id: ConnectionId,
    /// The solver's address.
    pub peer: String,
    /// The tree and its counters.
    pub execution: Execution,
    /// The connection's state.
    pub connection: Connection,
    pixels: Pixels,
    estimate: Wbe,
    /// The node the viewer is on; `None` follows the newest node.
    cursor: Option<NodeIndex>,
    /// Subtrees the viewer folded.
    pub folds: Folds,
}

impl ReceivedLane {
    /// A lane for a new connection.
    pub fn new(id: ConnectionId, peer: String) -> Self {
        Self::with_execution(id, peer, Execution::new())
    }

    /// A lane for an execution read whole (a saved search): its overview and estimate are
    /// made from its nodes.
    pub fn with_execution(id: ConnectionId, peer: String, execution: Execution) -> Self {
        let mut lane = Self {
            id,
            peer,
            execution: Execution::new(),
            connection: Connection::Open,
            pixels: Pixels::default(),
            estimate: Wbe::default(),
            cursor: None,
            folds: Folds::default(),
        };
        for node in execution.nodes() {
            lane.observe(&execution, node);
        }
        lane.connection = if execution.is_done() || execution.is_incomplete() {
            Connection::Closed(None)
        } else {
            Connection::Open
        };
        lane.execution = execution;
        lane
    }

    /// A message arrived.
    pub fn message(&mut self, decoded: &Decoded) {
        let before = self.execution.len();
        self.execution.apply(decoded);
        if self.execution.len() > before {
            let node = NodeIndex(before as u32);
            let execution = std::mem::take(&mut self.execution);
            self.observe(&execution, node);
            self.execution = execution;
        }
    }

    fn observe(&mut self, execution: &Execution, node: NodeIndex) {
        let Some(view) = execution.node(node) else {
            return;
        };
        self.pixels.push(view.status, view.depth);
        if view.parent.is_none() {
            // A new run: the estimate reads the run under way.
            self.estimate = Wbe::default();
        }
        if matches!(
            view.status,
            Status::Failed | Status::Solved | Status::Skipped
        ) {
            self.estimate.leaf(view.depth);
        }
    }

    /// A frame could not be read.
    pub fn error(&mut self, error: DecodeError) {
        self.execution.decode_error(error);
    }

    /// The connection ended.
    pub fn closed(&mut self, end: Location, pending: usize, io_error: Option<String>) {
        self.execution.end(end, pending);
        self.connection = Connection::Closed(io_error);
    }

    /// Whether frames may still come.
    pub fn is_open(&self) -> bool {
        self.connection == Connection::Open
    }

    /// The solver's name for the execution (START's), else `connection N`.
    pub fn name(&self) -> String {
        self.execution
            .start_info()
            .and_then(|s| s.name.clone())
            .unwrap_or_else(|| format!("connection {}", self.id))
    }

    /// The overview.
    pub fn pixels(&self) -> &Pixels {
        &self.pixels
    }

    /// The estimated number of nodes of the run under way (Kilby et al.'s weighted backtrack
    /// estimator over the tree received, each failure, solution and skipped node a leaf) and
    /// the share of the run done; `None` before [`MIN_LEAVES`] leaves, and once the execution
    /// is done.
    pub fn estimate(&self) -> Option<(f64, f64)> {
        // An execution that has ended is counted, not estimated: its counters are exact.
        if self.estimate.leaves() < MIN_LEAVES || self.execution.is_done() {
            return None;
        }
        Some((self.estimate.nodes()?, self.estimate.weight()))
    }

    /// The node the viewer is on: the one chosen, else the newest.
    pub fn cursor(&self) -> Option<NodeIndex> {
        self.cursor.or_else(|| {
            let len = self.execution.len();
            (len > 0).then(|| NodeIndex(len as u32 - 1))
        })
    }

    /// Whether the cursor follows the newest node.
    pub fn follows(&self) -> bool {
        self.cursor.is_none()
    }

    /// Puts the cursor on a node (the view stops following).
    pub fn go(&mut self, node: Option<NodeIndex>) {
        if let Some(node) = node {
            self.cursor = Some(node);
        }
    }

    /// Follows the newest node again.
    pub fn follow(&mut self) {
        self.cursor = None;
    }
}
