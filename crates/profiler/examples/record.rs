//! Records what solvers send: listens like `dokuscope listen`, writes each connection's raw
//! bytes to `DIR/connection-ID.cpprof` and prints what each held when it closes.
//!
//! ```text
//! cargo run --release --manifest-path crates/profiler/Cargo.toml --example record -- \
//!     [--port 6565] [--addr 127.0.0.1] [--dir recordings] [--connections N]
//! ```
//! With `--connections N` it stops after N connections have closed; without, it runs until
//! killed. It exits 2 on a bad argument or a port in use.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;

use dokuscope_profiler::{Event, Execution, ListenConfig, listen};

struct Args {
    config: ListenConfig,
    connections: Option<u64>,
}

fn parse_args() -> Result<Args, String> {
    let mut config = ListenConfig {
        record_dir: Some(PathBuf::from("recordings")),
        ..ListenConfig::default()
    };
    let mut connections = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--port" => config.port = value.parse().map_err(|e| format!("--port {value}: {e}"))?,
            "--addr" => {
                config.addr = value
                    .parse::<IpAddr>()
                    .map_err(|e| format!("--addr {value}: {e}"))?;
            }
            "--dir" => config.record_dir = Some(PathBuf::from(value)),
            "--connections" => {
                connections = Some(
                    value
                        .parse()
                        .map_err(|e| format!("--connections {value}: {e}"))?,
                );
            }
            _ => {
                return Err(format!(
                    "unknown argument {flag} (--port, --addr, --dir, --connections)"
                ));
            }
        }
    }
    Ok(Args {
        config,
        connections,
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("record: {message}");
            return ExitCode::from(2);
        }
    };
    let (sender, events) = mpsc::channel();
    let listener = match listen(&args.config, sender) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("record: {error}");
            return ExitCode::from(2);
        }
    };
    let dir = args.config.record_dir.clone().unwrap_or_default();
    eprintln!(
        "record: listening on {}, recording into {}",
        listener.local_addr(),
        dir.display()
    );
    let mut executions: HashMap<u64, Execution> = HashMap::new();
    let mut closed = 0;
    for event in events {
        match event {
            Event::Connected { id, peer } => {
                eprintln!("record: connection {id} from {peer}");
                executions.insert(id, Execution::new());
            }
            Event::Message { id, decoded } => executions.entry(id).or_default().apply(&decoded),
            Event::Error { id, error } => {
                eprintln!("record: connection {id}: {error}");
                executions.entry(id).or_default().decode_error(error);
            }
            Event::Closed {
                id,
                end,
                pending,
                io_error,
            } => {
                let mut execution = executions.remove(&id).unwrap_or_default();
                execution.end(end, pending);
                let c = execution.counts();
                let file = dir.join(format!("connection-{id}.cpprof"));
                println!(
                    "{}: {} bytes, {} nodes, {} choices, {} failures, {} solutions, {} skipped, {} open, depth {}, {} restarts, {} nogoods, {} warnings{}",
                    file.display(),
                    end.offset + pending as u64,
                    c.nodes,
                    c.choices,
                    c.failures,
                    c.solutions,
                    c.skipped,
                    c.open,
                    c.max_depth,
                    c.restarts,
                    c.nogoods,
                    execution.warnings().len(),
                    io_error.map(|e| format!(" ({e})")).unwrap_or_default()
                );
                for warning in execution.warnings().iter().take(5) {
                    println!("  {warning}");
                }
                closed += 1;
                if args.connections.is_some_and(|n| closed >= n) {
                    break;
                }
            }
        }
    }
    drop(listener);
    ExitCode::SUCCESS
}
