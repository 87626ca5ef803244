//! Standard input spooled to a temporary file as it arrives: a background thread copies it
//! and publishes how much is readable (whole lines) and when it has ended, so that the
//! views play a solver's events while it still writes them, and checkpoints read the file
//! again at an offset rather than holding the events in memory.

use std::fs::File;
use std::io::{self, Read, Write};
use std::sync::Arc;

use crate::solver::lines::{MAX_ENDLESS, count_ends};
use crate::solver::stream::live::Progress;

/// Bytes copied per read of the input.
const COPY_BUFFER: usize = 1 << 16;

/// A spool being written from an input by a thread of its own, in a temporary file with no
/// name ([`tempfile::tempfile`]): the system removes it once the last handle closes, so no
/// way out of the process (a signal included) leaves it behind.
pub struct Spool {
    file: Arc<File>,
    progress: Arc<Progress>,
}

impl Spool {
    /// Starts copying `input` to a new temporary file. The copier thread is never joined:
    /// quitting does not wait for a solver that still writes.
    ///
    /// # Errors
    /// The temporary file cannot be created, or the thread cannot start.
    pub fn start(input: impl Read + Send + 'static) -> io::Result<Spool> {
        let writer = tempfile::tempfile()?;
        let spool = Spool {
            file: Arc::new(writer.try_clone()?),
            progress: Arc::new(Progress::new()),
        };
        let progress = spool.progress.clone();
        std::thread::Builder::new()
            .name("spool".into())
            .spawn(move || copy(input, writer, &progress))?;
        Ok(spool)
    }

    /// The spool, for reading (each reader at its own offset).
    pub fn file(&self) -> &Arc<File> {
        &self.file
    }

    /// How far the copy has got.
    pub fn progress(&self) -> &Arc<Progress> {
        &self.progress
    }
}

/// Copies `input` to `out`, publishing each whole line as it is written (a line ends at a
/// LF, a CRLF or a bare CR, as the stream reader reads it), until the input ends or fails
/// (or the spool cannot be written), or a line has no end within
/// [`MAX_ENDLESS`](crate::solver::lines::MAX_ENDLESS) bytes: the copy stops there, and the
/// reader reports that line, so an endless input (`/dev/zero`) fills no disk.
fn copy(mut input: impl Read, mut out: File, progress: &Progress) {
    let mut buf = vec![0u8; COPY_BUFFER];
    let (mut total, mut lines, mut whole) = (0u64, 0u64, 0u64);
    let mut after_cr = false;
    let error = loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break None,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => break Some(format!("reading standard input: {e}")),
        };
        let chunk = &buf[..n];
        if let Err(e) = out.write_all(chunk) {
            break Some(format!("writing the spool of standard input: {e}"));
        }
        let (ends, last) = count_ends(chunk, &mut after_cr);
        if last > 0 {
            whole = total + last as u64;
            lines += ends;
            progress.publish(whole, lines);
        }
        total += n as u64;
        if total - whole > MAX_ENDLESS {
            break None;
        }
    };
    let partial = u64::from(total > whole);
    progress.finish(total, lines + partial, error);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::stream::live::Tail;
    use std::sync::mpsc;
    use std::time::Duration;

    /// An input whose pieces arrive when the test sends them; ends when the sender goes.
    struct Pieces(mpsc::Receiver<Vec<u8>>, Vec<u8>);

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(piece) => self.1 = piece,
                    Err(_) => return Ok(0),
                }
            }
            let n = self.1.len().min(buf.len());
            buf[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }

    fn wait_for(progress: &Progress, what: impl Fn(&Progress) -> bool) {
        for _ in 0..1000 {
            if what(progress) {
                return;
            }
            progress.wait(progress.readable(), Duration::from_millis(10));
        }
        assert!(what(progress), "the copier never got there");
    }

    #[test]
    fn whole_lines_are_published_as_they_arrive_and_the_rest_at_the_end() {
        let (send, receive) = mpsc::channel();
        let spool = Spool::start(Pieces(receive, Vec::new())).expect("a spool");
        let progress = spool.progress().clone();
        send.send(b"{\"a\":1}\n{\"b\"".to_vec()).expect("sent");
        wait_for(&progress, |p| p.readable() == 8);
        assert_eq!(progress.lines(), 1);
        assert!(!progress.is_finished());
        send.send(b":2}\n{\"c\":3}".to_vec()).expect("sent");
        wait_for(&progress, |p| p.readable() == 16);
        assert_eq!(progress.lines(), 2, "the third line has no end yet");
        drop(send);
        wait_for(&progress, Progress::is_finished);
        assert_eq!(progress.readable(), 23);
        assert_eq!(progress.lines(), 3);
        assert_eq!(progress.error(), None);
        let mut text = String::new();
        Tail::new(spool.file().clone(), 0, Some(progress))
            .read_to_string(&mut text)
            .expect("read back");
        assert_eq!(text, "{\"a\":1}\n{\"b\":2}\n{\"c\":3}");
    }

    #[test]
    fn a_bare_cr_or_a_crlf_ends_a_published_line_as_a_lf_does() {
        let (send, receive) = mpsc::channel();
        let spool = Spool::start(Pieces(receive, Vec::new())).expect("a spool");
        let progress = spool.progress().clone();
        send.send(b"{\"a\":1}\r{\"b\":2}\r".to_vec()).expect("sent");
        wait_for(&progress, |p| p.readable() == 16);
        assert_eq!(progress.lines(), 2);
        // The LF of a CRLF split across two reads ends no second line.
        send.send(b"\n{\"c\":3}\r\n".to_vec()).expect("sent");
        wait_for(&progress, |p| p.readable() == 26);
        assert_eq!(progress.lines(), 3);
    }

    #[test]
    fn an_endless_line_stops_the_copy_after_a_mib() {
        let spool = Spool::start(io::repeat(0)).expect("a spool");
        wait_for(spool.progress(), Progress::is_finished);
        let progress = spool.progress();
        assert!(progress.readable() > MAX_ENDLESS, "{}", progress.readable());
        assert!(
            progress.readable() <= MAX_ENDLESS + COPY_BUFFER as u64,
            "{}",
            progress.readable()
        );
        assert_eq!((progress.lines(), progress.error()), (1, None));
    }

    #[test]
    fn a_failing_input_finishes_the_spool_with_its_error() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("the pipe broke"))
            }
        }
        let spool = Spool::start(Broken).expect("a spool");
        wait_for(spool.progress(), Progress::is_finished);
        assert_eq!(
            spool.progress().error().as_deref(),
            Some("reading standard input: the pipe broke")
        );
    }
}
