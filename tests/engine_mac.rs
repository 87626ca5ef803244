//! Maintaining arc consistency (presets `mac` and `mac-2001`): the same search as `mrv`,
//! whose rules have the same fixpoint, and counters that a textbook AC-3 and AC-2001
//! written in the tests reproduce.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::audit::cells_of;
use common::public;
use common::textbook::{Algorithm, Textbook};
use dokuscope::solver::preset::find;
use dokuscope::solver::{Event, Limits, Puzzle, Search, Stats};

/// Puzzles from the public sets, by upstream line number (from 1, increasing), and the bundled hard ones. The
/// lines are among those `mac` searches in the fewest events, so that each test stays short.
fn puzzles(sets: &[(&str, &[usize])]) -> Vec<(String, Puzzle)> {
    let mut all = Vec::new();
    for &(name, lines) in sets {
        assert!(lines.is_sorted(), "{name}: lines in increasing order");
        let text = public::picked(name, lines.len(), |n| lines.contains(&n));
        for (&line, text) in lines.iter().zip(&text) {
            let puzzle = text.trim().parse().expect("a puzzle of the set");
            all.push((format!("{name}:{line}"), puzzle));
        }
    }
    let hard = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/hard.txt"))
        .expect("the bundled hard puzzles");
    for (i, line) in hard
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
    {
        all.push((
            format!("puzzles/hard.txt:{}", i + 1),
            line.parse().expect("a puzzle"),
        ));
    }
    all
}

const ELEVEN: &[usize] = &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/// What a search is, beyond the order of its prunes: each select with every domain of the
/// grid then, each backtrack and solution, how it ended; and per propagation (the events
/// between two of those), its prunes and whether it ended in a wipeout.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    tree: Vec<String>,
    propagations: Vec<(u64, bool)>,
}

fn shape(puzzle: &Puzzle, preset: &str) -> (Shape, Stats) {
    let strategy = find(preset).expect("a preset").strategy;
    let mut search = Search::with_limits(puzzle, strategy, Limits::default()).expect("no clash");
    let mut shape = Shape {
        tree: Vec::new(),
        propagations: vec![(0, false)],
    };
    while let Some(event) = search.next() {
        let last = shape.propagations.last_mut().expect("one at least");
        match event {
            Event::Prune { .. } => last.0 += 1,
            Event::Wipeout { .. } => last.1 = true,
            Event::Assign { .. } | Event::Revise { .. } => {}
            Event::Select { .. } => {
                let grid = search.state().grid();
                let domains: Vec<u32> = puzzle
                    .geometry()
                    .cells()
                    .map(|c| {
                        grid.domain(c).bits()
                            | u32::from(grid.value(c).map_or(0, dokuscope::solver::Digit::get))
                                << 27
                    })
                    .collect();
                shape.tree.push(format!("{event:?} {domains:?}"));
                shape.propagations.push((0, false));
            }
            other => {
                shape.tree.push(format!("{other:?}"));
                shape.propagations.push((0, false));
            }
        }
    }
    (shape, *search.stats())
}

/// `mac` makes `mrv`'s search on every puzzle: the same selects with the same domains,
/// backtracks, solutions and end, so the same nodes, backtracks, wipeouts and solutions;
/// each propagation that reaches its fixpoint makes the same prunes, and a propagation
/// fails in one where it fails in the other. Within a failed propagation the prunes differ:
/// AC-3's FIFO queue reaches the wipeout after other prunes than `mrv`'s stack of singles,
/// so the totals differ by those (printed).
#[test]
fn mac_searches_as_mrv_does() {
    let puzzles = puzzles(&[
        ("top95.txt", &[17, 19, 20, 22, 29, 32, 33, 40, 54, 56]),
        ("hardest.txt", ELEVEN),
        ("forum_hardest_1106.txt", &[34]),
        ("easy50.txt", ELEVEN),
        ("multiple_solutions.txt", ELEVEN),
        ("unsolvable.txt", &[1, 2, 3, 4]),
        ("sudoku17.txt", &[6, 10, 13, 20]),
    ]);
    let (mut mrv_prunes, mut mac_prunes, mut fixpoint_prunes) = (0, 0, 0);
    for (name, puzzle) in &puzzles {
        let (mrv, a) = shape(puzzle, "mrv");
        let (mac, b) = shape(puzzle, "mac");
        assert_eq!(mrv.tree, mac.tree, "{name}");
        assert_eq!(
            (a.nodes, a.backtracks, a.wipeouts, a.solutions, a.max_depth),
            (b.nodes, b.backtracks, b.wipeouts, b.solutions, b.max_depth),
            "{name}"
        );
        assert_eq!(mrv.propagations.len(), mac.propagations.len(), "{name}");
        for (i, (x, y)) in mrv.propagations.iter().zip(&mac.propagations).enumerate() {
            assert_eq!(x.1, y.1, "{name}: propagation {i} fails in one search only");
            if !x.1 {
                assert_eq!(
                    x.0, y.0,
                    "{name}: propagation {i} reaches its fixpoint by other prunes"
                );
                fixpoint_prunes += x.0;
            }
        }
        assert!(
            b.revisions >= b.effective_revisions && b.effective_revisions > 0,
            "{name}"
        );
        assert_eq!(
            b.prunes_by_cause.revise, b.effective_revisions,
            "{name}: one prune per effective revision"
        );
        mrv_prunes += a.prunes;
        mac_prunes += b.prunes;
    }
    println!(
        "{} puzzles: prunes mrv {mrv_prunes}, mac {mac_prunes}; {fixpoint_prunes} of them in propagations that reached their fixpoint, the same in both",
        puzzles.len()
    );
}

/// `mac-2001` revises the same arcs in the same order as `mac`, removes the same digits and
/// keeps the same queue: only the checks differ, and there are fewer.
#[test]
fn ac2001_revises_as_ac3_with_fewer_checks() {
    let puzzles = puzzles(&[("top95.txt", &[17, 29, 40]), ("hardest.txt", ELEVEN)]);
    let strategy = |name| find(name).expect("a preset").strategy;
    let (mut ac3, mut ac2001) = (0, 0);
    for (name, puzzle) in &puzzles {
        let a = Search::new(puzzle, strategy("mac")).expect("no clash");
        let b = Search::new(puzzle, strategy("mac-2001")).expect("no clash");
        let mut compared = 0;
        for (x, y) in a.zip(b) {
            match (x, y) {
                (Event::Revise { checks: c3, .. }, Event::Revise { checks: c2001, .. }) => {
                    let strip = |e: Event, c| match e {
                        Event::Revise { .. } => {
                            format!("{e:?}").replace(&format!("checks: {c}"), "")
                        }
                        _ => String::new(),
                    };
                    assert_eq!(strip(x, c3), strip(y, c2001), "{name}");
                    assert!(c2001 <= c3, "{name}: {x:?} {y:?}");
                    ac3 += u64::from(c3);
                    ac2001 += u64::from(c2001);
                }
                _ => assert_eq!(x, y, "{name}"),
            }
            compared += 1;
        }
        assert!(compared > 100, "{name}");
    }
    assert!(ac2001 < ac3, "AC-2001 saves checks: {ac2001} against {ac3}");
    println!("checks: AC-3 {ac3}, AC-2001 {ac2001}");
}

/// AC-3 and AC-2001 written from the papers in the tests (`common/textbook.rs`) make the
/// engine's search and count its revisions, effective revisions, checks, wipeouts and the
/// queue's peak, on real boards, to the first solution.
#[test]
fn a_textbook_mac_counts_what_the_engine_counts() {
    let puzzles = puzzles(&[
        ("top95.txt", &[17, 29, 40]),
        ("hardest.txt", &[1, 2, 3, 4, 5, 6]),
        ("easy50.txt", &[1, 2, 3, 4]),
        ("unsolvable.txt", &[1, 2, 4]),
    ]);
    let limits = Limits {
        solutions: 1,
        ..Limits::default()
    };
    for (preset, algorithm) in [("mac", Algorithm::Ac3), ("mac-2001", Algorithm::Ac2001)] {
        for (name, puzzle) in &puzzles {
            let strategy = find(preset).expect("a preset").strategy;
            let outcome = Search::with_limits(puzzle, strategy, limits)
                .expect("no clash")
                .run();
            let cells = cells_of(puzzle);
            let mut textbook = Textbook::new(cells.len(), algorithm);
            let solution = textbook.solve(&cells);
            let s = outcome.stats;
            let t = textbook.counts;
            assert_eq!(
                (s.nodes, s.backtracks, s.wipeouts),
                (t.nodes, t.backtracks, t.wipeouts),
                "{preset} on {name}: nodes, backtracks, wipeouts"
            );
            assert_eq!(
                (s.revisions, s.effective_revisions, s.checks, s.queue_peak),
                (t.revisions, t.effective, t.checks, t.peak),
                "{preset} on {name}: revisions, effective revisions, checks, queue peak"
            );
            assert_eq!(
                outcome.solution.map(|p| cells_of(&p)),
                solution,
                "{preset} on {name}: the solution"
            );
        }
    }
}
