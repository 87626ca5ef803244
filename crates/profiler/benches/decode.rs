//! Receiving speed: a recorded Gecode search (tests/fixtures/cpprofiler/gecode-hard1-size.cpprof,
//! 2 641 nodes) sent 400 times as 400 restarts of one execution (1 056 400 nodes, 58 MB), decoded
//! in 64 KiB reads as the listener reads a socket, and assembled into the tree. Issue 47's
//! target: 1 M nodes a second into a live tree.
//!
//! `cargo bench --manifest-path crates/profiler/Cargo.toml --bench decode`

#![allow(clippy::panic, reason = "tests fail by panicking")]

use divan::counter::{BytesCount, ItemsCount};
use divan::{Bencher, black_box};
use dokuscope_profiler::{Decoder, Execution, Message, encode};

const COPIES: i32 = 400;
const READ: usize = 1 << 16;

fn main() {
    divan::main();
}

/// The recording `COPIES` times over, each copy a restart (its ids under restart id `k`).
fn stream() -> (Vec<u8>, u64) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/cpprofiler/gecode-hard1-size.cpprof"
    );
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut decoder = Decoder::new();
    decoder.push(&bytes);
    let mut messages = Vec::new();
    while let Ok(Some(decoded)) = decoder.next_message() {
        messages.push(decoded.message);
    }
    let mut out = Vec::new();
    let mut nodes = 0;
    for k in 0..COPIES {
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
            encode(&message, &mut out).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    (out, nodes)
}

#[divan::bench(sample_count = 10)]
fn decode_and_assemble(bencher: Bencher) {
    let (bytes, nodes) = stream();
    bencher
        .counter(ItemsCount::new(nodes))
        .counter(BytesCount::of_slice(&bytes))
        .bench(|| {
            let mut decoder = Decoder::new();
            let mut execution = Execution::new();
            for piece in bytes.chunks(READ) {
                decoder.push(piece);
                while let Ok(Some(decoded)) = decoder.next_message() {
                    execution.apply(&decoded);
                }
            }
            assert_eq!(execution.counts().nodes, nodes);
            black_box(execution)
        });
}

#[divan::bench(sample_count = 10)]
fn decode_only(bencher: Bencher) {
    let (bytes, nodes) = stream();
    bencher
        .counter(ItemsCount::new(nodes))
        .counter(BytesCount::of_slice(&bytes))
        .bench(|| {
            let mut decoder = Decoder::new();
            let mut count = 0u64;
            for piece in bytes.chunks(READ) {
                decoder.push(piece);
                while let Ok(Some(decoded)) = decoder.next_message() {
                    count += u64::from(matches!(decoded.message, Message::Node(_)));
                }
            }
            assert_eq!(count, nodes);
            count
        });
}
