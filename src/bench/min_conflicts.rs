//! The table of a bench's local searches: their success within the step limit, their
//! steps per solved puzzle, and the puzzles on which they were stuck (no cell in conflict
//! could move, before the step limit).

use super::report::FileReport;

/// The local searches' table for `f`, with `grid` laying it out; empty when none ran.
pub fn table(f: &FileReport, grid: fn(&[&str], &[Vec<String>]) -> String) -> String {
    let header = [
        "preset",
        "searched",
        "solved",
        "success",
        "steps mean",
        "median",
        "p90",
        "max",
        "best conflicts at limit",
        "stuck",
    ];
    let rows: Vec<Vec<String>> = f
        .summaries
        .iter()
        .filter_map(|s| {
            let l = s.local.as_ref()?;
            let at_limit = if s.verdicts.limit > 0 {
                format!("{:.1}", l.best_conflicts_mean)
            } else {
                "-".into()
            };
            Some(vec![
                s.preset.clone(),
                s.nanos.count.to_string(),
                s.verdicts.solved.to_string(),
                format!("{:.1}%", 100.0 * l.success_rate),
                format!("{:.1}", l.steps.mean),
                l.steps.median.to_string(),
                l.steps.p90.to_string(),
                l.steps.max.to_string(),
                at_limit,
                l.stuck.to_string(),
            ])
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    grid(&header, &rows)
}
