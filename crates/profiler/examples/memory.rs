//! Measures an execution's memory: assembles a synthetic search of N nodes (default 10 M) shaped
//! like Gecode's (binary choices labelled `var[i] = d` / `var[i] != d`, failures as leaves,
//! depth under 60) and prints the heap it holds and the process's resident memory.
//!
//! ```text
//! cargo run --release --manifest-path crates/profiler/Cargo.toml --example memory -- [NODES] [--nogoods]
//! ```
//! With `--nogoods` every failure also carries a Chuffed-like nogood of about 60 bytes.

use std::process::ExitCode;

use dokuscope_profiler::{Execution, Fields, Location, Message, Node, NodeUid, Status};

/// The resident set size in bytes, from /proc/self/statm (Linux); 0 elsewhere.
fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|statm| statm.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

/// A search of `nodes` nodes shaped like Gecode's, assembled as it is generated.
fn synthesize(nodes: u64, nogoods: bool) -> Execution {
    let mut execution = Execution::new();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    // The open choices: (node id, depth, the next alternative to explore).
    let mut stack: Vec<(i32, u32, i32)> = Vec::new();
    let uid = |nid| NodeUid {
        nid,
        rid: 0,
        tid: 0,
    };
    for frame in 1..=nodes {
        let id = i32::try_from(frame - 1).unwrap_or(i32::MAX);
        let (parent, depth, alternative) = match stack.last_mut() {
            Some(top) => {
                let edge = (top.0, top.1 + 1, top.2);
                top.2 += 1;
                if top.2 == 2 {
                    stack.pop();
                }
                edge
            }
            None => (-1, 0, 0),
        };
        let branch = depth < 60 && random() % 100 < 55;
        let (cell, digit) = (random() % 81, random() % 9 + 1);
        let relation = if alternative == 0 { "=" } else { "!=" };
        let status = if branch {
            Status::Branch
        } else {
            Status::Failed
        };
        let mut fields = Fields {
            label: Some(format!("var[{cell}] {relation} {digit}")),
            ..Fields::default()
        };
        if nogoods && !branch {
            fields.nogood = Some(format!(
                " X_INTRODUCED_{cell}_!={digit} X_INTRODUCED_{}_=={digit} X_INTRODUCED_{}_>=3",
                cell + 1,
                cell + 2
            ));
        }
        let kids = if branch { 2 } else { 0 };
        let node = Node {
            uid: uid(id),
            parent: uid(parent),
            alternative,
            kids,
            status,
            fields,
        };
        execution.apply_message(&Message::Node(node), Location { frame, offset: 0 });
        if branch {
            stack.push((id, depth, 0));
        }
    }
    execution
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nogoods = args.iter().any(|a| a == "--nogoods");
    let nodes: u64 = match args
        .iter()
        .find(|a| !a.starts_with("--"))
        .map(|n| n.parse())
    {
        None => 10_000_000,
        Some(Ok(n)) => n,
        Some(Err(error)) => {
            eprintln!("memory: NODES: {error}");
            return ExitCode::from(2);
        }
    };
    let before = resident_bytes();
    let execution = synthesize(nodes, nogoods);
    let after = resident_bytes();
    let counts = execution.counts();
    let heap = execution.heap_bytes();
    println!(
        "{} nodes ({} choices, {} failures, {} runs, depth {}, {} distinct labels, {} warnings)",
        counts.nodes,
        counts.choices,
        counts.failures,
        counts.runs,
        counts.max_depth,
        execution.distinct_labels(),
        execution.warnings().len()
    );
    #[expect(clippy::cast_precision_loss, reason = "a figure to print")]
    let per_node = |bytes: u64| bytes as f64 / counts.nodes.max(1) as f64;
    println!(
        "heap held by the execution: {} MB ({:.1} bytes a node)",
        heap >> 20,
        per_node(heap as u64)
    );
    println!(
        "resident memory grew by {} MB ({:.1} bytes a node; {} MB in all)",
        (after - before) >> 20,
        per_node(after - before),
        after >> 20
    );
    ExitCode::SUCCESS
}
