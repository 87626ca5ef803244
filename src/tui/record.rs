//! Recording a session as asciicast v2: a JSON header line, then one `[seconds, "o", text]`
//! line per frame that changed the screen, holding exactly the bytes the terminal backend
//! wrote for it. A paused session draws nothing, so it costs nothing in the file.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use ratatui::buffer::Buffer;

/// A writer that passes everything to the terminal and keeps a copy for the recorder.
pub struct Tee<W: Write> {
    inner: W,
    copy: Rc<RefCell<Vec<u8>>>,
}

impl<W: Write> Write for Tee<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.copy.borrow_mut().extend_from_slice(&bytes[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// An open recording.
pub struct Recorder {
    path: PathBuf,
    file: BufWriter<File>,
    start: Instant,
    copy: Rc<RefCell<Vec<u8>>>,
    last: Option<Buffer>,
    frames: u64,
}

impl Recorder {
    /// Creates `path` and writes the header for a `width × height` terminal.
    ///
    /// # Errors
    /// The file cannot be created or written.
    pub fn create(path: &Path, width: u16, height: u16) -> anyhow::Result<Recorder> {
        let context = || format!("cannot write the recording '{}'", path.display());
        let mut file = BufWriter::new(File::create(path).with_context(context)?);
        let timestamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        // Written by hand so `version` comes first, as the format's examples have it.
        let term = std::env::var("TERM").unwrap_or_else(|_| "xterm-256color".into());
        let header = format!(
            r#"{{"version": 2, "width": {width}, "height": {height}, "timestamp": {timestamp}, "env": {{"TERM": {}}}}}"#,
            serde_json::Value::from(term)
        );
        writeln!(file, "{header}").with_context(context)?;
        Ok(Recorder {
            path: path.to_path_buf(),
            file,
            start: Instant::now(),
            copy: Rc::default(),
            last: None,
            frames: 0,
        })
    }

    /// A writer for the terminal backend whose output this recorder keeps.
    pub fn tee<W: Write>(&self, inner: W) -> Tee<W> {
        Tee {
            inner,
            copy: Rc::clone(&self.copy),
        }
    }

    /// After a frame was drawn: appends what the backend wrote when the screen changed,
    /// and drops it when the frame was the same as the last one recorded.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn frame(&mut self, screen: &Buffer) -> anyhow::Result<()> {
        let bytes = std::mem::take(&mut *self.copy.borrow_mut());
        if self.last.as_ref() == Some(screen) || bytes.is_empty() {
            return Ok(());
        }
        let seconds = (self.start.elapsed().as_secs_f64() * 1e6).round() / 1e6;
        let text = String::from_utf8_lossy(&bytes);
        let line = serde_json::to_string(&(seconds, "o", text.as_ref()))?;
        // Flushed per frame: a session ended by a signal (which exits from another thread)
        // keeps every frame drawn before it. Frames come only when the screen changes.
        writeln!(self.file, "{line}")
            .and_then(|()| self.file.flush())
            .with_context(|| format!("cannot write the recording '{}'", self.path.display()))?;
        self.last = Some(screen.clone());
        self.frames += 1;
        Ok(())
    }

    /// Writes what is buffered; returns the number of frames recorded.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn finish(mut self) -> anyhow::Result<u64> {
        self.file
            .flush()
            .with_context(|| format!("cannot write the recording '{}'", self.path.display()))?;
        Ok(self.frames)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    #[test]
    fn frames_are_written_only_when_the_screen_changes() {
        let dir = std::env::temp_dir().join(format!("dokuscope-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("t.cast");
        let mut rec = Recorder::create(&path, 10, 2).expect("create");
        let mut tee = rec.tee(Vec::new());
        let mut screen = Buffer::empty(Rect::new(0, 0, 10, 2));
        screen.set_string(0, 0, "one", Style::new());
        tee.write_all(b"one").expect("write");
        rec.frame(&screen).expect("frame");
        tee.write_all(b"\x1b[0m").expect("write");
        rec.frame(&screen).expect("same frame");
        screen.set_string(0, 1, "two", Style::new());
        tee.write_all(b"two").expect("write");
        rec.frame(&screen).expect("frame");
        assert_eq!(rec.finish().expect("finish"), 2);
        assert_eq!(tee.inner, b"one\x1b[0mtwo");
        let text = std::fs::read_to_string(&path).expect("read");
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("json line"))
            .collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0]["version"], 2);
        assert_eq!(
            (lines[0]["width"].as_u64(), lines[0]["height"].as_u64()),
            (Some(10), Some(2))
        );
        assert_eq!(lines[1][1], "o");
        assert_eq!(lines[1][2], "one");
        assert_eq!(
            lines[2][2], "two",
            "the reset of the unchanged frame was dropped"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
