//! Receiving speed: a recorded Gecode search (tests/fixtures/cpprofiler/gecode-hard1-size.cpprof,
//! 2 641 nodes) sent 400 times as 400 restarts of one execution (1 056 400 nodes, 58 MB), decoded
//! in 64 KiB reads as the listener reads a socket, and assembled into the tree. Issue 47's
//! target: 1 M nodes a second into a live tree.
//!
//! `cargo bench --manifest-path crates/profiler/Cargo.toml --bench decode`

#![allow(clippy::panic, reason = "tests fail by panicking")]

use divan::counter::{BytesCount, ItemsCount};
use divan::{Bencher, black_box};
use dokuscope_profiler::{Decoder, Execution, Message, as_restarts};

const COPIES: i32 = 400;
const READ: usize = 1 << 16;

fn main() {
    divan::main();
}

/// The recording COPIES times over, each copy a restart ([`as_restarts`]), and its
/// node count.
fn stream() -> (Vec<u8>, u64) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/cpprofiler/gecode-hard1-size.cpprof"
    );
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    as_restarts(&bytes, COPIES).unwrap_or_else(|e| panic!("{e}"))
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
