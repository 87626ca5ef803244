//! The board's legend on its bottom border while a failure's marks are on it: the name of
//! each mark shown (culprit, jump target, jumped over), each in its own style.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::BoardLayout;
use crate::app::cursor::LookBack;
use crate::ui::theme::Theme;

/// The names, longest first: (culprit, jump target, jumped over).
const FORMS: [[&str; 3]; 2] = [
    ["culprit", "jump target", "jumped over"],
    ["culprit", "target", "skipped"],
];

/// Columns kept free at each end of the border (its corner).
const MARGIN: u16 = 1;

/// The marks on the board now, named in the longest form that fits the border.
pub(super) fn entries(theme: Theme, look: &LookBack, room: usize) -> Vec<(&'static str, Style)> {
    let culprits = !look.culprits().is_empty();
    let jump = look.jump();
    let shown = [
        culprits,
        jump.is_some(),
        jump.is_some_and(|j| !j.over.is_empty()),
    ];
    let styles = [theme.culprit(), theme.jump_target(), theme.jumped_over()];
    FORMS
        .iter()
        .map(|names| {
            (0..3)
                .filter(|&i| shown[i])
                .map(|i| (names[i], styles[i]))
                .collect::<Vec<_>>()
        })
        .find(|e| width(e) <= room)
        .unwrap_or_default()
}

/// Columns the entries take: each with a space either side, a line between two.
fn width(entries: &[(&str, Style)]) -> usize {
    let words: usize = entries.iter().map(|(w, _)| w.chars().count() + 2).sum();
    words + entries.len().saturating_sub(1)
}

/// Draws the legend on the bottom border of the board at `area`.
pub(super) fn draw(
    theme: Theme,
    look: &LookBack,
    layout: BoardLayout,
    area: Rect,
    buf: &mut Buffer,
) {
    let room = usize::from(layout.width().saturating_sub(2 * MARGIN));
    let entries = entries(theme, look, room);
    if entries.is_empty() {
        return;
    }
    let y = area.y + layout.height() - 1;
    let mut x = area.x + MARGIN;
    for (i, (word, style)) in entries.into_iter().enumerate() {
        if i > 0 {
            buf.set_string(x - 1, y, "─", theme.grid());
        }
        buf.set_string(x, y, " ", theme.grid());
        buf.set_string(x + 1, y, word, style);
        let len = word.chars().count() as u16;
        buf.set_string(x + 1 + len, y, " ", theme.grid());
        x += len + 3;
    }
}
