//! CP-Profiler's protocol for dokuscope: what Gecode and Chuffed send about their search.
//!
//! The modules by role:
//! - the wire: [`message`] (what a frame says), [`decode`] (bytes as they arrive → messages,
//!   errors in [`error`] located by frame and byte), [`encode`](mod@encode) (messages → bytes, for tests and
//!   replays), [`info`] (START's and RESTART's JSON-ish info);
//! - the model: [`execution`] (one connection's messages → a search tree with counts, labels,
//!   nogoods and warnings);
//! - the board: [`label`] (a branching label → cell, relation and digit of a Sudoku model);
//! - the network: [`listen`](mod@listen) (a blocking TCP server, a thread per connection, messages to a
//!   channel) and [`record`] (raw bytes of a connection to a file and back);
//! - the saved search: [`saved`] (what a connection brought as lines of dokuscope's trace format,
//!   and back).
//!
//! No terminal, no async runtime: std, thiserror and `serde_json` (the saved search) only.

pub mod decode;
pub mod encode;
pub mod error;
pub mod execution;
pub mod info;
pub mod label;
pub mod listen;
pub mod message;
pub mod record;
pub mod saved;

pub use decode::{DEFAULT_MAX_FRAME, Decoded, Decoder};
pub use encode::{EncodeError, encode, encode_all};
pub use error::{DecodeError, FieldName, Location};
pub use execution::{Counts, Execution, NodeIndex, NodeView, Run, Warning, WarningKind};
pub use info::StartInfo;
pub use label::{Cell, CellPattern, Decision, FznCells, LabelReader, Literal, Relation};
pub use listen::{ConnectionId, DEFAULT_PORT, Event, ListenConfig, ListenError, Listener, listen};
pub use message::{Fields, Message, Node, NodeUid, PROTOCOL_VERSION, Status};
pub use record::{Replay, as_restarts, replay};
