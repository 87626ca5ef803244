//! What the seed documents observed, checked on the engine: seed 003's example is solved by
//! every preset, unsolvable puzzles end `exhausted`, seed 000's most constrained variable
//! needs far fewer nodes than left-to-right chronological backtracking (and its own
//! iterations, counted from the events, are its table's), seed 001's least constraining
//! value saves no node when the whole tree is searched, and seed 003's cell sequence is
//! the one its `HashMap` prints.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

mod common;

use common::audit::{audit, cells_of, puzzle_of};
use common::{count_solutions, is_solution_of, public};
use dokuscope::solver::heuristic::jdk_hashmap::{JdkHashMap, hash};
use dokuscope::solver::preset::{self, PRESETS};
use dokuscope::solver::recursion::recursive_calls;
use dokuscope::solver::{
    BoxSize, Event, Geometry, Limits, Puzzle, Search, Sequence, Status, Strategy,
};

const SEED003_EXAMPLE: &str = include_str!("../puzzles/seed003_example.txt");

fn nodes(puzzle: &Puzzle, name: &str) -> u64 {
    let strategy = preset::find(name).expect("a preset").strategy;
    let outcome = Search::new(puzzle, strategy).expect("valid givens").run();
    assert_eq!(outcome.status, Status::Solved, "{name} on {puzzle}");
    outcome.stats.nodes
}

#[test]
fn every_preset_solves_seed_003s_example_to_the_reference_solution() {
    let puzzle: Puzzle = SEED003_EXAMPLE.parse().expect("the bundled puzzle");
    let cells = cells_of(&puzzle);
    let (count, reference) = count_solutions(&cells, 2);
    assert_eq!(count, 1, "the example has one solution");
    let reference = reference.expect("the solution");
    for preset in PRESETS {
        let outcome = Search::new(&puzzle, preset.strategy)
            .expect("valid givens")
            .run();
        assert_eq!(outcome.status, Status::Solved, "preset {}", preset.name);
        let solution = cells_of(outcome.solution.as_ref().expect("a solution"));
        assert_eq!(solution, reference, "preset {}", preset.name);
        assert_eq!(outcome.stats.solutions, 1, "preset {}", preset.name);
    }
}

#[test]
fn hidden_singles_cut_the_decisions_on_seed_003s_example_a_hundredfold() {
    // Seed 003 found hidden singles its most effective technique. Measured here: revise
    // alone makes 2389 decisions on the example, revise + hidden singles 2.
    let puzzle: Puzzle = SEED003_EXAMPLE.parse().expect("the bundled puzzle");
    assert!(nodes(&puzzle, "s003-rv-hs") < nodes(&puzzle, "s003-rv") / 100);
}

/// Row 1 holds 2..9 around r1c1 and column 1 holds 1: r1c1 has no candidate.
fn cell_without_candidates() -> Puzzle {
    let mut cells = vec![0u8; 81];
    cells[1..9].copy_from_slice(&[2, 3, 4, 5, 6, 7, 8, 9]);
    cells[36] = 1;
    puzzle_of(&cells)
}

#[test]
fn every_preset_ends_an_unsolvable_puzzle_exhausted() {
    let puzzle = cell_without_candidates();
    for preset in PRESETS {
        let run = audit(&puzzle, preset.strategy, Limits::default(), preset.name);
        assert_eq!(run.status, Status::Unsolvable, "preset {}", preset.name);
        assert_eq!(
            run.events.last(),
            Some(&Event::Exhausted),
            "preset {}",
            preset.name
        );
        assert!(run.first_solution.is_none());
    }
}

#[test]
fn unsolvable_puzzles_end_exhausted_with_every_preset_that_finishes() {
    // Plain backtracking and the static CBT orders need up to millions of decisions on
    // tdoku's contradictory puzzles: they run headless with a node limit and must only not
    // disagree. The others run through the iterator to their end.
    let lines = public::lines("unsolvable.txt");
    let slow = ["bt", "cbt", "cbt-rl", "cbt-domain"];
    for line in &lines {
        let puzzle: Puzzle = line.parse().expect("a puzzle line");
        for preset in PRESETS {
            let ctx = format!("preset {} on {line}", preset.name);
            if slow.contains(&preset.name) {
                let limits = Limits {
                    solutions: 2,
                    nodes: Some(20_000),
                    deadline: None,
                };
                let outcome = Search::with_limits(&puzzle, preset.strategy, limits)
                    .expect("valid")
                    .run();
                assert!(
                    matches!(outcome.status, Status::Unsolvable | Status::Limit),
                    "{ctx}"
                );
                assert_eq!(outcome.stats.solutions, 0, "{ctx}");
                continue;
            }
            let mut search = Search::new(&puzzle, preset.strategy).expect("valid givens");
            let last = search.by_ref().last();
            assert_eq!(search.status(), Status::Unsolvable, "{ctx}");
            assert_eq!(last, Some(Event::Exhausted), "{ctx}");
        }
    }
}

#[test]
fn most_constrained_variable_needs_far_fewer_nodes_than_left_to_right_cbt() {
    // Seed 000: CBT 474 decisions a puzzle on average against 65 with MCV, and MCV fewer on
    // every puzzle. Measured here over easy50's first 20: cbt 140548, mcv 4337 (32×).
    let lines = public::lines("easy50.txt");
    let (mut cbt, mut mcv) = (0, 0);
    for line in lines.iter().take(20) {
        let puzzle: Puzzle = line.parse().expect("a puzzle line");
        let (c, m) = (nodes(&puzzle, "cbt"), nodes(&puzzle, "mcv"));
        println!("{line}: cbt {c} mcv {m}");
        assert!(m <= c, "mcv needs more nodes than cbt on {line}: {m} > {c}");
        cbt += c;
        mcv += m;
    }
    println!(
        "easy50 first 20: cbt {cbt} nodes, mcv {mcv} nodes, ratio about {}",
        cbt / mcv.max(1)
    );
    assert!(
        cbt >= 10 * mcv,
        "cbt {cbt} nodes vs mcv {mcv}: expected at least 10× fewer with mcv"
    );
}

#[test]
fn least_constraining_value_saves_no_node_when_the_whole_tree_is_searched() {
    // Seed 001 dropped LCV in version 3. Proving uniqueness searches the whole tree, whose
    // size no value order changes, so fc-mrv-lcv and fc-mrv make the same decisions count.
    let lines = public::lines("easy50.txt");
    for line in lines.iter().take(20) {
        let puzzle: Puzzle = line.parse().expect("a puzzle line");
        assert_eq!(
            nodes(&puzzle, "fc-mrv-lcv"),
            nodes(&puzzle, "fc-mrv"),
            "{line}"
        );
    }
}

#[test]
fn the_first_solution_of_a_multiple_solution_puzzle_is_valid_for_every_preset() {
    // The empty 4×4 board: every preset stops at the second solution.
    let puzzle = puzzle_of(&[0; 16]);
    for preset in PRESETS {
        let outcome = Search::new(&puzzle, preset.strategy).expect("valid").run();
        assert_eq!(outcome.status, Status::Multiple, "preset {}", preset.name);
        let first = cells_of(outcome.solution.as_ref().expect("a first solution"));
        assert!(
            is_solution_of(&[0; 16], &first),
            "preset {}: {first:?}",
            preset.name
        );
    }
}

#[test]
fn each_of_seed_003s_techniques_cuts_the_decisions_of_revise_alone() {
    // Seed 003's tables: every technique added to revise lowers the work, hidden singles by
    // far the most. Decisions over all of easy50 measured here (proving uniqueness):
    // revise 4011; + naked pairs 471; + hidden pairs 3450; + hidden singles 45;
    // + all three 24. Seed 002: MRV 2018 against the first open cell's 4011.
    let lines = public::lines("easy50.txt");
    let puzzles: Vec<Puzzle> = lines
        .iter()
        .map(|l| l.parse().expect("a puzzle line"))
        .collect();
    let total = |name: &str| puzzles.iter().map(|p| nodes(p, name)).sum::<u64>();
    // (preset, against, at least this many times fewer decisions)
    let cases = [
        ("s003-rv-hs", "s003-rv", 50),
        ("s003-rv-np", "s003-rv", 5),
        ("s003-rv-hs-hp-np", "s003-rv-hs", 1),
        ("s003-rv-h1", "s003-rv", 1),
        ("mrv", "first", 1),
        ("mcv", "cbt", 10),
    ];
    for (preset, against, ratio) in cases {
        let (fewer, more) = (total(preset), total(against));
        println!("easy50: {preset} {fewer} decisions, {against} {more}");
        assert!(
            fewer * ratio <= more,
            "{preset} makes {fewer} decisions, {against} {more}: expected {ratio}× fewer"
        );
    }
    assert!(
        total("s003-rv-hp") < total("s003-rv"),
        "hidden pairs save decisions"
    );
}

/// Seed 000's "iteraties" of `preset` on `puzzle`, stopping at the first solution as the
/// seed does.
fn iterations(puzzle: &Puzzle, name: &str) -> u64 {
    let strategy = preset::find(name).expect("a preset").strategy;
    let limits = Limits {
        solutions: 1,
        ..Limits::default()
    };
    let search = Search::with_limits(puzzle, strategy, limits).expect("valid givens");
    recursive_calls(puzzle, strategy, search)
}

#[test]
fn seed_000s_iterations_are_its_tables_on_its_own_puzzles() {
    // Seed 000's "Iteraties per sudoku", sudoku 0 to 4 (5 has duplicate givens).
    const CBT: [u64; 5] = [130, 218, 1585, 331, 110];
    const MCV: [u64; 5] = [50, 56, 111, 53, 46];
    let lines = public::lines("seed000_6.txt");
    assert_eq!(lines.len(), 6, "seed 000's six puzzles");
    for (i, line) in lines.iter().take(5).enumerate() {
        let puzzle: Puzzle = line.parse().expect("a puzzle line");
        let (cbt, mcv) = (iterations(&puzzle, "cbt"), iterations(&puzzle, "mcv"));
        println!("sudoku {i}: CBT {cbt} iterations, CBT_MCV {mcv}");
        assert_eq!((cbt, mcv), (CBT[i], MCV[i]), "sudoku {i}");
    }
    let sixth: Puzzle = lines[5].parse().expect("a puzzle line");
    assert!(
        sixth.conflict().is_some(),
        "sudoku 5 has duplicate givens: invalid, not searched"
    );
}

#[test]
fn the_hash_sequence_is_the_order_seed_003_prints_its_first_row_in() {
    // Seed 003 prints its HashMap's first row as `{11=[...], 12=[9], 13=[4], 14=[...],
    // 15=[...], 17=[1], 16=[...], 19=[...], 18=[3]`.
    let geometry = Geometry::of(BoxSize::NINE);
    let cells = Sequence::HashMap.cells(geometry).expect("a table");
    let key = |c: &dokuscope::solver::Cell| {
        let (r, c) = geometry.row_col(*c);
        i32::try_from((r + 1) * 10 + c + 1).expect("a key from 11 to 99")
    };
    let row1: Vec<i32> = cells.iter().map(key).filter(|k| *k < 20).collect();
    assert_eq!(row1, [11, 12, 13, 14, 15, 17, 16, 19, 18]);
    assert_eq!(cells.len(), 81);
    // By hand from JDK 1.6's `hash(h)`: `h ^= (h >>> 20) ^ (h >>> 12); return h ^ (h >>> 7)
    // ^ (h >>> 4)`. For keys below 128 only `h >>> 4` is not 0.
    //   35 = 0b010_0011: 35 ^ 2 = 33;  33 ^ 2 = 35 (the two swap)
    //   99 = 0b110_0011: 99 ^ 6 = 101; 96 = 0b110_0000: 96 ^ 6 = 102
    //   91 = 0b101_1011: 91 ^ 5 = 94;  94 = 0b101_1110: 94 ^ 5 = 91
    //   4660 = 0x1234: h ^= 0x0 ^ 0x1 gives 0x1235; 0x1235 ^ 0x24 ^ 0x123 = 0x1332 = 4914
    //   -1 = 0xffff_ffff: h ^= 0xfff ^ 0xf_ffff gives 0xfff0_0fff; then
    //     ^ 0x01ff_e01f ^ 0x0fff_00ff = 0xf1f0_ef1f, as an int -235868385
    for (key, hashed) in [
        (35, 33),
        (33, 35),
        (99, 101),
        (96, 102),
        (91, 94),
        (94, 91),
        (4660, 4914),
        (-1, -235_868_385),
    ] {
        assert_eq!(hash(key), hashed, "hash({key})");
    }
    // 81 keys grow the table from 16 to 128 buckets (at the 13th, 25th and 49th key), where
    // keys below 128 do not collide: the order is the buckets' order, `k ^ (k >>> 4)`.
    let keys: Vec<i32> = cells.iter().map(key).collect();
    let map = JdkHashMap::from_keys((1..=9).flat_map(|r| (1..=9).map(move |c| r * 10 + c)));
    assert_eq!(map.capacity(), 128);
    assert_eq!(map.keys(), keys);
    let mut by_bucket = keys.clone();
    by_bucket.sort_by_key(|&k| k ^ (k >> 4));
    assert_eq!(by_bucket, keys);
    // Row 9 among them, by hand: buckets 88 (93), 89 (92), 90 (95), 91 (94), 94 (91),
    // 100 (98), 101 (99), 102 (96), 103 (97).
    let row9: Vec<i32> = keys.iter().copied().filter(|k| *k > 90).collect();
    assert_eq!(row9, [93, 92, 95, 94, 91, 98, 99, 96, 97]);
}

#[test]
fn a_growing_table_reverses_the_chains_it_moves() {
    // Keys 0, 34 and 68 hash to 0, 32 and 64: one bucket (0) of 16, newest first. The 13th
    // key doubles the table to 32 buckets, still one bucket for the three, and the move
    // walks the old chain from its head (68, 34, 0), putting each at the new chain's head:
    // 0, 34, 68. Ten more keys, 1 to 10, hash to themselves and fill buckets 1 to 10.
    let mut map = JdkHashMap::from_keys([0, 34, 68]);
    assert_eq!(map.keys(), [68, 34, 0]);
    for k in 1..=9 {
        map.put(k);
    }
    assert_eq!(map.capacity(), 16);
    map.put(10);
    assert_eq!(map.capacity(), 32);
    assert_eq!(map.keys(), [0, 34, 68, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
}

#[test]
fn reading_order_is_every_strategys_default_and_changes_no_search() {
    for preset in PRESETS {
        assert_eq!(
            preset.strategy.sequence,
            Sequence::Reading,
            "{}",
            preset.name
        );
    }
    // The hash sequence changes the cell chosen on ties: on seed 003's example, H1 makes
    // 137 decisions in reading order and 171 in the hash sequence.
    let puzzle: Puzzle = SEED003_EXAMPLE.parse().expect("the bundled puzzle");
    let h1 = preset::find("s003-rv-h1").expect("a preset").strategy;
    let hashed = Strategy {
        sequence: Sequence::HashMap,
        ..h1
    };
    let nodes = |s: Strategy| {
        let limits = Limits {
            solutions: 1,
            ..Limits::default()
        };
        let outcome = Search::with_limits(&puzzle, s, limits)
            .expect("valid")
            .run();
        outcome.stats.nodes
    };
    assert_eq!((nodes(h1), nodes(hashed)), (137, 171));
}
