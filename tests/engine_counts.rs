//! The searches pinned: every preset's node, backtrack, solution, assignment, prune and
//! wipeout counts on a deterministic sample of every public set, and the exact event
//! streams of the main presets, as the engine made them before its speed-ups (issue 19).
//! A change to the engine's work per puzzle, per decision or per event must leave every
//! one of them as it is; a change that means to alter a search updates the tables below
//! (print them with `DOKUSCOPE_PRINT_COUNTS=1 cargo test --release --test engine_counts --
//! --nocapture`) and says why.
//!
//! The sets are read from `puzzles/public` (the large ones as samples that keep exactly
//! the lines sampled here). Runtime in release: about 10 s on one core.
#![expect(clippy::expect_used, reason = "tests fail by panicking")]
#![expect(
    clippy::unreadable_literal,
    reason = "the pinned tables are printed by the tests themselves"
)]

mod common;

use common::public;
use dokuscope::solver::preset::{PRESETS, find};
use dokuscope::solver::{Batch, Limits, Puzzle, Search};

/// The sample of each set: every `step`-th puzzle, at most `take` of them.
const SETS: &[(&str, usize, usize)] = &[
    ("top95.txt", 95, 1),
    ("top1465.txt", 60, 24),
    ("sudoku17.txt", 120, 409),
    ("forum_hardest_1106.txt", 25, 15),
    ("forum_hardest_1905_11plus.txt", 40, 1219),
    ("unbiased1000.txt", 100, 10),
    ("kaggle10k.txt", 100, 100),
    ("hardest.txt", 11, 1),
    ("easy50.txt", 50, 1),
    ("multiple_solutions.txt", 15, 1),
    ("unsolvable.txt", 14, 1),
];

/// Caps each search, so that plain backtracking's minutes-long searches stay short; the
/// count where a search stops is pinned as much as any other.
const LIMITS: Limits = Limits {
    solutions: 2,
    nodes: Some(2_000),
    deadline: None,
};

fn sample(name: &str, take: usize, step: usize) -> Vec<Puzzle> {
    public::every(name, step, take)
        .iter()
        .map(|line| line.parse().expect("every line of a public set parses"))
        .collect()
}

/// Sums over a sample: nodes, backtracks, solutions, assignments, prunes, wipeouts.
type Counts = [u64; 6];

fn print_requested() -> bool {
    std::env::var_os("DOKUSCOPE_PRINT_COUNTS").is_some()
}

/// Every preset's counts over every sampled set, run headless ([`Batch`], as `solve` and
/// `bench` run), against the table.
#[test]
fn every_preset_counts_as_pinned_on_every_set() {
    let samples: Vec<_> = SETS
        .iter()
        .map(|&(name, take, step)| (name, sample(name, take, step)))
        .collect();
    let mut rows = Vec::new();
    for preset in PRESETS {
        let mut batch = Batch::new(preset.strategy);
        for (name, puzzles) in &samples {
            let mut counts: Counts = [0; 6];
            for puzzle in puzzles {
                // Two sets hold no clashing givens; an unsolvable puzzle is searched.
                let s = batch
                    .solve(puzzle, LIMITS)
                    .expect("no clashing givens")
                    .stats;
                let add = [
                    s.nodes,
                    s.backtracks,
                    s.solutions,
                    s.assignments,
                    s.prunes,
                    s.wipeouts,
                ];
                for (total, n) in counts.iter_mut().zip(add) {
                    *total += n;
                }
            }
            rows.push((preset.name, *name, counts));
        }
    }
    if print_requested() {
        for (preset, set, c) in &rows {
            println!("    ({preset:?}, {set:?}, {c:?}),");
        }
    }
    assert_eq!(
        rows.len(),
        PINNED.len(),
        "one pinned row per preset and set"
    );
    for ((preset, set, counts), &(p, s, pinned)) in rows.iter().zip(PINNED) {
        assert_eq!((*preset, *set), (p, s), "the table's order");
        assert_eq!(
            *counts, pinned,
            "{preset} on {set}: [nodes, backtracks, solutions, assignments, prunes, wipeouts]"
        );
    }
}

/// FNV-1a over the events' debug text: stable across builds, and any change to any field of
/// any event (order, cell, digit, depth, cause, score) changes it.
fn digest(events: impl Iterator<Item = String>) -> (u64, u64) {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    let mut count = 0;
    for text in events {
        count += 1;
        for byte in text.bytes().chain([b'\n']) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    (count, hash)
}

/// The main presets' event streams, every event, on a smaller sample of each set.
#[test]
fn the_main_presets_yield_the_pinned_event_streams() {
    let mut rows = Vec::new();
    for name in ["fast", "full", "mrv", "fc-mrv", "s003-rv-hs-hp-np"] {
        let strategy = find(name).expect("a preset").strategy;
        for &(set, take, step) in SETS {
            let puzzles = sample(set, take.min(12), step);
            let events = puzzles.iter().flat_map(|p| {
                Search::with_limits(p, strategy, LIMITS)
                    .expect("no clashing givens")
                    .map(|e| format!("{e:?}"))
            });
            rows.push((name, set, digest(events)));
        }
    }
    if print_requested() {
        for (preset, set, (count, hash)) in &rows {
            println!("    ({preset:?}, {set:?}, {count}, {hash:#018x}),");
        }
    }
    assert_eq!(
        rows.len(),
        STREAMS.len(),
        "one pinned stream per preset and set"
    );
    for ((preset, set, (count, hash)), &(p, s, c, h)) in rows.iter().zip(STREAMS) {
        assert_eq!((*preset, *set), (p, s), "the table's order");
        assert_eq!((*count, *hash), (c, h), "{preset} on {set}: events, digest");
    }
}

/// Printed by the engine of commit 5c13378 (before issue 19's speed-ups); the assignment
/// and prune counts of the presets with hidden singles printed again each time the order
/// their unit rules find things in moved: when the rules began to scan the digits'
/// bitboards (`src/solver/grid/scan.rs`), when naked pairs took their cells from the
/// bitboards (`grid/bivalue.rs`), and when a rule's look began to serve until used up.
/// Which rule prunes a candidate and how much is assigned before a wipeout moved, and no
/// node, backtrack, solution or wipeout count.
const PINNED: &[(&str, &str, Counts)] = &[
    ("fast", "top95.txt", [1045, 1045, 95, 22847, 96851, 1045]),
    ("fast", "top1465.txt", [479, 479, 60, 12359, 54985, 479]),
    ("fast", "sudoku17.txt", [61, 61, 120, 8363, 63083, 61]),
    (
        "fast",
        "forum_hardest_1106.txt",
        [7244, 7244, 25, 119010, 393668, 7244],
    ),
    (
        "fast",
        "forum_hardest_1905_11plus.txt",
        [4647, 4647, 40, 86786, 299617, 4647],
    ),
    (
        "fast",
        "unbiased1000.txt",
        [126, 126, 100, 7571, 49784, 126],
    ),
    ("fast", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    ("fast", "hardest.txt", [111, 111, 11, 2805, 11834, 111]),
    ("fast", "easy50.txt", [1, 1, 50, 2638, 21074, 1]),
    (
        "fast",
        "multiple_solutions.txt",
        [169, 88, 30, 2204, 9779, 73],
    ),
    (
        "fast",
        "unsolvable.txt",
        [3333, 3333, 0, 54363, 168348, 3347],
    ),
    (
        "bt",
        "top95.txt",
        [190000, 187297, 2, 190000, 1696880, 187295],
    ),
    (
        "bt",
        "top1465.txt",
        [120000, 118450, 2, 120000, 1072489, 118448],
    ),
    (
        "bt",
        "sudoku17.txt",
        [240000, 236524, 0, 240000, 2143747, 236524],
    ),
    (
        "bt",
        "forum_hardest_1106.txt",
        [50000, 49228, 12, 50000, 446161, 49216],
    ),
    (
        "bt",
        "forum_hardest_1905_11plus.txt",
        [80000, 78847, 1, 80000, 713935, 78846],
    ),
    (
        "bt",
        "unbiased1000.txt",
        [200000, 197441, 53, 200000, 1787177, 197388],
    ),
    (
        "bt",
        "kaggle10k.txt",
        [20814, 20814, 100, 20814, 187326, 20814],
    ),
    ("bt", "hardest.txt", [22000, 21714, 1, 22000, 196627, 21713]),
    ("bt", "easy50.txt", [85299, 84408, 21, 85299, 763339, 84399]),
    (
        "bt",
        "multiple_solutions.txt",
        [12718, 12079, 22, 12718, 111114, 12068],
    ),
    (
        "bt",
        "unsolvable.txt",
        [28000, 27614, 0, 28000, 250149, 27614],
    ),
    (
        "cbt",
        "top95.txt",
        [190000, 187419, 4, 190000, 788327, 187415],
    ),
    (
        "cbt",
        "top1465.txt",
        [120000, 118610, 2, 120000, 489281, 118608],
    ),
    (
        "cbt",
        "sudoku17.txt",
        [240000, 236745, 0, 240000, 1092940, 236745],
    ),
    (
        "cbt",
        "forum_hardest_1106.txt",
        [50000, 49354, 14, 50000, 184358, 49340],
    ),
    (
        "cbt",
        "forum_hardest_1905_11plus.txt",
        [80000, 78951, 2, 80000, 296759, 78949],
    ),
    (
        "cbt",
        "unbiased1000.txt",
        [197410, 195333, 79, 197410, 724857, 195263],
    ),
    ("cbt", "kaggle10k.txt", [9393, 9393, 100, 9393, 55379, 9393]),
    ("cbt", "hardest.txt", [22000, 21763, 1, 22000, 84037, 21762]),
    (
        "cbt",
        "easy50.txt",
        [71506, 70930, 34, 71506, 274520, 70918],
    ),
    (
        "cbt",
        "multiple_solutions.txt",
        [9853, 9196, 24, 9853, 36231, 9183],
    ),
    (
        "cbt",
        "unsolvable.txt",
        [26000, 25652, 0, 26000, 101323, 25653],
    ),
    (
        "cbt-rl",
        "top95.txt",
        [190000, 187526, 0, 190000, 941903, 187526],
    ),
    (
        "cbt-rl",
        "top1465.txt",
        [120000, 118605, 1, 120000, 561887, 118604],
    ),
    (
        "cbt-rl",
        "sudoku17.txt",
        [240000, 237084, 0, 240000, 1363971, 237084],
    ),
    (
        "cbt-rl",
        "forum_hardest_1106.txt",
        [50000, 49312, 0, 50000, 219904, 49312],
    ),
    (
        "cbt-rl",
        "forum_hardest_1905_11plus.txt",
        [80000, 78950, 0, 80000, 342598, 78950],
    ),
    (
        "cbt-rl",
        "unbiased1000.txt",
        [191431, 189582, 33, 191431, 831631, 189560],
    ),
    (
        "cbt-rl",
        "kaggle10k.txt",
        [8833, 8833, 100, 8833, 54800, 8833],
    ),
    (
        "cbt-rl",
        "hardest.txt",
        [21857, 21671, 3, 21857, 94234, 21669],
    ),
    (
        "cbt-rl",
        "easy50.txt",
        [67306, 66757, 36, 67306, 287625, 66746],
    ),
    (
        "cbt-rl",
        "multiple_solutions.txt",
        [11852, 11199, 24, 11852, 48774, 11187],
    ),
    (
        "cbt-rl",
        "unsolvable.txt",
        [24071, 23711, 0, 24071, 111792, 23713],
    ),
    (
        "cbt-domain",
        "top95.txt",
        [190000, 188098, 5, 190000, 903190, 188093],
    ),
    (
        "cbt-domain",
        "top1465.txt",
        [120000, 118790, 2, 120000, 537278, 118788],
    ),
    (
        "cbt-domain",
        "sudoku17.txt",
        [240000, 237321, 0, 240000, 1237093, 237321],
    ),
    (
        "cbt-domain",
        "forum_hardest_1106.txt",
        [50000, 49502, 0, 50000, 217571, 49502],
    ),
    (
        "cbt-domain",
        "forum_hardest_1905_11plus.txt",
        [80000, 79240, 0, 80000, 342362, 79240],
    ),
    (
        "cbt-domain",
        "unbiased1000.txt",
        [184221, 182593, 56, 184221, 751618, 182556],
    ),
    (
        "cbt-domain",
        "kaggle10k.txt",
        [6442, 6442, 100, 6442, 46779, 6442],
    ),
    (
        "cbt-domain",
        "hardest.txt",
        [20816, 20688, 5, 20816, 86728, 20686],
    ),
    (
        "cbt-domain",
        "easy50.txt",
        [58969, 58570, 36, 58969, 249368, 58563],
    ),
    (
        "cbt-domain",
        "multiple_solutions.txt",
        [17766, 17182, 21, 17766, 67010, 17171],
    ),
    (
        "cbt-domain",
        "unsolvable.txt",
        [24002, 23733, 0, 24002, 112297, 23735],
    ),
    (
        "mcv",
        "top95.txt",
        [180646, 178581, 39, 180646, 885655, 178556],
    ),
    (
        "mcv",
        "top1465.txt",
        [110131, 109077, 35, 110131, 517325, 109054],
    ),
    (
        "mcv",
        "sudoku17.txt",
        [232769, 229642, 22, 232769, 1247209, 229629],
    ),
    (
        "mcv",
        "forum_hardest_1106.txt",
        [50000, 49323, 4, 50000, 227758, 49319],
    ),
    (
        "mcv",
        "forum_hardest_1905_11plus.txt",
        [80000, 79102, 6, 80000, 353233, 79096],
    ),
    (
        "mcv",
        "unbiased1000.txt",
        [55977, 55853, 98, 55977, 267622, 55850],
    ),
    ("mcv", "kaggle10k.txt", [4719, 4719, 100, 4719, 42471, 4719]),
    (
        "mcv",
        "hardest.txt",
        [10697, 10636, 10, 10697, 49295, 10634],
    ),
    ("mcv", "easy50.txt", [13276, 13276, 50, 13276, 72418, 13276]),
    (
        "mcv",
        "multiple_solutions.txt",
        [6156, 5398, 30, 6156, 28237, 5383],
    ),
    (
        "mcv",
        "unsolvable.txt",
        [22786, 22480, 0, 22786, 110017, 22483],
    ),
    (
        "fc-mrv-lcv",
        "top95.txt",
        [180646, 178430, 42, 180646, 874205, 178402],
    ),
    (
        "fc-mrv-lcv",
        "top1465.txt",
        [110131, 108943, 36, 110131, 518401, 108919],
    ),
    (
        "fc-mrv-lcv",
        "sudoku17.txt",
        [232769, 229547, 21, 232769, 1240008, 229535],
    ),
    (
        "fc-mrv-lcv",
        "forum_hardest_1106.txt",
        [50000, 49354, 3, 50000, 224853, 49351],
    ),
    (
        "fc-mrv-lcv",
        "forum_hardest_1905_11plus.txt",
        [80000, 79000, 7, 80000, 352362, 78993],
    ),
    (
        "fc-mrv-lcv",
        "unbiased1000.txt",
        [55977, 55875, 99, 55977, 267429, 55871],
    ),
    (
        "fc-mrv-lcv",
        "kaggle10k.txt",
        [4719, 4719, 100, 4719, 42471, 4719],
    ),
    (
        "fc-mrv-lcv",
        "hardest.txt",
        [10697, 10635, 11, 10697, 49586, 10632],
    ),
    (
        "fc-mrv-lcv",
        "easy50.txt",
        [13276, 13276, 50, 13276, 72418, 13276],
    ),
    (
        "fc-mrv-lcv",
        "multiple_solutions.txt",
        [4814, 4083, 29, 4814, 22634, 4068],
    ),
    (
        "fc-mrv-lcv",
        "unsolvable.txt",
        [22786, 22475, 0, 22786, 112237, 22478],
    ),
    (
        "fc-mrv",
        "top95.txt",
        [180646, 178581, 39, 180646, 885655, 178556],
    ),
    (
        "fc-mrv",
        "top1465.txt",
        [110131, 109077, 35, 110131, 517325, 109054],
    ),
    (
        "fc-mrv",
        "sudoku17.txt",
        [232769, 229642, 22, 232769, 1247209, 229629],
    ),
    (
        "fc-mrv",
        "forum_hardest_1106.txt",
        [50000, 49323, 4, 50000, 227758, 49319],
    ),
    (
        "fc-mrv",
        "forum_hardest_1905_11plus.txt",
        [80000, 79102, 6, 80000, 353233, 79096],
    ),
    (
        "fc-mrv",
        "unbiased1000.txt",
        [55977, 55853, 98, 55977, 267622, 55850],
    ),
    (
        "fc-mrv",
        "kaggle10k.txt",
        [4719, 4719, 100, 4719, 42471, 4719],
    ),
    (
        "fc-mrv",
        "hardest.txt",
        [10697, 10636, 10, 10697, 49295, 10634],
    ),
    (
        "fc-mrv",
        "easy50.txt",
        [13276, 13276, 50, 13276, 72418, 13276],
    ),
    (
        "fc-mrv",
        "multiple_solutions.txt",
        [6156, 5398, 30, 6156, 28237, 5383],
    ),
    (
        "fc-mrv",
        "unsolvable.txt",
        [22786, 22480, 0, 22786, 110017, 22483],
    ),
    (
        "first",
        "top95.txt",
        [129479, 129081, 61, 1000422, 4111421, 129064],
    ),
    (
        "first",
        "top1465.txt",
        [53951, 53887, 52, 458878, 1808643, 53885],
    ),
    (
        "first",
        "sudoku17.txt",
        [233950, 232994, 23, 1584786, 6908303, 232977],
    ),
    (
        "first",
        "forum_hardest_1106.txt",
        [46892, 46773, 23, 487753, 1839097, 46754],
    ),
    (
        "first",
        "forum_hardest_1905_11plus.txt",
        [69434, 69290, 29, 716857, 2622259, 69274],
    ),
    (
        "first",
        "unbiased1000.txt",
        [9372, 9372, 100, 91293, 360198, 9372],
    ),
    ("first", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "first",
        "hardest.txt",
        [3200, 3196, 10, 33175, 122943, 3196],
    ),
    ("first", "easy50.txt", [2348, 2348, 50, 23024, 103105, 2348]),
    (
        "first",
        "multiple_solutions.txt",
        [2167, 2074, 28, 22423, 91073, 2060],
    ),
    (
        "first",
        "unsolvable.txt",
        [22205, 22117, 0, 191960, 724969, 22120],
    ),
    (
        "mrv",
        "top95.txt",
        [90138, 89938, 79, 743123, 2995167, 89927],
    ),
    (
        "mrv",
        "top1465.txt",
        [28620, 28605, 59, 261394, 1017734, 28604],
    ),
    (
        "mrv",
        "sudoku17.txt",
        [192356, 191749, 63, 1420667, 5966151, 191729],
    ),
    (
        "mrv",
        "forum_hardest_1106.txt",
        [42532, 42444, 21, 467535, 1703516, 42434],
    ),
    (
        "mrv",
        "forum_hardest_1905_11plus.txt",
        [52397, 52340, 38, 581378, 2074200, 52330],
    ),
    (
        "mrv",
        "unbiased1000.txt",
        [4905, 4905, 100, 56092, 223637, 4905],
    ),
    ("mrv", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    ("mrv", "hardest.txt", [1115, 1115, 11, 13244, 50299, 1115]),
    ("mrv", "easy50.txt", [1009, 1009, 50, 12716, 59976, 1009]),
    (
        "mrv",
        "multiple_solutions.txt",
        [510, 410, 30, 5132, 21441, 395],
    ),
    (
        "mrv",
        "unsolvable.txt",
        [20707, 20632, 0, 206636, 760363, 20636],
    ),
    (
        "mrv-degree",
        "top95.txt",
        [76033, 75885, 87, 601296, 2580170, 75873],
    ),
    (
        "mrv-degree",
        "top1465.txt",
        [20380, 20372, 59, 186749, 760323, 20372],
    ),
    (
        "mrv-degree",
        "sudoku17.txt",
        [176468, 176012, 79, 1277260, 5636107, 175988],
    ),
    (
        "mrv-degree",
        "forum_hardest_1106.txt",
        [37620, 37568, 24, 398241, 1505351, 37559],
    ),
    (
        "mrv-degree",
        "forum_hardest_1905_11plus.txt",
        [38026, 38013, 40, 420358, 1547551, 38011],
    ),
    (
        "mrv-degree",
        "unbiased1000.txt",
        [3773, 3773, 100, 43859, 187480, 3773],
    ),
    ("mrv-degree", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "mrv-degree",
        "hardest.txt",
        [1485, 1485, 11, 15259, 61873, 1485],
    ),
    (
        "mrv-degree",
        "easy50.txt",
        [1021, 1021, 50, 13369, 62593, 1021],
    ),
    (
        "mrv-degree",
        "multiple_solutions.txt",
        [253, 151, 30, 2538, 12001, 136],
    ),
    (
        "mrv-degree",
        "unsolvable.txt",
        [18238, 18221, 0, 176458, 706090, 18230],
    ),
    (
        "mac",
        "top95.txt",
        [90138, 89938, 79, 258282, 3048748, 89927],
    ),
    (
        "mac",
        "top1465.txt",
        [28620, 28605, 59, 86574, 1035591, 28604],
    ),
    (
        "mac",
        "sudoku17.txt",
        [192356, 191749, 63, 525756, 6035270, 191729],
    ),
    (
        "mac",
        "forum_hardest_1106.txt",
        [42532, 42444, 21, 132470, 1724289, 42434],
    ),
    (
        "mac",
        "forum_hardest_1905_11plus.txt",
        [52397, 52340, 38, 160907, 2115428, 52330],
    ),
    (
        "mac",
        "unbiased1000.txt",
        [4905, 4905, 100, 19823, 227875, 4905],
    ),
    ("mac", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    ("mac", "hardest.txt", [1115, 1115, 11, 4190, 49854, 1115]),
    ("mac", "easy50.txt", [1009, 1009, 50, 5239, 60104, 1009]),
    (
        "mac",
        "multiple_solutions.txt",
        [510, 410, 30, 2132, 22411, 395],
    ),
    (
        "mac",
        "unsolvable.txt",
        [20707, 20632, 0, 59916, 781827, 20636],
    ),
    (
        "mac-2001",
        "top95.txt",
        [90138, 89938, 79, 258282, 3048748, 89927],
    ),
    (
        "mac-2001",
        "top1465.txt",
        [28620, 28605, 59, 86574, 1035591, 28604],
    ),
    (
        "mac-2001",
        "sudoku17.txt",
        [192356, 191749, 63, 525756, 6035270, 191729],
    ),
    (
        "mac-2001",
        "forum_hardest_1106.txt",
        [42532, 42444, 21, 132470, 1724289, 42434],
    ),
    (
        "mac-2001",
        "forum_hardest_1905_11plus.txt",
        [52397, 52340, 38, 160907, 2115428, 52330],
    ),
    (
        "mac-2001",
        "unbiased1000.txt",
        [4905, 4905, 100, 19823, 227875, 4905],
    ),
    ("mac-2001", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "mac-2001",
        "hardest.txt",
        [1115, 1115, 11, 4190, 49854, 1115],
    ),
    (
        "mac-2001",
        "easy50.txt",
        [1009, 1009, 50, 5239, 60104, 1009],
    ),
    (
        "mac-2001",
        "multiple_solutions.txt",
        [510, 410, 30, 2132, 22411, 395],
    ),
    (
        "mac-2001",
        "unsolvable.txt",
        [20707, 20632, 0, 59916, 781827, 20636],
    ),
    (
        "cbj",
        "top95.txt",
        [190000, 90367, 4, 190000, 1196769, 90363],
    ),
    (
        "cbj",
        "top1465.txt",
        [120000, 57192, 2, 120000, 760745, 57190],
    ),
    (
        "cbj",
        "sudoku17.txt",
        [240000, 122913, 0, 240000, 1555309, 122913],
    ),
    (
        "cbj",
        "forum_hardest_1106.txt",
        [50000, 23608, 14, 50000, 313192, 23594],
    ),
    (
        "cbj",
        "forum_hardest_1905_11plus.txt",
        [80000, 37298, 2, 80000, 494408, 37296],
    ),
    (
        "cbj",
        "unbiased1000.txt",
        [198932, 93770, 75, 198932, 1244096, 93699],
    ),
    (
        "cbj",
        "kaggle10k.txt",
        [14877, 9046, 100, 14877, 104001, 9046],
    ),
    (
        "cbj",
        "hardest.txt",
        [22000, 10217, 1, 22000, 136767, 10216],
    ),
    (
        "cbj",
        "easy50.txt",
        [76599, 37295, 27, 76599, 482764, 37286],
    ),
    (
        "cbj",
        "multiple_solutions.txt",
        [10816, 4786, 24, 10816, 66916, 4773],
    ),
    (
        "cbj",
        "unsolvable.txt",
        [26034, 12511, 0, 26034, 166252, 12512],
    ),
    (
        "fc-cbj",
        "top95.txt",
        [190000, 126383, 5, 190000, 740906, 126378],
    ),
    (
        "fc-cbj",
        "top1465.txt",
        [120000, 79436, 4, 120000, 456948, 79432],
    ),
    (
        "fc-cbj",
        "sudoku17.txt",
        [240000, 161362, 0, 240000, 1036644, 161362],
    ),
    (
        "fc-cbj",
        "forum_hardest_1106.txt",
        [50000, 32439, 15, 50000, 171657, 32424],
    ),
    (
        "fc-cbj",
        "forum_hardest_1905_11plus.txt",
        [80000, 51389, 2, 80000, 276638, 51387],
    ),
    (
        "fc-cbj",
        "unbiased1000.txt",
        [189837, 122049, 91, 189837, 647088, 121975],
    ),
    (
        "fc-cbj",
        "kaggle10k.txt",
        [8637, 7400, 100, 8637, 51942, 7400],
    ),
    (
        "fc-cbj",
        "hardest.txt",
        [21988, 14392, 2, 21988, 78179, 14391],
    ),
    (
        "fc-cbj",
        "easy50.txt",
        [66271, 43527, 35, 66271, 239456, 43517],
    ),
    (
        "fc-cbj",
        "multiple_solutions.txt",
        [9403, 5735, 25, 9403, 32387, 5722],
    ),
    (
        "fc-cbj",
        "unsolvable.txt",
        [25217, 16854, 0, 25217, 93568, 16856],
    ),
    (
        "dom-wdeg",
        "top95.txt",
        [40705, 40675, 92, 394127, 1770115, 40672],
    ),
    (
        "dom-wdeg",
        "top1465.txt",
        [9438, 9438, 60, 101221, 432516, 9438],
    ),
    (
        "dom-wdeg",
        "sudoku17.txt",
        [102366, 102252, 110, 857219, 4128531, 102239],
    ),
    (
        "dom-wdeg",
        "forum_hardest_1106.txt",
        [23873, 23871, 25, 276949, 1123186, 23870],
    ),
    (
        "dom-wdeg",
        "forum_hardest_1905_11plus.txt",
        [23876, 23876, 40, 294882, 1126474, 23876],
    ),
    (
        "dom-wdeg",
        "unbiased1000.txt",
        [2317, 2317, 100, 30915, 139115, 2317],
    ),
    ("dom-wdeg", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    ("dom-wdeg", "hardest.txt", [716, 716, 11, 9039, 36867, 716]),
    ("dom-wdeg", "easy50.txt", [720, 720, 50, 10008, 50450, 720]),
    (
        "dom-wdeg",
        "multiple_solutions.txt",
        [254, 159, 30, 2732, 12646, 144],
    ),
    (
        "dom-wdeg",
        "unsolvable.txt",
        [7169, 7169, 0, 68996, 323365, 7183],
    ),
    (
        "dom-wdeg-lc",
        "top95.txt",
        [48005, 47961, 93, 447419, 2086512, 47955],
    ),
    (
        "dom-wdeg-lc",
        "top1465.txt",
        [11715, 11715, 60, 121344, 527301, 11715],
    ),
    (
        "dom-wdeg-lc",
        "sudoku17.txt",
        [107870, 107726, 105, 895811, 4398290, 107715],
    ),
    (
        "dom-wdeg-lc",
        "forum_hardest_1106.txt",
        [29802, 29781, 24, 338653, 1423412, 29778],
    ),
    (
        "dom-wdeg-lc",
        "forum_hardest_1905_11plus.txt",
        [31271, 31266, 40, 374461, 1490922, 31265],
    ),
    (
        "dom-wdeg-lc",
        "unbiased1000.txt",
        [2835, 2835, 100, 36540, 162240, 2835],
    ),
    ("dom-wdeg-lc", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "dom-wdeg-lc",
        "hardest.txt",
        [1025, 1025, 11, 12231, 50864, 1025],
    ),
    (
        "dom-wdeg-lc",
        "easy50.txt",
        [929, 929, 50, 12042, 59370, 929],
    ),
    (
        "dom-wdeg-lc",
        "multiple_solutions.txt",
        [256, 156, 30, 2869, 12866, 141],
    ),
    (
        "dom-wdeg-lc",
        "unsolvable.txt",
        [8624, 8624, 0, 81024, 389538, 8638],
    ),
    ("nogood", "top95.txt", [2997, 2446, 95, 46305, 201415, 2446]),
    (
        "nogood",
        "top1465.txt",
        [1353, 1182, 60, 23509, 104986, 1182],
    ),
    ("nogood", "sudoku17.txt", [315, 270, 120, 11443, 75138, 270]),
    (
        "nogood",
        "forum_hardest_1106.txt",
        [6262, 5618, 25, 101068, 373617, 5618],
    ),
    (
        "nogood",
        "forum_hardest_1905_11plus.txt",
        [4530, 4164, 40, 79068, 292645, 4164],
    ),
    (
        "nogood",
        "unbiased1000.txt",
        [171, 168, 100, 8385, 52959, 168],
    ),
    ("nogood", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    ("nogood", "hardest.txt", [146, 142, 11, 3644, 14731, 142]),
    ("nogood", "easy50.txt", [17, 16, 50, 2827, 21835, 16]),
    (
        "nogood",
        "multiple_solutions.txt",
        [159, 72, 30, 1954, 9314, 57],
    ),
    (
        "nogood",
        "unsolvable.txt",
        [2694, 2366, 0, 43640, 163360, 2380],
    ),
    (
        "nogood-vsids",
        "top95.txt",
        [3146, 2642, 95, 46060, 212188, 2676],
    ),
    (
        "nogood-vsids",
        "top1465.txt",
        [1711, 1430, 60, 25754, 118841, 1443],
    ),
    (
        "nogood-vsids",
        "sudoku17.txt",
        [296, 249, 120, 10733, 72706, 249],
    ),
    (
        "nogood-vsids",
        "forum_hardest_1106.txt",
        [5380, 4724, 25, 80328, 350875, 4827],
    ),
    (
        "nogood-vsids",
        "forum_hardest_1905_11plus.txt",
        [5587, 4982, 40, 93061, 383942, 5091],
    ),
    (
        "nogood-vsids",
        "unbiased1000.txt",
        [189, 180, 100, 8613, 53554, 180],
    ),
    ("nogood-vsids", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "nogood-vsids",
        "hardest.txt",
        [206, 196, 11, 4762, 19159, 199],
    ),
    ("nogood-vsids", "easy50.txt", [18, 17, 50, 2867, 21920, 17]),
    (
        "nogood-vsids",
        "multiple_solutions.txt",
        [131, 42, 30, 1468, 7811, 27],
    ),
    (
        "nogood-vsids",
        "unsolvable.txt",
        [1972, 1693, 0, 24213, 121679, 1744],
    ),
    ("full", "top95.txt", [1723, 1723, 95, 35453, 149100, 1723]),
    ("full", "top1465.txt", [599, 599, 60, 14352, 64441, 599]),
    ("full", "sudoku17.txt", [810, 810, 120, 17465, 95962, 810]),
    (
        "full",
        "forum_hardest_1106.txt",
        [7993, 7993, 25, 133051, 455323, 7993],
    ),
    (
        "full",
        "forum_hardest_1905_11plus.txt",
        [6693, 6693, 40, 122570, 420326, 6693],
    ),
    (
        "full",
        "unbiased1000.txt",
        [154, 154, 100, 8094, 51455, 154],
    ),
    ("full", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    ("full", "hardest.txt", [78, 78, 11, 2328, 10561, 78]),
    ("full", "easy50.txt", [5, 5, 50, 2701, 21277, 5]),
    (
        "full",
        "multiple_solutions.txt",
        [192, 96, 30, 2324, 10656, 81],
    ),
    (
        "full",
        "unsolvable.txt",
        [4877, 4877, 0, 78899, 250822, 4891],
    ),
    (
        "s003-rv",
        "top95.txt",
        [129479, 129081, 61, 1000422, 4111421, 129064],
    ),
    (
        "s003-rv",
        "top1465.txt",
        [53951, 53887, 52, 458878, 1808643, 53885],
    ),
    (
        "s003-rv",
        "sudoku17.txt",
        [233950, 232994, 23, 1584786, 6908303, 232977],
    ),
    (
        "s003-rv",
        "forum_hardest_1106.txt",
        [46892, 46773, 23, 487753, 1839097, 46754],
    ),
    (
        "s003-rv",
        "forum_hardest_1905_11plus.txt",
        [69434, 69290, 29, 716857, 2622259, 69274],
    ),
    (
        "s003-rv",
        "unbiased1000.txt",
        [9372, 9372, 100, 91293, 360198, 9372],
    ),
    ("s003-rv", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "s003-rv",
        "hardest.txt",
        [3200, 3196, 10, 33175, 122943, 3196],
    ),
    (
        "s003-rv",
        "easy50.txt",
        [2348, 2348, 50, 23024, 103105, 2348],
    ),
    (
        "s003-rv",
        "multiple_solutions.txt",
        [2167, 2074, 28, 22423, 91073, 2060],
    ),
    (
        "s003-rv",
        "unsolvable.txt",
        [22205, 22117, 0, 191960, 724969, 22120],
    ),
    (
        "s003-rv-hs",
        "top95.txt",
        [7598, 7598, 95, 114071, 468822, 7598],
    ),
    (
        "s003-rv-hs",
        "top1465.txt",
        [4480, 4480, 60, 69228, 282454, 4480],
    ),
    (
        "s003-rv-hs",
        "sudoku17.txt",
        [1255, 1255, 120, 22366, 127848, 1255],
    ),
    (
        "s003-rv-hs",
        "forum_hardest_1106.txt",
        [20063, 20058, 25, 320369, 1137477, 20057],
    ),
    (
        "s003-rv-hs",
        "forum_hardest_1905_11plus.txt",
        [11780, 11772, 40, 198324, 728270, 11771],
    ),
    (
        "s003-rv-hs",
        "unbiased1000.txt",
        [216, 216, 100, 9189, 55353, 216],
    ),
    ("s003-rv-hs", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "s003-rv-hs",
        "hardest.txt",
        [176, 176, 11, 3952, 16301, 176],
    ),
    ("s003-rv-hs", "easy50.txt", [26, 26, 50, 2915, 22147, 26]),
    (
        "s003-rv-hs",
        "multiple_solutions.txt",
        [126, 40, 30, 1521, 7741, 25],
    ),
    (
        "s003-rv-hs",
        "unsolvable.txt",
        [9638, 9638, 0, 158188, 564917, 9652],
    ),
    (
        "s003-rv-np",
        "top95.txt",
        [76362, 76151, 80, 679900, 3039627, 76138],
    ),
    (
        "s003-rv-np",
        "top1465.txt",
        [20595, 20573, 56, 200978, 875293, 20573],
    ),
    (
        "s003-rv-np",
        "sudoku17.txt",
        [197090, 196470, 64, 1582206, 7269134, 196442],
    ),
    (
        "s003-rv-np",
        "forum_hardest_1106.txt",
        [29175, 29141, 24, 428177, 1602121, 29135],
    ),
    (
        "s003-rv-np",
        "forum_hardest_1905_11plus.txt",
        [27858, 27850, 40, 412859, 1545640, 27848],
    ),
    (
        "s003-rv-np",
        "unbiased1000.txt",
        [1592, 1592, 100, 26785, 123257, 1592],
    ),
    ("s003-rv-np", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "s003-rv-np",
        "hardest.txt",
        [950, 950, 11, 13310, 55190, 950],
    ),
    ("s003-rv-np", "easy50.txt", [271, 271, 50, 5621, 34109, 271]),
    (
        "s003-rv-np",
        "multiple_solutions.txt",
        [615, 522, 30, 7598, 34218, 507],
    ),
    (
        "s003-rv-np",
        "unsolvable.txt",
        [18255, 18226, 0, 231521, 877127, 18234],
    ),
    (
        "s003-rv-hp",
        "top95.txt",
        [112851, 112562, 72, 959076, 3644968, 112547],
    ),
    (
        "s003-rv-hp",
        "top1465.txt",
        [43324, 43268, 54, 421715, 1529582, 43266],
    ),
    (
        "s003-rv-hp",
        "sudoku17.txt",
        [225719, 224878, 32, 1654861, 6704950, 224859],
    ),
    (
        "s003-rv-hp",
        "forum_hardest_1106.txt",
        [45722, 45621, 23, 499370, 1802534, 45604],
    ),
    (
        "s003-rv-hp",
        "forum_hardest_1905_11plus.txt",
        [63953, 63854, 33, 693097, 2459038, 63842],
    ),
    (
        "s003-rv-hp",
        "unbiased1000.txt",
        [7666, 7666, 100, 78415, 307267, 7666],
    ),
    ("s003-rv-hp", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "s003-rv-hp",
        "hardest.txt",
        [2967, 2961, 10, 29737, 107576, 2961],
    ),
    (
        "s003-rv-hp",
        "easy50.txt",
        [2018, 2018, 50, 20385, 91246, 2018],
    ),
    (
        "s003-rv-hp",
        "multiple_solutions.txt",
        [2156, 2063, 28, 22221, 89289, 2049],
    ),
    (
        "s003-rv-hp",
        "unsolvable.txt",
        [22191, 22115, 0, 208319, 745972, 22118],
    ),
    (
        "s003-rv-hs-np",
        "top95.txt",
        [4207, 4207, 95, 70211, 297253, 4207],
    ),
    (
        "s003-rv-hs-np",
        "top1465.txt",
        [2160, 2160, 60, 38704, 161674, 2160],
    ),
    (
        "s003-rv-hs-np",
        "sudoku17.txt",
        [793, 793, 120, 17064, 105528, 793],
    ),
    (
        "s003-rv-hs-np",
        "forum_hardest_1106.txt",
        [15967, 15961, 25, 268938, 942295, 15960],
    ),
    (
        "s003-rv-hs-np",
        "forum_hardest_1905_11plus.txt",
        [10008, 10004, 40, 175296, 640070, 10003],
    ),
    (
        "s003-rv-hs-np",
        "unbiased1000.txt",
        [184, 184, 100, 8658, 53533, 184],
    ),
    (
        "s003-rv-hs-np",
        "kaggle10k.txt",
        [0, 0, 100, 4719, 37752, 0],
    ),
    (
        "s003-rv-hs-np",
        "hardest.txt",
        [157, 157, 11, 3636, 15041, 157],
    ),
    ("s003-rv-hs-np", "easy50.txt", [17, 17, 50, 2813, 21679, 17]),
    (
        "s003-rv-hs-np",
        "multiple_solutions.txt",
        [122, 36, 30, 1447, 7471, 21],
    ),
    (
        "s003-rv-hs-np",
        "unsolvable.txt",
        [7278, 7278, 0, 128180, 447927, 7292],
    ),
    (
        "s003-rv-hs-hp",
        "top95.txt",
        [2954, 2954, 95, 52089, 210117, 2954],
    ),
    (
        "s003-rv-hs-hp",
        "top1465.txt",
        [1290, 1290, 60, 26705, 109765, 1290],
    ),
    (
        "s003-rv-hs-hp",
        "sudoku17.txt",
        [624, 624, 120, 15191, 92124, 624],
    ),
    (
        "s003-rv-hs-hp",
        "forum_hardest_1106.txt",
        [15532, 15529, 25, 263029, 903755, 15528],
    ),
    (
        "s003-rv-hs-hp",
        "forum_hardest_1905_11plus.txt",
        [9922, 9919, 40, 176632, 638564, 9918],
    ),
    (
        "s003-rv-hs-hp",
        "unbiased1000.txt",
        [186, 186, 100, 8741, 53480, 186],
    ),
    (
        "s003-rv-hs-hp",
        "kaggle10k.txt",
        [0, 0, 100, 4719, 37752, 0],
    ),
    (
        "s003-rv-hs-hp",
        "hardest.txt",
        [152, 152, 11, 3622, 14712, 152],
    ),
    ("s003-rv-hs-hp", "easy50.txt", [14, 14, 50, 2806, 21598, 14]),
    (
        "s003-rv-hs-hp",
        "multiple_solutions.txt",
        [124, 39, 30, 1501, 7618, 24],
    ),
    (
        "s003-rv-hs-hp",
        "unsolvable.txt",
        [6872, 6872, 0, 121606, 414925, 6886],
    ),
    (
        "s003-rv-hp-np",
        "top95.txt",
        [49790, 49675, 87, 514115, 2103917, 49666],
    ),
    (
        "s003-rv-hp-np",
        "top1465.txt",
        [8711, 8707, 60, 116763, 453164, 8706],
    ),
    (
        "s003-rv-hp-np",
        "sudoku17.txt",
        [169725, 169337, 81, 1520995, 6489839, 169316],
    ),
    (
        "s003-rv-hp-np",
        "forum_hardest_1106.txt",
        [27319, 27291, 24, 416088, 1498198, 27286],
    ),
    (
        "s003-rv-hp-np",
        "forum_hardest_1905_11plus.txt",
        [24630, 24620, 40, 373387, 1378354, 24618],
    ),
    (
        "s003-rv-hp-np",
        "unbiased1000.txt",
        [1374, 1374, 100, 24308, 112985, 1374],
    ),
    (
        "s003-rv-hp-np",
        "kaggle10k.txt",
        [0, 0, 100, 4719, 37752, 0],
    ),
    (
        "s003-rv-hp-np",
        "hardest.txt",
        [481, 481, 11, 8027, 32114, 481],
    ),
    (
        "s003-rv-hp-np",
        "easy50.txt",
        [232, 232, 50, 5440, 32630, 232],
    ),
    (
        "s003-rv-hp-np",
        "multiple_solutions.txt",
        [599, 506, 30, 7354, 32978, 491],
    ),
    (
        "s003-rv-hp-np",
        "unsolvable.txt",
        [14324, 14310, 0, 212604, 760421, 14321],
    ),
    (
        "s003-rv-hs-hp-np",
        "top95.txt",
        [2096, 2096, 95, 39340, 160643, 2096],
    ),
    (
        "s003-rv-hs-hp-np",
        "top1465.txt",
        [991, 991, 60, 21319, 88529, 991],
    ),
    (
        "s003-rv-hs-hp-np",
        "sudoku17.txt",
        [494, 494, 120, 13972, 86562, 494],
    ),
    (
        "s003-rv-hs-hp-np",
        "forum_hardest_1106.txt",
        [14383, 14382, 25, 247106, 839811, 14381],
    ),
    (
        "s003-rv-hs-hp-np",
        "forum_hardest_1905_11plus.txt",
        [9330, 9326, 40, 167361, 604371, 9325],
    ),
    (
        "s003-rv-hs-hp-np",
        "unbiased1000.txt",
        [173, 173, 100, 8466, 52616, 173],
    ),
    (
        "s003-rv-hs-hp-np",
        "kaggle10k.txt",
        [0, 0, 100, 4719, 37752, 0],
    ),
    (
        "s003-rv-hs-hp-np",
        "hardest.txt",
        [145, 145, 11, 3478, 14213, 145],
    ),
    (
        "s003-rv-hs-hp-np",
        "easy50.txt",
        [14, 14, 50, 2805, 21592, 14],
    ),
    (
        "s003-rv-hs-hp-np",
        "multiple_solutions.txt",
        [120, 35, 30, 1440, 7433, 20],
    ),
    (
        "s003-rv-hs-hp-np",
        "unsolvable.txt",
        [5851, 5851, 0, 104343, 346860, 5865],
    ),
    (
        "s003-rv-h1",
        "top95.txt",
        [90138, 89938, 79, 743123, 2995167, 89927],
    ),
    (
        "s003-rv-h1",
        "top1465.txt",
        [28620, 28605, 59, 261394, 1017734, 28604],
    ),
    (
        "s003-rv-h1",
        "sudoku17.txt",
        [192356, 191749, 63, 1420667, 5966151, 191729],
    ),
    (
        "s003-rv-h1",
        "forum_hardest_1106.txt",
        [42532, 42444, 21, 467535, 1703516, 42434],
    ),
    (
        "s003-rv-h1",
        "forum_hardest_1905_11plus.txt",
        [52397, 52340, 38, 581378, 2074200, 52330],
    ),
    (
        "s003-rv-h1",
        "unbiased1000.txt",
        [4905, 4905, 100, 56092, 223637, 4905],
    ),
    ("s003-rv-h1", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "s003-rv-h1",
        "hardest.txt",
        [1115, 1115, 11, 13244, 50299, 1115],
    ),
    (
        "s003-rv-h1",
        "easy50.txt",
        [1009, 1009, 50, 12716, 59976, 1009],
    ),
    (
        "s003-rv-h1",
        "multiple_solutions.txt",
        [510, 410, 30, 5132, 21441, 395],
    ),
    (
        "s003-rv-h1",
        "unsolvable.txt",
        [20707, 20632, 0, 206636, 760363, 20636],
    ),
    (
        "s003-rv-h3",
        "top95.txt",
        [103022, 102797, 77, 874061, 3694628, 102782],
    ),
    (
        "s003-rv-h3",
        "top1465.txt",
        [34166, 34127, 56, 311957, 1231978, 34123],
    ),
    (
        "s003-rv-h3",
        "sudoku17.txt",
        [200245, 199659, 66, 1452953, 6393411, 199629],
    ),
    (
        "s003-rv-h3",
        "forum_hardest_1106.txt",
        [47098, 47010, 15, 499018, 1846413, 47000],
    ),
    (
        "s003-rv-h3",
        "forum_hardest_1905_11plus.txt",
        [58293, 58212, 33, 647902, 2318814, 58203],
    ),
    (
        "s003-rv-h3",
        "unbiased1000.txt",
        [4179, 4179, 100, 48335, 197311, 4179],
    ),
    ("s003-rv-h3", "kaggle10k.txt", [0, 0, 100, 4719, 37752, 0]),
    (
        "s003-rv-h3",
        "hardest.txt",
        [876, 876, 11, 10561, 40515, 876],
    ),
    (
        "s003-rv-h3",
        "easy50.txt",
        [967, 967, 50, 12801, 58975, 967],
    ),
    (
        "s003-rv-h3",
        "multiple_solutions.txt",
        [947, 861, 30, 8467, 36049, 846],
    ),
    (
        "s003-rv-h3",
        "unsolvable.txt",
        [21212, 21161, 0, 216092, 813197, 21166],
    ),
    (
        "s003-rv-h1-h3",
        "top95.txt",
        [88144, 87967, 75, 742562, 3111903, 87962],
    ),
    (
        "s003-rv-h1-h3",
        "top1465.txt",
        [27758, 27735, 59, 266126, 1049247, 27732],
    ),
    (
        "s003-rv-h1-h3",
        "sudoku17.txt",
        [186950, 186483, 75, 1401800, 5993481, 186458],
    ),
    (
        "s003-rv-h1-h3",
        "forum_hardest_1106.txt",
        [41662, 41580, 17, 468498, 1720674, 41573],
    ),
    (
        "s003-rv-h1-h3",
        "forum_hardest_1905_11plus.txt",
        [47189, 47153, 38, 565640, 1975802, 47148],
    ),
    (
        "s003-rv-h1-h3",
        "unbiased1000.txt",
        [3232, 3232, 100, 39170, 163654, 3232],
    ),
    (
        "s003-rv-h1-h3",
        "kaggle10k.txt",
        [0, 0, 100, 4719, 37752, 0],
    ),
    (
        "s003-rv-h1-h3",
        "hardest.txt",
        [755, 755, 11, 9412, 36912, 755],
    ),
    (
        "s003-rv-h1-h3",
        "easy50.txt",
        [1010, 1010, 50, 13732, 60734, 1010],
    ),
    (
        "s003-rv-h1-h3",
        "multiple_solutions.txt",
        [374, 273, 30, 4171, 17470, 258],
    ),
    (
        "s003-rv-h1-h3",
        "unsolvable.txt",
        [18916, 18876, 0, 202648, 755024, 18883],
    ),
    (
        "s003-rv-hs-h1",
        "top95.txt",
        [5496, 5496, 95, 83211, 345029, 5496],
    ),
    (
        "s003-rv-hs-h1",
        "top1465.txt",
        [2089, 2089, 60, 34384, 147078, 2089],
    ),
    (
        "s003-rv-hs-h1",
        "sudoku17.txt",
        [544, 544, 120, 14378, 86616, 544],
    ),
    (
        "s003-rv-hs-h1",
        "forum_hardest_1106.txt",
        [11941, 11941, 25, 186928, 663673, 11941],
    ),
    (
        "s003-rv-hs-h1",
        "forum_hardest_1905_11plus.txt",
        [7278, 7278, 40, 126032, 444740, 7278],
    ),
    (
        "s003-rv-hs-h1",
        "unbiased1000.txt",
        [170, 170, 100, 8389, 52957, 170],
    ),
    (
        "s003-rv-hs-h1",
        "kaggle10k.txt",
        [0, 0, 100, 4719, 37752, 0],
    ),
    (
        "s003-rv-hs-h1",
        "hardest.txt",
        [161, 161, 11, 3970, 15817, 161],
    ),
    ("s003-rv-hs-h1", "easy50.txt", [19, 19, 50, 2853, 21931, 19]),
    (
        "s003-rv-hs-h1",
        "multiple_solutions.txt",
        [171, 86, 30, 2146, 9822, 71],
    ),
    (
        "s003-rv-hs-h1",
        "unsolvable.txt",
        [5195, 5195, 0, 81705, 285124, 5209],
    ),
    (
        "s003-rv-hs-h3",
        "top95.txt",
        [9952, 9952, 95, 133037, 542169, 9952],
    ),
    (
        "s003-rv-hs-h3",
        "top1465.txt",
        [3458, 3458, 60, 54211, 224895, 3458],
    ),
    (
        "s003-rv-hs-h3",
        "sudoku17.txt",
        [2940, 2935, 120, 47802, 212586, 2934],
    ),
    (
        "s003-rv-hs-h3",
        "forum_hardest_1106.txt",
        [13720, 13715, 25, 213059, 782115, 13714],
    ),
    (
        "s003-rv-hs-h3",
        "forum_hardest_1905_11plus.txt",
        [8736, 8736, 40, 147914, 544415, 8736],
    ),
    (
        "s003-rv-hs-h3",
        "unbiased1000.txt",
        [204, 204, 100, 8894, 54421, 204],
    ),
    (
        "s003-rv-hs-h3",
        "kaggle10k.txt",
        [0, 0, 100, 4719, 37752, 0],
    ),
    (
        "s003-rv-hs-h3",
        "hardest.txt",
        [167, 167, 11, 4310, 17495, 167],
    ),
    ("s003-rv-hs-h3", "easy50.txt", [22, 22, 50, 2895, 22013, 22]),
    (
        "s003-rv-hs-h3",
        "multiple_solutions.txt",
        [332, 254, 30, 4880, 19722, 239],
    ),
    (
        "s003-rv-hs-h3",
        "unsolvable.txt",
        [9828, 9827, 0, 156339, 557412, 9840],
    ),
    (
        "s003-rv-hs-h1-h3",
        "top95.txt",
        [7864, 7864, 95, 114439, 457887, 7864],
    ),
    (
        "s003-rv-hs-h1-h3",
        "top1465.txt",
        [2787, 2787, 60, 46582, 191213, 2787],
    ),
    (
        "s003-rv-hs-h1-h3",
        "sudoku17.txt",
        [1628, 1628, 120, 28184, 133768, 1628],
    ),
    (
        "s003-rv-hs-h1-h3",
        "forum_hardest_1106.txt",
        [11711, 11711, 25, 180081, 654538, 11711],
    ),
    (
        "s003-rv-hs-h1-h3",
        "forum_hardest_1905_11plus.txt",
        [9521, 9521, 40, 163398, 570473, 9521],
    ),
    (
        "s003-rv-hs-h1-h3",
        "unbiased1000.txt",
        [203, 203, 100, 8767, 54016, 203],
    ),
    (
        "s003-rv-hs-h1-h3",
        "kaggle10k.txt",
        [0, 0, 100, 4719, 37752, 0],
    ),
    (
        "s003-rv-hs-h1-h3",
        "hardest.txt",
        [112, 112, 11, 2886, 12482, 112],
    ),
    (
        "s003-rv-hs-h1-h3",
        "easy50.txt",
        [15, 15, 50, 2834, 21774, 15],
    ),
    (
        "s003-rv-hs-h1-h3",
        "multiple_solutions.txt",
        [253, 156, 30, 3262, 14274, 141],
    ),
    (
        "s003-rv-hs-h1-h3",
        "unsolvable.txt",
        [7291, 7291, 0, 111830, 395809, 7305],
    ),
];

/// Printed by the engine of commit 5c13378 (before issue 19's speed-ups); those of `fast`,
/// `full` and `s003-rv-hs-hp-np` printed again each time the order of their unit rules
/// moved, as above.
const STREAMS: &[(&str, &str, u64, u64)] = &[
    ("fast", "top95.txt", 10536, 0xed3504d7f084fbd9),
    ("fast", "top1465.txt", 11504, 0xcc36b2e12a98163b),
    ("fast", "sudoku17.txt", 6951, 0x4a1cd2b7d76832c6),
    ("fast", "forum_hardest_1106.txt", 145478, 0xfc92e3123fb0ecb9),
    (
        "fast",
        "forum_hardest_1905_11plus.txt",
        125834,
        0xa60568f6294f49f3,
    ),
    ("fast", "unbiased1000.txt", 7090, 0x07fcfd2150a1ed60),
    ("fast", "kaggle10k.txt", 5082, 0x2b45c7a260126432),
    ("fast", "hardest.txt", 14994, 0xf4cface71da16a5e),
    ("fast", "easy50.txt", 5595, 0x763c0e41661dc3fa),
    ("fast", "multiple_solutions.txt", 8868, 0x9de9f82f564c927a),
    ("fast", "unsolvable.txt", 176773, 0x11ad5f3e581795bb),
    ("full", "top95.txt", 42945, 0xdf1c9e52d9a8ca29),
    ("full", "top1465.txt", 22723, 0x1b21f2f15a932cb4),
    ("full", "sudoku17.txt", 7283, 0xa1eab6010fd84aed),
    ("full", "forum_hardest_1106.txt", 189884, 0xcda966a0f63d8c9e),
    (
        "full",
        "forum_hardest_1905_11plus.txt",
        169734,
        0x006221604c64a19f,
    ),
    ("full", "unbiased1000.txt", 7050, 0x97622a08b8554741),
    ("full", "kaggle10k.txt", 5082, 0x2b45c7a260126432),
    ("full", "hardest.txt", 13145, 0x3e659412898f88aa),
    ("full", "easy50.txt", 5771, 0xb19a8c06404f19f0),
    ("full", "multiple_solutions.txt", 8836, 0xef95438c41c7c8ea),
    ("full", "unsolvable.txt", 225149, 0xfef5540b4438f62c),
    ("mrv", "top95.txt", 734133, 0x9608576ea819e686),
    ("mrv", "top1465.txt", 546886, 0xbd278b2d0c92b2f6),
    ("mrv", "sudoku17.txt", 852508, 0x29e35d139082b30b),
    ("mrv", "forum_hardest_1106.txt", 990284, 0x3c1580fe6d8f6b34),
    (
        "mrv",
        "forum_hardest_1905_11plus.txt",
        966301,
        0x4a81d255e7abc833,
    ),
    ("mrv", "unbiased1000.txt", 28269, 0xeab1a0f63249431b),
    ("mrv", "kaggle10k.txt", 5082, 0x2b45c7a260126432),
    ("mrv", "hardest.txt", 66910, 0x24738c4c0a10a931),
    ("mrv", "easy50.txt", 15141, 0xe23eb08a8788f04e),
    ("mrv", "multiple_solutions.txt", 13179, 0x56e5ed252923bded),
    ("mrv", "unsolvable.txt", 808848, 0xbc54261efa594d52),
    ("fc-mrv", "top95.txt", 218970, 0xb011eb017bd46626),
    ("fc-mrv", "top1465.txt", 212016, 0xa3109cff7afcce04),
    ("fc-mrv", "sudoku17.txt", 221240, 0x5898c9cfe199ced8),
    (
        "fc-mrv",
        "forum_hardest_1106.txt",
        202716,
        0xc5280d4e6af04bd8,
    ),
    (
        "fc-mrv",
        "forum_hardest_1905_11plus.txt",
        199572,
        0x57b8d84919f1e356,
    ),
    ("fc-mrv", "unbiased1000.txt", 49292, 0x4774f960018516f5),
    ("fc-mrv", "kaggle10k.txt", 7330, 0x2f7243a0c5e07a5e),
    ("fc-mrv", "hardest.txt", 91169, 0x2ccecd31c6243e7d),
    ("fc-mrv", "easy50.txt", 26111, 0x397be5bbd3f61ba6),
    (
        "fc-mrv",
        "multiple_solutions.txt",
        21331,
        0xeedc12a2b273ba2c,
    ),
    ("fc-mrv", "unsolvable.txt", 163117, 0xf8e0de6a5a3b0792),
    ("s003-rv-hs-hp-np", "top95.txt", 30592, 0x1efcf4bedcd0b282),
    ("s003-rv-hs-hp-np", "top1465.txt", 20879, 0x3d479089d019aa2b),
    ("s003-rv-hs-hp-np", "sudoku17.txt", 7247, 0x3aa8e8e1a60eff7b),
    (
        "s003-rv-hs-hp-np",
        "forum_hardest_1106.txt",
        319271,
        0x28fa822075fb2de4,
    ),
    (
        "s003-rv-hs-hp-np",
        "forum_hardest_1905_11plus.txt",
        241148,
        0x3bb678494ffca04c,
    ),
    (
        "s003-rv-hs-hp-np",
        "unbiased1000.txt",
        7842,
        0xfc6f517e7da59d65,
    ),
    (
        "s003-rv-hs-hp-np",
        "kaggle10k.txt",
        5082,
        0x2b45c7a260126432,
    ),
    ("s003-rv-hs-hp-np", "hardest.txt", 18116, 0xf5400033267d451c),
    ("s003-rv-hs-hp-np", "easy50.txt", 6209, 0x2b9ff9d6fc4eb995),
    (
        "s003-rv-hs-hp-np",
        "multiple_solutions.txt",
        6805,
        0xf7b3261e48b4eb44,
    ),
    (
        "s003-rv-hs-hp-np",
        "unsolvable.txt",
        360523,
        0x623ab8b7603cdc94,
    ),
];
