//! The title line, the key legend and the status line (always the last line: scripts and
//! tests read it).

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::App;
use crate::app::keymap::LEGEND;

/// Pane letters.
pub const PANE_NAMES: [&str; 4] = ["A", "B", "C", "D"];

/// `PAUSED  step 0  depth 0  nodes 0  backtracks 0  speed 10 ev/s  preset fast`, or with
/// several panes `PAUSED  step 0  nodes A:0 B:0  lock events  speed 10 ev/s`.
pub fn status_text(app: &App) -> (String, String) {
    let (word, rest, _) = status_parts(app);
    (word, rest)
}

/// [`status_text`], and whether it carries a stream's note.
fn status_parts(app: &App) -> (String, String, bool) {
    let word = app.phase().word().to_string();
    let note = stream_note(app);
    let noted = note.is_some();
    let counters = status_counters(app);
    let rest = match note {
        Some(note) => format!("{note}  {counters}"),
        None => counters,
    };
    match app
        .hit()
        .filter(|_| app.phase() == crate::app::Phase::Break)
    {
        Some(hit) => (word, format!("#{} {}  {rest}", hit.id, hit.text), noted),
        None => (word, rest, noted),
    }
}

/// What the status line says of a stream still being written (standard input), or just
/// ended with its pane not at its end yet: `reading standard input… 412 lines`.
pub fn stream_note(app: &App) -> Option<String> {
    let (open, lines) = app.lanes().iter().find_map(|l| {
        let p = l.timeline().progress()?;
        let open = !p.is_finished();
        (open || !l.at_end()).then(|| (open, p.lines()))
    })?;
    let unit = if lines == 1 { "line" } else { "lines" };
    Some(if open {
        format!("reading standard input… {lines} {unit}")
    } else {
        format!("standard input ended: {lines} {unit}")
    })
}

fn status_counters(app: &App) -> String {
    match app.lanes() {
        [lane] => {
            let c = lane.cursor();
            format!(
                "step {}  depth {}  nodes {}  backtracks {}  speed {}  preset {}",
                c.step(),
                c.replay().depth(),
                c.stats().nodes,
                c.stats().backtracks,
                app.speed_label(),
                lane.name()
            )
        }
        lanes => {
            let nodes: Vec<String> = lanes
                .iter()
                .zip(PANE_NAMES)
                .map(|(l, n)| format!("{n}:{}", l.cursor().stats().nodes))
                .collect();
            let lock = match app.lock() {
                crate::app::Lock::Events => "events",
                crate::app::Lock::Nodes => "nodes",
                crate::app::Lock::Time => "time",
            };
            format!(
                "step {}  nodes {}  lock {lock}  speed {}",
                app.step(),
                nodes.join(" "),
                app.speed_label()
            )
        }
    }
}

/// The status line, `width` columns at most. With a stream's note, whole parts go from the
/// end until it fits, rather than the last one cut mid-word.
pub fn status_line(app: &App, theme: Theme, width: u16) -> Line<'static> {
    let (word, mut rest, noted) = status_parts(app);
    if noted {
        let room = usize::from(width).saturating_sub(word.chars().count() + 4);
        let mut parts: Vec<&str> = rest.split("  ").collect();
        let mut forms = Vec::new();
        while !parts.is_empty() {
            forms.push(parts.join("  "));
            parts.pop();
        }
        rest = super::fit::shortest_if_none(forms, room);
    }
    Line::from(vec![
        Span::styled(format!(" {word} "), theme.phase(&word)),
        Span::raw(format!("  {rest}")),
    ])
}

/// The legend, or the go-to prompt, or a message.
pub fn legend_line(app: &App, theme: Theme, width: u16) -> Line<'static> {
    if let Some(line) = app.command() {
        return super::prompt::prompt_line(line, theme);
    }
    if let Some(picker) = app.fork_picker() {
        // Whole parts only: a hint that does not fit is left out, not cut mid-word.
        let line = super::prompt::fork_line(app, picker, theme, width);
        return super::log::wrap_spans(line, width)
            .into_iter()
            .next()
            .unwrap_or_default();
    }
    if let Some(p) = app.prompt() {
        return Line::from(vec![
            Span::styled(" go to step: ", theme.title()),
            Span::raw(format!("{p}▏")),
            Span::styled("  Enter to go, Esc to cancel", theme.dim()),
        ]);
    }
    if let Some(m) = app.message() {
        return Line::from(Span::styled(format!(" {m}"), theme.key()));
    }
    if let Some(error) = app.lanes().iter().find_map(|l| l.timeline().error()) {
        return Line::from(vec![
            Span::styled(" ✖ bad event ", theme.wipeout()),
            Span::styled(format!(" {error}"), theme.wipeout()),
        ]);
    }
    let mut spans = vec![Span::raw(" ")];
    let mut used = 1;
    for (key, what) in LEGEND {
        let entry = key.chars().count() + what.chars().count() + 3;
        if used + entry > usize::from(width) {
            break;
        }
        used += entry;
        spans.push(Span::styled(*key, theme.key()));
        spans.push(Span::styled(format!(" {what}  "), theme.dim()));
    }
    Line::from(spans)
}

/// `dokuscope · puzzles/seed003_example.txt:1 · 24 givens`.
pub fn title_line(app: &App, theme: Theme) -> Line<'static> {
    let source = app.source();
    Line::from(vec![
        Span::styled(" dokuscope ", theme.title()),
        Span::styled("· ", theme.dim()),
        Span::raw(source.location.clone()),
        Span::styled(
            format!(
                " · {} givens · {}×{}",
                source.puzzle.clue_count(),
                source.puzzle.size().side(),
                source.puzzle.size().side()
            ),
            theme.dim(),
        ),
    ])
}
