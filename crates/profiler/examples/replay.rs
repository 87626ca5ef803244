//! Sends a recording to a port as the solver did, to watch it again or test a listener.
//!
//! ```text
//! cargo run --release --manifest-path crates/profiler/Cargo.toml --example replay -- \
//!     FILE [--port 6565] [--host 127.0.0.1] [--chunk BYTES] [--pause-ms MS]
//! ```
//! It exits 2 on a bad argument, 1 when the file cannot be read or the connection fails.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use dokuscope_profiler::{DEFAULT_PORT, Replay, replay};

fn main() -> ExitCode {
    let mut file = None;
    let (mut host, mut port, mut how) = (
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        DEFAULT_PORT,
        Replay::default(),
    );
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let parsed = match arg.as_str() {
            "--port" | "--host" | "--chunk" | "--pause-ms" => {
                let Some(value) = args.next() else {
                    eprintln!("replay: {arg} needs a value");
                    return ExitCode::from(2);
                };
                match arg.as_str() {
                    "--port" => value.parse().map(|v| port = v).map_err(|e| e.to_string()),
                    "--host" => value.parse().map(|v| host = v).map_err(|e| e.to_string()),
                    "--chunk" => value
                        .parse()
                        .map(|v| how.chunk = v)
                        .map_err(|e| e.to_string()),
                    _ => value
                        .parse()
                        .map(|v| how.pause = Duration::from_millis(v))
                        .map_err(|e| e.to_string()),
                }
                .map_err(|e| format!("{arg} {value}: {e}"))
            }
            _ if file.is_none() && !arg.starts_with("--") => {
                file = Some(arg);
                Ok(())
            }
            _ => Err(format!("unexpected argument {arg}")),
        };
        if let Err(message) = parsed {
            eprintln!("replay: {message}");
            return ExitCode::from(2);
        }
    }
    let Some(file) = file else {
        eprintln!(
            "replay: which recording? (replay FILE [--port N] [--host IP] [--chunk BYTES] [--pause-ms MS])"
        );
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("replay: {file}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let addr = SocketAddr::new(host, port);
    match replay(&bytes, addr, how) {
        Ok(()) => {
            eprintln!("replay: sent {} bytes of {file} to {addr}", bytes.len());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("replay: {addr}: {error}");
            ExitCode::FAILURE
        }
    }
}
