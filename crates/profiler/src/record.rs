//! Recordings: a connection's raw bytes in a file (written by the listener's `record_dir`), and
//! the replay that sends them to a port as a solver would.

use std::io::{self, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// How to send a recording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Bytes per write (any split is legal; 1 sends a byte at a time).
    pub chunk: usize,
    /// A pause after each write, to watch a tree grow; zero for none.
    pub pause: Duration,
}

impl Default for Replay {
    fn default() -> Self {
        Self {
            chunk: 1 << 16,
            pause: Duration::ZERO,
        }
    }
}

/// Connects to `addr` and sends `bytes`, then closes the connection.
pub fn replay(bytes: &[u8], addr: SocketAddr, how: Replay) -> io::Result<()> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_nodelay(true)?;
    for piece in bytes.chunks(how.chunk.max(1)) {
        stream.write_all(piece)?;
        if !how.pause.is_zero() {
            std::thread::sleep(how.pause);
        }
    }
    stream.flush()?;
    stream.shutdown(std::net::Shutdown::Write)
}

/// A recording `copies` times over as one execution: each copy after the first a restart
/// (its nodes under restart id `k`, its START and DONE left out), for measuring how fast a
/// big search is received. The bytes and how many nodes they carry.
///
/// # Errors
/// A message of the recording cannot be encoded again.
pub fn as_restarts(
    recording: &[u8],
    copies: i32,
) -> Result<(Vec<u8>, u64), crate::encode::EncodeError> {
    use crate::message::Message;
    let mut decoder = crate::decode::Decoder::new();
    decoder.push(recording);
    let mut messages = Vec::new();
    while let Ok(Some(decoded)) = decoder.next_message() {
        messages.push(decoded.message);
    }
    let mut out = Vec::new();
    let mut nodes = 0;
    for k in 0..copies {
        for message in &messages {
            let message = match message {
                Message::Node(node) if k > 0 => {
                    let mut node = node.clone();
                    node.uid.rid = k;
                    node.parent.rid = k;
                    Message::Node(node)
                }
                Message::Start(_) | Message::Done(_) if k > 0 => continue,
                other => other.clone(),
            };
            nodes += u64::from(matches!(message, Message::Node(_)));
            crate::encode::encode(&message, &mut out)?;
        }
    }
    Ok((out, nodes))
}
