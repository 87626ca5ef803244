//! Every bundled variant (`puzzles/variants/`) reads, has exactly one solution by the
//! independent solver, that solution passes the independent checker, and it is the
//! published one where the file records it.

mod common;

use std::time::Instant;

use common::{bundle, rules, solver::Model};

/// Search nodes allowed per puzzle before the test gives up and fails.
const NODES: u64 = 3_000_000;

#[test]
fn every_bundled_puzzle_has_one_solution_that_passes_the_checker() {
    let mut count = 0;
    for path in bundle::files() {
        let text = std::fs::read_to_string(&path).expect("readable puzzle file");
        let name = path.display().to_string();
        let variants = dokuscope_formats::read(&name, &text, None)
            .map_err(|e| e.to_string())
            .expect("every bundled file reads");
        let meta = bundle::metadata(&text);
        assert!(
            meta.is_empty() || meta.len() == variants.len(),
            "{name}: {} puzzles, {} named",
            variants.len(),
            meta.len()
        );
        for (i, v) in variants.iter().enumerate() {
            let label = meta.get(i).map_or_else(
                || format!("{name} #{}", i + 1),
                |m| format!("{name}: {}", m.name),
            );
            let start = Instant::now();
            let solutions = Model::new(v).solve(2, NODES);
            assert!(solutions.is_some(), "{label}: over {NODES} search nodes");
            let solutions = solutions.unwrap_or_default();
            let unique = meta.get(i).is_none_or(|m| m.unique);
            if unique {
                assert_eq!(solutions.len(), 1, "{label}: {} solutions", solutions.len());
            } else {
                assert!(!solutions.is_empty(), "{label}: no solution");
            }
            let solution = &solutions[0];
            let broken = rules::violations(v, solution);
            assert!(
                broken.is_empty(),
                "{label}: the solver's solution breaks {broken:?}"
            );
            if let Some(published) = meta.get(i).and_then(|m| m.solution.as_ref()) {
                assert_eq!(
                    solution,
                    &bundle::digits(published, rules::side(v)),
                    "{label}: not the published solution"
                );
            }
            eprintln!("{label}: ok in {:.3} s", start.elapsed().as_secs_f64());
            count += 1;
        }
    }
    assert!(count >= 20, "only {count} bundled puzzles");
}
