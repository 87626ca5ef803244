//! The title line, the key legend and the status line (always the last line: scripts and
//! tests read it).

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::keymap::{LEGEND, LOCAL_LEGEND, Mode, QUEUE_LEGEND, TREE_LEGEND};
use crate::app::{App, Lane};
use crate::numbers::grouped;

/// Pane letters.
pub const PANE_NAMES: [&str; 4] = ["A", "B", "C", "D"];

/// `PAUSED  step 0  depth 0  nodes 0  backtracks 0  size unknown  speed 10 ev/s  preset
/// fast` (the counters grouped by thousands, `step 1,234,567`; the estimate of the
/// search's size, `≈ 37% of ~2.1e8 nodes, ~41 s left`, while it runs), or with several
/// panes `PAUSED  step 0  nodes A:0 B:0  lock events  speed 10 ev/s`. At a
/// breakpoint the hit comes before the step (`BREAK  #1 depth > 3  step 329 ...`). A
/// stream still being read says so on the title line (a race: on its pane's header), so
/// this line keeps one shape.
pub fn status_text(app: &App) -> (String, String) {
    let word = app.phase().word().to_string();
    let mut rest = status_counters(app, true);
    if let Some(hit) = app
        .hit()
        .filter(|_| app.phase() == crate::app::Phase::Break)
    {
        rest = format!("#{} {}  {rest}", hit.id, hit.text);
    }
    (word, rest)
}

/// What the title line (or, in a race, the pane's header) says of a stream still being
/// written (standard input), or just ended with its pane not at its end yet:
/// `reading standard input… 412 lines`.
pub fn stream_note(lane: &Lane) -> Option<String> {
    let p = lane.timeline().progress()?;
    let open = !p.is_finished();
    if !open && lane.at_end() {
        return None;
    }
    let lines = p.lines();
    let unit = if lines == 1 { "line" } else { "lines" };
    Some(if open {
        format!("reading standard input… {lines} {unit}")
    } else {
        format!("standard input ended: {lines} {unit}")
    })
}

/// The counters after the status word; with the quiz's or a lesson's score after the
/// counters (`score 3/5 cell 2/3 digit 1/2`, `long`) or its short form.
fn status_counters(app: &App, long: bool) -> String {
    let score = super::quiz::score_part(app)
        .map(|(l, s)| format!("  {}", if long { l } else { s }))
        .unwrap_or_default();
    match app.lanes() {
        [lane] if lane.is_local() => {
            // A local search has no depth, nodes or backtracks: its conflicts instead.
            let c = lane.cursor();
            let local = c.stats().local.unwrap_or_default();
            format!(
                "step {}  conflicts {}  best {}  speed {}  preset {}",
                grouped(c.step()),
                grouped(local.conflicts),
                local.best.map_or_else(|| "-".into(), grouped),
                app.speed_label(),
                lane.name()
            )
        }
        [lane] => {
            let c = lane.cursor();
            let estimate = lane
                .progress(app.running())
                .status()
                .map(|e| format!("{e}  "))
                .unwrap_or_default();
            format!(
                "step {}  depth {}  nodes {}  backtracks {}{score}  {estimate}speed {}  preset {}",
                grouped(c.step()),
                c.replay().depth(),
                grouped(c.stats().nodes),
                grouped(c.stats().backtracks),
                app.speed_label(),
                lane.name()
            )
        }
        lanes => {
            // A local search's steps stand in for its nodes (it makes no decisions).
            let nodes: Vec<String> = lanes
                .iter()
                .zip(PANE_NAMES)
                .map(|(l, n)| format!("{n}:{}", grouped(l.cursor().stats().pace())))
                .collect();
            let what = if lanes.iter().any(Lane::is_local) {
                "nodes/steps"
            } else {
                "nodes"
            };
            let lock = match app.lock() {
                crate::app::Lock::Events => "events",
                crate::app::Lock::Nodes => "nodes",
                crate::app::Lock::Time => "time",
            };
            format!(
                "step {}  {what} {}{score}  lock {lock}  speed {}",
                grouped(app.step()),
                nodes.join(" "),
                app.speed_label()
            )
        }
    }
}

/// The status line, `width` columns at most: whole parts go from the end until it fits
/// (the stream's note, then the preset, the speed...), rather than the last one cut
/// mid-word; a score gives up its kinds before the counters go.
pub fn status_line(app: &App, theme: Theme, width: u16) -> Line<'static> {
    let (word, rest) = status_text(app);
    let room = usize::from(width).saturating_sub(word.chars().count() + 4);
    let mut forms = Vec::new();
    let score = super::quiz::score_part(app).is_some();
    for text in [Some(rest), score.then(|| status_short(app))]
        .into_iter()
        .flatten()
    {
        let mut parts: Vec<&str> = text.split("  ").collect();
        while !parts.is_empty() {
            // The counters with the score and without the preset and speed come before
            // any counter goes.
            if !score || parts.iter().any(|p| p.starts_with("score")) {
                forms.push(parts.join("  "));
            }
            parts.pop();
        }
    }
    let mut after = Vec::new();
    if let Some(last) = forms.last() {
        let mut parts: Vec<&str> = last.split("  ").collect();
        while !parts.is_empty() {
            after.push(parts.join("  "));
            parts.pop();
        }
    }
    forms.extend(after);
    let rest = super::fit::shortest_if_none(forms, room);
    Line::from(vec![
        Span::styled(format!(" {word} "), theme.phase(&word)),
        Span::raw(format!("  {rest}")),
    ])
}

/// [`status_text`]'s counters with the score's short form.
fn status_short(app: &App) -> String {
    let (_, rest) = status_text(app);
    let long = status_counters(app, true);
    let short = status_counters(app, false);
    rest.replace(&long, &short)
}

/// The legend, or the go-to prompt, or a message.
pub fn legend_line(app: &App, theme: Theme, width: u16) -> Line<'static> {
    if let Some(line) = super::teach_legend::confirm(app, theme, width) {
        return line;
    }
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
    if let Some(line) = super::teach_legend::line(app, theme, width) {
        return line;
    }
    let mut spans = vec![Span::raw(" ")];
    let mut used = 1;
    let legend = if app.key_mode() == Mode::Tree {
        TREE_LEGEND
    } else if app.revises() {
        QUEUE_LEGEND
    } else if app.lanes().iter().all(crate::app::Lane::is_local) {
        LOCAL_LEGEND
    } else {
        LEGEND
    };
    let quiz = app.quiz_on().then_some(("Q", "quiz off"));
    for (key, what) in quiz.iter().chain(legend) {
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

/// `dokuscope · puzzles/seed003_example.txt:1 · 24 givens · 9×9`, and a stream's note
/// (`· reading standard input… 412 lines`), within `width`: the size, then the givens,
/// give way to the note.
pub fn title_line(app: &App, theme: Theme, width: u16) -> Line<'static> {
    let source = app.source();
    let side = source.puzzle.size().side();
    let note = app.lanes().iter().find_map(stream_note);
    let lesson = app.lesson_state().map(|l| {
        let total = l.plan.stops.len();
        let at = if l.ended {
            "the end".to_string()
        } else {
            format!("stop {}/{total}", l.index + 1)
        };
        (format!("lesson: {}", l.plan.title), at)
    });
    let line = |with_location: bool, with_givens: bool, with_size: bool| {
        let mut spans = vec![Span::styled(" dokuscope ", theme.title())];
        if let Some((title, at)) = &lesson {
            spans.push(Span::styled("· ", theme.dim()));
            spans.push(Span::styled(title.clone(), theme.key()));
            spans.push(Span::styled(format!(" · {at} "), theme.dim()));
        }
        if with_location {
            spans.push(Span::styled("· ", theme.dim()));
            spans.push(Span::raw(source.location.clone()));
        }
        if with_givens {
            let givens = format!(" · {} givens", source.puzzle.clue_count());
            spans.push(Span::styled(givens, theme.dim()));
        }
        if with_size {
            spans.push(Span::styled(format!(" · {side}×{side}"), theme.dim()));
        }
        if let Some(note) = &note {
            spans.push(Span::styled(" · ", theme.dim()));
            spans.push(Span::styled(note.clone(), theme.key()));
        }
        Line::from(spans)
    };
    [
        line(true, true, true),
        line(true, true, false),
        line(true, false, false),
    ]
    .into_iter()
    .find(|l| l.width() <= usize::from(width))
    .unwrap_or_else(|| line(lesson.is_none(), false, false))
}
