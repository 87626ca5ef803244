//! The tree panel's counts in words: the header, the focused node's line, the sentence
//! while the tree is built, each in forms from longest to shortest, numbers grouped
//! (`12,191`) or compacted (`138.4 M`) where short.

use crate::app::tree::Outline;
use crate::numbers::{compact, grouped};
use crate::solver::tree::{NodeInfo, SubtreeStats};

/// `1 node`, `1,234 nodes`.
pub(super) fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// `138.4 M nodes` (short forms).
pub(super) fn plural_compact(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", compact(n), if n == 1 { one } else { many })
}

/// The header's forms, longest first: counts of the whole tree at the step shown.
pub(super) fn header_forms(root: &SubtreeStats, runs: u64) -> Vec<String> {
    let (extra, extra_short) = look_back_counts(root.skipped, runs);
    let (extra_medium, _) = look_back_counts(0, runs);
    let skipped_medium = if root.skipped > 0 {
        format!(" {}⊘", grouped(root.skipped))
    } else {
        String::new()
    };
    vec![
        format!(
            "search tree · {} · {} · {}{extra}",
            plural(root.size, "node", "nodes"),
            plural(root.failures, "failure", "failures"),
            plural(root.solutions, "solution", "solutions"),
        ),
        format!(
            "search tree · {} · {}■ {}◆{skipped_medium}{extra_medium}",
            plural(root.size, "node", "nodes"),
            grouped(root.failures),
            grouped(root.solutions)
        ),
        format!(
            "tree · {} · {}■ {}◆{extra_short}",
            plural_compact(root.size, "node", "nodes"),
            compact(root.failures),
            compact(root.solutions)
        ),
    ]
}

/// What a search that looks back adds to a count line, long and short: ` · 12 skipped ·
/// 3 runs` and ` 12⊘ 3↺` (empty without skipped nodes or restarts).
fn look_back_counts(skipped: u64, runs: u64) -> (String, String) {
    let (mut long, mut short) = (String::new(), String::new());
    if skipped > 0 {
        long = format!(" · {} skipped", grouped(skipped));
        short = format!(" {}⊘", compact(skipped));
    }
    if runs > 1 {
        long = format!("{long} · {}", plural(runs, "run", "runs"));
        short = format!("{short} {}↺", compact(runs));
    }
    (long, short)
}

/// The sentence while the tree is built from step 0.
pub(super) fn building(done: u64, to: u64) -> String {
    let percent = (done.saturating_mul(100)).checked_div(to).unwrap_or(100);
    format!(
        "building the tree from step 0: {percent} % ({} of {} steps); it then grows with the search",
        grouped(done),
        grouped(to)
    )
}

/// `choice · depth 5 · 11 nodes · 5 failures · 0 solutions · steps 584-752` (with its
/// skipped nodes, and a restart root's runs, when it has any), or shorter forms down to
/// `d5 11n 5■ 0◆ 584-752` when `width` is too narrow for it.
pub fn node_summary(n: &NodeInfo, outline: &Outline, width: usize) -> String {
    let s = outline.focus_stats;
    let range = match n.last_step {
        Some(last) if last > n.first_step => format!("{}-{}", grouped(n.first_step), grouped(last)),
        Some(_) => grouped(n.first_step),
        None => format!("{}-…", grouped(n.first_step)),
    };
    let short_range = match n.last_step {
        Some(last) if last > n.first_step => format!("{}-{}", compact(n.first_step), compact(last)),
        Some(_) => compact(n.first_step),
        None => format!("{}-…", compact(n.first_step)),
    };
    let (extra, extra_short) = look_back_counts(s.skipped, outline.runs);
    let forms = [
        format!(
            "{} · depth {} · {} · {} · {}{extra} · steps {range}",
            n.kind.name(),
            n.depth,
            plural(s.size, "node", "nodes"),
            plural(s.failures, "failure", "failures"),
            plural(s.solutions, "solution", "solutions"),
        ),
        format!(
            "depth {} · {} · {} · {}{extra} · steps {range}",
            n.depth,
            plural(s.size, "node", "nodes"),
            plural(s.failures, "failure", "failures"),
            plural(s.solutions, "solution", "solutions"),
        ),
        format!(
            "depth {} · {} · {}■ {}◆{extra_short} · {range}",
            n.depth,
            plural(s.size, "node", "nodes"),
            grouped(s.failures),
            grouped(s.solutions)
        ),
        format!(
            "d{} {}n {}■ {}◆{extra_short} {short_range}",
            n.depth,
            compact(s.size),
            compact(s.failures),
            compact(s.solutions)
        ),
    ];
    crate::ui::fit::shortest_if_none(forms.to_vec(), width)
}
