//! The legend line while teaching: how to answer, what the lesson's keys do at a stop and
//! while exploring, what Enter does after a verdict, and the question before quitting with
//! answers unsaved.

use ratatui::text::{Line, Span};

use super::theme::Theme;
use crate::app::App;
use crate::app::keymap::{LEGEND, Mode};

/// The file `s` at "quit?" saves the unsaved answers to.
pub const SAVE_FILE: &str = "dokuscope-answers.jsonl";

/// `keys` as the legend writes them, as many as fit in `width`.
fn keys(theme: Theme, width: u16, keys: &[(&str, &str)]) -> Line<'static> {
    let mut spans = vec![Span::raw(" ")];
    let mut used = 1;
    for (key, what) in keys {
        let entry = key.chars().count() + what.chars().count() + 3;
        if used + entry > usize::from(width) {
            break;
        }
        used += entry;
        spans.push(Span::styled((*key).to_string(), theme.key()));
        spans.push(Span::styled(format!(" {what}  "), theme.dim()));
    }
    Line::from(spans)
}

/// "Quit?" while it waits for its answer.
pub fn confirm(app: &App, theme: Theme, width: u16) -> Option<Line<'static>> {
    if !app.confirming_quit() {
        return None;
    }
    let n = app.unsaved();
    let (answers, short) = if n == 1 {
        (
            "1 answer is not saved".to_string(),
            "1 unsaved answer".to_string(),
        )
    } else {
        (
            format!("{n} answers are not saved"),
            format!("{n} unsaved answers"),
        )
    };
    let forms = [
        format!(
            " quit? {answers} · y quit · s save them to {SAVE_FILE} and quit · other keys stay"
        ),
        format!(" quit? {answers} · y quit · s save to {SAVE_FILE}, quit · other: stay"),
        format!(" quit? {short} · y quit · s save, quit · other: stay"),
    ];
    let text = super::fit::shortest_if_none(forms.to_vec(), usize::from(width));
    Some(Line::from(Span::styled(text, theme.error())))
}

/// The legend while a question is open, at a lesson's stop or exploring from one, or
/// after a quiz verdict; `None` otherwise.
pub fn line(app: &App, theme: Theme, width: u16) -> Option<Line<'static>> {
    if let Some(open) = app.question() {
        let kind = open.asked.kind;
        let answer: &[(&str, &str)] = match kind {
            crate::teach::Kind::Free => &[("Enter", "answer"), ("Esc", "skip"), ("Ctrl-C", "quit")],
            _ => &[
                ("Enter", "answer"),
                ("Esc", "skip"),
                ("?", "help"),
                ("q", "quit"),
            ],
        };
        return Some(keys(theme, width, answer));
    }
    if let Some(lesson) = app.lesson_state() {
        if lesson.ended {
            return Some(keys(
                theme,
                width,
                &[
                    ("p/L", "back to the last stop"),
                    ("?", "help"),
                    ("q", "quit"),
                ],
            ));
        }
        if app.key_mode() == Mode::Stop {
            let mut next = vec![("n/Enter", "next stop"), ("p", "previous stop")];
            next.extend([("?", "help"), ("q", "quit"), ("Space ←→ …", "explore")]);
            return Some(keys(theme, width, &next));
        }
        if lesson.exploring {
            let back = format!("back to stop {}", lesson.index + 1);
            let mut entries = vec![("L", back.as_str())];
            entries.extend(LEGEND.iter().copied());
            return Some(keys(theme, width, &entries));
        }
    }
    if app.key_mode() == Mode::Review {
        let entries = [
            ("Enter n", "next question"),
            ("←→", "step"),
            ("Q", "quiz off"),
            ("?", "help"),
            ("q", "quit"),
            ("Esc", "hide verdict"),
        ];
        return Some(keys(theme, width, &entries));
    }
    None
}
