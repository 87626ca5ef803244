//! The recordings of real solvers (tests/fixtures/cpprofiler/, see its README): every byte
//! decodes, the trees have the solvers' own counts, the labels name cells, the nogoods read and
//! hold in the solution.

#![allow(clippy::panic, reason = "tests fail by panicking")]

mod common;

use dokuscope_profiler::{
    Decoder, Execution, FznCells, LabelReader, Literal, Message, NodeIndex, Status,
};

/// A recording and the counts its README gives: nodes, choices, failures, solutions, skipped,
/// open alternatives, restarts, nogoods.
struct Pinned {
    name: &'static str,
    counts: [u64; 8],
}

const PINNED: [Pinned; 6] = [
    Pinned {
        name: "gecode-hard1-size",
        counts: [2641, 1320, 1320, 1, 0, 0, 0, 0],
    },
    Pinned {
        name: "gecode-top95-2-size",
        counts: [493, 246, 246, 1, 0, 0, 0, 0],
    },
    Pinned {
        name: "gecode-top95-7-input-dom",
        counts: [169, 84, 84, 1, 0, 0, 0, 0],
    },
    Pinned {
        name: "chuffed-top95-1",
        counts: [36, 19, 6, 1, 10, 3, 0, 6],
    },
    Pinned {
        name: "chuffed-forum1106-1",
        counts: [189, 95, 83, 1, 10, 7, 0, 83],
    },
    Pinned {
        name: "chuffed-forum1106-1-luby",
        counts: [209, 115, 83, 1, 10, 33, 6, 83],
    },
];

fn counts_of(execution: &Execution) -> [u64; 8] {
    let c = execution.counts();
    [
        c.nodes,
        c.choices,
        c.failures,
        c.solutions,
        c.skipped,
        c.open,
        u64::from(c.restarts),
        c.nogoods,
    ]
}

/// `key=value` from a solver's statistics line (`gecode: nodes=…`, `%%%mzn-stat: nodes=…`).
fn stat(out: &str, key: &str) -> u64 {
    let prefix = format!("{key}=");
    out.split_whitespace()
        .find_map(|word| word.strip_prefix(&prefix)?.parse().ok())
        .unwrap_or_else(|| panic!("no {key}= in {out}"))
}

/// The solved grid a solver printed: Gecode's 81-digit line or Chuffed's `X = array2d(...)`.
fn solution(out: &str) -> Vec<i32> {
    let digits: Vec<i32> = match out.find("array2d(") {
        Some(at) => {
            let list = &out[at..];
            let list =
                &list[list.find('[').expect("a list") + 1..list.find(']').expect("a list's end")];
            list.split(',')
                .map(|d| d.trim().parse().expect("a digit"))
                .collect()
        }
        None => out
            .lines()
            .next()
            .expect("a line")
            .bytes()
            .map(|b| i32::from(b - b'0'))
            .collect(),
    };
    assert_eq!(digits.len(), 81, "{out}");
    digits
}

fn reader_for(name: &str) -> LabelReader {
    if name.starts_with("chuffed") {
        let fzn = name.trim_end_matches("-luby");
        let cells = FznCells::parse(&common::text(&format!("{fzn}.fzn")), None)
            .expect("the .fzn has its grid");
        LabelReader::new().with_fzn(cells)
    } else {
        LabelReader::new()
    }
}

#[test]
fn every_recording_decodes_whole_and_byte_by_byte_without_an_error() {
    for (name, bytes) in common::recordings() {
        let whole = Execution::from_bytes(&bytes);
        assert!(
            whole.warnings().is_empty(),
            "{name}: {:?}",
            whole.warnings()
        );
        assert!(whole.is_done() && !whole.is_incomplete(), "{name}");
        let mut decoder = Decoder::new();
        let mut one_by_one = Execution::new();
        for byte in &bytes {
            decoder.push(std::slice::from_ref(byte));
            while let Some(decoded) = decoder
                .next_message()
                .unwrap_or_else(|e| panic!("{name}: {e}"))
            {
                one_by_one.apply(&decoded);
            }
        }
        assert_eq!(decoder.finish(), Ok(()), "{name}");
        assert_eq!(one_by_one.counts(), whole.counts(), "{name}");
        assert_eq!(decoder.offset(), bytes.len() as u64, "{name}");
    }
}

#[test]
fn the_trees_have_the_counts_the_solvers_printed_and_the_readme_gives() {
    for pinned in &PINNED {
        let name = pinned.name;
        let execution = Execution::from_bytes(&common::read(&format!("{name}.cpprof")));
        let out = common::text(&format!("{name}.out"));
        let c = execution.counts();
        assert_eq!(
            counts_of(&execution),
            pinned.counts,
            "{name}: README's counts"
        );
        assert_eq!(c.failures, stat(&out, "failures"), "{name}: failures");
        if name.starts_with("gecode") {
            assert_eq!(
                c.nodes,
                stat(&out, "nodes"),
                "{name}: Gecode counts every explored node"
            );
            assert_eq!(c.solutions, stat(&out, "solutions"), "{name}");
        } else {
            // Chuffed's counter starts at 1 (engine.h: `nodes{1}`) and counts decisions
            // (`++nodes` in makeDecision), one per BRANCH node it sends.
            assert_eq!(
                c.choices + 1,
                stat(&out, "nodes"),
                "{name}: Chuffed's nodes"
            );
            assert_eq!(u64::from(c.restarts), stat(&out, "restarts"), "{name}");
            assert_eq!(
                c.nogoods,
                stat(&out, "nogoods"),
                "{name}: one nogood a failure"
            );
            assert_eq!(
                c.solutions,
                out.matches("----------").count() as u64,
                "{name}"
            );
            assert_eq!(
                execution.runs().len(),
                c.restarts as usize + 1,
                "{name}: a run per restart"
            );
        }
        let start = execution.start_info().expect("START came");
        assert_eq!(start.version, Some(3), "{name}");
        assert_eq!(
            start.has_restarts,
            Some(name.starts_with("chuffed")),
            "{name}"
        );
    }
}

/// The node that is the solution, and the labels on the path from its run's root to it.
fn path_to_solution(execution: &Execution) -> Vec<&str> {
    let solved = execution
        .nodes()
        .find(|&i| {
            execution
                .node(i)
                .is_some_and(|n| n.status == Status::Solved)
        })
        .expect("a solution node");
    let mut labels = Vec::new();
    let mut at = Some(solved);
    while let Some(node) = at.and_then(|i: NodeIndex| execution.node(i)) {
        if node.parent.is_some() {
            labels.extend(node.label);
        }
        at = node.parent;
    }
    labels
}

#[test]
fn the_labels_name_cells_and_the_path_to_the_solution_agrees_with_it() {
    for pinned in &PINNED {
        let name = pinned.name;
        let execution = Execution::from_bytes(&common::read(&format!("{name}.cpprof")));
        let reader = reader_for(name);
        let grid = solution(&common::text(&format!("{name}.out")));
        let (mut read, mut labelled) = (0, 0);
        for index in execution.nodes() {
            let node = execution.node(index).expect("a node");
            if let Some(label) = node.label {
                labelled += 1;
                read += usize::from(reader.read(label).is_some());
            }
        }
        assert_eq!(read, labelled, "{name}: every label names a cell");
        let path = path_to_solution(&execution);
        assert!(!path.is_empty(), "{name}");
        for label in path {
            let decision = reader.read(label).expect("a decision");
            let digit = grid[decision.cell.index()];
            assert!(
                decision.relation.holds(digit, decision.value),
                "{name}: {label} ({decision}) but the solution has {digit}"
            );
        }
    }
}

#[test]
fn chuffeds_nogoods_read_as_literals_on_cells_and_the_solution_satisfies_each() {
    for name in [
        "chuffed-top95-1",
        "chuffed-forum1106-1",
        "chuffed-forum1106-1-luby",
    ] {
        let execution = Execution::from_bytes(&common::read(&format!("{name}.cpprof")));
        let reader = reader_for(name);
        let grid = solution(&common::text(&format!("{name}.out")));
        let mut nogoods = 0;
        for index in execution.nodes() {
            let node = execution.node(index).expect("a node");
            let Some(nogood) = node.nogood else { continue };
            assert_eq!(node.status, Status::Failed, "{name}: a nogood on a failure");
            nogoods += 1;
            let literals = reader.read_nogood(nogood);
            assert!(!literals.is_empty(), "{name}: {nogood:?}");
            // The nogood is Chuffed's learned clause: implied by the model, so every solution
            // makes one of its literals true.
            let satisfied = literals.iter().any(|literal| match literal {
                Literal::Decision(d) => d.relation.holds(grid[d.cell.index()], d.value),
                Literal::Text(text) => panic!("{name}: {text} in {nogood:?} names no cell"),
            });
            assert!(
                satisfied,
                "{name}: the solution breaks the clause {nogood:?}"
            );
        }
        assert_eq!(nogoods, execution.counts().nogoods, "{name}");
        assert!(nogoods > 0, "{name}");
    }
}

#[test]
fn the_first_frames_are_start_then_the_root() {
    for (name, bytes) in common::recordings() {
        let mut decoder = Decoder::new();
        decoder.push(&bytes);
        let first = decoder.next_message().expect("no error").expect("a frame");
        assert!(matches!(first.message, Message::Start(_)), "{name}");
        let second = decoder.next_message().expect("no error").expect("a frame");
        let Message::Node(root) = second.message else {
            panic!("{name}: a node after START")
        };
        assert_eq!(root.parent.nid, -1, "{name}: the root has no parent");
    }
}
