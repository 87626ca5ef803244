//! The race: a live leaderboard of the panes, and once all have finished, a summary of
//! their totals with the ratios to the best.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::status::PANE_NAMES;
use super::theme::Theme;
use crate::app::Lock;
use crate::app::{App, Lane};
use crate::numbers::grouped;

/// A finished pane's badge: `SOLVED at step N / node M`, `EXHAUSTED`, or a local search's
/// `LIMIT after N steps, best K conflicts` (the word watch's status line says); empty while
/// searching.
pub fn badge(lane: &Lane) -> String {
    let c = lane.cursor();
    if !lane.at_end() {
        String::new()
    } else if let Some(error) = lane.timeline().error() {
        format!("STOPPED at line {}", error.line)
    } else if c.solved() && lane.is_local() {
        format!(
            "SOLVED at step {} / local step {}",
            grouped(c.step()),
            grouped(c.stats().pace())
        )
    } else if c.solved() {
        format!(
            "SOLVED at step {} / node {}",
            grouped(c.step()),
            grouped(c.stats().nodes)
        )
    } else if let Some(local) = c.stats().local.filter(|l| l.stuck) {
        // No cell in conflict could move: stuck, whatever steps were left.
        format!("STUCK, {} conflicts: no cell can move", local.conflicts)
    } else if lane.is_local() {
        // A local search that stopped proved nothing: it ran out of steps.
        let best = c.stats().local.and_then(|l| l.best).unwrap_or(0);
        format!(
            "LIMIT after {} steps, best {} conflicts",
            grouped(c.stats().pace()),
            grouped(best)
        )
    } else {
        "EXHAUSTED".into()
    }
}

/// The pane leading the race: the first to solve (by the lock's measure), or else the one
/// with the fewest backtracks so far.
pub fn leader(app: &App) -> Option<usize> {
    let lanes = app.lanes();
    let measure = |l: &Lane| match app.lock() {
        Lock::Nodes => l.cursor().stats().pace(),
        _ => l.cursor().stats().events,
    };
    // Before any pane has solved, backtracks rank the backtracking panes; a local search,
    // which has none, ranks by its conflicts only against other local searches.
    let all_local = lanes.iter().all(Lane::is_local);
    let searching = |l: &Lane| {
        let s = l.cursor().stats();
        match s.local {
            Some(local) if all_local => (local.conflicts, s.events),
            _ => (s.backtracks, s.nodes),
        }
    };
    let solved = lanes
        .iter()
        .enumerate()
        .filter(|(_, l)| l.at_end() && l.cursor().solved())
        .min_by_key(|(_, l)| measure(l));
    solved
        .or_else(|| {
            lanes
                .iter()
                .enumerate()
                .filter(|(_, l)| all_local || !l.is_local())
                .min_by_key(|(_, l)| searching(l))
        })
        .map(|(i, _)| i)
}

/// The leaderboard, or the summary once every pane has finished.
pub struct RaceView<'a> {
    /// The app.
    pub app: &'a App,
    /// Styles.
    pub theme: Theme,
}

/// Which columns a race shows: `mixed` when a pane is a local search (its steps beside the
/// nodes, its conflicts where the wipeouts were), `arcs` when a pane revises arcs (the
/// revisions and constraint checks of the race of AC-3 and AC-2001).
#[derive(Clone, Copy)]
struct Kinds {
    mixed: bool,
    arcs: bool,
}

/// A pane's entries in the columns of [`names`]: `None` where the column does not apply to
/// its search (a local search's backtracks, a backtracking search's conflicts, the
/// revisions of a pane that revises no arcs), which is neither best nor compared.
fn columns(lane: &Lane, kinds: Kinds) -> Vec<Option<u64>> {
    let s = lane.cursor().stats();
    let mut columns = match (s.local.filter(|_| lane.is_local()), kinds.mixed) {
        (Some(l), _) => vec![Some(s.events), Some(l.steps), None, None, Some(l.conflicts)],
        (None, true) => vec![
            Some(s.events),
            Some(s.nodes),
            Some(s.backtracks),
            Some(s.prunes),
            None,
        ],
        (None, false) => [s.events, s.nodes, s.backtracks, s.prunes, s.wipeouts]
            .map(Some)
            .to_vec(),
    };
    if kinds.arcs {
        let revises = lane.timeline().revises();
        columns.extend([s.revisions, s.checks].map(|v| revises.then_some(v)));
    }
    columns
}

/// The column of the nodes, or of a local search's steps beside them (see [`names`]).
const STEPS_COLUMN: usize = 1;

/// Each pane's best to compare with in each column: the column's least, where the column
/// holds two measures (a local search's steps beside the others' nodes) among the panes
/// of the same kind only; `None` where a pane has none to compare with.
fn bests(lanes: &[Lane], kinds: Kinds) -> Vec<Vec<Option<u64>>> {
    let all: Vec<Vec<Option<u64>>> = lanes.iter().map(|l| columns(l, kinds)).collect();
    lanes
        .iter()
        .map(|lane| {
            (0..names(kinds).len())
                .map(|k| {
                    let by_kind = kinds.mixed && k == STEPS_COLUMN;
                    let peers: Vec<u64> = lanes
                        .iter()
                        .zip(&all)
                        .filter(|(l, _)| !by_kind || l.is_local() == lane.is_local())
                        .filter_map(|(_, c)| c[k])
                        .collect();
                    if by_kind && peers.len() < 2 {
                        return None;
                    }
                    peers.into_iter().min()
                })
                .collect()
        })
        .collect()
}

/// The columns' names (see [`columns`]).
fn names(kinds: Kinds) -> Vec<&'static str> {
    let mut names = if kinds.mixed {
        vec!["events", "nodes/steps", "backtracks", "prunes", "conflicts"]
    } else {
        vec!["events", "nodes", "backtracks", "prunes", "wipeouts"]
    };
    if kinds.arcs {
        names.extend(["revisions", "checks"]);
    }
    names
}

/// The forms of a pane's status, longest first: the badge (`SOLVED at step N / node M`,
/// then shorter) and the leader's mark.
fn status_forms(lane: &Lane, lead: bool) -> Vec<String> {
    let c = lane.cursor();
    let badges: Vec<String> = match badge(lane) {
        b if b.is_empty() => vec!["searching".into()],
        b if c.solved() && lane.timeline().error().is_none() => vec![
            b,
            format!("SOLVED at step {}", grouped(c.step())),
            format!("SOLVED {}", grouped(c.step())),
        ],
        b => vec![b],
    };
    let marks: &[&str] = if lead {
        &["  ◀ leader", " ◀"]
    } else {
        &[""]
    };
    let mut forms: Vec<String> = marks
        .iter()
        .flat_map(|m| badges.iter().map(move |b| format!("{b}{m}")))
        .collect();
    forms.sort_by_key(|f| std::cmp::Reverse(f.chars().count()));
    forms.dedup();
    forms
}

/// The heading of the column of each pane's estimate, while the race runs.
const ESTIMATE: &str = "estimate";

/// Each pane's column entries (with ratios to the best once finished; while the race runs,
/// the estimate of its search's size last), and each column's width: its widest entry or
/// name, and two columns apart. Names stay whole; the status takes the rest of the row, in
/// the longest form that fits.
fn table(
    lanes: &[Lane],
    (finished, running): (bool, bool),
    best: &[Vec<Option<u64>>],
    kinds: Kinds,
) -> (Vec<Vec<String>>, Vec<usize>) {
    let cells: Vec<Vec<String>> = lanes
        .iter()
        .zip(best)
        .map(|(lane, best)| {
            let mut row: Vec<String> = columns(lane, kinds)
                .iter()
                .zip(best)
                .map(|(v, b)| match (v, b) {
                    (None, _) => "—".to_string(),
                    (Some(v), Some(b)) if finished => {
                        format!("{} {}", grouped(*v), to_best(*v, *b))
                    }
                    (Some(v), _) => grouped(*v),
                })
                .collect();
            if !finished {
                row.push(lane.progress(running).cell());
            }
            row
        })
        .collect();
    let widths = headings(finished, kinds)
        .enumerate()
        .map(|(k, name)| {
            cells
                .iter()
                .map(|row| row[k].chars().count())
                .chain([name.chars().count()])
                .max()
                .unwrap_or(0)
                + 2
        })
        .collect();
    (cells, widths)
}

/// The columns' headings: the counters (see [`names`]), and the estimate while the race
/// runs.
fn headings(finished: bool, kinds: Kinds) -> impl Iterator<Item = &'static str> {
    names(kinds)
        .into_iter()
        .chain((!finished).then_some(ESTIMATE))
}

impl Widget for &RaceView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lanes = self.app.lanes();
        let finished = self.app.all_finished();
        let lead = leader(self.app);
        let kinds = Kinds {
            mixed: lanes.iter().any(Lane::is_local),
            arcs: self.app.revises(),
        };
        let best = bests(lanes, kinds);
        let (cells, widths) = table(lanes, (finished, self.app.running()), &best, kinds);
        let title = if finished { "summary" } else { "race" };
        let name_w = lanes
            .iter()
            .map(|l| l.name().chars().count())
            .chain([title.chars().count().saturating_sub(2)])
            .max()
            .unwrap_or(0);
        let names: Vec<&str> = headings(finished, kinds).collect();
        let status_min = status_min(lanes, lead);
        let keep = kept_columns(&names, &widths, 3 + name_w + 3, status_min, area.width);
        let mut header = vec![Span::styled(
            format!(" {title:<w$}", w = name_w + 2),
            self.theme.title(),
        )];
        for &k in &keep {
            let (name, w) = (names[k], widths[k]);
            header.push(Span::styled(format!(" {name:>w$}"), self.theme.dim()));
        }
        header.push(Span::styled("   status", self.theme.dim()));
        buf.set_line(area.x, area.y, &Line::from(header), area.width);
        let fixed = 3 + name_w + keep.iter().map(|&k| widths[k] + 1).sum::<usize>() + 3;
        let room = usize::from(area.width).saturating_sub(fixed);
        for (i, lane) in lanes.iter().enumerate() {
            let y = area.y + 1 + i as u16;
            if y >= area.y + area.height {
                break;
            }
            let is_lead = lead == Some(i);
            let name_style = if is_lead {
                self.theme.leader()
            } else {
                ratatui::style::Style::new()
            };
            let mut spans = vec![Span::styled(
                format!(" {} {:<name_w$}", PANE_NAMES[i], lane.name()),
                name_style,
            )];
            let values = columns(lane, kinds);
            for &k in &keep {
                let w = widths[k];
                let least = best[i].get(k).copied().flatten();
                let style = if values
                    .get(k)
                    .copied()
                    .flatten()
                    .zip(least)
                    .is_some_and(|(v, b)| v <= b)
                    && lanes.len() > 1
                {
                    self.theme.leader()
                } else {
                    ratatui::style::Style::new()
                };
                spans.push(Span::raw(" "));
                spans.push(Span::styled(format!("{:>w$}", cells[i][k]), style));
            }
            let status = super::fit::shortest_if_none(status_forms(lane, is_lead), room);
            spans.push(Span::raw("   "));
            spans.push(Span::styled(
                status,
                if is_lead {
                    self.theme.leader()
                } else {
                    self.theme.dim()
                },
            ));
            buf.set_line(area.x, y, &Line::from(spans), area.width);
        }
        let y = area.y + 1 + lanes.len() as u16;
        if y < area.y + area.height {
            let width = usize::from(area.width).saturating_sub(1);
            if let Some(text) =
                divergence_text(self.app).map(|forms| super::fit::shortest_if_none(forms, width))
            {
                buf.set_line(
                    area.x,
                    y,
                    &Line::from(Span::styled(format!(" {text}"), self.theme.dim())),
                    area.width,
                );
            }
        }
    }
}

/// The room the status column needs: its heading, and every pane's status in its shortest
/// form. Columns give way to it ([`kept_columns`]).
fn status_min(lanes: &[Lane], lead: Option<usize>) -> usize {
    lanes
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            status_forms(l, lead == Some(i))
                .last()
                .map(|f| f.chars().count())
        })
        .max()
        .unwrap_or(0)
        .max("status".len())
}

/// The columns that give way first when the race table is too wide for its status column:
/// the wipeouts (a backtrack's twin in most searches), then the prunes, the events and the
/// backtracks; the nodes, the estimate and an arc race's revisions and checks stay.
const GIVE_WAY: [&str; 4] = ["wipeouts", "prunes", "events", "backtracks"];

/// The indexes of the columns `names` (of `widths`) kept in a row of `width` columns, so
/// that the status keeps `status_min` columns beside `fixed` others.
fn kept_columns(
    names: &[&str],
    widths: &[usize],
    fixed: usize,
    status_min: usize,
    width: u16,
) -> Vec<usize> {
    let mut keep: Vec<usize> = (0..names.len()).collect();
    let needs =
        |keep: &[usize]| fixed + keep.iter().map(|&k| widths[k] + 1).sum::<usize>() + status_min;
    for name in GIVE_WAY {
        if needs(&keep) <= usize::from(width) {
            break;
        }
        keep.retain(|&k| names[k] != name);
    }
    keep
}

/// `value` as a ratio to the column's best. When the best is 0 there is no ratio: the
/// panes at 0 show `×1.00` (they are the best) and the others `×—`.
#[expect(clippy::cast_precision_loss, reason = "a ratio shown to three figures")]
fn to_best(value: u64, best: u64) -> String {
    match (best, value) {
        (0, 0) => times(1.0),
        (0, _) => "×—".to_string(),
        _ => times(value as f64 / best as f64),
    }
}

/// A ratio to the best as `×1.00`, `×48.5` or `×38526`: three significant figures or more.
fn times(r: f64) -> String {
    if r >= 100.0 {
        format!("×{r:.0}")
    } else if r >= 10.0 {
        format!("×{r:.1}")
    } else {
        format!("×{r:.2}")
    }
}

/// Where the panes first diverged, in words: its forms, longest first.
pub fn divergence_text(app: &App) -> Option<Vec<String>> {
    if app.lanes().iter().any(Lane::is_local) {
        return Some(vec![
            "no divergence to find: a local search makes no decisions".into(),
            "no divergence (local search)".into(),
        ]);
    }
    let d = app.divergence()?;
    let g = app.source().puzzle.geometry();
    if let Some(found) = d.found() {
        let parts: Vec<String> = found
            .choices
            .iter()
            .zip(PANE_NAMES)
            .map(|(c, n)| match c {
                crate::app::race::Choice::Decision { cell, digit, step } => {
                    format!(
                        "{n} {}={digit} (step {})",
                        g.cell_name(*cell),
                        grouped(*step)
                    )
                }
                crate::app::race::Choice::Ended { step } => {
                    format!("{n} ended (step {})", grouped(*step))
                }
            })
            .collect();
        let (node, parts) = (found.node, parts.join(", "));
        Some(vec![
            format!(
                "divergence at decision {}: {parts} — press d to jump there",
                grouped(node)
            ),
            format!("divergence at decision {}: {parts}", grouped(node)),
            format!(
                "divergence at decision {} — press d to jump there",
                grouped(node)
            ),
            format!("divergence at decision {} (d)", grouped(node)),
        ])
    } else if d.never() {
        Some(vec![
            "no divergence: every pane made the same decisions".into(),
            "no divergence".into(),
        ])
    } else if d.agreed() == 0 {
        Some(vec!["no divergence yet: no decision made so far".into()])
    } else {
        let agreed = match d.agreed() {
            1 => "the first decision agrees".to_string(),
            n => format!("the first {} decisions agree", grouped(n)),
        };
        Some(vec![
            format!("no divergence yet: {agreed}"),
            format!("no divergence yet ({} decisions)", grouped(d.agreed())),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::to_best;

    #[test]
    fn ratios_to_a_best_of_zero_are_not_made_up() {
        assert_eq!(to_best(0, 0), "×1.00");
        assert_eq!(to_best(84, 0), "×—");
        assert_eq!(to_best(84, 2), "×42.0");
        assert_eq!(to_best(2, 2), "×1.00");
        assert_eq!(to_best(77051, 2), "×38526");
    }
}
