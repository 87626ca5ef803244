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
