//! The event log: the last events in plain words, newest at the bottom; and the
//! explanation line of the last event alone.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::Lane;
use crate::app::event_words::explain;
use crate::numbers::grouped;

/// The last events of one lane.
pub struct LogView<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

/// The narrowest step column (`{:>7} `); it widens for longer steps (`12,345,678 `), and
/// wrapped lines start under the text.
const STEP_COLUMN: usize = 8;

/// The step column's width for steps up to `newest`.
pub fn step_column(newest: u64) -> usize {
    (grouped(newest).len() + 1).max(STEP_COLUMN)
}

impl Widget for &LogView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height < 2 {
            return;
        }
        buf.set_stringn(
            area.x,
            area.y,
            "event log",
            usize::from(area.width),
            self.theme.title(),
        );
        let g = self.lane.timeline().puzzle().geometry();
        let rows = usize::from(area.height - 1);
        let column = step_column(self.lane.step());
        let text_width = usize::from(area.width).saturating_sub(column).max(1);
        // Newest first: each event wrapped at word boundaries, whole events only, until
        // the rows are full (the newest is shown even when it alone overflows).
        let mut lines: Vec<Line> = Vec::with_capacity(rows);
        for (i, logged) in self.lane.cursor().recent(rows).enumerate() {
            let style = if i == 0 {
                self.theme
                    .event(&logged.event)
                    .add_modifier(ratatui::style::Modifier::BOLD)
            } else {
                self.theme.event(&logged.event)
            };
            let wrapped = wrap(&explain(g, &self.lane.voice(&logged), &logged), text_width);
            if i > 0 && lines.len() + wrapped.len() > rows {
                break;
            }
            let step = format!("{:>w$} ", grouped(logged.step), w = column - 1);
            for (k, part) in wrapped.into_iter().enumerate().rev() {
                let lead = if k == 0 {
                    Span::styled(step.clone(), self.theme.dim())
                } else {
                    Span::raw(" ".repeat(column))
                };
                lines.push(Line::from(vec![lead, Span::styled(part, style)]));
            }
        }
        let shown = lines.len().min(rows);
        for (i, line) in lines.iter().take(shown).rev().enumerate() {
            buf.set_line(area.x, area.y + 1 + i as u16, line, area.width);
        }
    }
}

/// `text` cut into lines of at most `width` columns at spaces; a word longer than a line
/// is cut where the line ends.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut used = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        let gap = usize::from(used > 0);
        if used + gap + word.len() > width && used > 0 {
            lines.push(std::mem::take(&mut line));
            used = 0;
        } else if used > 0 {
            line.push(' ');
            used += 1;
        }
        while word.len() > width {
            let rest = word.split_off(width);
            lines.push(word.into_iter().collect());
            word = rest;
        }
        used += word.len();
        line.extend(word);
    }
    if used > 0 || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The last event explained: `step 523  r3c5 ← 7 (decision: MRV, 2 candidates)`, in the
/// longest wording that fits `width` (the log beside it keeps the whole sentence; a
/// backjump's wipeout has its own forms, its culprits elided first, and a backjump names
/// the decisions it jumps over).
pub fn explanation<'a>(lane: &Lane, theme: Theme, width: u16) -> Line<'a> {
    let g = lane.timeline().puzzle().geometry();
    let cursor = lane.cursor();
    let Some(last) = cursor.last() else {
        let domains = lane
            .timeline()
            .stream_header()
            .is_some_and(|h| h.givens == crate::solver::Givens::Domains);
        let forms = if domains {
            vec![
                "step 0: each given an open cell with its one digit, every empty cell its full domain; press Space to play, → to step",
                "step 0: givens as domains; Space plays, → steps",
                "step 0",
            ]
        } else {
            vec![
                "step 0: givens placed, every empty cell has its full domain; press Space to play, → to step",
                "step 0: givens placed; Space plays, → steps",
                "step 0",
            ]
        };
        let text = super::fit::shortest_if_none(forms, usize::from(width));
        return Line::from(Span::styled(text, theme.dim()));
    };
    let step = format!("step {} ", grouped(last.step));
    let room = usize::from(width).saturating_sub(step.chars().count());
    let look = cursor.look();
    let over = look.jump().map_or(&[][..], |j| j.over);
    let failure =
        crate::app::event_words::failure(g, cursor.replay().grid(), look.culprits(), over, &last);
    let jump = crate::app::event_words::backjump(g, over, &last);
    let forms = if !failure.is_empty() {
        failure
    } else if !jump.is_empty() {
        // The words without the jumped decisions come after them, in their shorter forms.
        let mut forms = jump;
        forms.extend(shorter_forms(explain(g, &lane.voice(&last), &last)));
        forms
    } else {
        shorter_forms(explain(g, &lane.voice(&last), &last))
    };
    let text = super::fit::shortest_if_none(forms, room);
    Line::from(vec![
        Span::styled(step, theme.dim()),
        Span::styled(
            text,
            theme
                .event(&last.event)
                .add_modifier(ratatui::style::Modifier::BOLD),
        ),
    ])
}

/// `text` and its shorter wordings, longest first: a closing parenthesis goes whole, then
/// the clauses after the last dash, comma or colon, one at a time.
pub fn shorter_forms(text: String) -> Vec<String> {
    let mut forms = vec![text];
    loop {
        let last = forms.last().map_or("", String::as_str);
        let cut = if last.ends_with(')') {
            last.rfind(" (")
        } else {
            [" — ", ", ", ": "]
                .iter()
                .filter_map(|d| last.rfind(d))
                .max()
        };
        match cut.filter(|&at| at > 0) {
            Some(at) => {
                let shorter = last[..at].to_string();
                forms.push(shorter);
            }
            None => return forms,
        }
    }
}

/// A line of labelled parts broken between its spans into rows of at most `width`
/// columns; a row after the first starts indented, without the separator (` · `) that
/// joined it to the row before. A span wider than a row is left to be cut by the caller.
pub fn wrap_spans(line: Line<'static>, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width);
    // A label and its value go together: a part is a span that starts with a space and
    // the spans after it that do not.
    let mut parts: Vec<Vec<Span<'static>>> = Vec::new();
    for span in line.spans {
        match parts.last_mut() {
            Some(part) if !span.content.starts_with(' ') => part.push(span),
            _ => parts.push(vec![span]),
        }
    }
    let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for mut part in parts {
        let w: usize = part.iter().map(Span::width).sum();
        if used + w > width && used > 0 {
            let first = &part[0];
            let text = first
                .content
                .trim_start()
                .trim_start_matches('·')
                .trim_start();
            part[0] = Span::styled(format!("  {text}"), first.style);
            used = 0;
            rows.push(Vec::new());
        }
        used += part.iter().map(Span::width).sum::<usize>();
        if let Some(row) = rows.last_mut() {
            row.extend(part);
        }
    }
    rows.into_iter().map(Line::from).collect()
}

#[cfg(test)]
mod tests {
    use super::{shorter_forms, wrap, wrap_spans};
    use ratatui::text::{Line, Span};

    #[test]
    fn wrap_spans_breaks_before_a_labelled_part() {
        let line = Line::from(vec![
            Span::raw("fast"),
            Span::raw("  order "),
            Span::raw("mrv"),
            Span::raw(" · infer "),
            Span::raw("fc,ac"),
        ]);
        let rows: Vec<String> = wrap_spans(line.clone(), 16)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(rows, ["fast  order mrv", "  infer fc,ac"]);
        assert_eq!(wrap_spans(line, 40).len(), 1);
    }

    #[test]
    fn wrap_cuts_at_spaces_and_keeps_every_word() {
        let text = "prune 1 from r8c2: arc consistency, r8c1 can only be 1";
        let lines = wrap(text, 20);
        assert_eq!(
            lines,
            [
                "prune 1 from r8c2:",
                "arc consistency,",
                "r8c1 can only be 1"
            ]
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 20));
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn wrap_cuts_a_word_longer_than_the_line() {
        assert_eq!(wrap("ab abcdefgh c", 4), ["ab", "abcd", "efgh", "c"]);
        assert_eq!(wrap("", 4), [""]);
        assert_eq!(wrap("fits", 4), ["fits"]);
    }

    #[test]
    fn an_explanation_gives_up_whole_clauses_from_its_end() {
        assert_eq!(
            shorter_forms("r1c7 ← 1 (decision: MRV+degree, 2 candidates)".into()),
            ["r1c7 ← 1 (decision: MRV+degree, 2 candidates)", "r1c7 ← 1"]
        );
        assert_eq!(
            shorter_forms("prune 2 from r8c4: arc consistency, r1c4 can only be 2".into()),
            [
                "prune 2 from r8c4: arc consistency, r1c4 can only be 2",
                "prune 2 from r8c4: arc consistency",
                "prune 2 from r8c4",
            ]
        );
        assert_eq!(
            shorter_forms(
                "wipeout: 2 has no place left in column 6 — backtrack to depth 25".into()
            ),
            [
                "wipeout: 2 has no place left in column 6 — backtrack to depth 25",
                "wipeout: 2 has no place left in column 6",
                "wipeout",
            ]
        );
    }
}
