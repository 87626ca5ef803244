//! The `:` command prompt on the legend line, and above it, when the last command failed,
//! an arrow at the column with the message (and the grammar, for a condition).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use super::theme::Theme;
use crate::app::App;
use crate::app::command::{COMMANDS, CommandLine};
use crate::app::fork::ForkPicker;
use crate::numbers::grouped;
use crate::solver::condition::GRAMMAR;

/// `:break depth > 3▏  Enter runs · Esc leaves`.
pub fn prompt_line(line: &CommandLine, theme: Theme) -> Line<'static> {
    let hint = if line.error.is_some() {
        "  fix it and press Enter, or Esc to leave"
    } else {
        "  Enter runs · Esc leaves"
    };
    Line::from(vec![
        Span::styled(":", theme.title()),
        Span::raw(format!("{}▏", line.text)),
        Span::styled(hint, theme.dim()),
    ])
}

/// Rows the error panel needs above the prompt (0 without an error).
pub fn error_height(line: &CommandLine) -> u16 {
    match line.error {
        None => 0,
        Some(_) if line.grammar => GRAMMAR.lines().count() as u16 + 2,
        Some(_) => 3,
    }
}

/// The error panel: a rule, the grammar or the commands, and the arrow at the column with
/// the message on the row just above the prompt.
pub struct PromptError<'a> {
    /// The prompt.
    pub line: &'a CommandLine,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &PromptError<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some((column, message)) = &self.line.error else {
            return;
        };
        if area.height == 0 {
            return;
        }
        Clear.render(area, buf);
        let width = usize::from(area.width);
        let mut rows: Vec<(String, ratatui::style::Style)> = vec![(
            format!("{:─<width$}", "── command error "),
            self.theme.dim(),
        )];
        if self.line.grammar {
            rows.extend(GRAMMAR.lines().map(|l| (format!(" {l}"), self.theme.dim())));
        } else {
            rows.push((format!(" commands: {COMMANDS}"), self.theme.dim()));
        }
        // The prompt writes ':' first, so the text's column c is at x = c.
        rows.push((
            format!("{}↓ column {column}: {message}", " ".repeat(*column)),
            self.theme.error(),
        ));
        let skip = rows.len().saturating_sub(usize::from(area.height));
        for (i, (text, style)) in rows.iter().skip(skip).enumerate() {
            buf.set_stringn(area.x, area.y + i as u16, text, width, *style);
        }
    }
}

/// The fork picker: `fork at step 329: r5c3 ← ? {1,3,7}  arrows/hjkl move · digit decides ·
/// Esc cancels` (`fork at the next select (step 308): ...` when not paused on a select: the
/// domains are that select's), or why the last digit was refused.
pub fn fork_line(app: &App, picker: &ForkPicker, theme: Theme, width: u16) -> Line<'static> {
    let Some(lane) = app.lanes().get(picker.lane) else {
        return Line::default();
    };
    // The board where the decision is made: the next select's, when not paused on one.
    let grid = &picker.at.grid;
    let g = grid.geometry();
    let domain: Vec<String> = grid
        .domain(picker.cell)
        .iter()
        .map(|d| d.symbol(g.size()).to_string())
        .collect();
    let what = match grid.value(picker.cell) {
        Some(v) => format!("{} holds {}", g.cell_name(picker.cell), v.symbol(g.size())),
        None => format!("{} ← ? {{{}}}", g.cell_name(picker.cell), domain.join(",")),
    };
    let head = if picker.manual {
        format!(" you choose (step {}): ", grouped(lane.step()))
    } else if picker.at.step == lane.step() {
        format!(" fork at step {}: ", grouped(lane.step()))
    } else {
        format!(
            " fork at the next select (step {}): ",
            grouped(picker.at.step)
        )
    };
    let mut spans = vec![
        Span::styled(head, theme.title()),
        Span::styled(what, theme.key()),
    ];
    if let Some((cell, n)) = app.mrv_would_pick(picker.lane).filter(|_| picker.manual) {
        spans.push(Span::styled(
            format!("  MRV would pick {} ({n} candidates)", g.cell_name(cell)),
            theme.dim(),
        ));
    }
    if let Some(e) = &picker.error {
        // The refusal is the news: the parts before it give way until it fits.
        let error = Span::styled(format!("  {e}"), theme.error());
        while spans.len() > 1
            && spans.iter().map(Span::width).sum::<usize>() + error.width() > usize::from(width)
        {
            spans.pop();
        }
        if spans.iter().map(Span::width).sum::<usize>() + error.width() > usize::from(width) {
            spans.clear();
        }
        spans.push(error);
    } else {
        // The longest hint that fits beside the rest.
        let used: usize = spans.iter().map(Span::width).sum();
        let room = usize::from(width).saturating_sub(used);
        let hint = super::fit::first_fitting(
            [
                "  arrows/hjkl/click move · a digit decides (Enter: the smallest) · Esc cancels",
                "  arrows move · digit decides · Enter smallest · Esc",
                "  a digit decides · Esc",
            ],
            room,
        )
        .unwrap_or("");
        spans.push(Span::styled(hint, theme.dim()));
    }
    Line::from(spans)
}
