//! The quiz on screen: the question panel (in place of "why this cell" while asking), the
//! verdict with the search's reasons and the order's ranking after it, and what the board
//! shows of a question (the answer cursor, the marked candidates, the verdict on them).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::board::BoardMarks;
use super::log::wrap;
use super::theme::Theme;
use super::why::WhyView;
use crate::app::lane::WHY_CELLS;
use crate::app::teach::{Open, Shown};
use crate::app::verdict::{headline, reasons};
use crate::app::{App, Lane};
use crate::teach::Kind;
use crate::teach::answer::Given;
use crate::teach::oracle::{Detail, Truth};
use crate::teach::record::candidate;

/// What a question or a verdict puts on pane `index`'s board, and the note's cells.
pub fn board_marks(app: &App, index: usize, theme: Theme) -> BoardMarks {
    let mut marks = BoardMarks {
        noted: super::note::noted_cells(app),
        ..BoardMarks::default()
    };
    if index != 0 {
        return marks;
    }
    if let Some(open) = app.question() {
        if open.asked.kind.on_board() {
            marks.hide_selection = matches!(open.asked.kind, Kind::Cell | Kind::Jump);
            if open.asked.kind != Kind::Digit {
                marks.cursor = Some(open.cursor);
            }
            marks.candidates = open
                .marks
                .iter()
                .map(|&(c, d)| (c, d, theme.marked()))
                .collect();
        }
    } else if let Some(shown) = app.verdict() {
        if let (Truth::Prunes(removed), Given::Marks(marked)) =
            (&shown.open.asked.truth, &shown.given)
        {
            let style = |c, d| {
                let right = removed.contains(&(c, d));
                theme.mark_verdict(right, marked.contains(&(c, d)))
            };
            marks.candidates = removed
                .iter()
                .chain(marked.iter().filter(|m| !removed.contains(m)))
                .map(|&(c, d)| (c, d, style(c, d)))
                .collect();
        }
    }
    marks
}

/// `text` wrapped to `width`, in `style`, after `lines`.
fn wrapped(text: &str, width: u16, style: Style, lines: &mut Vec<Line<'static>>) {
    for part in wrap(text, usize::from(width)) {
        lines.push(Line::from(Span::styled(part, style)));
    }
}

/// The question or verdict panel of pane A.
pub struct QuizPanel<'a> {
    /// The app.
    pub app: &'a App,
    /// Pane A.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

fn hint(kind: Kind) -> &'static str {
    match kind {
        Kind::Cell => {
            "arrows or a click pick a cell, or type its name (r3c2); Enter answers · Esc skips"
        }
        Kind::Jump => {
            "pick a decision (a cyan digit): arrows, a click or its name; Enter answers · Esc skips"
        }
        Kind::Digit => "←→ or type the digit, then Enter · Esc skips",
        Kind::Prunes => {
            "arrows move, a digit marks it in that cell (again: unmarks); Enter answers · Esc skips"
        }
        Kind::Choice => "↑↓ or its number, then Enter · Esc skips",
        Kind::Number => "type the number, then Enter · Esc skips",
        Kind::Free => "write your answer, then Enter · Esc skips",
    }
}

impl QuizPanel<'_> {
    /// Whether there is anything to show: a question open, or a verdict.
    pub fn shows(&self) -> bool {
        self.app.question().is_some() || self.app.verdict().is_some()
    }

    fn open_lines(&self, open: &Open, width: u16) -> Vec<Line<'static>> {
        let t = self.theme;
        let g = self.lane.timeline().puzzle().geometry();
        let mut lines = vec![Line::from(vec![
            Span::styled(
                format!("question {} · {}", open.number, open.asked.kind),
                t.title(),
            ),
            Span::styled(score_words(self.app), t.dim()),
        ])];
        wrapped(&open.prompt, width, Style::new(), &mut lines);
        match open.asked.kind {
            Kind::Choice => {
                for (i, choice) in open.choices.iter().enumerate() {
                    let mark = if i == open.pick { "▶" } else { " " };
                    let style = if i == open.pick {
                        t.key()
                    } else {
                        Style::new()
                    };
                    let lead = format!("{mark} {}. ", i + 1);
                    let room = usize::from(width).saturating_sub(lead.chars().count());
                    for (k, part) in wrap(choice, room).into_iter().enumerate() {
                        let head = if k == 0 {
                            lead.clone()
                        } else {
                            " ".repeat(lead.chars().count())
                        };
                        lines.push(Line::from(Span::styled(format!("{head}{part}"), style)));
                    }
                }
            }
            Kind::Digit => {
                let mut spans = vec![Span::styled(" candidates ", t.dim())];
                if let Detail::Digit { cell, .. } = open.asked.detail {
                    let domain = self.lane.cursor().replay().grid().domain(cell);
                    for (i, d) in domain.iter().enumerate() {
                        let text = format!(" {} ", d.symbol(g.size()));
                        spans.push(if i == open.pick {
                            Span::styled(format!("▶{}", text.trim_start()), t.key())
                        } else {
                            Span::raw(text)
                        });
                    }
                }
                lines.push(Line::from(spans));
            }
            Kind::Prunes => {
                let grid = self.lane.cursor().replay().grid();
                let at = format!(
                    " at {} {}",
                    g.cell_name(open.cursor),
                    crate::app::event_words::set(g, grid.domain(open.cursor))
                );
                let marked: Vec<String> = open
                    .marks
                    .iter()
                    .map(|&(c, d)| candidate(g, c, d))
                    .collect();
                let marked = if marked.is_empty() {
                    " marked: nothing yet".to_string()
                } else {
                    format!(" marked: {}", marked.join(" "))
                };
                wrapped(&at, width, t.dim(), &mut lines);
                wrapped(&marked, width, t.key(), &mut lines);
            }
            Kind::Cell | Kind::Jump => {
                let text = if open.typed.is_empty() {
                    format!(" cursor on {}", g.cell_name(open.cursor))
                } else {
                    format!(" typed: {}▏", open.typed)
                };
                lines.push(Line::from(Span::styled(text, t.key())));
            }
            Kind::Number | Kind::Free => {
                wrapped(
                    &format!(" answer: {}▏", open.typed),
                    width,
                    t.key(),
                    &mut lines,
                );
            }
        }
        if let Some(error) = &open.error {
            wrapped(error, width, t.error(), &mut lines);
        }
        wrapped(hint(open.asked.kind), width, t.dim(), &mut lines);
        lines
    }

    fn shown_lines(&self, shown: &Shown, width: u16) -> Vec<Line<'static>> {
        let t = self.theme;
        let g = self.lane.timeline().puzzle().geometry();
        let style = match shown.verdict.correct {
            Some(true) => t.right(),
            Some(false) => t.wrong(),
            None => t.title(),
        };
        let mut lines = Vec::new();
        wrapped(&headline(shown, g), width, style, &mut lines);
        for reason in reasons(shown, self.lane, g) {
            wrapped(&reason, width, Style::new(), &mut lines);
        }
        lines
    }

    /// Whether the verdict shows the order's ranking under its sentences.
    fn with_ranking(&self) -> bool {
        self.app.question().is_none()
            && self
                .app
                .verdict()
                .is_some_and(|s| matches!(s.open.asked.kind, Kind::Cell | Kind::Digit))
    }

    /// The panel's lines at `width`.
    pub fn lines(&self, width: u16) -> Vec<Line<'static>> {
        match (self.app.question(), self.app.verdict()) {
            (Some(open), _) => self.open_lines(open, width),
            (None, Some(shown)) => self.shown_lines(shown, width),
            (None, None) => Vec::new(),
        }
    }

    /// Rows the panel wants at `width`.
    pub fn rows(&self, width: u16) -> u16 {
        let ranking = if self.with_ranking() {
            WHY_CELLS as u16 + 2
        } else {
            0
        };
        self.lines(width).len() as u16 + ranking + 1
    }
}

impl Widget for &QuizPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = self.lines(area.width);
        let shown = lines.len().min(usize::from(area.height));
        for (i, line) in lines.iter().take(shown).enumerate() {
            buf.set_line(area.x, area.y + i as u16, line, area.width);
        }
        if self.with_ranking() && shown < usize::from(area.height) {
            let top = area.y + shown as u16;
            let rest = Rect::new(area.x, top, area.width, area.y + area.height - top);
            (&WhyView {
                lane: self.lane,
                theme: self.theme,
            })
                .render(rest, buf);
        }
    }
}

/// `  score 3/5`, or nothing before the first answer.
pub fn score_words(app: &App) -> String {
    let (right, asked) = app.tally().total();
    if asked == 0 {
        String::new()
    } else {
        format!("  score {right}/{asked}")
    }
}

/// The status line's score part: `score 3/5 cell 2/3 digit 1/2`, and its short form.
pub fn score_part(app: &App) -> Option<(String, String)> {
    if !app.scoring() {
        return None;
    }
    let tally = app.tally();
    let (right, asked) = tally.total();
    let short = format!("score {right}/{asked}");
    let kinds: Vec<String> = tally
        .kinds()
        .filter(|(_, s)| s.asked > 0)
        .map(|(k, s)| format!("{k} {}/{}", s.right, s.asked))
        .collect();
    let long = if kinds.len() > 1 {
        format!("{short} {}", kinds.join(" "))
    } else {
        short.clone()
    };
    Some((long, short))
}
