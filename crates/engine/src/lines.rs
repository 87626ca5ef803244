//! Lines of text with any line end (LF, CRLF, or a bare CR as old Mac files have), read in
//! bounded memory: what every reader of puzzles and traces reads through.
//!
//! A line keeps at most [`MAX_LINE`] bytes; a longer one is passed over to its end, unkept,
//! and reported ([`Got::Long`]); one with no end within [`MAX_ENDLESS`] bytes (`/dev/zero`)
//! stops the reading there ([`Got::Endless`]): nothing that long is a puzzle or an event,
//! and an input that never ends a line would otherwise be read forever.

use std::io::{self, BufRead};

/// Longest line kept; a longer one is reported and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// Longest line passed over: one with no end within this many bytes ends the reading.
pub const MAX_ENDLESS: u64 = 1 << 20;

/// What one read found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Got {
    /// Nothing more (for an input still being written: nothing more yet).
    End,
    /// A line, in the buffer without its end.
    Line,
    /// A line over [`MAX_LINE`] bytes, passed over to its end; the buffer is empty.
    Long,
    /// A line with no end within [`MAX_ENDLESS`] bytes; nothing after its first
    /// [`MAX_ENDLESS`] bytes was read, and the buffer is empty.
    Endless,
}

/// One read: what it found, and the bytes it consumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Read {
    /// What was found.
    pub got: Got,
    /// Bytes consumed, line ends included.
    pub bytes: u64,
    /// Of those, the bytes at the start that ended the line before (the LF of a CRLF whose
    /// CR came last in an earlier read): the line read starts after them.
    pub lead: u64,
}

/// The state that carries from one line to the next: whether the last line ended with a CR
/// whose LF (if it is a CRLF) had not arrived yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineEnds {
    after_cr: bool,
}

impl LineEnds {
    /// Reads the next line of `reader` into `line` (cleared first), its end left out.
    ///
    /// # Errors
    /// The reader's own errors (an interrupted read is tried again).
    pub fn read<R: BufRead + ?Sized>(
        &mut self,
        reader: &mut R,
        line: &mut Vec<u8>,
    ) -> io::Result<Read> {
        line.clear();
        let mut read = Read {
            got: Got::End,
            bytes: 0,
            lead: 0,
        };
        if self.after_cr {
            match fill(reader)?.first() {
                None => return Ok(read),
                Some(b'\n') => {
                    reader.consume(1);
                    read.bytes = 1;
                    read.lead = 1;
                }
                Some(_) => {}
            }
            self.after_cr = false;
        }
        let (mut length, mut started) = (0u64, false);
        loop {
            let buf = fill(reader)?;
            if buf.is_empty() {
                read.got = match (started, length > MAX_LINE as u64) {
                    (false, _) => Got::End,
                    (true, false) => Got::Line,
                    (true, true) => Got::Long,
                };
                return Ok(read);
            }
            started = true;
            let end = buf.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(buf.len());
            let ending = end.map(|i| buf[i]);
            if length + take as u64 <= MAX_LINE as u64 {
                line.extend_from_slice(&buf[..take]);
            } else {
                line.clear();
            }
            length += take as u64;
            let used = take + usize::from(ending.is_some());
            reader.consume(used);
            read.bytes += used as u64;
            if ending == Some(b'\r') {
                match fill(reader)?.first() {
                    Some(b'\n') => {
                        reader.consume(1);
                        read.bytes += 1;
                    }
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
            if ending.is_some() {
                read.got = if length > MAX_LINE as u64 {
                    Got::Long
                } else {
                    Got::Line
                };
                return Ok(read);
            }
            if length > MAX_ENDLESS {
                line.clear();
                read.got = Got::Endless;
                return Ok(read);
            }
        }
    }
}

/// The reader's buffer, filled again if empty; an interrupted read is tried again. At the
/// end of the input, no second read (a terminal's Ctrl-D is read once).
fn fill<R: BufRead + ?Sized>(reader: &mut R) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
        }
    }
    // The buffer holds bytes: asked again, it hands them out without reading (a loop
    // cannot hand out the borrow of its own first answer).
    reader.fill_buf()
}

/// Counts line ends in `bytes` as [`LineEnds::read`] splits lines: a LF, a CR, or a CRLF as
/// one; `after_cr` carries a CR that ended the bytes before, whose LF would not count again.
/// Returns the count and the offset just past the last line end (0 when none).
pub fn count_ends(bytes: &[u8], after_cr: &mut bool) -> (u64, usize) {
    let (mut count, mut last) = (0u64, 0usize);
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'\n' if *after_cr => last = i + 1,
            b'\n' | b'\r' => {
                count += 1;
                last = i + 1;
            }
            _ => {}
        }
        *after_cr = b == b'\r';
    }
    (count, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8]) -> Vec<(Got, String, u64)> {
        let mut reader = io::BufReader::with_capacity(4, text);
        let mut ends = LineEnds::default();
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let read = ends.read(&mut reader, &mut buf).expect("in memory");
            if read.got == Got::End {
                return out;
            }
            out.push((
                read.got,
                String::from_utf8_lossy(&buf).into_owned(),
                read.bytes,
            ));
        }
    }

    #[test]
    fn lf_crlf_and_a_bare_cr_all_end_a_line_each_crlf_once() {
        let got = lines(b"ab\ncd\r\nef\rgh\r\r\nij");
        let text: Vec<(&str, u64)> = got.iter().map(|(_, s, n)| (s.as_str(), *n)).collect();
        assert_eq!(
            text,
            [
                ("ab", 3),
                ("cd", 4),
                ("ef", 3),
                ("gh", 3),
                ("", 2),
                ("ij", 2)
            ]
        );
        let mut after_cr = false;
        let (count, last) = count_ends(b"ab\ncd\r\nef\rgh\r\r\nij", &mut after_cr);
        assert_eq!((count, last), (5, 15));
    }

    #[test]
    fn a_crlf_split_between_two_reads_is_one_line_end() {
        let mut ends = LineEnds::default();
        let mut buf = Vec::new();
        let read = ends.read(&mut &b"ab\r"[..], &mut buf).expect("in memory");
        assert_eq!(
            (read.got, read.bytes, buf.as_slice()),
            (Got::Line, 3, &b"ab"[..])
        );
        let read = ends.read(&mut &b"\ncd\n"[..], &mut buf).expect("in memory");
        assert_eq!((read.got, read.bytes, read.lead), (Got::Line, 4, 1));
        assert_eq!(buf, b"cd");
        let mut after_cr = false;
        assert_eq!(count_ends(b"ab\r", &mut after_cr), (1, 3));
        assert_eq!(count_ends(b"\ncd\n", &mut after_cr), (1, 4));
    }

    #[test]
    fn a_long_line_is_passed_over_and_an_endless_one_stops_the_reading() {
        let mut text = vec![b'x'; MAX_LINE + 1];
        text.extend_from_slice(b"\r\nok\n");
        let got = lines(&text);
        assert_eq!(got[0].0, Got::Long);
        assert_eq!(got[0].1, "");
        assert_eq!((got[1].0, got[1].1.as_str()), (Got::Line, "ok"));
        let endless = vec![0u8; MAX_ENDLESS as usize + 10];
        let mut reader = io::BufReader::new(&endless[..]);
        let read = LineEnds::default()
            .read(&mut reader, &mut Vec::new())
            .expect("in memory");
        assert_eq!(read.got, Got::Endless);
        assert!(read.bytes <= MAX_ENDLESS + 8192, "{}", read.bytes);
        // Exactly MAX_LINE bytes is a line, one more is long.
        let mut text = vec![b'y'; MAX_LINE];
        text.push(b'\n');
        assert_eq!(lines(&text)[0].0, Got::Line);
    }
}
