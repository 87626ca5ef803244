//! `listen --save`: each connection's messages, lost frames and end written as they arrive,
//! one file per execution, in dokuscope's trace format (`"search":"profiler"`).

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use dokuscope_profiler::saved;
use dokuscope_profiler::{ConnectionId, Event};

/// Where the executions go, and the files open.
#[derive(Debug)]
pub struct Saver {
    base: PathBuf,
    puzzle: Option<String>,
    open: HashMap<ConnectionId, BufWriter<File>>,
    started: u64,
    line: String,
}

/// The file of the `n`th execution (from 1): `run.jsonl`, then `run-2.jsonl`, ...
pub fn path_of(base: &Path, n: u64) -> PathBuf {
    if n <= 1 {
        return base.to_path_buf();
    }
    let stem = base
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match base.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    base.with_file_name(name)
}

impl Saver {
    /// A saver writing under `base`, stating `puzzle` in each start object.
    pub fn new(base: PathBuf, puzzle: Option<String>) -> Self {
        Self {
            base,
            puzzle,
            open: HashMap::new(),
            started: 0,
            line: String::new(),
        }
    }

    /// Writes what `event` says to its execution's file.
    ///
    /// # Errors
    /// The file cannot be created or written: the error names it.
    pub fn save(&mut self, event: &Event) -> anyhow::Result<()> {
        self.line.clear();
        let id = match event {
            Event::Connected { id, peer } => {
                self.started += 1;
                let path = path_of(&self.base, self.started);
                let file = File::create(&path)
                    .map_err(|e| anyhow::anyhow!("cannot save to {}: {e}", path.display()))?;
                self.open
                    .insert(*id, BufWriter::with_capacity(1 << 16, file));
                saved::push_start(
                    &mut self.line,
                    Some(*id),
                    Some(&peer.to_string()),
                    self.puzzle.as_deref(),
                );
                *id
            }
            Event::Message { id, decoded } => {
                saved::push_message(&mut self.line, &decoded.message);
                *id
            }
            Event::Error { id, error } => {
                saved::push_lost(&mut self.line, error);
                *id
            }
            Event::Closed {
                id,
                end,
                pending,
                io_error,
            } => {
                saved::push_closed(&mut self.line, *end, *pending, io_error.as_deref());
                *id
            }
        };
        let Some(file) = self.open.get_mut(&id) else {
            return Ok(());
        };
        let written = file.write_all(self.line.as_bytes());
        let written = match event {
            Event::Closed { .. } => written.and_then(|()| file.flush()),
            _ => written,
        };
        if matches!(event, Event::Closed { .. }) {
            self.open.remove(&id);
        }
        written.map_err(|e| {
            anyhow::anyhow!(
                "cannot save connection {id} under {}: {e}",
                self.base.display()
            )
        })
    }

    /// Writes out what is buffered (the session ends with connections still open).
    ///
    /// # Errors
    /// A file cannot be written.
    pub fn flush(&mut self) -> anyhow::Result<()> {
        for file in self.open.values_mut() {
            file.flush()
                .map_err(|e| anyhow::anyhow!("cannot save under {}: {e}", self.base.display()))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_second_execution_and_later_get_their_number_before_the_extension() {
        let base = Path::new("out/run.jsonl");
        assert_eq!(path_of(base, 1), Path::new("out/run.jsonl"));
        assert_eq!(path_of(base, 2), Path::new("out/run-2.jsonl"));
        assert_eq!(path_of(Path::new("run"), 3), Path::new("run-3"));
    }
}
