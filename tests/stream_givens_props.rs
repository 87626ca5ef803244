//! Arbitrary legal streams whose givens start as domains replay exactly, both ways: read
//! through a watch timeline, every step's board is the one the stream's lines describe,
//! forwards and when sought again backwards from the end (through the checkpoints).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::path::PathBuf;

use dokuscope::app::timeline::Timeline;
use dokuscope::solver::{Cell, Event};
use proptest::prelude::*;

/// A 4×4 solution, row-major: its cells are the givens the cases draw from.
const SOLUTION: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
const SIDE: usize = 4;

/// The board a stream describes: each cell's value (0 open) and candidates (bits 0-3).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Model {
    values: [u8; 16],
    domains: [u32; 16],
}

fn peers(cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / SIDE, cell % SIDE);
    (0..16).filter(move |&p| {
        let (pr, pc) = (p / SIDE, p % SIDE);
        p != cell && (pr == r || pc == c || (pr / 2 == r / 2 && pc / 2 == c / 2))
    })
}

fn name(cell: usize) -> String {
    format!("r{}c{}", cell / SIDE + 1, cell % SIDE + 1)
}

/// A legal stream from `givens` (which cells are given) and `choices` (what to do next),
/// its lines after the start object, and the board after each of them.
fn stream(givens: &[bool], choices: &[(u8, u8, u8)]) -> (String, Vec<String>, Vec<Model>) {
    let mut model = Model {
        values: [0; 16],
        domains: [0b1111; 16],
    };
    let mut puzzle = String::new();
    for (cell, &given) in givens.iter().enumerate() {
        if given {
            model.domains[cell] = 1 << (SOLUTION[cell] - 1);
            puzzle.push(char::from(b'0' + SOLUTION[cell]));
        } else {
            puzzle.push('.');
        }
    }
    let mut lines = Vec::new();
    let mut boards = Vec::new();
    // The board just before each decision in effect, and the decision.
    let mut decisions: Vec<(Model, usize, u8)> = Vec::new();
    for &(op, a, b) in choices {
        let open: Vec<usize> = (0..16).filter(|&c| model.values[c] == 0).collect();
        if open.is_empty() {
            break;
        }
        let cell = open[usize::from(a) % open.len()];
        let candidates: Vec<u8> = (1..=4u8)
            .filter(|d| model.domains[cell] & (1 << (d - 1)) != 0)
            .collect();
        match op % 4 {
            0 | 1 if !candidates.is_empty() => {
                let digit = candidates[usize::from(b) % candidates.len()];
                if peers(cell).any(|p| model.values[p] == digit) {
                    continue;
                }
                decisions.push((model.clone(), cell, digit));
                model.values[cell] = digit;
                lines.push(format!(
                    r#"{{"type":"assign","cell":"{}","digit":{digit}}}"#,
                    name(cell)
                ));
            }
            2 if !candidates.is_empty() => {
                let digit = candidates[usize::from(b) % candidates.len()];
                model.domains[cell] &= !(1 << (digit - 1));
                lines.push(format!(
                    r#"{{"type":"prune","cell":"{}","digit":{digit}}}"#,
                    name(cell)
                ));
            }
            3 if !decisions.is_empty() => {
                let level = usize::from(b) % decisions.len();
                let (before, cell, digit) = decisions[level].clone();
                decisions.truncate(level);
                model = before;
                lines.push(format!(
                    r#"{{"type":"backtrack","cell":"{}","digit":{digit}}}"#,
                    name(cell)
                ));
            }
            _ => continue,
        }
        boards.push(model.clone());
    }
    (puzzle, lines, boards)
}

/// Numbers each case's file.
static CASE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A temporary file, removed when dropped.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn board_at(timeline: &mut Timeline, step: u64) -> (Model, u64) {
    let cursor = timeline.cursor_at(step);
    let grid = cursor.replay().grid();
    let mut model = Model {
        values: [0; 16],
        domains: [0; 16],
    };
    for i in 0..16 {
        let cell = Cell::new(i);
        model.values[i] = grid.value(cell).map_or(0, dokuscope::solver::Digit::get);
        model.domains[i] = if model.values[i] == 0 {
            grid.domain(cell).bits()
        } else {
            0
        };
    }
    let line = cursor.mark(step).map_or(1, |m| m.line);
    (model, line)
}

fn comparable(mut model: Model) -> Model {
    for i in 0..16 {
        if model.values[i] != 0 {
            model.domains[i] = 0;
        }
    }
    model
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn legal_streams_with_givens_as_domains_replay_exactly_both_ways(
        givens in prop::collection::vec(any::<bool>(), 16),
        choices in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>()), 1..700),
    ) {
        let (puzzle, lines, boards) = stream(&givens, &choices);
        prop_assume!(!lines.is_empty());
        let mut text = format!(
            "{{\"type\":\"start\",\"puzzle\":\"{puzzle}\",\"givens\":\"domains\"}}\n"
        );
        for line in &lines {
            text.push_str(line);
            text.push('\n');
        }
        let case = CASE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let file = TempFile(std::env::temp_dir().join(format!(
            "dokuscope-givens-props-{}-{case}.jsonl",
            std::process::id()
        )));
        std::fs::write(&file.0, &text).expect("written");
        let (mut timeline, mut cursor, _) = dokuscope::cli::stream_file::timeline(&file.0).expect("a stream");
        let mut forward = Vec::new();
        while let Some(event) = timeline.advance(&mut cursor) {
            prop_assert!(cursor.error().is_none(), "{:?}", cursor.error());
            let (model, line) = board_at(&mut timeline, cursor.step());
            let expected = if matches!(event, Event::Wipeout { .. } | Event::Solution { .. }) {
                // Derived by the checker, changing nothing: the board of the step before.
                forward.last().cloned().unwrap_or_else(|| model.clone())
            } else {
                // Line 1 is the start object; line k + 1 is the k-th event written.
                let index = usize::try_from(line).expect("a line") - 2;
                comparable(boards[index].clone())
            };
            prop_assert_eq!(&model, &expected, "step {}", cursor.step());
            forward.push(model);
        }
        prop_assert!(cursor.error().is_none(), "{:?}", cursor.error());
        for step in (1..=forward.len() as u64).rev() {
            let (model, _) = board_at(&mut timeline, step);
            prop_assert_eq!(&model, &forward[step as usize - 1], "back at step {}", step);
        }
    }
}
