//! The decoder on bad frames (each error typed and located) and under fuzzing: random bytes and
//! mutated recordings never panic, any split of a stream decodes alike, encode→decode round trips.

mod common;

use dokuscope_profiler::{
    DecodeError, Decoder, Execution, FieldName, Fields, Location, Message, Node, NodeUid, Status,
    encode_all,
};
use proptest::prelude::*;

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = u32::try_from(body.len())
        .expect("small frames")
        .to_le_bytes()
        .to_vec();
    out.extend_from_slice(body);
    out
}

fn at(frame: u64, offset: u64) -> Location {
    Location { frame, offset }
}

/// Decodes everything in `bytes`, pushed in pieces of `chunk` bytes; messages and errors in order.
fn decode_all(bytes: &[u8], chunk: usize) -> Vec<Result<Message, DecodeError>> {
    let mut decoder = Decoder::new();
    let mut out = Vec::new();
    for piece in bytes.chunks(chunk.max(1)) {
        decoder.push(piece);
        loop {
            match decoder.next_message() {
                Ok(Some(frame)) => out.push(Ok(frame.message)),
                Ok(None) => break,
                Err(error) => {
                    let fatal = error.is_fatal();
                    out.push(Err(error));
                    if fatal {
                        return out;
                    }
                }
            }
        }
    }
    if let Err(error) = decoder.finish() {
        out.push(Err(error));
    }
    out
}

const NODE_HEAD: [u8; 34] = {
    let mut head = [0u8; 34];
    // nid 0/0/0 (all zero), parent nid -1:
    head[13] = 0xff;
    head[14] = 0xff;
    head[15] = 0xff;
    head[16] = 0xff;
    head[33] = 2; // BRANCH
    head
};

#[test]
fn each_bad_frame_gives_its_typed_error_at_its_byte() {
    let done = frame(&[1]);
    let mut node = NODE_HEAD.to_vec();
    node.push(7); // an unknown tag right after the status
    let cases: Vec<(Vec<u8>, DecodeError)> = vec![
        (frame(&[]), DecodeError::EmptyFrame { at: at(2, 5) }),
        (
            frame(&[9]),
            DecodeError::UnknownType {
                at: at(2, 5 + 4),
                byte: 9,
            },
        ),
        (
            frame(&[0, 0, 0]),
            DecodeError::ShortNode {
                at: at(2, 5 + 4),
                length: 3,
            },
        ),
        (
            frame(&[&NODE_HEAD[..33], &[4]].concat()),
            DecodeError::UnknownStatus {
                at: at(2, 5 + 37),
                byte: 4,
            },
        ),
        (
            frame(&node),
            DecodeError::UnknownTag {
                at: at(2, 5 + 38),
                byte: 7,
            },
        ),
        (
            frame(&[1, 0]),
            DecodeError::TrailingBytes {
                at: at(2, 5 + 5),
                field: FieldName::Label,
                need: 4,
                left: 0,
            },
        ),
        (
            frame(&[1, 2, 0, 0, 0, 9, b'a']),
            DecodeError::TrailingBytes {
                at: at(2, 5 + 5),
                field: FieldName::Info,
                need: 13,
                left: 5,
            },
        ),
        (
            frame(&[2, 0, 0xff, 0xff, 0xff, 0xfe]),
            DecodeError::NegativeLength {
                at: at(2, 5 + 6),
                field: FieldName::Label,
                length: -2,
            },
        ),
        (
            frame(&[3, 2, 0, 0, 0, 3, b'o', 0xff, b'k']),
            DecodeError::BadUtf8 {
                at: at(2, 5 + 11),
                field: FieldName::Info,
            },
        ),
        (
            frame(&[2, 3, 0, 0, 0, 3, 3, 0, 0, 0, 3]),
            DecodeError::DuplicateField {
                at: at(2, 5 + 10),
                field: FieldName::Version,
            },
        ),
    ];
    for (bytes, want) in cases {
        let mut stream = done.clone();
        stream.extend_from_slice(&bytes);
        stream.extend_from_slice(&done);
        let got = decode_all(&stream, 1);
        assert_eq!(got.len(), 3, "{want}: {got:?}");
        assert_eq!(got[1], Err(want.clone()), "{want}");
        assert!(!want.is_fatal());
        assert_eq!(
            got[2],
            Ok(Message::Done(Fields::default())),
            "the frame after {want} reads"
        );
    }
}

#[test]
fn a_length_over_the_limit_stops_the_stream() {
    let mut stream = frame(&[1]);
    stream.extend_from_slice(b"GET / HTTP/1.1\r\n");
    let got = decode_all(&stream, 3);
    assert_eq!(got.len(), 2);
    let want = DecodeError::FrameTooLong {
        at: at(2, 5),
        length: 0x2054_4547, // "GET " read as a little-endian length
        limit: 16 << 20,
    };
    assert_eq!(got[1], Err(want.clone()));
    assert!(want.is_fatal());
    assert!(
        want.to_string()
            .starts_with("frame 2, byte 5: a frame of 542393671 bytes"),
        "{want}"
    );
}

#[test]
fn a_stream_cut_inside_a_frame_or_its_length_is_truncated() {
    let stream = [frame(&[1]), frame(&[2, 3, 0, 0, 0, 3])].concat();
    for (cut, have, need) in [(7, 2, 4), (12, 7, 10)] {
        let got = decode_all(&stream[..cut], 1);
        let want = DecodeError::Truncated {
            at: at(2, 5),
            have,
            need,
        };
        assert_eq!(
            got,
            [Ok(Message::Done(Fields::default())), Err(want)],
            "cut after {cut}"
        );
    }
    let want = DecodeError::Truncated {
        at: at(1, 0),
        have: 3,
        need: 4,
    };
    assert_eq!(decode_all(&stream[..3], 1), [Err(want)]);
}

fn arb_uid() -> impl Strategy<Value = NodeUid> {
    (any::<i32>(), any::<i32>(), any::<i32>()).prop_map(|(nid, rid, tid)| NodeUid { nid, rid, tid })
}

fn arb_fields() -> impl Strategy<Value = Fields> {
    let text = proptest::option::of(".{0,12}");
    (
        text.clone(),
        text.clone(),
        text,
        proptest::option::of(any::<i32>()),
    )
        .prop_map(|(label, nogood, info, version)| Fields {
            label,
            nogood,
            info,
            version,
        })
}

fn arb_message() -> impl Strategy<Value = Message> {
    let status = prop_oneof![
        Just(Status::Solved),
        Just(Status::Failed),
        Just(Status::Branch),
        Just(Status::Skipped)
    ];
    prop_oneof![
        4 => (arb_uid(), arb_uid(), any::<i32>(), any::<i32>(), status, arb_fields()).prop_map(
            |(uid, parent, alternative, kids, status, fields)| {
                Message::Node(Node { uid, parent, alternative, kids, status, fields })
            }
        ),
        1 => arb_fields().prop_map(Message::Done),
        1 => arb_fields().prop_map(Message::Start),
        1 => arb_fields().prop_map(Message::Restart),
    ]
}

proptest! {
    #[test]
    fn encode_then_decode_gives_the_messages_back_in_any_split(
        messages in proptest::collection::vec(arb_message(), 0..20),
        chunk in 1usize..64,
    ) {
        let bytes = encode_all(&messages).expect("small messages encode");
        let got = decode_all(&bytes, chunk);
        let want: Vec<_> = messages.into_iter().map(Ok).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn random_bytes_never_panic_and_errors_are_inside_the_stream(
        bytes in proptest::collection::vec(any::<u8>(), 0..512),
        chunk in 1usize..32,
    ) {
        for result in decode_all(&bytes, chunk) {
            if let Err(error) = result {
                prop_assert!(error.location().offset <= bytes.len() as u64, "{error}");
            }
        }
        let execution = Execution::from_bytes(&bytes);
        prop_assert!(execution.len() as u64 <= bytes.len() as u64 / 38 + 1);
    }

    #[test]
    fn mutated_recordings_never_panic(
        pick in 0usize..64,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..8),
        chunk in 1usize..100,
    ) {
        let recordings = common::recordings();
        let (_, original) = &recordings[pick % recordings.len()];
        let mut bytes = original.clone();
        for (index, byte, kind) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = index.index(bytes.len());
            match kind {
                0 => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                _ => bytes.truncate(i),
            }
        }
        let results = decode_all(&bytes, chunk);
        prop_assert!(!results.is_empty() || bytes.is_empty());
        let execution = Execution::from_bytes(&bytes);
        prop_assert!(execution.counts().nodes <= original.len() as u64);
    }
}
