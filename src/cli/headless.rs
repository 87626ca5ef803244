//! What the headless commands that run one search (`solve`, `trace`, `bench`) share: the
//! solutions counted by default, what min-conflicts refuses, and `--decide` read and held
//! to account.

use crate::solver::search::Schedule;
use crate::solver::{Digit, Puzzle, Search, Strategy};

/// Solutions counted when `--count` is not given: 2, so that `solved` means unique.
pub const DEFAULT_COUNT: u64 = 2;

/// Why a local search does not take `--node-limit` or `--decide`: it makes no decisions
/// (its bound is `--max-steps`).
///
/// # Errors
/// `strategy` is a local search and one of them is given.
pub fn local_refusals(
    strategy: Strategy,
    count: Option<u64>,
    node_limit: Option<u64>,
    decide: Option<&str>,
) -> anyhow::Result<()> {
    if strategy.local().is_none() {
        return Ok(());
    }
    if let Some(n) = count.filter(|&n| n > 1) {
        anyhow::bail!(
            "--count {n} counts solutions, and min-conflicts cannot: it stops at the first solution it reaches, and proves neither that it is the only one nor that there is none (leave out --count)"
        );
    }
    if node_limit.is_some() {
        anyhow::bail!(
            "--node-limit bounds decisions, and min-conflicts makes none: bound its steps with --max-steps"
        );
    }
    if decide.is_some() {
        anyhow::bail!(
            "--decide forces decisions, and min-conflicts makes none: it changes a complete assignment"
        );
    }
    Ok(())
}

/// `--decide` parsed for the puzzle's board, or a message that points at the column.
pub fn schedule(decide: &str, puzzle: &Puzzle) -> Result<Schedule, String> {
    Schedule::parse(decide, puzzle.geometry()).map_err(|e| {
        format!(
            "--decide {decide}: {e}\n  {decide}\n  {}^",
            " ".repeat(e.column - 1)
        )
    })
}

/// Why a finished forced search did not make its forced decisions: one was illegal when
/// its turn came, or the search ended before it.
pub fn unmet(search: &Search, decide: &str) -> Option<String> {
    let g = search.state().grid().geometry();
    let name = |n: u64, cell, digit: Digit| format!("decision {n} ({}={digit})", g.cell_name(cell));
    if let Some(r) = search.refusal() {
        return Some(format!(
            "--decide {decide}: {} is refused: {}",
            name(r.number, r.cell, r.digit),
            r.reason
        ));
    }
    let last = search.schedule()?.decisions().last().copied()?;
    (last.0 > search.selects()).then(|| {
        format!(
            "--decide {decide}: {} never came: the search ended after {} decision(s)",
            name(last.0, last.1, last.2),
            search.selects()
        )
    })
}
