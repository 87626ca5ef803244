//! Reading a saved received search back, line by line, into the [`Execution`] it was: strict
//! about what it knows (a line that is not JSON, an unknown type, a field of the wrong kind is
//! an error at its line), tolerant of fields it does not know.

use std::fmt;

use serde_json::{Map, Value};

use super::{SEARCH, status_of};
use crate::error::Location;
use crate::execution::Execution;
use crate::message::{Fields, Message, Node, NodeUid};

/// What a saved stream's start object says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedStart {
    /// The puzzle the user gave when the search was received.
    pub puzzle: Option<String>,
    /// The connection's number in its `listen` session.
    pub connection: Option<u64>,
    /// The solver's address.
    pub peer: Option<String>,
}

/// A line that could not be read, or that says something went wrong when it was received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedError {
    /// The line, from 1.
    pub line: u64,
    /// One sentence.
    pub message: String,
}

impl fmt::Display for SavedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.message)
    }
}

/// Whether a first line is the start object of a saved received search.
pub fn is_saved_start(line: &str) -> bool {
    let line = line.trim_start_matches('\u{feff}');
    serde_json::from_str::<Value>(line).is_ok_and(|v| {
        v.get("type").and_then(Value::as_str) == Some("start")
            && v.get("search").and_then(Value::as_str) == Some(SEARCH)
    })
}

/// Reads a saved stream's lines in order into its execution.
#[derive(Debug, Default)]
pub struct SavedReader {
    execution: Execution,
    start: Option<SavedStart>,
    line: u64,
    closed: bool,
    lost: u64,
}

impl SavedReader {
    /// A reader before the first line.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes the next line. Blank lines are passed over. A line in error changes nothing;
    /// a `lost` line (a frame refused when it was received) is reported as an error after it
    /// is counted.
    pub fn read_line(&mut self, text: &str) -> Result<(), SavedError> {
        self.line += 1;
        let text = text.trim_end_matches(['\n', '\r']);
        let text = if self.line == 1 {
            text.trim_start_matches('\u{feff}')
        } else {
            text
        };
        if text.trim().is_empty() {
            return Ok(());
        }
        let line = self.line;
        let fail = |message: String| SavedError { line, message };
        let value: Value =
            serde_json::from_str(text).map_err(|e| fail(format!("column {}: {e}", e.column())))?;
        let Value::Object(object) = value else {
            return Err(fail("a line must be a JSON object".into()));
        };
        let kind = text_of(&object, "type")
            .map_err(&fail)?
            .ok_or_else(|| fail("the object has no type".into()))?
            .to_string();
        if self.start.is_none() {
            return self.read_start(&kind, &object).map_err(fail);
        }
        if self.closed {
            return Err(fail(format!("a {kind} line after the connection's end")));
        }
        let at = Location {
            frame: self.line,
            offset: 0,
        };
        let message = match kind.as_str() {
            "node" => Message::Node(node_of(&object).map_err(&fail)?),
            "begin" => Message::Start(fields_of(&object).map_err(&fail)?),
            "restart" => Message::Restart(fields_of(&object).map_err(&fail)?),
            "done" => Message::Done(fields_of(&object).map_err(&fail)?),
            "lost" => {
                self.lost += 1;
                let why = text_of(&object, "error").map_err(&fail)?.unwrap_or("");
                return Err(fail(format!(
                    "a frame was lost when the search was received: {why}"
                )));
            }
            "closed" => {
                self.closed = true;
                let pending = integer_of(&object, "pending").map_err(&fail)?.unwrap_or(0);
                self.execution
                    .end(at, usize::try_from(pending.max(0)).unwrap_or(usize::MAX));
                return Ok(());
            }
            "start" => return Err(fail("a second start object".into())),
            other => return Err(fail(format!("unknown type {other:?} in a received search"))),
        };
        self.execution.apply_message(&message, at);
        Ok(())
    }

    fn read_start(&mut self, kind: &str, object: &Map<String, Value>) -> Result<(), String> {
        if kind != "start" {
            return Err(format!(
                "the first line must be the start object, not {kind:?}"
            ));
        }
        if text_of(object, "search")? != Some(SEARCH) {
            return Err(format!("the start object's search is not {SEARCH:?}"));
        }
        match integer_of(object, "version")? {
            None | Some(1) => {}
            Some(v) => return Err(format!("version {v} is not one this reader knows (1)")),
        }
        self.start = Some(SavedStart {
            puzzle: text_of(object, "puzzle")?.map(str::to_string),
            connection: integer_of(object, "connection")?.and_then(|c| u64::try_from(c).ok()),
            peer: text_of(object, "peer")?.map(str::to_string),
        });
        Ok(())
    }

    /// Lines read so far.
    pub fn lines(&self) -> u64 {
        self.line
    }

    /// Frames that were lost when the search was received.
    pub fn lost(&self) -> u64 {
        self.lost
    }

    /// The execution so far.
    pub fn execution(&self) -> &Execution {
        &self.execution
    }

    /// The start object, once read.
    pub fn start(&self) -> Option<&SavedStart> {
        self.start.as_ref()
    }

    /// The end of the lines: a stream without its `closed` line ends here (the `listen` that
    /// saved it stopped first), and without DONE the execution is incomplete.
    pub fn finish(mut self) -> (Option<SavedStart>, Execution) {
        if !self.closed {
            self.execution.end(
                Location {
                    frame: self.line + 1,
                    offset: 0,
                },
                0,
            );
        }
        (self.start, self.execution)
    }
}

fn text_of<'a>(object: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, String> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("{key} must be a string")),
    }
}

fn integer_of(object: &Map<String, Value>, key: &str) -> Result<Option<i64>, String> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => value
            .as_i64()
            .map(Some)
            .ok_or_else(|| format!("{key} must be a whole number")),
    }
}

fn int32_of(object: &Map<String, Value>, key: &str) -> Result<i32, String> {
    integer_of(object, key)?
        .ok_or_else(|| format!("a node needs {key}"))
        .and_then(|v| i32::try_from(v).map_err(|_| format!("{key} {v} is not a 32-bit integer")))
}

fn uid_of(object: &Map<String, Value>, key: &str) -> Result<NodeUid, String> {
    let bad = || format!("{key} must be [nid, rid, tid], three 32-bit integers");
    let list = object.get(key).and_then(Value::as_array).ok_or_else(bad)?;
    let ints: Vec<i32> = list
        .iter()
        .map(|v| v.as_i64().and_then(|v| i32::try_from(v).ok()))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    match ints[..] {
        [nid, rid, tid] => Ok(NodeUid { nid, rid, tid }),
        _ => Err(bad()),
    }
}

fn fields_of(object: &Map<String, Value>) -> Result<Fields, String> {
    let version = integer_of(object, "protocol")?
        .map(|v| i32::try_from(v).map_err(|_| format!("protocol {v} is not a 32-bit integer")))
        .transpose()?;
    Ok(Fields {
        label: text_of(object, "label")?.map(str::to_string),
        nogood: text_of(object, "nogood")?.map(str::to_string),
        info: text_of(object, "info")?.map(str::to_string),
        version,
    })
}

fn node_of(object: &Map<String, Value>) -> Result<Node, String> {
    let status = text_of(object, "status")?.ok_or("a node needs status")?;
    Ok(Node {
        uid: uid_of(object, "id")?,
        parent: uid_of(object, "parent")?,
        alternative: int32_of(object, "alt")?,
        kids: int32_of(object, "kids")?,
        status: status_of(status).ok_or_else(|| {
            format!("status {status:?} is not one of branch, failed, solved, skipped")
        })?,
        fields: fields_of(object)?,
    })
}
