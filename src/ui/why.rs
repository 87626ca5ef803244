//! "Why this cell": the cells the order weighed at the last select, and LCV's counts.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::Lane;
use crate::app::event_words::order_label;
use crate::numbers::grouped;

/// The last select's reasons.
pub struct WhyView<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

/// What "why this cell" says for a stream whose solver gave its choice a heuristic or a
/// score: the cell chosen, with the solver's own words; `None` when it gave neither.
fn stream_reasons(lane: &Lane, width: usize, theme: Theme) -> Option<Vec<Line<'static>>> {
    let select = lane.cursor().last_select()?;
    let note = lane.select_note(select.step)?;
    if !note.gives_reason() {
        return None;
    }
    let crate::solver::Event::Select { cell, domain, .. } = select.event else {
        return None;
    };
    let g = lane.timeline().puzzle().geometry();
    let label = lane.voice(&select).order_name();
    let step = select.step;
    let title = "why this cell";
    let notes = [
        format!(" (step {}, {label}: the solver's own words)", grouped(step)),
        format!(" (step {}, {label})", grouped(step)),
        format!(" ({label})"),
    ];
    let note_text =
        super::fit::first_fitting(notes, width.saturating_sub(title.len())).unwrap_or_default();
    let mut chosen = vec![
        Span::styled(" ▶ ", theme.key()),
        Span::styled(
            format!("{:<6}", g.cell_name(cell).to_string()),
            theme.title(),
        ),
        Span::raw(format!("{} cand", domain.len())),
    ];
    let words = note.score_words();
    if !words.is_empty() {
        chosen.push(Span::raw(format!("  {words}")));
    }
    chosen.push(Span::styled("  chosen", theme.leader()));
    Some(vec![
        Line::from(vec![
            Span::styled(title, theme.title()),
            Span::styled(note_text, theme.dim()),
        ]),
        Line::from(chosen),
    ])
}

/// What "why this cell" says for a stream whose solver says which cell it chose but not
/// why: the longest wording that fits `width`.
fn stream_note(lane: &Lane, width: usize) -> String {
    let g = lane.timeline().puzzle().geometry();
    let forms = match lane.cursor().last_select().map(|l| l.event) {
        Some(crate::solver::Event::Select { cell, domain, .. }) => {
            let (cell, n) = (g.cell_name(cell), domain.len());
            vec![
                format!(
                    "why this cell: the solver chose {cell} ({n} candidates) and gave no reason"
                ),
                format!("why this cell: {cell} ({n} cand), no reason given"),
                format!("{cell}: no reason given"),
            ]
        }
        _ => vec![
            "why this cell: the solver gave no reason (no select)".to_string(),
            "why this cell: no reason given".to_string(),
            "no reason given".to_string(),
        ],
    };
    super::fit::shortest_if_none(forms, width)
}

/// "Why this cell" for a stream: its own reasons, or that it gave none.
fn render_stream(lane: &Lane, area: Rect, theme: Theme, buf: &mut Buffer) {
    if let Some(lines) = stream_reasons(lane, usize::from(area.width), theme) {
        for (i, line) in lines.iter().take(usize::from(area.height)).enumerate() {
            buf.set_line(area.x, area.y + i as u16, line, area.width);
        }
        return;
    }
    let text = stream_note(lane, usize::from(area.width));
    buf.set_stringn(area.x, area.y, text, usize::from(area.width), theme.dim());
}

/// "Why this move" for a local search: the cell its last step picked, among how many in
/// conflict, and the moves it weighed with the conflicts each leaves, the fewest first.
fn render_local(lane: &Lane, area: Rect, theme: Theme, buf: &mut Buffer) {
    let width = usize::from(area.width);
    let Some(why) = lane.move_why() else {
        let text = if lane.step() == 0 || lane.cursor().stats().local.is_some_and(|l| l.steps == 0)
        {
            [
                "why this move: no step yet (filling the assignment)",
                "no step yet",
            ]
        } else {
            ["why this move: the last event is no step", "no step here"]
        };
        let text = super::fit::first_fitting(text, width).unwrap_or_default();
        buf.set_stringn(area.x, area.y, text, width, theme.dim());
        return;
    };
    let g = lane.timeline().puzzle().geometry();
    let sym = |d: crate::solver::Digit| d.symbol(g.size());
    let how = if why.walk {
        "random walk: a random move"
    } else {
        "min-conflicts: the fewest, ties at random"
    };
    let title = "why this move";
    let notes = [
        format!(" (step {}, {how})", why.step),
        format!(" (step {})", why.step),
        String::new(),
    ];
    let note =
        super::fit::first_fitting(notes, width.saturating_sub(title.len())).unwrap_or_default();
    let mut lines = vec![Line::from(vec![
        Span::styled(title, theme.title()),
        Span::styled(note, theme.dim()),
    ])];
    let conflicts = format!(
        "{} conflict{}",
        why.conflicts,
        if why.conflicts == 1 { "" } else { "s" }
    );
    let picked = [
        format!(
            "{conflicts}, one of {} cells in conflict, picked at random",
            why.among
        ),
        format!("{conflicts}, 1 of {} in conflict", why.among),
        conflicts.clone(),
    ];
    lines.push(Line::from(vec![
        Span::styled(" ▶ ", theme.key()),
        Span::styled(
            format!("{:<6}", g.cell_name(why.cell).to_string()),
            theme.title(),
        ),
        Span::raw(super::fit::first_fitting(picked, width.saturating_sub(9)).unwrap_or_default()),
    ]));
    let rows = usize::from(area.height).saturating_sub(2);
    for &(other, digit, after) in why.moves.iter().take(rows) {
        let what = match other {
            Some(other) => format!("↔ {}={}", g.cell_name(other), sym(digit)),
            None => format!("← {}", sym(digit)),
        };
        let chosen = (other, digit) == why.made;
        // The longest form that fits: the conflicts named, then bare.
        let long = format!("   {what:<10} → {after:>3} conflicts");
        let text = if long.chars().count() + if chosen { 8 } else { 0 } <= width {
            long
        } else {
            format!("   {what} → {after}")
        };
        let room = width.saturating_sub(text.chars().count());
        let mut spans = vec![Span::raw(text)];
        if chosen && room >= 8 {
            spans.push(Span::styled("  chosen", theme.leader()));
        } else if chosen && room >= 2 {
            spans.push(Span::styled(" ◀", theme.leader()));
        }
        lines.push(Line::from(spans));
    }
    for (i, line) in lines.iter().take(usize::from(area.height)).enumerate() {
        buf.set_line(area.x, area.y + i as u16, line, area.width);
    }
}

impl Widget for &WhyView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 {
            return;
        }
        if self.lane.is_local() {
            render_local(self.lane, area, self.theme, buf);
            return;
        }
        let g = self.lane.timeline().puzzle().geometry();
        let Some(order) = self.lane.timeline().strategy().map(|s| s.order) else {
            render_stream(self.lane, area, self.theme, buf);
            return;
        };
        let Some(why) = self.lane.why() else {
            let text = super::fit::first_fitting(
                ["why this cell: no select yet", "no select yet"],
                usize::from(area.width),
            )
            .unwrap_or_default();
            buf.set_stringn(
                area.x,
                area.y,
                text,
                usize::from(area.width),
                self.theme.dim(),
            );
            return;
        };
        let width = usize::from(area.width);
        let title = "why this cell";
        let label = order_label(order);
        let step = why.select.step;
        // The longest note that fits, so the header is never cut mid-word.
        let notes = header_notes(order, step, label);
        let note =
            super::fit::first_fitting(notes, width.saturating_sub(title.len())).unwrap_or_default();
        let mut lines = vec![Line::from(vec![
            Span::styled(title, self.theme.title()),
            Span::styled(note, self.theme.dim()),
        ])];
        // One wording for every row: the longest in which all of them fit.
        let prefix = 3 + 6;
        let rows: Vec<Vec<(String, String)>> = why
            .ranked
            .iter()
            .enumerate()
            .map(|(i, r)| {
                // A fixed order has no ties: its next cell is simply the first.
                let tied = i > 0 && !order.is_static() && why.ranked[0].score == r.score;
                row_forms(order, r.score, i, i == 0, tied)
            })
            .collect();
        let fits = |(score, status): &(String, String)| {
            prefix + Span::raw(score.as_str()).width() + status.len() <= width
        };
        let forms = rows.first().map_or(0, Vec::len);
        let form = (0..forms)
            .find(|&k| rows.iter().all(|r| r.get(k).is_some_and(fits)))
            .unwrap_or(forms.saturating_sub(1));
        for (i, (r, row)) in why.ranked.iter().zip(&rows).enumerate() {
            let leader = i == 0;
            let (score, status) = row.get(form).cloned().unwrap_or_default();
            let mut spans = vec![
                Span::styled(if leader { " ▶ " } else { "   " }, self.theme.key()),
                Span::styled(
                    format!("{:<6}", g.cell_name(r.cell).to_string()),
                    if leader {
                        self.theme.title()
                    } else {
                        ratatui::style::Style::new()
                    },
                ),
                Span::raw(score),
            ];
            if !status.is_empty() {
                let style = if leader {
                    self.theme.leader()
                } else {
                    self.theme.dim()
                };
                spans.push(Span::styled(status, style));
            }
            lines.push(Line::from(spans));
        }
        if !why.lcv.is_empty() {
            let parts: Vec<String> = why
                .lcv
                .iter()
                .map(|(d, n)| format!("{}:{n}", d.symbol(g.size())))
                .collect();
            lines.push(lcv_line(&parts, width, self.theme));
        }
        for (i, line) in lines.iter().take(usize::from(area.height)).enumerate() {
            buf.set_line(area.x, area.y + i as u16, line, area.width);
        }
    }
}

/// The header's notes on how the order chose, longest first.
fn header_notes(order: crate::solver::CellOrder, step: u64, label: &str) -> [String; 4] {
    if order.learns() {
        [
            format!(
                " (step {}, {label}: smallest candidates / weighted degree)",
                grouped(step)
            ),
            format!(" (step {}, {label}: least cand/wdeg)", grouped(step)),
            format!(" (step {}, {label})", grouped(step)),
            format!(" ({label})"),
        ]
    } else if order.is_static() {
        [
            format!(
                " (step {}, {label}: the next open cell of a fixed sequence)",
                grouped(step)
            ),
            format!(
                " (step {}, {label}: next open cell of a fixed order)",
                grouped(step)
            ),
            format!(" (step {}, {label})", grouped(step)),
            format!(" ({label})"),
        ]
    } else {
        [
            format!(
                " (step {}, {label}; ties go by reading order)",
                grouped(step)
            ),
            format!(" (step {}, {label}; ties: reading order)", grouped(step)),
            format!(" (step {}, {label})", grouped(step)),
            format!(" ({label})"),
        ]
    }
}

/// dom/wdeg's ratio of a score, `0.14` (`∞` with no open peer).
fn ratio(score: crate::solver::Score) -> String {
    if score.tie_break == 0 {
        "∞".to_string()
    } else {
        format!(
            "{:.2}",
            f64::from(score.candidates) / f64::from(score.tie_break)
        )
    }
}

/// One weighed cell's score and status (`chosen`, `tie` or nothing), from the longest
/// wording to the shortest, so that a narrow pane drops words rather than cutting them:
/// `2 cand  degree 13  chosen`, `2 cand degree 13`, `2 cand deg 13`, then the same with
/// ` chosen`, then with only a tie's ` tie`, then bare; dom/wdeg's
/// `2 cand  wdeg 18  = 0.11` comes down to `2/18 = 0.11`; a fixed order's `#1 in order` to
/// `#1`. The cell ranked `index` (from 0).
fn row_forms(
    order: crate::solver::CellOrder,
    score: crate::solver::Score,
    index: usize,
    leader: bool,
    tied: bool,
) -> Vec<(String, String)> {
    let cand = score.candidates;
    let tb = score.tie_break;
    let status = if leader {
        "  chosen"
    } else if tied {
        "  tie"
    } else {
        ""
    };
    // The status from its longest form to none: the leader's `chosen` goes before a tie's
    // `tie`, the ▶ saying it already.
    let short = status.trim_start_matches(' ');
    let statuses = [
        status.to_string(),
        if short.is_empty() {
            String::new()
        } else {
            format!(" {short}")
        },
        if tied {
            " tie".to_string()
        } else {
            String::new()
        },
        String::new(),
    ];
    let scores: Vec<String> = match order.tie_break() {
        Some(_) if order.learns() => vec![
            format!("{cand} cand  wdeg {tb}  = {}", ratio(score)),
            format!("{cand} cand wdeg {tb} = {}", ratio(score)),
            format!("{cand}/{tb} = {}", ratio(score)),
        ],
        Some(name) => {
            let short = if name == "degree" { "deg" } else { "cons" };
            vec![
                format!("{cand} cand  {name} {tb}"),
                format!("{cand} cand {name} {tb}"),
                format!("{cand} cand {short} {tb}"),
            ]
        }
        None if order.is_static() => vec![
            format!("{cand} cand  #{} in order", index + 1),
            format!("{cand} cand #{}", index + 1),
        ],
        None => vec![format!("{cand} cand")],
    };
    // Each score with its status in full, then with each shorter status in turn.
    let mut forms: Vec<(String, String)> = Vec::new();
    for status in &statuses {
        forms.extend(scores.iter().map(|s| (s.clone(), status.clone())));
    }
    forms
}

/// LCV's counts after the longest label that leaves room for them all; when even the
/// shortest does not, the counts that fit, then `…`.
fn lcv_line(parts: &[String], width: usize, theme: Theme) -> Line<'static> {
    let counts = parts.join(" ");
    let labels = [
        " LCV ruled-out peer candidates ",
        " LCV ruled out: ",
        " LCV ",
    ];
    let label = labels
        .iter()
        .find(|l| l.len() + counts.len() <= width)
        .unwrap_or(&labels[labels.len() - 1]);
    let room = width.saturating_sub(label.len());
    let counts = if counts.len() <= room {
        counts
    } else {
        let mut shown = String::new();
        for part in parts {
            let extra = usize::from(!shown.is_empty()) + part.len();
            if shown.len() + extra + 2 > room {
                break;
            }
            if !shown.is_empty() {
                shown.push(' ');
            }
            shown.push_str(part);
        }
        shown.push_str(" …");
        shown
    };
    Line::from(vec![Span::styled(*label, theme.dim()), Span::raw(counts)])
}
