//! What was wrong with an execution's messages: kept as warnings, the rest of the tree unharmed.

use std::fmt;

use crate::error::{DecodeError, Location};
use crate::message::NodeUid;

/// How many warnings an execution keeps; past that it only counts them.
pub const MAX_WARNINGS: usize = 1000;

/// One problem in an execution, at the frame that showed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The frame (or, for [`WarningKind::Incomplete`], the end of the stream).
    pub at: Location,
    /// What was wrong.
    pub kind: WarningKind,
}

/// The kinds of [`Warning`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarningKind {
    /// A frame the decoder could not read; the frame is lost.
    Decode(DecodeError),
    /// A node whose parent never came: kept as the root of a run of its own.
    OrphanNode {
        /// The node.
        uid: NodeUid,
        /// The parent it names.
        parent: NodeUid,
    },
    /// A second node with an id already seen: kept in the tree under its parent, but its id
    /// still names the first (children that name it go under the first).
    DuplicateNode {
        /// The id.
        uid: NodeUid,
    },
    /// A message after DONE: kept (a solver may send a last node late), but said.
    AfterDone {
        /// `NODE`, `START`, ...
        kind: &'static str,
    },
    /// A START after nodes or after another START: its info is not kept.
    LateStart,
    /// A node past the 4 294 967 294th: not stored.
    TooManyNodes,
    /// The connection ended before DONE: what arrived stays, marked incomplete.
    Incomplete {
        /// Nodes received.
        nodes: u64,
        /// Bytes of a frame cut short at the end, if any.
        pending: usize,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            WarningKind::Decode(error) => write!(f, "{error}"),
            WarningKind::OrphanNode { uid, parent } => {
                write!(
                    f,
                    "{}: node {uid} names parent {parent}, which never came; kept as a root",
                    self.at
                )
            }
            WarningKind::DuplicateNode { uid } => {
                write!(
                    f,
                    "{}: node {uid} came a second time; its children go under the first",
                    self.at
                )
            }
            WarningKind::LateStart => write!(
                f,
                "{}: a START after the execution began; its info is ignored",
                self.at
            ),
            WarningKind::TooManyNodes => write!(
                f,
                "{}: more nodes than an execution holds; this one is dropped",
                self.at
            ),
            WarningKind::AfterDone { kind } => {
                write!(f, "{}: a {kind} message after DONE", self.at)
            }
            WarningKind::Incomplete { nodes, pending } => {
                write!(
                    f,
                    "{}: the connection ended before DONE ({nodes} nodes kept",
                    self.at
                )?;
                if *pending > 0 {
                    write!(f, ", a last frame cut after {pending} bytes")?;
                }
                write!(f, "); the tree is incomplete")
            }
        }
    }
}
