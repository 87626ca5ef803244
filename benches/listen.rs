//! `dokuscope listen`'s receiving speed and memory, the lane the screen shows included (its
//! tree, counters, estimate and overview): a recorded Gecode search
//! (tests/fixtures/cpprofiler/gecode-hard1-size.cpprof, 2,641 nodes) sent `COPIES` times as
//! restarts of one execution, decoded in 64 KiB reads as the listener reads a socket, and
//! handed to the app as the listener hands it (`ListenApp::receive`). Issue 47's targets: at
//! least 1 M nodes a second into a live tree; a received tree of 10 M nodes within the
//! memory bounds of dokuscope's own big trees.
//!
//! `cargo bench --bench listen` (its first line: the memory of a 10 M-node lane).

#![allow(clippy::panic, reason = "a benchmark fails by panicking")]

#[path = "common/mod.rs"]
mod common;

use std::net::{Ipv4Addr, SocketAddr};

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use dokuscope::app::listen::{ListenApp, ListenSetup};
use dokuscope_profiler::{Decoder, Event, Location, as_restarts};

const READ: usize = 1 << 16;

fn main() {
    report_ten_million();
    divan::main();
}

/// The recording `copies` times over, each copy a restart ([`as_restarts`]), and its
/// node count.
fn stream(copies: i32) -> (Vec<u8>, u64) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/cpprofiler/gecode-hard1-size.cpprof"
    );
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    as_restarts(&bytes, copies).unwrap_or_else(|e| panic!("{e}"))
}

/// `bytes` received on one connection by a fresh listen session, as the listener hands them.
fn receive(bytes: &[u8]) -> ListenApp {
    let mut app = ListenApp::new(ListenSetup::default());
    let peer = SocketAddr::from((Ipv4Addr::LOCALHOST, 40000));
    app.receive(Event::Connected { id: 1, peer });
    let mut decoder = Decoder::new();
    for piece in bytes.chunks(READ) {
        decoder.push(piece);
        while let Ok(Some(decoded)) = decoder.next_message() {
            app.receive(Event::Message { id: 1, decoded });
        }
    }
    app.receive(Event::Closed {
        id: 1,
        end: Location::default(),
        pending: 0,
        io_error: None,
    });
    app
}

/// The resident memory a 10 M-node lane takes (the process's, before and after).
#[expect(clippy::cast_precision_loss, reason = "a figure for a person to read")]
fn report_ten_million() {
    let (bytes, nodes) = stream(3800);
    let before = common::resident_kib();
    let app = receive(&bytes);
    let after = common::resident_kib();
    let lane = &app.lanes()[0];
    assert_eq!(lane.execution.counts().nodes, nodes);
    eprintln!(
        "listen: a lane of {nodes} nodes received: resident +{} MiB ({:.1} bytes a node; the execution's own count {} MiB)",
        after.saturating_sub(before) / 1024,
        after.saturating_sub(before) as f64 * 1024.0 / nodes as f64,
        lane.execution.heap_bytes() / (1 << 20),
    );
    drop(app);
    drop(bytes);
}

/// About a million nodes (400 copies) received into a live lane.
#[divan::bench(sample_count = 10)]
fn receive_into_a_lane(bencher: Bencher) {
    let (bytes, nodes) = stream(400);
    bencher.counter(ItemsCount::new(nodes)).bench(|| {
        let app = receive(&bytes);
        assert_eq!(app.lanes()[0].execution.counts().nodes, nodes);
        black_box(app)
    });
}
