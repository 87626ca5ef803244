//! The encoder: messages to the bytes Gecode and Chuffed would send (for tests and replays).

use crate::error::FieldName;
use crate::message::{Fields, Message};

/// A message too big for the protocol's 32-bit lengths.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// A string longer than `i32::MAX` bytes, or a frame longer than `u32::MAX`.
    #[error("{field} is {length} bytes, more than the protocol's 32-bit lengths hold")]
    TooLong {
        /// The field.
        field: FieldName,
        /// Its length.
        length: usize,
    },
}

/// Appends `message` to `out` as one frame: a little-endian 32-bit length, then the body with
/// the fields in the order the C++ senders write them (VERSION, LABEL, NOGOOD, INFO).
pub fn encode(message: &Message, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    let frame_start = out.len();
    out.extend_from_slice(&[0; 4]);
    out.push(message.type_byte());
    if let Message::Node(node) = message {
        for integer in [
            node.uid.nid,
            node.uid.rid,
            node.uid.tid,
            node.parent.nid,
            node.parent.rid,
            node.parent.tid,
            node.alternative,
            node.kids,
        ] {
            out.extend_from_slice(&integer.to_be_bytes());
        }
        out.push(node.status.byte());
    }
    let written = encode_fields(message.fields(), out);
    let length = out.len() - frame_start - 4;
    let result = written.and_then(|()| {
        u32::try_from(length).map_err(|_| EncodeError::TooLong {
            field: FieldName::Info,
            length,
        })
    });
    match result {
        Ok(length) => {
            out[frame_start..frame_start + 4].copy_from_slice(&length.to_le_bytes());
            Ok(())
        }
        Err(error) => {
            out.truncate(frame_start);
            Err(error)
        }
    }
}

/// Encodes messages into one byte stream, as a solver's connection would carry them.
pub fn encode_all<'a>(
    messages: impl IntoIterator<Item = &'a Message>,
) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    for message in messages {
        encode(message, &mut out)?;
    }
    Ok(out)
}

fn encode_fields(fields: &Fields, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    if let Some(version) = fields.version {
        out.push(FieldName::Version.tag());
        out.extend_from_slice(&version.to_be_bytes());
    }
    for (field, text) in [
        (FieldName::Label, &fields.label),
        (FieldName::Nogood, &fields.nogood),
        (FieldName::Info, &fields.info),
    ] {
        if let Some(text) = text {
            let length = i32::try_from(text.len()).map_err(|_| EncodeError::TooLong {
                field,
                length: text.len(),
            })?;
            out.push(field.tag());
            out.extend_from_slice(&length.to_be_bytes());
            out.extend_from_slice(text.as_bytes());
        }
    }
    Ok(())
}
