//! A trace still being written: how far its writer has got, shared between the thread
//! that writes it and the readers that play it, and a reader that stops where the writer
//! has got to.
//!
//! The writer publishes whole lines only ([`Progress::publish`]), so a reader never sees
//! a line without its end while more may come; once the writer has finished
//! ([`Progress::finish`]), everything written is readable, a last line without its end
//! included. A reader that finds no more bytes asks [`Progress::is_finished`]: if not,
//! more may come (the stream is not over), otherwise it is the end.

use std::fs::File;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// How far the writer of a stream has got.
#[derive(Debug, Default)]
pub struct Progress {
    /// Bytes readable: up to the end of the last whole line while the writer runs, all
    /// bytes once it has finished.
    readable: AtomicU64,
    /// Lines readable.
    lines: AtomicU64,
    /// Whether the writer has finished (end of its input, or an error).
    finished: AtomicBool,
    /// Why the writer stopped early, if it did.
    error: Mutex<Option<String>>,
    /// Wakes readers waiting for more ([`Progress::wait`]).
    lock: Mutex<()>,
    changed: Condvar,
}

impl Progress {
    /// Nothing written yet.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// The writer has written `readable` bytes of whole lines, `lines` of them.
    pub fn publish(&self, readable: u64, lines: u64) {
        self.lines.store(lines, Ordering::Release);
        self.readable.store(readable, Ordering::Release);
        self.notify();
    }

    /// The writer has finished after `total` bytes and `lines` lines (a last line without
    /// its end counted), or stopped at `error`.
    pub fn finish(&self, total: u64, lines: u64, error: Option<String>) {
        *self.error.lock().unwrap_or_else(PoisonError::into_inner) = error;
        self.lines.store(lines, Ordering::Release);
        self.readable.store(total, Ordering::Release);
        // Stored last: a reader that sees the writer finished sees the final length.
        self.finished.store(true, Ordering::Release);
        self.notify();
    }

    fn notify(&self) {
        let _guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        self.changed.notify_all();
    }

    /// Bytes a reader may read.
    pub fn readable(&self) -> u64 {
        self.readable.load(Ordering::Acquire)
    }

    /// Lines a reader may read.
    pub fn lines(&self) -> u64 {
        self.lines.load(Ordering::Acquire)
    }

    /// Whether the writer has finished: [`Progress::readable`] is then final.
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    /// Why the writer stopped early, if it did.
    pub fn error(&self) -> Option<String> {
        self.error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Waits until more than `beyond` bytes are readable or the writer has finished, at
    /// most `timeout`.
    pub fn wait(&self, beyond: u64, timeout: Duration) {
        let guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        // Checked under the lock the writer notifies under: no wake-up is lost.
        if self.is_finished() || self.readable() > beyond {
            return;
        }
        let _ = self.changed.wait_timeout(guard, timeout);
    }
}

/// Bytes that can be read at any offset by several readers at once, none moving the
/// others' position: a trace file, or whatever else holds a stream's bytes. The readers
/// of a stream take one of these, so that whoever opens the file (the command line) is not
/// whoever plays it (the app).
pub trait ReadAt: Send + Sync + std::fmt::Debug {
    /// Reads into `buf` from `offset`; how many bytes were read, 0 at the end.
    ///
    /// # Errors
    /// The bytes cannot be read.
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize>;
}

impl ReadAt for File {
    #[inline]
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        read_file_at(self, buf, offset)
    }
}

/// A stream's bytes, shared by every reader of it.
pub type Shared = Arc<dyn ReadAt>;

/// A reader of a stream's bytes from an offset, through a handle shared with other readers
/// (each reads at its own position, none moves the others'); with a [`Progress`], it stops
/// at what the writer has made readable.
#[derive(Debug)]
pub struct Tail {
    file: Shared,
    position: u64,
    progress: Option<Arc<Progress>>,
}

impl Tail {
    /// Reads `file` from `position`, up to what `progress` makes readable (or to its end).
    pub fn new(file: Shared, position: u64, progress: Option<Arc<Progress>>) -> Tail {
        Tail {
            file,
            position,
            progress,
        }
    }
}

impl Read for Tail {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let want = match &self.progress {
            None => buf.len(),
            Some(p) => {
                let left = p.readable().saturating_sub(self.position);
                usize::try_from(left).map_or(buf.len(), |left| left.min(buf.len()))
            }
        };
        if want == 0 {
            return Ok(0);
        }
        let n = self.file.read_at(&mut buf[..want], self.position)?;
        self.position += n as u64;
        Ok(n)
    }
}

#[cfg(unix)]
fn read_file_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

#[cfg(windows)]
fn read_file_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn temp(name: &str) -> (std::path::PathBuf, File) {
        let path = std::env::temp_dir().join(format!(
            "dokuscope-live-{}-{name}.jsonl",
            std::process::id()
        ));
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .expect("a temporary file");
        (path, file)
    }

    #[test]
    fn a_tail_reads_only_what_is_published_and_readers_keep_their_own_positions() {
        let (path, mut file) = temp("tail");
        file.write_all(b"one\ntwo\nthr").expect("written");
        let progress = Arc::new(Progress::new());
        progress.publish(8, 2);
        let shared = Arc::new(file.try_clone().expect("a clone"));
        let mut a = Tail::new(shared.clone(), 0, Some(progress.clone()));
        let mut b = Tail::new(shared, 4, Some(progress.clone()));
        let mut text = String::new();
        a.read_to_string(&mut text).expect("read");
        assert_eq!(text, "one\ntwo\n", "the partial line is not readable yet");
        text.clear();
        b.read_to_string(&mut text).expect("read");
        assert_eq!(text, "two\n");
        file.write_all(b"ee").expect("written");
        progress.finish(13, 3, None);
        text.clear();
        a.read_to_string(&mut text).expect("read");
        assert_eq!(
            text, "three",
            "once finished, the last line without its end"
        );
        assert!(progress.is_finished());
        assert_eq!(progress.lines(), 3);
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn a_waiting_reader_wakes_when_the_writer_publishes() {
        let progress = Arc::new(Progress::new());
        let writer = progress.clone();
        let thread = std::thread::spawn(move || writer.publish(10, 1));
        progress.wait(0, Duration::from_secs(10));
        thread.join().expect("the writer ran");
        assert_eq!(progress.readable(), 10);
        assert!(!progress.is_finished());
    }
}
