//! What can be wrong in a byte stream, each error located by frame number and byte offset.

use std::fmt;

/// Where in a connection's byte stream something is: the frame's number (1 for the first
/// frame) and the byte offset from the start of the stream (0 for the first byte).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The frame's number, counting from 1; 0 before any frame (a connection-level event).
    pub frame: u64,
    /// The byte's offset in the stream, counting from 0.
    pub offset: u64,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "frame {}, byte {}", self.frame, self.offset)
    }
}

/// The optional fields of a message, by their wire tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldName {
    /// Tag 0.
    Label,
    /// Tag 1.
    Nogood,
    /// Tag 2.
    Info,
    /// Tag 3.
    Version,
}

impl FieldName {
    /// The field of a wire tag, if it is one.
    pub fn from_tag(tag: u8) -> Option<Self> {
        match tag {
            0 => Some(Self::Label),
            1 => Some(Self::Nogood),
            2 => Some(Self::Info),
            3 => Some(Self::Version),
            _ => None,
        }
    }

    /// The wire tag of this field.
    pub fn tag(self) -> u8 {
        match self {
            Self::Label => 0,
            Self::Nogood => 1,
            Self::Info => 2,
            Self::Version => 3,
        }
    }
}

impl fmt::Display for FieldName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Label => "LABEL",
            Self::Nogood => "NOGOOD",
            Self::Info => "INFO",
            Self::Version => "VERSION",
        })
    }
}

/// A stream that is not CP-Profiler's protocol as Gecode and Chuffed write it.
///
/// Errors inside a frame whose length was read (all but [`Truncated`](Self::Truncated) and
/// [`FrameTooLong`](Self::FrameTooLong)) cost that frame only: the decoder goes on with the next.
/// The other two leave no way to find the next frame, so they end the stream
/// ([`is_fatal`](Self::is_fatal)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The stream ended inside a frame (or inside a frame's 4-byte length).
    #[error("{at}: the stream ends inside a frame ({have} of its {need} bytes arrived)")]
    Truncated {
        /// The frame's start.
        at: Location,
        /// Bytes of the frame (length prefix included) that arrived.
        have: u64,
        /// Bytes the frame needs (length prefix included; 4 when the prefix itself is cut).
        need: u64,
    },
    /// A frame's length is over the decoder's limit: the bytes are not this protocol (ASCII text
    /// reads as a length of hundreds of MB), or a sender wrote its length big-endian.
    #[error(
        "{at}: a frame of {length} bytes is over the limit of {limit} (not CP-Profiler's protocol?)"
    )]
    FrameTooLong {
        /// The frame's length prefix.
        at: Location,
        /// The length it says.
        length: u32,
        /// The decoder's limit.
        limit: u32,
    },
    /// A frame of length 0: no type byte.
    #[error("{at}: an empty frame (no message type)")]
    EmptyFrame {
        /// The frame's length prefix.
        at: Location,
    },
    /// A type byte other than NODE 0, DONE 1, START 2, RESTART 3.
    #[error("{at}: unknown message type {byte} (NODE 0, DONE 1, START 2, RESTART 3)")]
    UnknownType {
        /// The type byte.
        at: Location,
        /// Its value.
        byte: u8,
    },
    /// A NODE frame too short for its eight integers and status byte.
    #[error("{at}: a NODE frame of {length} bytes is shorter than a node's 34")]
    ShortNode {
        /// The type byte.
        at: Location,
        /// The frame's length.
        length: u32,
    },
    /// A status byte other than SOLVED 0, FAILED 1, BRANCH 2, SKIPPED 3.
    #[error("{at}: unknown node status {byte} (SOLVED 0, FAILED 1, BRANCH 2, SKIPPED 3)")]
    UnknownStatus {
        /// The status byte.
        at: Location,
        /// Its value.
        byte: u8,
    },
    /// A field tag other than LABEL 0, NOGOOD 1, INFO 2, VERSION 3.
    #[error("{at}: unknown field tag {byte} (LABEL 0, NOGOOD 1, INFO 2, VERSION 3)")]
    UnknownTag {
        /// The tag byte.
        at: Location,
        /// Its value.
        byte: u8,
    },
    /// The last bytes of a frame do not make a whole field: a field's value (or a string's
    /// length) runs past the frame's end.
    #[error("{at}: {field} needs {need} bytes but the frame has {left} left")]
    TrailingBytes {
        /// The field's tag byte.
        at: Location,
        /// The field.
        field: FieldName,
        /// Bytes the field's value needs.
        need: u64,
        /// Bytes left in the frame after the tag.
        left: u64,
    },
    /// A string field whose 32-bit length is negative.
    #[error("{at}: {field} says its length is {length}")]
    NegativeLength {
        /// The length's first byte.
        at: Location,
        /// The field.
        field: FieldName,
        /// The length read.
        length: i32,
    },
    /// A string field that is not UTF-8.
    #[error("{at}: {field} is not UTF-8")]
    BadUtf8 {
        /// The first byte that is not UTF-8.
        at: Location,
        /// The field.
        field: FieldName,
    },
    /// A field given twice in one frame (the solvers never do; CP-Profiler would keep the last).
    #[error("{at}: {field} appears twice in one frame")]
    DuplicateField {
        /// The second tag byte.
        at: Location,
        /// The field.
        field: FieldName,
    },
}

impl DecodeError {
    /// Where the error is.
    pub fn location(&self) -> Location {
        match self {
            Self::Truncated { at, .. }
            | Self::FrameTooLong { at, .. }
            | Self::EmptyFrame { at }
            | Self::UnknownType { at, .. }
            | Self::ShortNode { at, .. }
            | Self::UnknownStatus { at, .. }
            | Self::UnknownTag { at, .. }
            | Self::TrailingBytes { at, .. }
            | Self::NegativeLength { at, .. }
            | Self::BadUtf8 { at, .. }
            | Self::DuplicateField { at, .. } => *at,
        }
    }

    /// Whether the stream cannot be read past this error (the frames' boundaries are lost).
    pub fn is_fatal(&self) -> bool {
        matches!(self, Self::Truncated { .. } | Self::FrameTooLong { .. })
    }
}
