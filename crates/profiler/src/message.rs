//! The messages of CP-Profiler's protocol, as the solvers send them (see `decode.rs` for the bytes).

use std::fmt;

/// The protocol version that Gecode 6.2 and Chuffed put in their START message.
pub const PROTOCOL_VERSION: i32 = 3;

/// A node's identity as the solver names it: node number, restart id and thread id.
///
/// Gecode numbers nodes per search engine and sends `-1` for the node number of a skipped node;
/// Chuffed numbers nodes across restarts and always sends thread 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeUid {
    /// The node number (`nid`); `-1` for "none" (a root's parent, Gecode's skipped nodes).
    pub nid: i32,
    /// The restart the node belongs to (`rid`).
    pub rid: i32,
    /// The thread (Gecode's worker) that explored it (`tid`).
    pub tid: i32,
}

impl fmt::Display for NodeUid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.nid, self.rid, self.tid)
    }
}

/// What became of a node (the protocol's `NodeStatus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A solution (byte 0).
    Solved,
    /// A failure: propagation wiped out a domain (byte 1).
    Failed,
    /// A choice: the node has `kids` alternatives (byte 2).
    Branch,
    /// An alternative skipped by backjumping (byte 3).
    Skipped,
}

impl Status {
    /// The status of a wire byte, if it is one.
    pub fn from_byte(byte: u8) -> Option<Self> {
        match byte {
            0 => Some(Self::Solved),
            1 => Some(Self::Failed),
            2 => Some(Self::Branch),
            3 => Some(Self::Skipped),
            _ => None,
        }
    }

    /// The wire byte of this status.
    pub fn byte(self) -> u8 {
        match self {
            Self::Solved => 0,
            Self::Failed => 1,
            Self::Branch => 2,
            Self::Skipped => 3,
        }
    }
}

/// The optional fields any message may carry. The solvers put a label, a nogood and an info on
/// nodes, a version and an info on START, an info on RESTART; the decoder accepts any of them on
/// any message, as CP-Profiler's own reader does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    /// The decision on the edge from the parent to this node (`x[55] = 8`), tag 0.
    pub label: Option<String>,
    /// The nogood learned at this failure, as text (Chuffed: space-separated literals), tag 1.
    pub nogood: Option<String>,
    /// Free text, JSON by convention (START's name, RESTART's id, Chuffed's domains), tag 2.
    pub info: Option<String>,
    /// The protocol version (START carries 3), tag 3.
    pub version: Option<i32>,
}

/// A NODE message: one node of the search tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// This node's identity.
    pub uid: NodeUid,
    /// Its parent's identity; `nid == -1` for a root.
    pub parent: NodeUid,
    /// Which of the parent's alternatives led here (0 first). Chuffed sends -1 for its root,
    /// Gecode the restart number.
    pub alternative: i32,
    /// How many alternatives this node has (Chuffed: always 2 on a branch; 0 elsewhere).
    pub kids: i32,
    /// Solution, failure, choice or skipped.
    pub status: Status,
    /// Label, nogood, info.
    pub fields: Fields,
}

/// One message of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A node of the tree (type byte 0).
    Node(Node),
    /// The search is over (type byte 1); the solvers send no field with it.
    Done(Fields),
    /// A new execution begins (type byte 2): `version` 3 and an `info` such as
    /// `{"has_restarts": true\n,"name": "sudoku.fzn"\n,"execution_id": 1}`.
    Start(Fields),
    /// A restart begins (type byte 3): an `info` such as `{"restart_id": 4\n}`.
    Restart(Fields),
}

impl Message {
    /// The wire type byte of this message.
    pub fn type_byte(&self) -> u8 {
        match self {
            Self::Node(_) => 0,
            Self::Done(_) => 1,
            Self::Start(_) => 2,
            Self::Restart(_) => 3,
        }
    }

    /// The optional fields of this message.
    pub fn fields(&self) -> &Fields {
        match self {
            Self::Node(node) => &node.fields,
            Self::Done(fields) | Self::Start(fields) | Self::Restart(fields) => fields,
        }
    }

    /// A short name for messages and errors: `NODE`, `DONE`, `START`, `RESTART`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Self::Node(_) => "NODE",
            Self::Done(_) => "DONE",
            Self::Start(_) => "START",
            Self::Restart(_) => "RESTART",
        }
    }
}
