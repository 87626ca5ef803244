//! The benchmark sets (`puzzles/variants/bench/`: the hard killers and thermometers of the
//! solving forums, from the Interactive Sudoku Solver's collections): every puzzle reads,
//! every published solution passes the independent checker, and every puzzle the small
//! test solver finishes within its node budget has exactly one solution, the published
//! one. The hardest need a real solver; how many the test solver proves is printed.

mod common;

use common::{bundle, rules, solver::Model};

/// Search nodes the test solver may spend on one puzzle.
const NODES: u64 = 10_000;

#[test]
fn benchmark_sets_read_their_solutions_pass_and_the_finished_ones_are_unique() {
    let (mut total, mut proven, mut published) = (0, 0, 0);
    for path in bundle::bench_files() {
        let text = std::fs::read_to_string(&path).expect("readable puzzle file");
        let name = path.display().to_string();
        let variants = dokuscope_formats::read(&name, &text, None)
            .map_err(|e| e.to_string())
            .expect("every benchmark file reads");
        let meta = bundle::metadata(&text);
        assert!(
            meta.is_empty() || meta.len() == variants.len(),
            "{name}: {} puzzles, {} named",
            variants.len(),
            meta.len()
        );
        for (i, v) in variants.iter().enumerate() {
            total += 1;
            let label = meta.get(i).map_or_else(
                || format!("{name} #{}", i + 1),
                |m| format!("{name}: {}", m.name),
            );
            let known = meta
                .get(i)
                .and_then(|m| m.solution.as_ref())
                .map(|s| bundle::digits(s, rules::side(v)));
            if let Some(solution) = &known {
                let broken = rules::violations(v, solution);
                assert!(
                    broken.is_empty(),
                    "{label}: the published solution breaks {broken:?}"
                );
                published += 1;
            }
            if let Some(solutions) = Model::new(v).solve(2, NODES) {
                assert_eq!(solutions.len(), 1, "{label}: {} solutions", solutions.len());
                assert!(
                    rules::violations(v, &solutions[0]).is_empty(),
                    "{label}: the solver's solution breaks a rule"
                );
                if let Some(solution) = &known {
                    assert_eq!(
                        &solutions[0], solution,
                        "{label}: not the published solution"
                    );
                }
                proven += 1;
            }
        }
    }
    eprintln!(
        "benchmark sets: {total} puzzles, {published} published solutions checked, {proven} proven unique within {NODES} nodes"
    );
    assert!(total >= 70, "only {total} benchmark puzzles");
}
