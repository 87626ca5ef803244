//! A trace file opened for the app to play: the command line opens files, the app reads the
//! bytes it is handed.

use std::fs::File;
use std::path::Path;
use std::sync::Arc;

use crate::app::Lane;
use crate::app::cursor::Cursor;
use crate::app::timeline::Timeline;
use crate::solver::stream::live::Shared;
use crate::solver::stream::{StreamError, StreamErrorKind};

/// The bytes of the trace file at `path`, for the readers that play it.
///
/// # Errors
/// The file cannot be opened (located at its line 1).
pub fn open(path: &Path) -> Result<Shared, StreamError> {
    let file = File::open(path).map_err(|e| StreamError {
        file: path.display().to_string().into(),
        line: 1,
        column: None,
        kind: StreamErrorKind::Io(e.to_string()),
    })?;
    Ok(Arc::new(file))
}

/// A lane that plays the trace file at `path`, named after its solver (or else the file's
/// name). It is checked as it plays; the first bad event ends it ([`Cursor::error`]).
///
/// # Errors
/// The file cannot be opened, or its start object is unusable.
pub fn lane(path: &Path) -> Result<Lane, StreamError> {
    let pane = path
        .file_name()
        .map_or_else(|| "stream".into(), |n| n.to_string_lossy().into_owned());
    Lane::from_stream(&path.display().to_string(), &pane, open(path)?, None)
}

/// The timeline of the trace file at `path`, its cursor at step 0, and the solver's name
/// if the stream gives one.
///
/// # Errors
/// The file cannot be opened, or its start object is unusable.
pub fn timeline(path: &Path) -> Result<(Timeline, Cursor, Option<String>), StreamError> {
    Timeline::from_stream(&path.display().to_string(), open(path)?, None)
}
