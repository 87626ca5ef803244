//! Prints a recording frame by frame, as text: what a solver sent, for reading and for docs.
//!
//! ```text
//! cargo run --release --manifest-path crates/profiler/Cargo.toml --example dump -- FILE [--limit N]
//! ```
//! One line a frame: `frame@byte TYPE fields`; errors are printed where they are and the dump
//! goes on. It exits 2 on a bad argument, 1 when the file cannot be read or holds errors.

use std::io::Write;
use std::process::ExitCode;

use dokuscope_profiler::{Decoder, Fields, Message};

fn fields(fields: &Fields) -> String {
    let mut out = String::new();
    if let Some(version) = fields.version {
        out.push_str(" version=");
        out.push_str(&version.to_string());
    }
    for (name, text) in [
        ("label", &fields.label),
        ("nogood", &fields.nogood),
        ("info", &fields.info),
    ] {
        if let Some(text) = text {
            out.push_str(&[" ", name, "=", &format!("{text:?}")].concat());
        }
    }
    out
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (file, limit) = match args.as_slice() {
        [file] => (file, u64::MAX),
        [file, flag, n] if flag == "--limit" => match n.parse() {
            Ok(n) => (file, n),
            Err(error) => {
                eprintln!("dump: --limit {n}: {error}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("dump: usage: dump FILE [--limit N]");
            return ExitCode::from(2);
        }
    };
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("dump: {file}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut decoder = Decoder::new();
    decoder.push(&bytes);
    let (mut errors, mut fatal) = (0, false);
    let mut printed = 0;
    // Writes stop quietly when the reader goes (`dump FILE | head`).
    let mut out = std::io::stdout().lock();
    loop {
        let written = match decoder.next_message() {
            Ok(None) => break,
            Ok(Some(_)) if printed >= limit => Ok(()),
            Ok(Some(frame)) => {
                printed += 1;
                let at = frame.at;
                match &frame.message {
                    Message::Node(n) => writeln!(
                        out,
                        "{}@{} NODE {} parent={} alt={} kids={} {:?}{}",
                        at.frame,
                        at.offset,
                        n.uid,
                        n.parent,
                        n.alternative,
                        n.kids,
                        n.status,
                        fields(&n.fields)
                    ),
                    other => writeln!(
                        out,
                        "{}@{} {}{}",
                        at.frame,
                        at.offset,
                        other.kind_name(),
                        fields(other.fields())
                    ),
                }
            }
            Err(error) => {
                errors += 1;
                fatal = error.is_fatal();
                let written = writeln!(out, "error: {error}");
                if fatal {
                    break;
                }
                written
            }
        };
        if written.is_err() {
            return ExitCode::SUCCESS;
        }
    }
    // After a fatal error `finish` would only say it again.
    if let (false, Err(error)) = (fatal, decoder.finish()) {
        errors += 1;
        drop(writeln!(out, "error: {error}"));
    }
    if errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
