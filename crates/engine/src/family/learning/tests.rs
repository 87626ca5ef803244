//! The learning family against the search without learning: the same solutions, counts
//! and verdicts, on the bundled and public sets.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use crate::event::Event;
use crate::preset::find;
use crate::puzzle::Puzzle;
use crate::search::{Limits, Search, Status};

fn puzzles(name: &str, take: usize) -> Vec<Puzzle> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
    let text = std::fs::read_to_string(dir.join(name)).expect("a bundled set");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(take)
        .map(|l| l.parse::<Puzzle>().expect("valid puzzle text"))
        .collect()
}

/// Both presets that learn find mrv's verdict and solution on every puzzle, multiple and
/// unsolvable ones too.
#[test]
fn learning_finds_what_mrv_finds() {
    let mut all = puzzles("public/top95.txt", 95);
    all.extend(puzzles("public/multiple_solutions.txt", 10));
    all.extend(puzzles("4x4.txt", 10));
    all.extend(puzzles("hard.txt", 10));
    let mrv = find("mrv").expect("mrv").strategy;
    let mut learned = 0;
    for name in ["nogood", "nogood-vsids"] {
        let strategy = find(name).expect("a preset").strategy;
        for puzzle in &all {
            let want = Search::with_limits(puzzle, mrv, Limits::default())
                .expect("no clash")
                .run();
            let got = Search::with_limits(puzzle, strategy, Limits::default())
                .expect("no clash")
                .run();
            assert_eq!(got.status, want.status, "{name} on {puzzle}");
            if want.status == Status::Solved {
                assert_eq!(got.solution, want.solution, "{name} on {puzzle}");
            }
            learned += got.stats.learned;
        }
    }
    assert!(learned > 100, "the searches learn: {learned}");
}

/// After every `learn`, the search goes back to its level and the first prune or
/// assignment there is forced by the nogood just learned.
#[test]
fn each_nogood_forces_its_asserting_literal_after_the_jump() {
    let strategy = find("nogood").expect("a preset").strategy;
    let mut checked = 0;
    for puzzle in puzzles("public/top95.txt", 20) {
        let search = Search::new(&puzzle, strategy).expect("no clash");
        let mut expect: Option<(u32, u16)> = None;
        for event in search {
            match (event, expect) {
                (Event::Learn { id, level, .. }, _) => expect = Some((id, level)),
                (Event::Backtrack { depth, .. }, Some((_, level))) => {
                    assert_eq!(depth, level, "{puzzle}");
                }
                (Event::Prune { cause, .. }, Some((id, _))) => {
                    assert_eq!(cause, crate::event::PruneCause::Nogood { id }, "{puzzle}");
                    expect = None;
                    checked += 1;
                }
                (Event::Exhausted | Event::Solution { .. }, Some(_)) => expect = None,
                (Event::Wipeout { .. }, Some(_)) => {
                    unreachable!("a wipeout before the asserted prune on {puzzle}")
                }
                _ => {}
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

/// A small database is reduced as the search goes (never past its growing limit), and the
/// search with restarts every few failures still finds mrv's verdicts: nogoods that are
/// reasons are never deleted, and the solution nogoods keep a count of solutions exact.
#[test]
fn a_small_database_and_frequent_restarts_keep_the_verdicts() {
    let mrv = find("mrv").expect("mrv").strategy;
    let (_, strategy) =
        crate::preset::resolve("nogood-vsids/keep:8/glue:1/luby:2").expect("variants");
    let mut restarts = 0;
    let mut most = 0;
    let mut all = puzzles("public/top95.txt", 30);
    all.extend(puzzles("public/multiple_solutions.txt", 10));
    for puzzle in &all {
        let want = Search::with_limits(puzzle, mrv, Limits::default())
            .expect("no clash")
            .run();
        let mut search =
            Search::with_limits(puzzle, strategy, Limits::default()).expect("no clash");
        while let Some(event) = search.next() {
            restarts += usize::from(matches!(event, Event::Restart { .. }));
            most = most.max(search.nogoods_kept().expect("a search that learns"));
        }
        assert_eq!(search.status(), want.status, "{puzzle}");
        if want.status == Status::Solved {
            assert_eq!(search.solution(), want.solution.as_ref(), "{puzzle}");
        }
    }
    assert!(restarts > 100, "{restarts} restarts");
    assert!(most > 8, "the database filled past its first limit: {most}");
    assert!(most < 60, "and was reduced: {most}");
}
