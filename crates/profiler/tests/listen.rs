//! The listener over real sockets: recordings replayed one after another and at once, a byte at
//! a time, cut mid-frame, garbage beside a good connection, a port in use, and stop.

mod common;

use std::collections::HashMap;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

use dokuscope_profiler::{
    ConnectionId, DecodeError, Event, Execution, ListenConfig, ListenError, Listener, Replay,
    listen, replay,
};

const PATIENCE: Duration = Duration::from_secs(20);

fn start() -> (Listener, Receiver<Event>) {
    let (sender, events) = mpsc::channel();
    let config = ListenConfig {
        port: 0,
        ..ListenConfig::default()
    };
    let listener = listen(&config, sender).expect("a free port");
    (listener, events)
}

/// What each connection sent, assembled, once `connections` of them have closed.
struct Received {
    executions: HashMap<ConnectionId, Execution>,
    errors: HashMap<ConnectionId, Vec<DecodeError>>,
    io_errors: usize,
}

fn receive(events: &Receiver<Event>, connections: usize) -> Received {
    let mut received = Received {
        executions: HashMap::new(),
        errors: HashMap::new(),
        io_errors: 0,
    };
    let mut closed = 0;
    while closed < connections {
        let event = events.recv_timeout(PATIENCE).expect("an event in time");
        match event {
            Event::Connected { id, peer } => {
                assert!(peer.ip().is_loopback());
                assert!(
                    received.executions.insert(id, Execution::new()).is_none(),
                    "ids are unique"
                );
            }
            Event::Message { id, decoded } => {
                received.executions.entry(id).or_default().apply(&decoded);
            }
            Event::Error { id, error } => received.errors.entry(id).or_default().push(error),
            Event::Closed {
                id,
                end,
                pending,
                io_error,
            } => {
                received.io_errors += usize::from(io_error.is_some());
                received.executions.entry(id).or_default().end(end, pending);
                closed += 1;
            }
        }
    }
    received
}

#[test]
fn recordings_sent_at_once_arrive_whole_each_on_its_connection() {
    let (listener, events) = start();
    let addr = listener.local_addr();
    assert_eq!(
        addr.ip(),
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        "loopback unless asked"
    );
    let recordings = common::recordings();
    let senders: Vec<_> = recordings
        .iter()
        .map(|(_, bytes)| {
            let bytes = bytes.clone();
            thread::spawn(move || {
                replay(
                    &bytes,
                    addr,
                    Replay {
                        chunk: 1000,
                        pause: Duration::ZERO,
                    },
                )
            })
        })
        .collect();
    for sender in senders {
        sender
            .join()
            .expect("the sender ran")
            .expect("the replay was sent");
    }
    let received = receive(&events, recordings.len());
    assert!(received.errors.is_empty() && received.io_errors == 0);
    let mut got: Vec<_> = received.executions.values().map(|e| *e.counts()).collect();
    let mut want: Vec<_> = recordings
        .iter()
        .map(|(_, bytes)| *Execution::from_bytes(bytes).counts())
        .collect();
    got.sort_by_key(|c| (c.nodes, c.failures));
    want.sort_by_key(|c| (c.nodes, c.failures));
    assert_eq!(got, want);
    assert!(
        received
            .executions
            .values()
            .all(|e| e.is_done() && e.warnings().is_empty())
    );
}

#[test]
fn a_recording_sent_a_byte_at_a_time_then_another_arrive_alike() {
    let (listener, events) = start();
    let bytes = common::read("chuffed-top95-1.cpprof");
    for chunk in [1, 1 << 16] {
        replay(
            &bytes,
            listener.local_addr(),
            Replay {
                chunk,
                pause: Duration::ZERO,
            },
        )
        .expect("sent");
    }
    let received = receive(&events, 2);
    let want = Execution::from_bytes(&bytes);
    for id in [1, 2] {
        assert_eq!(
            received.executions[&id].counts(),
            want.counts(),
            "connection {id}"
        );
    }
}

#[test]
fn a_connection_cut_mid_frame_keeps_what_arrived_and_is_incomplete() {
    let (listener, events) = start();
    let bytes = common::read("gecode-top95-7-input-dom.cpprof");
    let cut = bytes.len() / 2;
    let mut stream = TcpStream::connect(listener.local_addr()).expect("connects");
    stream.write_all(&bytes[..cut]).expect("sent");
    drop(stream);
    let received = receive(&events, 1);
    let execution = &received.executions[&1];
    assert!(execution.is_incomplete());
    assert!(execution.counts().nodes > 0);
    let whole = Execution::from_bytes(&bytes[..cut]);
    assert_eq!(execution.counts(), whole.counts());
    let last = execution.warnings().last().expect("a warning");
    assert!(last.to_string().contains("before DONE"), "{last}");
}

#[test]
fn garbage_on_one_connection_leaves_the_other_unharmed() {
    let (listener, events) = start();
    let addr = listener.local_addr();
    let mut garbage = TcpStream::connect(addr).expect("connects");
    garbage
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        .expect("sent");
    let bytes = common::read("gecode-top95-2-size.cpprof");
    replay(&bytes, addr, Replay::default()).expect("sent");
    let received = receive(&events, 2);
    assert_eq!(received.errors.len(), 1, "one connection had an error");
    let (bad, errors) = received.errors.iter().next().expect("an error");
    assert!(
        matches!(errors.as_slice(), [DecodeError::FrameTooLong { .. }]),
        "{errors:?}"
    );
    let good = received
        .executions
        .iter()
        .find(|(id, _)| *id != bad)
        .expect("the good one")
        .1;
    assert_eq!(good.counts(), Execution::from_bytes(&bytes).counts());
    assert!(good.is_done());
    drop(garbage);
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let (listener, _events) = start();
    let taken = listener.local_addr().port();
    let (sender, _) = mpsc::channel();
    let config = ListenConfig {
        port: taken,
        ..ListenConfig::default()
    };
    let error = listen(&config, sender).expect_err("the port is taken");
    assert!(
        matches!(error, ListenError::PortInUse { addr } if addr.port() == taken),
        "{error}"
    );
    assert!(error.to_string().contains("is in use"), "{error}");
}

#[test]
fn stop_closes_open_connections_and_refuses_new_ones() {
    let (mut listener, events) = start();
    let addr: SocketAddr = listener.local_addr();
    let mut open = TcpStream::connect(addr).expect("connects");
    open.write_all(&common::read("chuffed-top95-1.cpprof")[..100])
        .expect("sent");
    // Wait until the listener has the connection, then stop.
    assert!(matches!(
        events.recv_timeout(PATIENCE),
        Ok(Event::Connected { .. })
    ));
    listener.stop();
    let received = receive(&events, 1);
    assert!(received.executions[&1].is_incomplete(), "cut by stop");
    assert!(
        TcpStream::connect(addr).is_err(),
        "nothing listens after stop"
    );
}
