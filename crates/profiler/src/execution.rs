//! One execution's search tree, assembled from its messages as they arrive.
//!
//! A node joins its parent by the parent's (nid, rid, tid); a node whose parent's nid is -1 is a
//! root and starts a run (the first search, then one per restart). The children of a node are
//! kept in the order of their alternatives. Each node takes 32 bytes plus 4 in the id index;
//! labels are interned, nogoods and infos stored end to end in one string each.
//!
//! Nothing here panics on what a solver sends: a node whose parent never came becomes the root
//! of a run of its own, a duplicate id is kept but not indexed, an early end of the connection
//! marks the execution incomplete, each with a [`Warning`] located at its frame.

mod counts;
mod index;
mod strings;
mod view;
mod warning;

pub use counts::Counts;
pub use view::NodeView;
pub use warning::{MAX_WARNINGS, Warning, WarningKind};

use crate::decode::{Decoded, Decoder};
use crate::error::{DecodeError, Location};
use crate::info::{StartInfo, restart_id};
use crate::message::{Message, Node, NodeUid, Status};
use index::UidIndex;
use strings::{Interner, NodeTexts};

/// "No node" in the links between slots.
const NONE: u32 = u32::MAX;

/// Flag: this node's id was a duplicate and is not indexed.
const DUPLICATE: u8 = 1;

/// A node of an execution, by its place in arrival order (0 for the first node received).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeIndex(pub u32);

/// A node as stored: 32 bytes.
#[derive(Clone, Copy, Debug)]
struct Slot {
    parent: u32,
    /// The child with the highest alternative; the others follow through `prev_sibling`.
    last_child: u32,
    prev_sibling: u32,
    label: u32,
    nid: i32,
    alternative: i32,
    depth: u32,
    /// Announced alternatives, saturated at 65 535.
    kids: u16,
    status: Status,
    flags: u8,
}

/// One search of an execution: the first, one per restart, or an orphan's subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The run's root.
    pub root: NodeIndex,
    /// The restart id of the root.
    pub restart_id: i32,
    /// Whether the root is a node whose parent never came.
    pub orphan: bool,
}

/// An execution: what one solver's connection sent.
#[derive(Debug, Default)]
pub struct Execution {
    slots: Vec<Slot>,
    /// `(first node, rid, tid)`: the ids' restart and thread from that node on.
    contexts: Vec<(u32, i32, i32)>,
    index: UidIndex,
    labels: Interner,
    nogoods: NodeTexts,
    infos: NodeTexts,
    runs: Vec<Run>,
    counts: Counts,
    restart_ids: Vec<i64>,
    warnings: Vec<Warning>,
    warnings_dropped: u64,
    start: Option<StartInfo>,
    done: bool,
    ended: bool,
}

impl Execution {
    /// An execution with nothing received yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Decodes a whole recorded stream and assembles it; the stream's errors become warnings.
    pub fn from_bytes(bytes: &[u8]) -> Self {
        let mut execution = Self::new();
        let mut decoder = Decoder::new();
        decoder.push(bytes);
        loop {
            match decoder.next_message() {
                Ok(Some(message)) => execution.apply(&message),
                Ok(None) => break,
                Err(error) if error.is_fatal() => {
                    execution.decode_error(error);
                    break;
                }
                Err(error) => execution.decode_error(error),
            }
        }
        let end = Location {
            frame: decoder.frames() + 1,
            offset: decoder.offset(),
        };
        execution.end(end, decoder.pending());
        execution
    }

    /// Takes one decoded message.
    pub fn apply(&mut self, decoded: &Decoded) {
        self.apply_message(&decoded.message, decoded.at);
    }

    /// Takes one message, from the frame at `at`.
    pub fn apply_message(&mut self, message: &Message, at: Location) {
        if self.done {
            self.warn(
                at,
                WarningKind::AfterDone {
                    kind: message.kind_name(),
                },
            );
        }
        match message {
            Message::Node(node) => self.add_node(node, at),
            Message::Done(_) => self.done = true,
            Message::Start(fields) => {
                let info = StartInfo::parse(fields.info.as_deref().unwrap_or(""), fields.version);
                if self.start.is_some() || !self.slots.is_empty() {
                    self.warn(at, WarningKind::LateStart);
                } else {
                    self.start = Some(info);
                }
            }
            Message::Restart(fields) => {
                self.counts.restarts += 1;
                self.restart_ids
                    .push(fields.info.as_deref().and_then(restart_id).unwrap_or(-1));
            }
        }
    }

    /// Keeps a decoding error as a warning.
    pub fn decode_error(&mut self, error: DecodeError) {
        self.warn(error.location(), WarningKind::Decode(error));
    }

    /// The connection ended at `at` with `pending` bytes of a frame cut short; without a DONE
    /// the execution is marked incomplete.
    pub fn end(&mut self, at: Location, pending: usize) {
        self.ended = true;
        if !self.done {
            self.warn(
                at,
                WarningKind::Incomplete {
                    nodes: self.counts.nodes,
                    pending,
                },
            );
        }
    }

    fn warn(&mut self, at: Location, kind: WarningKind) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(Warning { at, kind });
        } else {
            self.warnings_dropped += 1;
        }
    }

    fn add_node(&mut self, node: &Node, at: Location) {
        let Ok(index) = u32::try_from(self.slots.len()) else {
            self.warn(at, WarningKind::TooManyNodes);
            return;
        };
        if index == NONE {
            self.warn(at, WarningKind::TooManyNodes);
            return;
        }
        let (parent, orphan) = self.find_parent(node, at);
        let depth = if parent == NONE {
            0
        } else {
            self.slots[parent as usize].depth.saturating_add(1)
        };
        let kids = u16::try_from(node.kids.max(0)).unwrap_or(u16::MAX);
        self.slots.push(Slot {
            parent,
            last_child: NONE,
            prev_sibling: NONE,
            label: self
                .labels
                .intern(node.fields.label.as_deref().unwrap_or("")),
            nid: node.uid.nid,
            alternative: node.alternative,
            depth,
            kids,
            status: node.status,
            flags: 0,
        });
        if self
            .contexts
            .last()
            .is_none_or(|&(_, r, t)| (r, t) != (node.uid.rid, node.uid.tid))
        {
            self.contexts.push((index, node.uid.rid, node.uid.tid));
        }
        if node.uid.nid >= 0 && !self.index.insert(node.uid, index) {
            self.slots[index as usize].flags |= DUPLICATE;
            self.warn(at, WarningKind::DuplicateNode { uid: node.uid });
        }
        if parent == NONE {
            self.runs.push(Run {
                root: NodeIndex(index),
                restart_id: node.uid.rid,
                orphan,
            });
            self.counts.runs += 1;
        } else if self.attach(parent, index) {
            self.counts.open = self.counts.open.saturating_sub(1);
        }
        self.counts.add(node.status, depth, u32::from(kids));
        if let Some(nogood) = node.fields.nogood.as_deref().filter(|s| !s.is_empty()) {
            self.nogoods.push(index, nogood);
            self.counts.nogoods += 1;
        }
        if let Some(info) = &node.fields.info {
            self.infos.push(index, info);
        }
    }

    /// The parent's slot (`NONE` for a root) and whether the node is an orphan.
    ///
    /// Chuffed names the parent of a skipped node with restart id 0 whatever the restart
    /// (`engine.cpp`, `REWIND_SEND_SKIPPED`), so a parent not found under its own restart id is
    /// looked for under the node's.
    fn find_parent(&mut self, node: &Node, at: Location) -> (u32, bool) {
        if node.parent.nid < 0 {
            return (NONE, false);
        }
        let found = self.index.get(node.parent).or_else(|| {
            (node.parent.rid != node.uid.rid)
                .then(|| {
                    self.index.get(NodeUid {
                        rid: node.uid.rid,
                        ..node.parent
                    })
                })
                .flatten()
        });
        if let Some(parent) = found {
            return (parent, false);
        }
        let kind = WarningKind::OrphanNode {
            uid: node.uid,
            parent: node.parent,
        };
        self.warn(at, kind);
        (NONE, true)
    }

    /// Links `child` under `parent` in the order of alternatives (equal ones in arrival order);
    /// true if it is the first node to arrive for one of the alternatives the parent announced.
    fn attach(&mut self, parent: u32, child: u32) -> bool {
        let alternative = self.slots[child as usize].alternative;
        let p = self.slots[parent as usize];
        let announced =
            p.status == Status::Branch && alternative >= 0 && alternative < i32::from(p.kids);
        let alt_of = |slots: &[Slot], i: u32| slots[i as usize].alternative;
        // Walk from the highest alternative down to the first one not above the new child's.
        let mut after = NONE;
        let mut before = p.last_child;
        while before != NONE && alt_of(&self.slots, before) > alternative {
            after = before;
            before = self.slots[before as usize].prev_sibling;
        }
        let first_of_its_alternative = before == NONE || alt_of(&self.slots, before) != alternative;
        self.slots[child as usize].prev_sibling = before;
        if after == NONE {
            self.slots[parent as usize].last_child = child;
        } else {
            self.slots[after as usize].prev_sibling = child;
        }
        announced && first_of_its_alternative
    }
}

#[cfg(test)]
mod tests;
