//! The binary run as a user runs it: arguments, and bytes on standard input, written from
//! another thread so that a large input never blocks against the child's output.
#![allow(
    dead_code,
    reason = "each test crate uses a different part of these helpers"
)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `dokuscope args...` with `stdin` on its standard input, to its end.
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dokuscope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        // The child may exit before reading it all (a refusal): that is its answer.
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    output
}
