//! The listen screen without a terminal: lanes fed the messages of real solvers' recordings
//! (tests/fixtures/cpprofiler), drawn on a `TestBackend` at 80×24 and 120×40, snapshots kept.

#![allow(clippy::panic, clippy::unwrap_used, reason = "tests fail by panicking")]

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use dokuscope::app::listen::{ListenAction, ListenApp, ListenSetup};
use dokuscope::ui::Theme;
use dokuscope_profiler::{Decoder, Event, FznCells, LabelReader, Location};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cpprofiler")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Feeds connection `id` the first `limit` frames of a recording (all with `None`), closed
/// at the end if `close`.
fn feed(app: &mut ListenApp, id: u64, bytes: &[u8], limit: Option<usize>, close: bool) {
    let peer = SocketAddr::from((Ipv4Addr::LOCALHOST, 40000 + id as u16));
    app.receive(Event::Connected { id, peer });
    let mut decoder = Decoder::new();
    decoder.push(bytes);
    let mut n = 0;
    while let Ok(Some(decoded)) = decoder.next_message() {
        if limit.is_some_and(|l| n >= l) {
            break;
        }
        app.receive(Event::Message { id, decoded });
        n += 1;
    }
    if close {
        let end = Location {
            frame: decoder.frames() + 1,
            offset: decoder.offset(),
        };
        app.receive(Event::Closed {
            id,
            end,
            pending: 0,
            io_error: None,
        });
    }
}

/// The hard.txt puzzle the Gecode recording solved.
const HARD1: &str =
    "6.7.84..34......5...3......72.......3.9..7.......4..25........2....35..6.32.7.9..";

/// top95's first puzzle, the Chuffed recording's.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn setup(puzzle: Option<&str>) -> ListenSetup {
    ListenSetup {
        address: "127.0.0.1:6565".into(),
        reader: LabelReader::new(),
        givens: puzzle.map_or_else(Vec::new, |p| {
            p.bytes()
                .map(|b| (b'1'..=b'9').contains(&b).then(|| b - b'0'))
                .collect()
        }),
        saving: None,
    }
}

fn draw(app: &ListenApp, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal
        .draw(|f| {
            dokuscope::ui::listen::render(app, Theme { color: false }, f.area(), f.buffer_mut());
        })
        .unwrap();
    terminal
}

#[test]
fn waiting_for_a_solver() {
    let app = ListenApp::new(setup(None));
    insta::assert_snapshot!("listen_waiting_80x24", draw(&app, 80, 24).backend());
}

#[test]
fn a_gecode_search_growing_live_follows_the_newest_node_and_shows_its_board() {
    let mut app = ListenApp::new(setup(Some(HARD1)));
    feed(
        &mut app,
        1,
        &fixture("gecode-hard1-size.cpprof"),
        Some(400),
        false,
    );
    let lane = app.focused().unwrap();
    assert!(lane.follows() && lane.is_open());
    assert_eq!(lane.execution.len(), 399, "START, then 399 nodes");
    insta::assert_snapshot!("listen_gecode_live_80x24", draw(&app, 80, 24).backend());
    insta::assert_snapshot!("listen_gecode_live_120x40", draw(&app, 120, 40).backend());
}

#[test]
fn walking_a_finished_chuffed_search_shows_a_failure_and_its_nogood() {
    let fzn = String::from_utf8(fixture("chuffed-top95-1.fzn")).unwrap();
    let reader = LabelReader::new().with_fzn(FznCells::parse(&fzn, None).unwrap());
    let mut app = ListenApp::new(ListenSetup {
        reader,
        ..setup(Some(TOP95_1))
    });
    feed(
        &mut app,
        1,
        &fixture("gecode-top95-2-size.cpprof"),
        None,
        true,
    );
    feed(&mut app, 2, &fixture("chuffed-top95-1.cpprof"), None, true);
    assert_eq!(
        app.focus(),
        1,
        "a new connection is shown once the one in view has ended"
    );
    app.update(ListenAction::Root);
    for _ in 0..7 {
        app.update(ListenAction::Down);
    }
    let lane = app.focused().unwrap();
    assert!(!lane.follows());
    let node = lane.execution.node(lane.cursor().unwrap()).unwrap();
    assert!(
        node.nogood.is_some(),
        "the seventh node below the root is a failure with a nogood: {node:?}"
    );
    insta::assert_snapshot!(
        "listen_chuffed_nogood_120x40",
        draw(&app, 120, 40).backend()
    );
    app.update(ListenAction::Fold);
    app.update(ListenAction::Lane(1));
    app.update(ListenAction::Follow);
    assert_eq!(app.focus(), 0);
    app.update(ListenAction::Quit);
    assert!(app.should_quit());
}
