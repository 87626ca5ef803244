//! The arc queue panel: AC-3's queue of one pane at the current step, as the events tell
//! it (`solver::queue`).
//!
//! ```text
//! AC-3 queue  37 arcs waiting · peak 58
//! revise r2c7→r2c2: 8 has no support, it goes
//! put back 19  r1c7→r2c7 r3c7→r2c7 r4c7→r2c7 …
//! next  r2c9→r2c2 r3c2→r2c2 r3c3→r2c2 r4c2→r2c2
//!       r5c2→r2c2 r6c2→r2c2 … 31 more
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::fit::first_fitting;
use super::theme::Theme;
use crate::app::Lane;
use crate::solver::arcs::ConstraintArc;
use crate::solver::queue::QueueView;
use crate::solver::{Event, Geometry};

/// Rows the panel wants: title, what the last event did, the arcs put back, three of
/// next arcs.
pub const QUEUE_ROWS: u16 = 6;

/// One pane's arc queue.
pub struct QueuePanel<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

/// `r2c7→r2c2`.
fn arc_name(g: &Geometry, arc: ConstraintArc) -> String {
    format!("{}→{}", g.cell_name(arc.cell), g.cell_name(arc.against))
}

/// As many of `arcs` as fit `rows` rows of `width` columns after a `lead` on the first
/// row (the others indented as far), the last row ending `… N more` when some are left.
fn arc_rows(lead: &str, names: &[String], total: usize, width: usize, rows: usize) -> Vec<String> {
    let indent = lead.chars().count();
    let mut out = Vec::new();
    let mut line = lead.to_string();
    let mut used = indent;
    let mut shown = 0;
    for name in names {
        let more = total - shown - 1;
        let tail = if more > 0 && out.len() + 1 == rows {
            format!(" … {more} more").chars().count()
        } else {
            0
        };
        let need = name.chars().count() + usize::from(used > indent);
        if used + need + tail > width {
            if out.len() + 1 == rows {
                break;
            }
            out.push(std::mem::replace(&mut line, " ".repeat(indent)));
            used = indent;
        }
        if used > indent {
            line.push(' ');
            used += 1;
        }
        line.push_str(name);
        used += name.chars().count();
        shown += 1;
    }
    if shown < total {
        line = format!("{line} … {} more", total - shown);
    }
    out.push(line);
    out
}

impl QueuePanel<'_> {
    /// The title: the algorithm, the arcs waiting, the peak so far.
    fn title(&self, queue: &QueueView, width: usize) -> Line<'static> {
        let name = match self
            .lane
            .timeline()
            .strategy()
            .and_then(|s| s.inference.arcs)
        {
            Some(algorithm) => format!("{} queue", algorithm.label()),
            None => "arc queue".to_string(),
        };
        let waiting = queue.len();
        // Counted as arcs are taken off: arcs just put back may pass it.
        let peak = self.lane.cursor().stats().queue_peak.max(waiting as u64);
        let arcs = if waiting == 1 { "arc" } else { "arcs" };
        let forms = if queue.derivable() {
            vec![
                format!("  {waiting} {arcs} waiting · peak {peak}"),
                format!("  {waiting} {arcs} · peak {peak}"),
                format!("  {waiting}"),
            ]
        } else {
            vec![
                "  not derivable: the solver's revisions follow another order".to_string(),
                "  not derivable".to_string(),
                "  ?".to_string(),
            ]
        };
        let note =
            first_fitting(forms, width.saturating_sub(name.chars().count())).unwrap_or_default();
        Line::from(vec![
            Span::styled(name, self.theme.title()),
            Span::styled(note, self.theme.dim()),
        ])
    }

    /// What the last event did with the queue, longest wording that fits.
    fn now(&self, queue: &QueueView, g: &Geometry, width: usize) -> Option<Line<'static>> {
        let last = self.lane.cursor().last().map(|l| l.event);
        let sym = |d: crate::solver::Digit| d.symbol(g.size());
        let forms: Vec<String> = match (queue.revised(), last) {
            (Some(r), Some(Event::Prune { .. })) => {
                let d = r.removed.map_or('?', sym);
                let cell = g.cell_name(r.arc.cell);
                let n = queue.put_back_len();
                vec![
                    format!(
                        "{cell} lost {d}: the arcs into it from its other open peers go back, {n} not waiting already"
                    ),
                    format!("{cell} lost {d}: {n} arcs into it put back"),
                    format!("{cell} lost {d}: {n} back"),
                ]
            }
            (Some(r), _) => {
                let arc = arc_name(g, r.arc);
                match r.removed {
                    Some(d) => vec![
                        format!(
                            "revise {arc}: {} has no support in {}, it goes",
                            sym(d),
                            g.cell_name(r.arc.against)
                        ),
                        format!("revise {arc}: {} has no support", sym(d)),
                        format!("{arc}: {} goes", sym(d)),
                    ],
                    None => vec![
                        format!(
                            "revise {arc}: every candidate has a support ({} checks)",
                            r.checks
                        ),
                        format!("revise {arc}: all supported"),
                        format!("{arc}: kept"),
                    ],
                }
            }
            (None, Some(Event::Assign { cell, cause, .. })) if cause.is_decision() => {
                let n = queue.put_back_len();
                let cell = g.cell_name(cell);
                vec![
                    format!("{cell} assigned: the {n} arcs into it from its open peers queued"),
                    format!("{cell} assigned: {n} arcs queued"),
                ]
            }
            (
                None,
                Some(Event::Prune {
                    cell,
                    cause: crate::solver::PruneCause::Refuted,
                    ..
                }),
            ) => {
                let n = queue.put_back_len();
                let cell = g.cell_name(cell);
                vec![
                    format!("{cell} refuted: the {n} arcs into it from its open peers queued"),
                    format!("{cell} refuted: {n} arcs queued"),
                ]
            }
            (None, Some(Event::Wipeout { .. })) => vec![
                format!("wipeout: AC-3 stops, {} arcs left unrevised", queue.len()),
                format!("wipeout: {} left", queue.len()),
            ],
            (None, None) if !queue.is_empty() => vec![
                "step 0: the arcs into every given, givens in reading order".to_string(),
                "step 0: the arcs into the givens".to_string(),
            ],
            (None, _) if queue.is_empty() => vec![
                "empty: no propagation under way".to_string(),
                "empty".to_string(),
            ],
            _ => return None,
        };
        let text = first_fitting(forms, width)?;
        let style = match queue.revised() {
            Some(r) if r.removed.is_some() => self.theme.event(&Event::Revise {
                cell: r.arc.cell,
                against: r.arc.against,
                removed: r.removed,
                checks: 0,
                queue: 0,
                requeued: 0,
                depth: 0,
            }),
            _ => ratatui::style::Style::new(),
        };
        Some(Line::from(Span::styled(text, style)))
    }
}

impl Widget for &QueuePanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some(queue) = self.lane.cursor().queue() else {
            return;
        };
        if area.height == 0 || area.width == 0 {
            return;
        }
        let g = self.lane.timeline().puzzle().geometry();
        let width = usize::from(area.width);
        let mut lines = vec![self.title(queue, width)];
        lines.extend(self.now(queue, g, width));
        let rows = usize::from(area.height);
        if queue.derivable() {
            let back = queue.put_back_len();
            let revising = queue.revised().is_some();
            if back > 0 && revising && lines.len() < rows {
                let names: Vec<String> =
                    queue.put_back().take(16).map(|a| arc_name(g, a)).collect();
                let row = arc_rows("back ", &names, back, width, 1);
                lines.extend(
                    row.into_iter()
                        .map(|r| Line::from(Span::styled(r, self.theme.dim()))),
                );
            }
            let left = rows.saturating_sub(lines.len());
            if left > 0 && !queue.is_empty() {
                let names: Vec<String> = queue.arcs().take(64).map(|a| arc_name(g, a)).collect();
                for (i, row) in arc_rows("next ", &names, queue.len(), width, left)
                    .into_iter()
                    .enumerate()
                {
                    let (lead, rest) = row.split_at(5.min(row.len()));
                    let mut spans = vec![Span::styled(lead.to_string(), self.theme.dim())];
                    match rest.split_once(' ').filter(|_| i == 0) {
                        // The next arc to revise stands out.
                        Some((first, others)) => {
                            spans.push(Span::styled(first.to_string(), self.theme.key()));
                            spans.push(Span::raw(format!(" {others}")));
                        }
                        None if i == 0 => {
                            spans.push(Span::styled(rest.to_string(), self.theme.key()));
                        }
                        None => spans.push(Span::raw(rest.to_string())),
                    }
                    lines.push(Line::from(spans));
                }
            }
        }
        for (i, line) in lines.iter().take(rows).enumerate() {
            buf.set_line(area.x, area.y + i as u16, line, area.width);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::arc_rows;

    #[test]
    fn arcs_fill_their_rows_and_say_how_many_more() {
        let names: Vec<String> = (1..=9).map(|i| format!("r1c{i}→r9c9")).collect();
        let rows = arc_rows("next ", &names, 40, 30, 2);
        assert_eq!(rows.len(), 2);
        assert!(rows.iter().all(|r| r.chars().count() <= 30), "{rows:?}");
        assert!(rows[1].ends_with("more"), "{rows:?}");
        assert_eq!(
            arc_rows("next ", &names[..2], 2, 40, 3),
            ["next r1c1→r9c9 r1c2→r9c9"]
        );
    }
}
