//! The execution model on hand-made message sequences: links, counts, warnings.

use super::*;
use crate::encode::encode_all;
use crate::message::Fields;

fn uid(nid: i32, rid: i32) -> NodeUid {
    NodeUid { nid, rid, tid: 0 }
}

fn node(
    nid: i32,
    parent: i32,
    alternative: i32,
    kids: i32,
    status: Status,
    label: &str,
) -> Message {
    Message::Node(Node {
        uid: uid(nid, 0),
        parent: uid(parent, 0),
        alternative,
        kids,
        status,
        fields: Fields {
            label: Some(label.to_owned()),
            ..Fields::default()
        },
    })
}

fn at(frame: u64) -> Location {
    Location {
        frame,
        offset: frame * 10,
    }
}

fn run(messages: &[Message]) -> Execution {
    let mut execution = Execution::new();
    for (i, message) in messages.iter().enumerate() {
        execution.apply_message(message, at(i as u64 + 1));
    }
    execution
}

#[test]
fn a_small_search_is_linked_counted_and_labelled() {
    let execution = run(&[
        node(0, -1, -1, 2, Status::Branch, ""),
        node(1, 0, 0, 0, Status::Failed, "x[1] = 1"),
        node(2, 0, 1, 2, Status::Branch, "x[1] != 1"),
        node(3, 2, 0, 0, Status::Solved, "x[2] = 4"),
        node(4, 2, 1, 0, Status::Failed, "x[2] != 4"),
        Message::Done(Fields::default()),
    ]);
    let counts = execution.counts();
    assert_eq!(
        (
            counts.nodes,
            counts.choices,
            counts.failures,
            counts.solutions
        ),
        (5, 2, 2, 1)
    );
    assert_eq!((counts.open, counts.max_depth, counts.runs), (0, 2, 1));
    assert!(execution.warnings().is_empty());
    assert_eq!(
        execution.children(NodeIndex(0)),
        [NodeIndex(1), NodeIndex(2)]
    );
    assert_eq!(
        execution.children(NodeIndex(2)),
        [NodeIndex(3), NodeIndex(4)]
    );
    let solution = execution.node(NodeIndex(3)).expect("node 3 exists");
    assert_eq!(solution.label, Some("x[2] = 4"));
    assert_eq!(solution.parent, Some(NodeIndex(2)));
    assert_eq!(solution.depth, 2);
    assert_eq!(execution.node(NodeIndex(0)).and_then(|n| n.label), None);
    assert_eq!(execution.distinct_labels(), 4);
    assert!(execution.is_done() && !execution.is_incomplete());
}

#[test]
fn children_arriving_out_of_order_are_kept_in_alternative_order() {
    let execution = run(&[
        node(0, -1, 0, 3, Status::Branch, ""),
        node(1, 0, 2, 0, Status::Failed, "c"),
        node(2, 0, 0, 0, Status::Failed, "a"),
        node(3, 0, 1, 0, Status::Failed, "b"),
    ]);
    let labels: Vec<_> = execution
        .children(NodeIndex(0))
        .into_iter()
        .filter_map(|child| execution.node(child).and_then(|n| n.label))
        .collect();
    assert_eq!(labels, ["a", "b", "c"]);
    assert_eq!(execution.counts().open, 0);
}

#[test]
fn alternatives_that_never_came_stay_open() {
    let execution = run(&[
        node(0, -1, -1, 2, Status::Branch, ""),
        node(1, 0, 0, 2, Status::Branch, "a"),
    ]);
    assert_eq!(execution.counts().open, 3);
}

#[test]
fn a_node_whose_parent_never_came_becomes_an_orphan_root_with_a_warning() {
    let execution = run(&[
        node(0, -1, -1, 2, Status::Branch, ""),
        node(5, 4, 0, 2, Status::Branch, "lost"),
        node(6, 5, 0, 0, Status::Failed, "under the orphan"),
    ]);
    assert_eq!(execution.runs().len(), 2);
    assert!(execution.runs()[1].orphan);
    assert_eq!(execution.children(NodeIndex(1)), [NodeIndex(2)]);
    assert_eq!(
        execution.warnings(),
        [Warning {
            at: at(2),
            kind: WarningKind::OrphanNode {
                uid: uid(5, 0),
                parent: uid(4, 0)
            }
        }]
    );
}

#[test]
fn a_duplicate_id_is_kept_in_the_tree_but_not_indexed() {
    let execution = run(&[
        node(0, -1, -1, 2, Status::Branch, ""),
        node(1, 0, 0, 0, Status::Failed, "a"),
        node(1, 0, 1, 0, Status::Failed, "b"),
    ]);
    assert_eq!(execution.len(), 3);
    assert_eq!(execution.find(uid(1, 0)), Some(NodeIndex(1)));
    assert!(execution.node(NodeIndex(2)).is_some_and(|n| n.duplicate));
    assert_eq!(
        execution.warnings()[0].kind,
        WarningKind::DuplicateNode { uid: uid(1, 0) }
    );
    assert_eq!(execution.warnings()[0].at, at(3));
}

#[test]
fn restarts_start_runs_and_chuffeds_skipped_parent_is_found_under_its_restart() {
    let mut skipped = node(3, 1, 1, 0, Status::Skipped, "");
    if let Message::Node(n) = &mut skipped {
        n.uid.rid = 1; // Chuffed: the node's own restart id is right,
        n.parent.rid = 0; // its parent's is always 0
    }
    let mut second_root = node(1, -1, -1, 2, Status::Branch, "");
    if let Message::Node(n) = &mut second_root {
        n.uid.rid = 1;
        n.parent.rid = 1;
    }
    let restart = Message::Restart(Fields {
        info: Some("{\"restart_id\": 1\n}".into()),
        ..Fields::default()
    });
    let execution = run(&[
        node(0, -1, -1, 2, Status::Branch, ""),
        restart,
        second_root,
        skipped,
    ]);
    assert!(
        execution.warnings().is_empty(),
        "{:?}",
        execution.warnings()
    );
    assert_eq!(execution.runs().len(), 2);
    assert_eq!(execution.runs()[1].restart_id, 1);
    assert_eq!(execution.restart_ids(), [1]);
    assert_eq!(execution.children(NodeIndex(1)), [NodeIndex(2)]);
    assert_eq!(execution.node(NodeIndex(2)).map(|n| n.uid), Some(uid(3, 1)));
}

#[test]
fn gecodes_skipped_nodes_with_id_minus_one_are_all_kept() {
    let execution = run(&[
        node(0, -1, 0, 3, Status::Branch, ""),
        node(1, 0, 0, 0, Status::Solved, "a"),
        node(-1, 0, 1, 0, Status::Skipped, "b"),
        node(-1, 0, 2, 0, Status::Skipped, "c"),
    ]);
    assert!(execution.warnings().is_empty());
    assert_eq!(execution.counts().skipped, 2);
    assert_eq!(execution.counts().open, 0);
    assert_eq!(execution.children(NodeIndex(0)).len(), 3);
}

#[test]
fn a_stream_cut_mid_frame_keeps_its_nodes_and_is_incomplete() {
    let messages = [
        node(0, -1, -1, 2, Status::Branch, ""),
        node(1, 0, 0, 0, Status::Failed, "a"),
    ];
    let bytes = encode_all(&messages).expect("small messages encode");
    let cut = &bytes[..bytes.len() - 3];
    let execution = Execution::from_bytes(cut);
    assert_eq!(execution.len(), 1);
    assert!(execution.is_incomplete());
    let warning = execution.warnings().last().expect("a warning");
    assert!(matches!(warning.kind, WarningKind::Incomplete { nodes: 1, pending } if pending > 0));
    assert_eq!(warning.at.frame, 2);
    assert!(warning.to_string().contains("before DONE"), "{warning}");
}

#[test]
fn nogoods_and_infos_are_kept_per_node() {
    let mut failure = node(1, 0, 0, 0, Status::Failed, "a");
    if let Message::Node(n) = &mut failure {
        n.fields.nogood = Some("X_1_!=2 X_3_>=4".into());
        n.fields.info = Some("{\"nogoods\":[],\"blocks\":[1]}".into());
    }
    let execution = run(&[node(0, -1, -1, 2, Status::Branch, ""), failure]);
    let view = execution.node(NodeIndex(1)).expect("node 1");
    assert_eq!(view.nogood, Some("X_1_!=2 X_3_>=4"));
    assert_eq!(view.info, Some("{\"nogoods\":[],\"blocks\":[1]}"));
    assert_eq!(execution.counts().nogoods, 1);
    assert_eq!(execution.node(NodeIndex(0)).and_then(|n| n.nogood), None);
}

#[test]
fn warnings_past_the_limit_are_counted_not_kept() {
    let mut messages = vec![node(0, -1, -1, 2, Status::Branch, "")];
    messages.extend(
        (0..i32::try_from(MAX_WARNINGS).expect("a small limit") + 5)
            .map(|i| node(100 + i, 10_000_000 + i, 0, 0, Status::Failed, "")),
    );
    let execution = run(&messages);
    assert_eq!(execution.warnings().len(), MAX_WARNINGS);
    assert_eq!(execution.warnings_dropped(), 5);
}

#[test]
fn a_slot_takes_32_bytes() {
    assert_eq!(size_of::<Slot>(), 32);
}
