//! The incremental decoder: bytes in, as they arrive and split anywhere; messages out.
//!
//! The wire format, read from Chuffed's `thirdparty/cp-profiler-integration/message.hpp` and
//! `connector.hpp` and Debian's Gecode 6.2 copy of them (`gecode/search/cpprofiler/`; the two
//! marshal the same bytes):
//!
//! ```text
//! frame   = length:u32 (the sender's byte order: `sendRawMsg` writes a uint32_t from memory;
//!           little-endian on x86 and ARM, the only order read here) body[length]
//! body    = type:u8 [node] field*
//! node    = nid rid tid pnid prid ptid alt kids : i32 big-endian each, status:u8
//!           (only when type is NODE 0)
//! field   = tag:u8 value
//!           LABEL 0, NOGOOD 1, INFO 2 : len:i32 big-endian, then len bytes (a string)
//!           VERSION 3                 : i32 big-endian
//! ```
//!
//! Where the C++ differs from the one-paragraph summary of issue 47: the integers are *signed*
//! (`int32_t`; Chuffed's root has alternative -1, Gecode's skipped nodes node number -1); a
//! string's length is a big-endian `int32_t` like the other integers (only the frame length is in
//! the sender's order); START carries no node fields, only VERSION (3) then INFO; RESTART carries
//! only INFO (`{"restart_id": N\n}`); DONE carries nothing. The senders write fields in the order
//! VERSION, LABEL, NOGOOD, INFO; the C++ reader takes any order and so does this one. The C++
//! reader skips an unknown tag and reads past a frame's end on a bad length; this decoder
//! reports both (`DecodeError`) and goes on with the next frame.

use crate::error::{DecodeError, FieldName, Location};
use crate::message::{Fields, Message, Node, NodeUid, Status};

/// The default limit on a frame's length: 16 MiB.
///
/// The biggest frames the solvers send are Chuffed's solution nodes, whose INFO lists every
/// variable's domain (about 20 bytes a variable: a model of half a million variables); a node
/// with a label is about 50 bytes. A stream that is not this protocol (HTTP, text) reads as a
/// length of hundreds of MB, which the limit turns into an error at once instead of a wait for
/// bytes that never come and a buffer that grows with them.
pub const DEFAULT_MAX_FRAME: u32 = 16 << 20;

/// Bytes of a NODE frame before its fields: type, eight integers, status.
pub const NODE_FIXED_BYTES: usize = 1 + 8 * 4 + 1;

/// A message and the location of its frame's first byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// Where the frame starts.
    pub at: Location,
    /// What it says.
    pub message: Message,
}

/// Reads messages out of a byte stream given in pieces of any size.
///
/// ```
/// use dokuscope_profiler::{Decoder, Message};
/// let mut decoder = Decoder::new();
/// decoder.push(&[1, 0, 0, 0]); // a frame of 1 byte...
/// assert!(decoder.next_message().unwrap().is_none());
/// decoder.push(&[1]); // ...whose type is DONE
/// let decoded = decoder.next_message().unwrap().unwrap();
/// assert!(matches!(decoded.message, Message::Done(_)));
/// assert!(decoder.finish().is_ok());
/// ```
#[derive(Debug)]
pub struct Decoder {
    buf: Vec<u8>,
    /// The first byte of `buf` not yet read.
    start: usize,
    /// The stream offset of `buf[start]`.
    offset: u64,
    /// Frames read so far, good or bad.
    frames: u64,
    max_frame: u32,
    fatal: Option<DecodeError>,
}

impl Default for Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl Decoder {
    /// A decoder at the start of a stream, with the default frame limit.
    pub fn new() -> Self {
        Self::with_max_frame(DEFAULT_MAX_FRAME)
    }

    /// A decoder that refuses frames longer than `max_frame` bytes.
    pub fn with_max_frame(max_frame: u32) -> Self {
        Self {
            buf: Vec::new(),
            start: 0,
            offset: 0,
            frames: 0,
            max_frame,
            fatal: None,
        }
    }

    /// Hands the decoder the next bytes of the stream.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.fatal.is_some() {
            return;
        }
        if self.start == self.buf.len() {
            self.buf.clear();
            self.start = 0;
        } else if self.start >= 1 << 16 && self.start * 2 >= self.buf.len() {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// The next whole message, `Ok(None)` until more bytes arrive.
    ///
    /// After an error that is not fatal the decoder has passed the bad frame, and the next call
    /// reads the frame after it; after a fatal one every call returns that error again.
    pub fn next_message(&mut self) -> Result<Option<Decoded>, DecodeError> {
        if let Some(error) = &self.fatal {
            return Err(error.clone());
        }
        let available = &self.buf[self.start..];
        let Some(prefix) = available.first_chunk::<4>() else {
            return Ok(None);
        };
        let length = u32::from_le_bytes(*prefix);
        let at = Location {
            frame: self.frames + 1,
            offset: self.offset,
        };
        if length > self.max_frame {
            let error = DecodeError::FrameTooLong {
                at,
                length,
                limit: self.max_frame,
            };
            self.fatal = Some(error.clone());
            return Err(error);
        }
        let total = 4 + length as usize;
        if available.len() < total {
            return Ok(None);
        }
        let body_start = self.start + 4;
        self.start += total;
        self.offset += total as u64;
        self.frames += 1;
        let body = &self.buf[body_start..body_start + length as usize];
        let mut cursor = Cursor {
            bytes: body,
            pos: 0,
            base: at.offset + 4,
            frame: at.frame,
        };
        let message = cursor.message()?;
        Ok(Some(Decoded { at, message }))
    }

    /// Says whether the stream ended cleanly: `Err(Truncated)` when it stopped inside a frame,
    /// or the fatal error that stopped the decoder.
    pub fn finish(&self) -> Result<(), DecodeError> {
        if let Some(error) = &self.fatal {
            return Err(error.clone());
        }
        let have = (self.buf.len() - self.start) as u64;
        if have == 0 {
            return Ok(());
        }
        let need = match self.buf[self.start..].first_chunk::<4>() {
            Some(prefix) => 4 + u64::from(u32::from_le_bytes(*prefix)),
            None => 4,
        };
        let at = Location {
            frame: self.frames + 1,
            offset: self.offset,
        };
        Err(DecodeError::Truncated { at, have, need })
    }

    /// Bytes of the stream read into whole frames so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Frames read so far, good or bad.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Bytes received but not yet part of a whole frame.
    pub fn pending(&self) -> usize {
        self.buf.len() - self.start
    }
}

/// Reads one frame's body.
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// The stream offset of `bytes[0]`.
    base: u64,
    frame: u64,
}

impl Cursor<'_> {
    fn at(&self, pos: usize) -> Location {
        Location {
            frame: self.frame,
            offset: self.base + pos as u64,
        }
    }

    fn left(&self) -> usize {
        self.bytes.len() - self.pos
    }

    fn byte(&mut self) -> u8 {
        let byte = self.bytes[self.pos];
        self.pos += 1;
        byte
    }

    /// A big-endian integer; the caller has checked that 4 bytes are left.
    fn int(&mut self) -> i32 {
        let mut word = [0; 4];
        word.copy_from_slice(&self.bytes[self.pos..self.pos + 4]);
        self.pos += 4;
        i32::from_be_bytes(word)
    }

    fn message(&mut self) -> Result<Message, DecodeError> {
        let Some(&type_byte) = self.bytes.first() else {
            return Err(DecodeError::EmptyFrame {
                at: self.at(0).with_offset_back(4),
            });
        };
        self.pos = 1;
        match type_byte {
            0 => self.node().map(Message::Node),
            1 => self.fields().map(Message::Done),
            2 => self.fields().map(Message::Start),
            3 => self.fields().map(Message::Restart),
            byte => Err(DecodeError::UnknownType {
                at: self.at(0),
                byte,
            }),
        }
    }

    fn node(&mut self) -> Result<Node, DecodeError> {
        if self.bytes.len() < NODE_FIXED_BYTES {
            return Err(DecodeError::ShortNode {
                at: self.at(0),
                length: self.bytes.len() as u32,
            });
        }
        let uid = NodeUid {
            nid: self.int(),
            rid: self.int(),
            tid: self.int(),
        };
        let parent = NodeUid {
            nid: self.int(),
            rid: self.int(),
            tid: self.int(),
        };
        let alternative = self.int();
        let kids = self.int();
        let status_at = self.pos;
        let status = Status::from_byte(self.byte()).ok_or(DecodeError::UnknownStatus {
            at: self.at(status_at),
            byte: self.bytes[status_at],
        })?;
        let fields = self.fields()?;
        Ok(Node {
            uid,
            parent,
            alternative,
            kids,
            status,
            fields,
        })
    }

    fn fields(&mut self) -> Result<Fields, DecodeError> {
        let mut fields = Fields::default();
        while self.left() > 0 {
            let tag_at = self.pos;
            let tag = self.byte();
            let field = FieldName::from_tag(tag).ok_or(DecodeError::UnknownTag {
                at: self.at(tag_at),
                byte: tag,
            })?;
            if self.left() < 4 {
                let left = self.left() as u64;
                return Err(DecodeError::TrailingBytes {
                    at: self.at(tag_at),
                    field,
                    need: 4,
                    left,
                });
            }
            let duplicate = match field {
                FieldName::Version => {
                    let version = self.int();
                    fields.version.replace(version).is_some()
                }
                FieldName::Label => self
                    .string(tag_at, field)
                    .map(|s| fields.label.replace(s).is_some())?,
                FieldName::Nogood => self
                    .string(tag_at, field)
                    .map(|s| fields.nogood.replace(s).is_some())?,
                FieldName::Info => self
                    .string(tag_at, field)
                    .map(|s| fields.info.replace(s).is_some())?,
            };
            if duplicate {
                return Err(DecodeError::DuplicateField {
                    at: self.at(tag_at),
                    field,
                });
            }
        }
        Ok(fields)
    }

    /// A string's length and bytes, after its tag at `tag_at`.
    fn string(&mut self, tag_at: usize, field: FieldName) -> Result<String, DecodeError> {
        let length_at = self.pos;
        let length = self.int();
        let Ok(length) = usize::try_from(length) else {
            return Err(DecodeError::NegativeLength {
                at: self.at(length_at),
                field,
                length,
            });
        };
        if self.left() < length {
            let (need, left) = (4 + length as u64, 4 + self.left() as u64);
            return Err(DecodeError::TrailingBytes {
                at: self.at(tag_at),
                field,
                need,
                left,
            });
        }
        let bytes = &self.bytes[self.pos..self.pos + length];
        let text = std::str::from_utf8(bytes).map_err(|error| DecodeError::BadUtf8 {
            at: self.at(self.pos + error.valid_up_to()),
            field,
        })?;
        self.pos += length;
        Ok(text.to_owned())
    }
}

impl Location {
    /// The same frame, `back` bytes earlier (the length prefix of an empty frame).
    fn with_offset_back(self, back: u64) -> Self {
        Self {
            offset: self.offset.saturating_sub(back),
            ..self
        }
    }
}
