//! Rendering: every screen is a function of the app state (widgets only read it).
//!
//! The watch screen (one pane):
//! ```text
//! ┌ title: dokuscope · file:line · givens ─────────────────────────────────────┐
//! │ board (pencil marks 67×31, or compact 31×13) │ preset · counters           │
//! │                                              │ depth gauge, estimate       │
//! │                                              │ why this cell │ event log   │
//! │ explanation of the last event                                              │
//! │ depth-over-time trace (E: how the estimate of the search's size moved)     │
//! │ key legend (or the go-to prompt, or a message)                             │
//! └ status line: PAUSED step N depth D nodes N backtracks N speed preset ──────┘
//! ```
//! The compare screen puts 2 panes side by side or 4 in a 2×2 grid, each with its header
//! (pane letter, preset, badge), board, counters, gauge, explanation and trace; then the
//! race table (or the summary), the legend and the status line.

pub mod board;
pub mod breaks;
pub mod depth;
pub mod estimate;
pub mod fit;
pub mod heat;
pub mod help;
pub mod inspect;
pub mod layout;
pub mod listen;
pub mod log;
pub mod note;
pub mod pixels;
pub mod prompt;
pub mod queue;
pub mod quiz;
pub mod race;
mod render_into;
mod side;
pub mod stats;
pub mod status;
pub mod summary;
mod teach_area;
pub mod teach_legend;
pub mod theme;
pub mod tree;
pub mod why;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use self::board::BoardView;
use self::depth::DepthTraceView;
use self::help::HelpView;
use self::inspect::InspectView;
pub use self::layout::{PaneRects, Screen, hit_test, screen};
use self::log::explanation;
use self::race::{RaceView, badge};
pub(crate) use self::render_into::RenderInto;
use self::side::render_side;
use self::stats::preset_line;
pub use self::teach_area::teach_rows;
pub use self::theme::Theme;
use self::tree::{PaneOverview, TreePanel};
use crate::app::tree::TreeLayout;
use crate::app::{App, Lane};

/// The most breakpoint hits marked on the tree.
const MAX_TREE_HITS: usize = 64;

/// Draws the whole screen.
pub fn render(app: &App, theme: Theme, area: Rect, buf: &mut Buffer) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    match screen(app, area) {
        Screen::TooSmall { width, height } if app.lesson_state().is_some() => {
            teach_area::render_lesson_too_small(app, (width, height), theme, area, buf);
        }
        Screen::TooSmall { width, height } => {
            let lines = [
                format!("enlarge the terminal to at least {width}×{height}"),
                format!("(now {}×{}; q quits)", area.width, area.height),
            ];
            for (i, text) in lines.iter().enumerate() {
                let y = area.y + area.height / 2 + i as u16;
                let x = area.x + area.width.saturating_sub(text.chars().count() as u16) / 2;
                if y < area.y + area.height {
                    buf.set_stringn(
                        x,
                        y,
                        text,
                        usize::from(area.width),
                        if i == 0 { theme.key() } else { theme.dim() },
                    );
                }
            }
            buf.set_line(
                area.x,
                area.y + area.height.saturating_sub(1),
                &status::status_line(app, theme, area.width),
                area.width,
            );
        }
        Screen::Fits {
            panes,
            race,
            note,
            legend,
            status,
        } => {
            let several = panes.len() > 1;
            for (i, (lane, rects)) in app.lanes().iter().zip(&panes).enumerate() {
                render_pane(app, i, lane, rects, several, theme, buf);
            }
            if let Some(r) = race {
                (&RaceView { app, theme }).render_into(r, buf);
            }
            if let Some(r) = note {
                teach_area::render_teach(app, r, theme, buf);
            }
            buf.set_line(
                legend.x,
                legend.y,
                &status::legend_line(app, theme, legend.width),
                legend.width,
            );
            buf.set_line(
                status.x,
                status.y,
                &status::status_line(app, theme, status.width),
                status.width,
            );
            if let Some(inspect) = app.inspect() {
                if let (Some(lane), Some(rects)) =
                    (app.lanes().get(inspect.lane), panes.get(inspect.lane))
                {
                    // As tall as its wrapped lines need, from the bottom of the side panel.
                    let area = rects.side;
                    (&InspectView {
                        inspect,
                        lane,
                        theme,
                    })
                        .render_into(area, buf);
                }
            }
            render_steer(app, theme, legend, buf);
            if app.summary_shown() {
                (&summary::SummaryView { app, theme }).render_into(area, buf);
            }
        }
    }
    // The help shows on any screen, even one too small for the boards.
    if app.help() {
        (&HelpView {
            panes: app.lanes().len(),
            offset: app.help_state().offset(),
            theme,
        })
            .render_into(area, buf);
    }
}

fn render_pane(
    app: &App,
    index: usize,
    lane: &Lane,
    rects: &PaneRects,
    several: bool,
    theme: Theme,
    buf: &mut Buffer,
) {
    let header = if several {
        let mut spans = vec![
            Span::styled(
                format!(" {} ", status::PANE_NAMES[index]),
                theme.phase("PANE"),
            ),
            Span::raw(" "),
        ];
        let mut preset = preset_line(lane, theme).spans;
        let name = preset.remove(0);
        spans.push(name);
        let badge = badge(lane);
        if !badge.is_empty() {
            let style = if lane.cursor().solved() {
                theme.leader()
            } else {
                theme.event(&crate::solver::Event::Exhausted)
            };
            spans.push(Span::raw("  "));
            spans.push(Span::styled(badge, style));
        }
        if let Some(note) = status::stream_note(lane) {
            spans.push(Span::raw("  "));
            spans.push(Span::styled(note, theme.key()));
        }
        spans.extend(preset);
        Line::from(spans)
    } else {
        status::title_line(app, theme, rects.header.width)
    };
    // Whole parts only: a part that does not fit is left out rather than cut mid-word.
    let header = self::log::wrap_spans(header, rects.header.width)
        .into_iter()
        .next()
        .unwrap_or_default();
    buf.set_line(rects.header.x, rects.header.y, &header, rects.header.width);
    let inspected = app
        .inspect()
        .filter(|i| i.lane == index)
        .map(|i| i.cell)
        .or_else(|| {
            app.fork_picker()
                .filter(|f| f.lane == index)
                .map(|f| f.cell)
        });
    let marks = quiz::board_marks(app, index, theme);
    if several && rects.side.width == 0 && app.tree().layout != TreeLayout::Hidden {
        // Compare's narrow form (80×24) has no side panel: the tree takes the board's place
        // while it is shown.
        render_pane_tree(app, index, lane, rects.board, theme, buf);
    } else {
        (&BoardView {
            lane,
            theme,
            now: app.now(),
            layout: rects.layout,
            inspected,
            heat: app.heat(),
            teach: &marks,
        })
            .render_into(rects.board, buf);
        render_side_or_tree(app, index, lane, rects.side, theme, buf);
    }
    buf.set_line(
        rects.explanation.x,
        rects.explanation.y,
        &explanation(lane, theme, rects.explanation.width),
        rects.explanation.width,
    );
    if app.estimate_trace() {
        return (&estimate::EstimateTraceView { lane, theme }).render_into(rects.trace, buf);
    }
    let mark = app
        .divergence()
        .and_then(|d| d.found())
        .and_then(|f| f.choices.get(index))
        .map(|c| c.step());
    (&DepthTraceView {
        lane,
        theme,
        mark,
        hits: app.hit_steps(index),
    })
        .render_into(rects.trace, buf);
}

/// The side panel, or in its place the tree panel (watch), or the side panel above the
/// pane's tree overview (compare).
fn render_side_or_tree(
    app: &App,
    index: usize,
    lane: &Lane,
    side: Rect,
    theme: Theme,
    buf: &mut Buffer,
) {
    let several = app.lanes().len() > 1;
    if app.tree().layout == TreeLayout::Hidden {
        render_side(app, index, lane, side, !several, theme, buf);
    } else if !several {
        // A lesson's note and a question go under the tree.
        let teach_h = teach_area::side_teach_rows(app, side.width).min(side.height / 2);
        let side = Rect {
            height: side.height - teach_h,
            ..side
        };
        if teach_h > 0 {
            let below = Rect::new(side.x, side.y + side.height, side.width, teach_h);
            teach_area::render_teach(app, below, theme, buf);
        }
        let hits = tree_hits(app, index, lane);
        (&TreePanel {
            lane,
            state: app.tree(),
            focused: app.key_mode() == crate::app::keymap::Mode::Tree,
            hits: &hits,
            theme,
        })
            .render_into(side, buf);
    } else {
        // The counters above (the race table gives them too), the tree below: its caption,
        // the path to the search's node and the pixel tree.
        let top = side.height / 3;
        render_side(
            app,
            index,
            lane,
            Rect {
                height: top,
                ..side
            },
            false,
            theme,
            buf,
        );
        let below = Rect::new(side.x, side.y + top, side.width, side.height - top);
        render_pane_tree(app, index, lane, below, theme, buf);
    }
}

/// Breakpoint hits, as the nodes the search was at then (the latest few).
fn tree_hits(app: &App, index: usize, lane: &Lane) -> Vec<crate::solver::NodeId> {
    let tree = lane.timeline().tree();
    app.hit_steps(index)
        .iter()
        .rev()
        .take(MAX_TREE_HITS)
        .filter(|&&step| step <= lane.step())
        .filter_map(|&step| tree.current(step))
        .collect()
}

/// A compare pane's tree: its caption, the path to the search's node and the pixel tree,
/// the first diverging node marked.
fn render_pane_tree(
    app: &App,
    index: usize,
    lane: &Lane,
    area: Rect,
    theme: Theme,
    buf: &mut Buffer,
) {
    let tree = lane.timeline().tree();
    let hits = tree_hits(app, index, lane);
    let divergence = app
        .divergence()
        .and_then(|d| d.found())
        .and_then(|f| f.choices.get(index))
        .and_then(|c| tree.node_at_step(c.step()));
    (&PaneOverview {
        lane,
        divergence,
        hits: &hits,
        theme,
    })
        .render_into(area, buf);
}

/// Above the legend line: the `:` prompt's error, or the breakpoint list.
fn render_steer(app: &App, theme: Theme, legend: Rect, buf: &mut Buffer) {
    let above = |h: u16| {
        let h = h.min(legend.y);
        Rect::new(legend.x, legend.y - h, legend.width, h)
    };
    if let Some(line) = app.command() {
        let h = prompt::error_height(line);
        if h > 0 {
            (&prompt::PromptError { line, theme }).render_into(above(h), buf);
        }
    } else if app.breaks_shown() {
        let view = breaks::BreaksView {
            breakpoints: app.breakpoints(),
            theme,
        };
        let h = view.height();
        (&view).render_into(above(h), buf);
    }
}
