//! The TCP server the solvers connect to: one thread accepts, one thread per connection decodes,
//! and every message, error and end goes to one `mpsc` channel with its connection's id.
//!
//! It binds the loopback address unless told otherwise (the protocol has no authentication:
//! anyone who can connect can send a tree). Gecode's and Chuffed's connector connects to
//! `localhost`, trying each address it resolves to (`::1`, then `127.0.0.1`), so the IPv4
//! loopback is enough for them.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};

use crate::decode::{DEFAULT_MAX_FRAME, Decoded, Decoder};
use crate::error::{DecodeError, Location};

/// CP-Profiler's port, the one the solvers use unless told otherwise.
pub const DEFAULT_PORT: u16 = 6565;

/// A connection's number, from 1 in the order they were accepted.
pub type ConnectionId = u64;

/// Where and how to listen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListenConfig {
    /// The address to bind: the loopback unless the user asks for another.
    pub addr: IpAddr,
    /// The port: 6565 by default; 0 for any free port (tests).
    pub port: u16,
    /// The decoder's frame limit.
    pub max_frame: u32,
    /// If set, each connection's raw bytes are also written to `DIR/connection-ID.cpprof`.
    pub record_dir: Option<PathBuf>,
}

impl Default for ListenConfig {
    fn default() -> Self {
        Self {
            addr: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
            max_frame: DEFAULT_MAX_FRAME,
            record_dir: None,
        }
    }
}

/// What the listener hands on, in order for each connection (connections interleave).
#[derive(Debug)]
pub enum Event {
    /// A solver connected.
    Connected {
        /// Its connection.
        id: ConnectionId,
        /// Where it connected from.
        peer: SocketAddr,
    },
    /// A message arrived.
    Message {
        /// Its connection.
        id: ConnectionId,
        /// The message and its frame's location.
        decoded: Decoded,
    },
    /// A frame could not be read. After a fatal error the connection is closed (a `Closed`
    /// follows); otherwise only that frame is lost.
    Error {
        /// Its connection.
        id: ConnectionId,
        /// What was wrong, and where.
        error: DecodeError,
    },
    /// The connection ended (the solver closed it, an error, or the listener stopped).
    Closed {
        /// Its connection.
        id: ConnectionId,
        /// Where the stream ended (the next frame's number, the bytes read).
        end: Location,
        /// Bytes of a last frame cut short.
        pending: usize,
        /// The read or record error that ended it, if it was not a clean close.
        io_error: Option<String>,
    },
}

/// Why the listener could not start.
#[derive(Debug, thiserror::Error)]
pub enum ListenError {
    /// The port is taken.
    #[error("{addr} is in use (another `dokuscope listen`, or CP-Profiler?); choose another port")]
    PortInUse {
        /// The address asked for.
        addr: SocketAddr,
    },
    /// Any other failure to bind.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// The system's reason.
        source: io::Error,
    },
    /// The record directory cannot be created.
    #[error("cannot create the record directory {dir}: {source}")]
    RecordDir {
        /// The directory.
        dir: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
}

/// A running listener; [`stop`](Self::stop) (or dropping it) ends it and its connections.
#[derive(Debug)]
pub struct Listener {
    local_addr: SocketAddr,
    stopping: Arc<AtomicBool>,
    open: Arc<Mutex<HashMap<ConnectionId, TcpStream>>>,
    accept: Option<JoinHandle<()>>,
}

/// Binds and starts accepting; events go to `events` until the listener stops or the receiver
/// is dropped.
pub fn listen(config: &ListenConfig, events: Sender<Event>) -> Result<Listener, ListenError> {
    let addr = SocketAddr::new(config.addr, config.port);
    let socket = TcpListener::bind(addr).map_err(|source| match source.kind() {
        io::ErrorKind::AddrInUse => ListenError::PortInUse { addr },
        _ => ListenError::Bind { addr, source },
    })?;
    let local_addr = socket
        .local_addr()
        .map_err(|source| ListenError::Bind { addr, source })?;
    if let Some(dir) = &config.record_dir {
        std::fs::create_dir_all(dir).map_err(|source| ListenError::RecordDir {
            dir: dir.clone(),
            source,
        })?;
    }
    let stopping = Arc::new(AtomicBool::new(false));
    let open = Arc::new(Mutex::new(HashMap::new()));
    let accept = {
        let (stopping, open, config) = (Arc::clone(&stopping), Arc::clone(&open), config.clone());
        thread::spawn(move || accept_loop(&socket, &config, &events, &stopping, &open))
    };
    Ok(Listener {
        local_addr,
        stopping,
        open,
        accept: Some(accept),
    })
}

impl Listener {
    /// The address bound (with the port the system chose, if 0 was asked).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Stops accepting, closes the open connections (each sends its `Closed`) and waits for the
    /// accepting thread.
    pub fn stop(&mut self) {
        if self.stopping.swap(true, Ordering::SeqCst) {
            return;
        }
        // Wake the blocked accept with a connection of our own.
        let wake = match self.local_addr.ip() {
            IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        drop(TcpStream::connect(SocketAddr::new(
            wake,
            self.local_addr.port(),
        )));
        for stream in self
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
        {
            drop(stream.shutdown(Shutdown::Both));
        }
        if let Some(accept) = self.accept.take() {
            drop(accept.join());
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop();
    }
}

type Open = Arc<Mutex<HashMap<ConnectionId, TcpStream>>>;

fn accept_loop(
    socket: &TcpListener,
    config: &ListenConfig,
    events: &Sender<Event>,
    stopping: &Arc<AtomicBool>,
    open: &Open,
) {
    let mut next_id: ConnectionId = 1;
    for stream in socket.incoming() {
        if stopping.load(Ordering::SeqCst) {
            break;
        }
        // A failed accept (the peer gave up at once, no file descriptor left) costs that
        // connection only.
        let Ok(stream) = stream else { continue };
        let id = next_id;
        next_id += 1;
        let peer = stream
            .peer_addr()
            .unwrap_or(SocketAddr::new(config.addr, 0));
        if let Ok(clone) = stream.try_clone() {
            open.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(id, clone);
        }
        if events.send(Event::Connected { id, peer }).is_err() {
            break;
        }
        let (events, open, config) = (events.clone(), Arc::clone(open), config.clone());
        thread::spawn(move || {
            let closed = serve(id, stream, &config, &events);
            open.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .remove(&id);
            drop(events.send(closed));
        });
    }
}

/// Reads one connection to its end; returns its `Closed` event.
fn serve(
    id: ConnectionId,
    mut stream: TcpStream,
    config: &ListenConfig,
    events: &Sender<Event>,
) -> Event {
    let mut decoder = Decoder::with_max_frame(config.max_frame);
    let mut record = match &config.record_dir {
        Some(dir) => match File::create(dir.join(format!("connection-{id}.cpprof"))) {
            Ok(file) => Some(BufWriter::new(file)),
            Err(error) => return closed(id, &decoder, Some(format!("cannot record: {error}"))),
        },
        None => None,
    };
    let mut buf = vec![0; 1 << 16];
    let io_error = loop {
        let read = match stream.read(&mut buf) {
            Ok(0) => break None,
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => break Some(error.to_string()),
        };
        if let Some(file) = &mut record {
            if let Err(error) = file.write_all(&buf[..read]) {
                break Some(format!("cannot record: {error}"));
            }
        }
        decoder.push(&buf[..read]);
        match drain(id, &mut decoder, events) {
            Drained::More => {}
            Drained::Fatal => break None,
            Drained::NoReceiver => return closed(id, &decoder, None),
        }
    };
    if let Some(mut file) = record {
        if let Err(error) = file.flush() {
            return closed(id, &decoder, Some(format!("cannot record: {error}")));
        }
    }
    closed(id, &decoder, io_error)
}

enum Drained {
    More,
    Fatal,
    NoReceiver,
}

fn drain(id: ConnectionId, decoder: &mut Decoder, events: &Sender<Event>) -> Drained {
    loop {
        let event = match decoder.next_message() {
            Ok(None) => return Drained::More,
            Ok(Some(frame)) => Event::Message { id, decoded: frame },
            Err(error) => {
                let fatal = error.is_fatal();
                if events.send(Event::Error { id, error }).is_err() {
                    return Drained::NoReceiver;
                }
                if fatal {
                    return Drained::Fatal;
                }
                continue;
            }
        };
        if events.send(event).is_err() {
            return Drained::NoReceiver;
        }
    }
}

fn closed(id: ConnectionId, decoder: &Decoder, io_error: Option<String>) -> Event {
    let end = Location {
        frame: decoder.frames() + 1,
        offset: decoder.offset(),
    };
    Event::Closed {
        id,
        end,
        pending: decoder.pending(),
        io_error,
    }
}
