//! A stream in its own words on screen: its start's names (`order not given` when none),
//! its select's heuristic and score in "why this cell" and the log, a prune without a cause
//! said so, givens that start as domains drawn as givens once assigned, and the checker's
//! warnings in the log and on the depth trace; at 120×40 and 80×24.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::path::PathBuf;

use dokuscope::app::{Action, App, Lock, Source};
use dokuscope::ui::{self, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A temporary file, removed when dropped.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const PUZZLE: &str = "...1.......22413";

/// A 4×4 search whose givens start as domains: a decision the given r1c4 rules out (a
/// warning), its wipeout and backtrack, then the given assigned, and a prune without cause.
const STREAM: &str = r#"{"type":"start","puzzle":"...1.......22413","givens":"domains","solver":"toy.py","order":"first_unassigned_variable","infer":"forward_checking"}
{"type":"select","cell":"r1c1","heuristic":"first_unassigned_variable","score":{"num_legal_values":4}}
{"type":"assign","cell":"r1c1","digit":1}
{"type":"prune","cell":"r1c4","digit":1,"cause":{"rule":"forward_check","from":"r1c1"}}
{"type":"backtrack","cell":"r1c1","digit":1}
{"type":"select","cell":"r1c1","heuristic":"first_unassigned_variable","score":{"num_legal_values":4}}
{"type":"assign","cell":"r1c1","digit":3}
{"type":"select","cell":"r1c4","heuristic":"first_unassigned_variable","score":{"num_legal_values":1}}
{"type":"assign","cell":"r1c4","digit":1}
{"type":"prune","cell":"r1c2","digit":3}
"#;

fn app_at_end(text: &str, name: &str) -> (App, TempFile) {
    let path = std::env::temp_dir().join(format!(
        "dokuscope-stream-voice-{}-{name}.jsonl",
        std::process::id()
    ));
    std::fs::write(&path, text).expect("written");
    let file = TempFile(path);
    let lane = dokuscope::cli::stream_file::lane(&file.0).expect("a stream");
    let source = Source {
        location: "toy.jsonl".into(),
        index: 1,
        puzzle: PUZZLE.parse().expect("a puzzle"),
    };
    let mut app = App::with_lanes(source, vec![lane], Lock::Events);
    app.update(Action::RunToEnd);
    for _ in 0..1000 {
        if !app.running() {
            break;
        }
        app.on_tick(app.now(), None);
    }
    (app, file)
}

fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test backend");
    terminal
        .draw(|f| ui::render(app, Theme { color: false }, f.area(), f.buffer_mut()))
        .expect("drawn");
    terminal.backend().to_string()
}

#[test]
fn a_stream_speaks_its_own_words_at_both_sizes() {
    let (app, _file) = app_at_end(STREAM, "words");
    assert_eq!(app.lanes()[0].cursor().step(), 10);
    let big = screen(&app, 120, 40);
    for words in [
        "toy.py  order first_unassigned_variable",
        "givens as domains",
        "why this cell (first_unassigned_variable)",
        "r1c4  1 cand  num_legal_values 1  chosen",
        "prune 3 from r1c2: no cause given",
        "r1c4 ← 1 (the given; decision:",
        "cannot succeed: its peer r1c4 is the",
        "! wasted search",
    ] {
        assert!(big.contains(words), "{words:?} not in\n{big}");
    }
    assert!(
        !big.contains("MRV"),
        "no preset's order behind a stream:\n{big}"
    );
    insta::assert_snapshot!("stream_voice_120x40", big);
    insta::assert_snapshot!("stream_voice_80x24", screen(&app, 80, 24));
}

#[test]
fn a_stream_that_names_no_order_says_so_and_gives_no_reason_where_it_gave_none() {
    let text = STREAM
        .replacen(r#","order":"first_unassigned_variable""#, "", 1)
        .replace(
            r#","heuristic":"first_unassigned_variable","score":{"num_legal_values":1}"#,
            "",
        );
    let (app, _file) = app_at_end(&text, "plain");
    let big = screen(&app, 120, 40);
    assert!(big.contains("toy.py  order not given"), "{big}");
    assert!(big.contains("r1c4 (1 cand), no reason given"), "{big}");
    assert!(big.contains("select r1c4 at depth 1: order not"), "{big}");
}
