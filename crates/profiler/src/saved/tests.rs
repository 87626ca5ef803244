use super::*;
use crate::message::Node;

fn read(lines: &str) -> (SavedReader, Vec<SavedError>) {
    let mut reader = SavedReader::new();
    let errors = lines
        .lines()
        .filter_map(|line| reader.read_line(line).err())
        .collect();
    (reader, errors)
}

#[test]
fn a_node_with_every_field_reads_back_as_it_was_sent() {
    let node = Node {
        uid: NodeUid {
            nid: 7,
            rid: 2,
            tid: 0,
        },
        parent: NodeUid {
            nid: 3,
            rid: 0,
            tid: 0,
        },
        alternative: 1,
        kids: 0,
        status: Status::Failed,
        fields: Fields {
            label: Some("X_INTRODUCED_5_!=2".into()),
            nogood: Some("a!=1 \"b\"\\c\n\u{1}".into()),
            info: Some("{\"nogoods\":[1]}".into()),
            version: None,
        },
    };
    let mut text = String::new();
    push_start(&mut text, Some(4), Some("127.0.0.1:9"), Some("4....."));
    push_message(&mut text, &Message::Node(node.clone()));
    assert_eq!(text.lines().count(), 2, "one line each: {text}");
    let (reader, errors) = read(&text);
    assert!(errors.is_empty(), "{errors:?}");
    let start = reader.start().cloned().unwrap_or_default();
    assert_eq!(start.connection, Some(4));
    assert_eq!(start.puzzle.as_deref(), Some("4....."));
    let execution = reader.execution();
    let view = execution
        .node(crate::NodeIndex(0))
        .unwrap_or_else(|| unreachable!());
    assert_eq!(view.uid, node.uid);
    assert_eq!(view.label, node.fields.label.as_deref());
    assert_eq!(view.nogood, node.fields.nogood.as_deref());
    assert_eq!(view.info, node.fields.info.as_deref());
    assert_eq!(view.status, Status::Failed);
}

#[test]
fn bad_lines_are_errors_at_their_line_and_change_nothing() {
    let text = "{\"type\":\"start\",\"version\":1,\"search\":\"profiler\"}\n\
        {\"type\":\"node\",\"id\":[0,0],\"parent\":[-1,0,-1],\"alt\":0,\"kids\":2,\"status\":\"branch\"}\n\
        {\"type\":\"node\",\"id\":[0,0,0],\"parent\":[-1,0,-1],\"alt\":0,\"kids\":2,\"status\":\"open\"}\n\
        {\"type\":\"assign\"}\n\
        not json\n\
        {\"type\":\"lost\",\"frame\":3,\"byte\":40,\"error\":\"frame 3, byte 40: unknown type 9\"}\n";
    let (reader, errors) = read(text);
    let lines: Vec<u64> = errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6], "{errors:?}");
    assert!(
        errors[0].message.contains("[nid, rid, tid]"),
        "{}",
        errors[0]
    );
    assert!(errors[1].message.contains("\"open\""), "{}", errors[1]);
    assert!(errors[2].message.contains("unknown type"), "{}", errors[2]);
    assert!(
        errors[4].message.contains("unknown type 9"),
        "{}",
        errors[4]
    );
    assert_eq!(reader.lost(), 1);
    assert!(reader.execution().is_empty());
}

#[test]
fn a_stream_that_is_not_a_received_search_is_refused_at_line_one() {
    assert!(!is_saved_start(
        "{\"type\":\"start\",\"version\":1,\"puzzle\":\"...\"}"
    ));
    assert!(is_saved_start(
        "\u{feff}{\"type\":\"start\",\"search\":\"profiler\"}"
    ));
    let (_, errors) = read("{\"type\":\"start\",\"version\":1,\"puzzle\":\"...\"}\n");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 1);
    let (_, errors) = read("{\"type\":\"start\",\"version\":2,\"search\":\"profiler\"}\n");
    assert!(errors[0].message.contains("version 2"), "{}", errors[0]);
}

#[test]
fn without_done_or_its_closed_line_the_execution_is_incomplete() {
    let mut text = String::new();
    push_start(&mut text, None, None, None);
    let (reader, errors) = read(&text);
    assert!(errors.is_empty());
    let (_, execution) = reader.finish();
    assert!(execution.is_incomplete());
    let mut text = String::new();
    push_start(&mut text, None, None, None);
    push_message(&mut text, &Message::Done(Fields::default()));
    push_closed(
        &mut text,
        Location {
            frame: 2,
            offset: 5,
        },
        0,
        None,
    );
    let (reader, errors) = read(&text);
    assert!(errors.is_empty(), "{errors:?}");
    let (_, execution) = reader.finish();
    assert!(execution.is_done() && !execution.is_incomplete());
}
