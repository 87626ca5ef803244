//! A received execution saved as a stream of dokuscope's trace format (`"search":"profiler"`):
//! a start object, then one line for each thing the connection brought (a message, a frame
//! lost, its end), so that reading the lines back gives the same [`Execution`].
//!
//! ```json
//! {"type":"start","version":1,"search":"profiler","connection":1,"peer":"127.0.0.1:40022"}
//! {"type":"begin","protocol":3,"info":"{\"has_restarts\": false, \"name\": \"gecode-sudoku-size\"}"}
//! {"type":"node","id":[0,0,0],"parent":[-1,0,-1],"alt":0,"kids":2,"status":"branch"}
//! {"type":"node","id":[1,0,0],"parent":[0,0,0],"alt":0,"kids":0,"status":"failed","label":"var[54] = 8"}
//! {"type":"restart","info":"{\"restart_id\": 1}"}
//! {"type":"done"}
//! {"type":"closed","frame":2643,"byte":143989}
//! ```
//!
//! docs/trace-format.md describes the lines ("Received searches").

mod read;

pub use read::{SavedError, SavedReader, SavedStart, is_saved_start};

use std::fmt::Write as _;

use crate::error::{DecodeError, Location};
use crate::message::{Fields, Message, NodeUid, Status};

/// The start object's `search` value that marks a received search.
pub const SEARCH: &str = "profiler";

/// A status's name in the saved stream (the protocol's names).
pub fn status_name(status: Status) -> &'static str {
    match status {
        Status::Solved => "solved",
        Status::Failed => "failed",
        Status::Branch => "branch",
        Status::Skipped => "skipped",
    }
}

/// The status a saved name stands for.
pub fn status_of(name: &str) -> Option<Status> {
    match name {
        "solved" => Some(Status::Solved),
        "failed" => Some(Status::Failed),
        "branch" => Some(Status::Branch),
        "skipped" => Some(Status::Skipped),
        _ => None,
    }
}

/// Appends the start object's line: the connection's number and peer, and the puzzle the user
/// gave (`--puzzle`), if any.
pub fn push_start(
    out: &mut String,
    connection: Option<u64>,
    peer: Option<&str>,
    puzzle: Option<&str>,
) {
    out.push_str("{\"type\":\"start\",\"version\":1,\"search\":\"profiler\"");
    if let Some(puzzle) = puzzle {
        out.push_str(",\"puzzle\":");
        push_json_str(out, puzzle);
    }
    if let Some(id) = connection {
        let _ = write!(out, ",\"connection\":{id}");
    }
    if let Some(peer) = peer {
        out.push_str(",\"peer\":");
        push_json_str(out, peer);
    }
    out.push_str("}\n");
}

/// Appends one message's line.
pub fn push_message(out: &mut String, message: &Message) {
    match message {
        Message::Node(node) => {
            out.push_str("{\"type\":\"node\",\"id\":");
            push_uid(out, node.uid);
            out.push_str(",\"parent\":");
            push_uid(out, node.parent);
            let _ = write!(
                out,
                ",\"alt\":{},\"kids\":{},\"status\":\"{}\"",
                node.alternative,
                node.kids,
                status_name(node.status)
            );
            push_fields(out, &node.fields);
        }
        Message::Start(fields) => {
            out.push_str("{\"type\":\"begin\"");
            push_fields(out, fields);
        }
        Message::Restart(fields) => {
            out.push_str("{\"type\":\"restart\"");
            push_fields(out, fields);
        }
        Message::Done(fields) => {
            out.push_str("{\"type\":\"done\"");
            push_fields(out, fields);
        }
    }
    out.push_str("}\n");
}

/// Appends the line of a frame the decoder refused (it is lost; the line says where and why).
pub fn push_lost(out: &mut String, error: &DecodeError) {
    let at = error.location();
    let _ = write!(
        out,
        "{{\"type\":\"lost\",\"frame\":{},\"byte\":{},\"error\":",
        at.frame, at.offset
    );
    push_json_str(out, &error.to_string());
    out.push_str("}\n");
}

/// Appends the line of the connection's end: where the stream ended, the bytes of a last frame
/// cut short, the read error that ended it.
pub fn push_closed(out: &mut String, end: Location, pending: usize, io_error: Option<&str>) {
    let _ = write!(
        out,
        "{{\"type\":\"closed\",\"frame\":{},\"byte\":{}",
        end.frame, end.offset
    );
    if pending > 0 {
        let _ = write!(out, ",\"pending\":{pending}");
    }
    if let Some(error) = io_error {
        out.push_str(",\"error\":");
        push_json_str(out, error);
    }
    out.push_str("}\n");
}

fn push_uid(out: &mut String, uid: NodeUid) {
    let _ = write!(out, "[{},{},{}]", uid.nid, uid.rid, uid.tid);
}

fn push_fields(out: &mut String, fields: &Fields) {
    if let Some(version) = fields.version {
        let _ = write!(out, ",\"protocol\":{version}");
    }
    for (key, value) in [
        ("label", &fields.label),
        ("nogood", &fields.nogood),
        ("info", &fields.info),
    ] {
        if let Some(value) = value {
            let _ = write!(out, ",\"{key}\":");
            push_json_str(out, value);
        }
    }
}

/// A JSON string: quotes, backslashes and control characters escaped, the rest as it is.
fn push_json_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests;
