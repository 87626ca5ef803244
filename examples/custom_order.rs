//! A cell order of your own, plugged into dokuscope's search through forced decisions.
//!
//! The library's [`Search`] chooses cells with one of its built-in orders. To try another,
//! you do not fork the engine: whenever the search is about to choose a cell
//! ([`Search::awaiting_select`]), tell it which cell and which digit to try first
//! ([`Search::decide_next`]). The search then selects that cell, assigns the digit as a
//! decision (cause `UserDecision`, `"by":"user"` in a trace), propagates with the preset's
//! inference, and backtracks as usual: when the digit is refuted, the preset's value order
//! tries the cell's other digits.
//!
//! This example's order is "fewest candidates, ties broken towards the centre of the
//! board", with digits in ascending order; it prints its counters beside the preset's own
//! cell order on the same puzzle.
//!
//! ```text
//! cargo run --release --example custom_order [PUZZLE] [PRESET]
//! ```
//!
//! PUZZLE is a file, `-` or an 81-character line (default: the bundled puzzle), PRESET a
//! preset for the inference and the value order after a refutation (default `mrv`).

use dokuscope::solver::{Cell, Digit, Grid, Limits, Search, Stats, preset};

/// The example's cell order: the open cell with the fewest candidates, nearest the centre
/// on a tie, and its smallest candidate. `None` once every cell holds a digit.
fn centre_first(grid: &Grid) -> Option<(Cell, Digit)> {
    let g = grid.geometry();
    let middle = g.side() / 2;
    let cell = g.cells().filter(|&c| grid.is_open(c)).min_by_key(|&c| {
        let (r, col) = g.row_col(c);
        (
            grid.domain(c).len(),
            r.abs_diff(middle) + col.abs_diff(middle),
        )
    })?;
    Some((cell, grid.domain(cell).first()?))
}

/// Runs `search` to its end (its limits), forcing every choice of a cell with `order`.
fn run_with(mut search: Search, order: fn(&Grid) -> Option<(Cell, Digit)>) -> Stats {
    loop {
        if search.awaiting_select() {
            if let Some((cell, digit)) = order(search.state().grid()) {
                search.decide_next(cell, digit);
            }
        }
        if search.next().is_none() {
            break;
        }
    }
    *search.stats()
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let entry = dokuscope::cli::input::nth_puzzle(args.first().map(String::as_str), 1)?;
    let preset = preset::lookup(args.get(1).map_or("mrv", String::as_str))?;
    // Both stop at the first solution.
    let limits = Limits {
        solutions: 1,
        nodes: None,
        deadline: None,
    };
    let search = || Search::with_limits(&entry.puzzle, preset.strategy, limits);
    let theirs = search()?.run().stats;
    let ours = run_with(search()?, centre_first);
    println!(
        "{} with the inference of preset {}",
        entry.location, preset.name
    );
    println!(
        "{:<28} {:>9} {:>11} {:>9}",
        "cell order", "decisions", "backtracks", "prunes"
    );
    for (name, s) in [
        ("the preset's own", theirs),
        ("centre-first (this example)", ours),
    ] {
        println!(
            "{name:<28} {:>9} {:>11} {:>9}",
            s.nodes, s.backtracks, s.prunes
        );
    }
    Ok(())
}
