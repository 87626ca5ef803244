//! The execution model under random message sequences: whatever ids, parents, alternatives
//! and statuses arrive, it never panics, every node is in the tree exactly once (a run's root
//! or one parent's child), children are in the order of their alternatives, and the counters
//! agree with the nodes.

use dokuscope_profiler::{Execution, Fields, Location, Message, Node, NodeIndex, NodeUid, Status};
use proptest::prelude::*;

fn arb_node() -> impl Strategy<Value = Message> {
    let status = prop_oneof![
        Just(Status::Solved),
        Just(Status::Failed),
        Just(Status::Branch),
        Just(Status::Skipped)
    ];
    let uid = (-2i32..24, 0i32..2, 0i32..2).prop_map(|(nid, rid, tid)| NodeUid { nid, rid, tid });
    (
        uid.clone(),
        uid,
        -1i32..4,
        -1i32..4,
        status,
        proptest::option::of("[a-c]{0,2}"),
    )
        .prop_map(|(uid, parent, alternative, kids, status, label)| {
            Message::Node(Node {
                uid,
                parent,
                alternative,
                kids,
                status,
                fields: Fields {
                    label,
                    ..Fields::default()
                },
            })
        })
}

fn arb_message() -> impl Strategy<Value = Message> {
    prop_oneof![
        8 => arb_node(),
        1 => Just(Message::Restart(Fields { info: Some("{\"restart_id\": 1\n}".into()), ..Fields::default() })),
        1 => Just(Message::Start(Fields::default())),
        1 => Just(Message::Done(Fields::default())),
    ]
}

proptest! {
    #[test]
    fn any_message_sequence_builds_a_tree_holding_every_node_once(
        messages in proptest::collection::vec(arb_message(), 0..120),
        ended in any::<bool>(),
    ) {
        let mut execution = Execution::new();
        for (i, message) in messages.iter().enumerate() {
            execution.apply_message(message, Location { frame: i as u64 + 1, offset: 0 });
        }
        if ended {
            execution.end(Location::default(), 0);
        }
        let nodes = messages.iter().filter(|m| matches!(m, Message::Node(_))).count();
        prop_assert_eq!(execution.len(), nodes);
        prop_assert_eq!(execution.counts().nodes, nodes as u64);
        let mut seen = vec![0u32; nodes];
        for run in execution.runs() {
            seen[run.root.0 as usize] += 1;
            prop_assert!(execution.node(run.root).is_some_and(|n| n.parent.is_none() && n.depth == 0));
        }
        let mut by_status = [0u64; 4];
        for index in execution.nodes() {
            let node = execution.node(index).expect("every index reads");
            by_status[match node.status { Status::Solved => 0, Status::Failed => 1, Status::Branch => 2, Status::Skipped => 3 }] += 1;
            let children = execution.children(index);
            for pair in children.windows(2) {
                let (a, b) = (execution.node(pair[0]).expect("a child"), execution.node(pair[1]).expect("a child"));
                prop_assert!(a.alternative <= b.alternative);
                prop_assert!(pair[0] < pair[1] || a.alternative < b.alternative, "equal alternatives in arrival order");
            }
            for child in children {
                seen[child.0 as usize] += 1;
                let view = execution.node(child).expect("a child");
                prop_assert_eq!(view.parent, Some(index));
                prop_assert_eq!(view.depth, node.depth + 1);
            }
        }
        prop_assert!(seen.iter().all(|&n| n == 1), "each node once: {:?}", seen);
        let c = execution.counts();
        prop_assert_eq!([c.solutions, c.failures, c.choices, c.skipped], by_status);
        prop_assert_eq!(c.runs as usize, execution.runs().len());
        prop_assert!(execution.node(NodeIndex(nodes as u32)).is_none());
        let done = messages.iter().any(|m| matches!(m, Message::Done(_)));
        prop_assert_eq!(execution.is_incomplete(), ended && !done);
    }
}
