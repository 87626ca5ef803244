//! The counters, with the engine's names, and the preset with its parts.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::Lane;
use crate::solver::strategy::{LookBack, Restart};

/// The counters of one lane at its current step.
pub struct StatsView<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

/// How many of [`counters`]' rows come before the prunes by cause.
pub fn main_counters(lane: &Lane) -> usize {
    counters(lane).len()
        - lane
            .cursor()
            .stats()
            .prunes_by_cause
            .named()
            .filter(|(_, n)| *n > 0)
            .count()
}

/// The counters as (name, value), in the names and order of docs/counters-and-trace.md; a
/// search that looks back adds its backjumps and skipped decisions, or its restarts and the
/// run's cutoff.
pub fn counters(lane: &Lane) -> Vec<(&'static str, u64)> {
    let s = lane.cursor().stats();
    if lane.is_local() {
        // A local search's own: its steps and conflicts (docs/local-search.md).
        let l = s.local.unwrap_or_default();
        let mut rows = vec![
            ("steps", l.steps),
            ("conflicts", l.conflicts),
            ("best", l.best.unwrap_or(l.conflicts)),
            ("plateau", l.plateau),
            ("walks", l.walks),
            ("solutions", s.solutions),
            ("events", s.events),
        ];
        if s.restarts > 0 {
            rows.push(("restarts", s.restarts));
        }
        return rows;
    }
    let strategy = lane.timeline().strategy();
    let mut rows = vec![
        ("nodes", s.nodes),
        ("backtracks", s.backtracks),
        ("assignments", s.assignments),
        ("prunes", s.prunes),
        ("wipeouts", s.wipeouts),
        ("max_depth", s.max_depth),
        ("solutions", s.solutions),
        ("events", s.events),
    ];
    if s.backjumps > 0 || strategy.is_some_and(|s| s.lookback == LookBack::Cbj) {
        rows.extend([("backjumps", s.backjumps), ("skipped", s.skipped)]);
    }
    let restart = strategy.map_or(Restart::Never, |s| s.restart);
    if s.restarts > 0 || restart != Restart::Never {
        let (run, cutoff) = lane.cursor().look().run();
        let cutoff = match cutoff {
            0 => restart.cutoff(run).unwrap_or(0),
            c => u64::from(c),
        };
        rows.extend([("restarts", s.restarts), ("cutoff", cutoff)]);
    }
    if lane.timeline().revises() {
        // The queue's length now comes from the queue the events tell, step by step.
        // The peak is counted as arcs are taken off; arcs just put back may pass it.
        let queue = lane.cursor().queue().map_or(0, |q| q.len() as u64);
        rows.extend([
            ("revisions", s.revisions),
            ("effective_revisions", s.effective_revisions),
            ("checks", s.checks),
            ("queue", queue),
            ("queue_peak", s.queue_peak.max(queue)),
        ]);
    }
    if s.learned > 0 || strategy.is_some_and(|s| s.lookback == LookBack::Nogood) {
        // Mean size and LBD, rounded: the panel shows whole numbers (bench gives tenths).
        let mean = |sum: u64| (sum + s.learned / 2).checked_div(s.learned).unwrap_or(0);
        rows.extend([
            ("learned", s.learned),
            ("mean_size", mean(s.learned_literals)),
            ("mean_lbd", mean(s.learned_lbd)),
        ]);
    }
    rows.extend(s.prunes_by_cause.named().filter(|(_, n)| *n > 0));
    if s.givens > 0 {
        // A stream whose givens start as domains: how many of its assignments were givens.
        rows.push(("given_assigns", s.givens));
    }
    rows
}

/// The counters that give way first where the panel has fewer rows than counters: those
/// every search has and the gauge, the status line or the race table repeats (`max_depth`,
/// `solutions`, `events`; `wipeouts` is the backtracks' count in most searches; then the
/// prunes and backtracks a pane's race row gives), so that a search's own (a backjump's, a
/// restart's, an arc's) stay in sight. The nodes stay.
const GIVE_WAY: [&str; 7] = [
    "max_depth",
    "solutions",
    "events",
    "wipeouts",
    "assignments",
    "prunes",
    "backtracks",
];

impl Widget for &StatsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut rows = counters(self.lane);
        let mut main = main_counters(self.lane);
        // Columns of 24, wider when a long name and its value need more (effective_revisions).
        let widest = rows
            .iter()
            .map(|(name, value)| name.len().max(14) + 1 + value.to_string().len() + 1)
            .max()
            .unwrap_or(0);
        let col_w = u16::try_from(widest).unwrap_or(u16::MAX).max(24);
        let cols = (area.width / col_w).max(1);
        let room = usize::from(cols) * usize::from(area.height);
        for name in GIVE_WAY {
            if rows.len() <= room {
                break;
            }
            if let Some(i) = rows.iter().position(|(n, _)| *n == name) {
                rows.remove(i);
                if i < main {
                    main -= 1;
                }
            }
        }
        let per_col = (rows.len() as u16).div_ceil(cols);
        for (i, (name, value)) in rows.iter().enumerate() {
            let (c, r) = (i as u16 / per_col, i as u16 % per_col);
            if r >= area.height || c >= cols {
                continue;
            }
            let name_style = if i < main {
                self.theme.dim()
            } else {
                self.theme
                    .dim()
                    .add_modifier(ratatui::style::Modifier::ITALIC)
            };
            // A long name (locked_candidates) takes room from the value's column, a space
            // apart; the value is grouped by thousands where it fits (2,722,261), else
            // compacted (2.7 M).
            let name = if name.len() < 14 {
                format!("{name:<14}")
            } else {
                format!("{name} ")
            };
            let width = usize::from(col_w - 1).saturating_sub(name.len()).max(1);
            let value = crate::numbers::within(*value, width);
            let line = Line::from(vec![
                Span::styled(name, name_style),
                Span::raw(format!("{value:>width$}")),
            ]);
            buf.set_line(area.x + c * col_w, area.y + r, &line, col_w.min(area.width));
        }
    }
}

/// `fast: order mrv · values ascending · infer fc,ac,hs`; for a stream, what its start
/// object names, in its own words (`order not given` when it names none).
pub fn preset_line<'a>(lane: &Lane, theme: Theme) -> Line<'a> {
    let title = Span::styled(lane.name().to_string(), theme.title());
    if let Some(repair) = lane
        .timeline()
        .strategy()
        .and_then(|s| s.local().map(|r| (r, s)))
    {
        // `min-conflicts  local search · fill boxes · walk 0.1 · tabu 5 · seed 0`.
        let (repair, s) = repair;
        let mut spans = vec![
            title,
            Span::styled("  local search", theme.dim()),
            Span::styled(" · fill ", theme.dim()),
            Span::raw(repair.fill.to_string()),
        ];
        if !repair.walk.is_zero() {
            spans.push(Span::styled(" · walk ", theme.dim()));
            spans.push(Span::raw(repair.walk.to_string()));
        }
        if repair.tabu > 0 {
            spans.push(Span::styled(" · tabu ", theme.dim()));
            spans.push(Span::raw(repair.tabu.to_string()));
        }
        spans.push(Span::styled(" · max steps ", theme.dim()));
        spans.push(Span::raw(repair.max_steps.to_string()));
        spans.push(Span::styled(" · seed ", theme.dim()));
        spans.push(Span::raw(s.local_seed().to_string()));
        return Line::from(spans);
    }
    let Some(s) = lane.timeline().strategy() else {
        let mut spans = vec![title];
        if let Some(header) = lane.timeline().stream_header() {
            let names = &header.names;
            match &names.order {
                Some(order) => {
                    spans.push(Span::styled("  order ", theme.dim()));
                    spans.push(Span::raw(order.clone()));
                }
                None if header.local => spans.push(Span::styled("  local search", theme.dim())),
                None => spans.push(Span::styled("  order not given", theme.dim())),
            }
            for (label, name) in [(" · values ", &names.values), (" · infer ", &names.infer)] {
                if let Some(name) = name {
                    spans.push(Span::styled(label, theme.dim()));
                    spans.push(Span::raw(name.clone()));
                }
            }
            if header.givens == crate::solver::Givens::Domains {
                spans.push(Span::styled(" · givens as domains", theme.dim()));
            }
        }
        spans.push(Span::styled(
            " · event stream, checked against the board",
            theme.dim(),
        ));
        return Line::from(spans);
    };
    Line::from(vec![
        title,
        Span::styled("  order ", theme.dim()),
        Span::raw(s.order.name().to_string()),
        Span::styled(" · values ", theme.dim()),
        Span::raw(s.values.name().to_string()),
        Span::styled(" · infer ", theme.dim()),
        Span::raw(s.inference.normalised().to_string()),
    ])
}
